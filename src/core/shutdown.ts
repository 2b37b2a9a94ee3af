import type { FastifyBaseLogger } from 'fastify';

/** The parts of a process still stopping, by name: what a shutdown that takes too long reports. */
export class StopProgress {
  private readonly pending = new Set<string>();

  async step<T>(name: string, stopping: Promise<T>): Promise<T> {
    this.pending.add(name);
    try {
      return await stopping;
    } finally {
      this.pending.delete(name);
    }
  }

  get stillStopping(): string[] {
    return [...this.pending];
  }
}

/** Whether `promise` settles within `ms` (it goes on either way); a rejection counts as settled. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * On SIGTERM or SIGINT, runs `stop` once and exits 0 when it is done; exits 1 if it fails or is
 * still running after `timeoutSeconds`, naming what it still waits for. A later signal is only logged.
 */
export function stopOnSignals(log: FastifyBaseLogger, timeoutSeconds: number, stop: (progress: StopProgress) => Promise<void>): void {
  let progress: StopProgress | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (progress) {
      log.warn({ signal, waiting_for: progress.stillStopping }, 'already shutting down');
      return;
    }
    const started = new StopProgress();
    progress = started;
    log.info({ signal, timeout_seconds: timeoutSeconds }, 'shutting down');
    // Not unref'd: it keeps the process alive until one of the exits below.
    setTimeout(() => {
      log.error({ waiting_for: started.stillStopping }, `shutdown still waiting after ${timeoutSeconds} s; exiting`);
      process.exit(1);
    }, timeoutSeconds * 1000);
    stop(started).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error, waiting_for: started.stillStopping }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
