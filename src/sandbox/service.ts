import type { Kysely } from 'kysely';
import type { EnvironmentClock } from '../core/clock.js';
import type { Tables } from '../core/db.js';
import { decide, UNKEYED, type Answer } from '../core/idempotency.js';
import type { JobRunner } from '../core/jobs.js';
import { formatDateTime } from '../core/time.js';
import type { ClockMoved, ClockTime } from './schemas.js';

/** The sandbox's own controls: its clock, shared by every platform of the deployment. */
export class SandboxService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: EnvironmentClock,
    private readonly jobs: JobRunner,
  ) {}

  /** The sandbox clock's time as this process follows it (advances made by others arrive by NOTIFY). */
  clockTime(): ClockTime {
    return { now: formatDateTime(this.clock.now('sandbox')) };
  }

  /** How far the sandbox clock is ahead of live (real) time, in seconds. */
  clockAheadSeconds(): number {
    return (this.clock.now('sandbox').getTime() - this.clock.now('live').getTime()) / 1000;
  }

  /**
   * Moves the sandbox clock forward and runs everything that came due before answering. The move
   * and its answer commit together; jobs_run counts the jobs due at the new time (what they
   * schedule within the window runs too, before the answer).
   */
  async advanceClock(seconds: number, answer: Answer<ClockMoved> = UNKEYED): Promise<ClockMoved> {
    let offset = 0;
    const moved = await decide(this.db, answer, async (trx) => {
      offset = await this.clock.advanceSandbox(trx, seconds);
      const now = this.clock.sandboxTimeAt(offset);
      return { now: formatDateTime(now), jobs_run: await this.jobs.countDue(trx, 'sandbox', now) };
    });
    this.clock.follow(offset);
    await this.jobs.runDue({ settle: true });
    return moved;
  }
}
