import { sql } from 'kysely';
import type { Environment } from './config.js';
import type { Database, Db } from './db.js';

/**
 * Where domain code gets the time. Never call Date.now() in services: the sandbox clock can
 * be moved, and tests move their own clock instead of waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests). */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

const CLOCK_CHANNEL = 'environment_clock';

/**
 * The clock of each environment, which domain code reads: live is real time; sandbox is real time
 * plus the advances made (decisions section 8), one offset kept in the database so every process
 * agrees. Processes follow each other's advances through NOTIFY.
 */
export class EnvironmentClock {
  private sandboxOffsetMs = 0;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(readonly base: Clock) {}

  now(environment: Environment): Date {
    const now = this.base.now();
    return environment === 'sandbox' ? new Date(now.getTime() + this.sandboxOffsetMs) : now;
  }

  /** Reads the stored offset and keeps following it. */
  async start(database: Database): Promise<void> {
    await this.reload(database.db);
    this.unlisten = await database.listen(CLOCK_CHANNEL, () => void this.reload(database.db).catch(() => undefined));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /**
   * Moves the sandbox clock forward, for every process, in the caller's transaction; answers the
   * new offset, which this process follows once the transaction commits (see `follow`).
   */
  async advanceSandbox(trx: Db, seconds: number): Promise<number> {
    const row = await trx
      .updateTable('environment_clocks')
      .set((eb) => ({ offset_ms: eb('offset_ms', '+', seconds * 1000) }))
      .where('environment', '=', 'sandbox')
      .returning('offset_ms')
      .executeTakeFirstOrThrow();
    await sql`SELECT pg_notify(${CLOCK_CHANNEL}, '')`.execute(trx);
    return row.offset_ms;
  }

  /** The sandbox's time at this offset. */
  sandboxTimeAt(offsetMs: number): Date {
    return new Date(this.base.now().getTime() + offsetMs);
  }

  /** Follows an offset this process committed at once (other processes hear of it by NOTIFY). */
  follow(offsetMs: number): void {
    this.sandboxOffsetMs = Math.max(this.sandboxOffsetMs, offsetMs);
  }

  private async reload(db: Db): Promise<void> {
    const row = await db.selectFrom('environment_clocks').select('offset_ms').where('environment', '=', 'sandbox').executeTakeFirst();
    // Offsets only grow: a late notification never moves the clock back.
    if (row) this.sandboxOffsetMs = Math.max(this.sandboxOffsetMs, row.offset_ms);
  }
}
