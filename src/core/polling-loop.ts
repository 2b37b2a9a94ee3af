import type { FastifyBaseLogger } from 'fastify';
import { logFailure } from './database-errors.js';

/**
 * Runs a pass now and then: on wake() and every pollMs. A wake() during a pass runs one more
 * pass after it, so nothing signalled meanwhile waits for the next poll. Passes never overlap.
 */
export class PollingLoop {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly pollMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly name: string,
  ) {}

  start(): void {
    this.stopped = false;
    const poll = () => {
      this.wake();
      this.timer = setTimeout(poll, this.pollMs);
      this.timer.unref();
    };
    poll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .then(
        () => undefined,
        (error: unknown) => logFailure(this.log, error, {}, `${this.name} pass failed`),
      )
      .then(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }
}
