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

const CLOCK_CHANNEL = 'platform_clocks';

/** The ids of a sandbox platform's pending jobs or deliveries that no other transaction holds, locked. */
function pendingOf(table: 'scheduled_jobs' | 'webhook_deliveries', platformId: string) {
  return sql<number>`(SELECT id FROM ${sql.table(table)} WHERE environment = 'sandbox' AND platform_id = ${platformId} AND state = 'pending' FOR UPDATE SKIP LOCKED)`;
}

/**
 * The clock of each environment and platform, which domain code reads: live is real time; each
 * platform's sandbox is real time plus the advances that platform made (decisions section 10), kept
 * in platform_clocks so every process agrees. Processes follow each other's advances through NOTIFY
 * (its payload: the platform).
 */
export class EnvironmentClock {
  private readonly offsetsMs = new Map<string, number>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(readonly base: Clock) {}

  /**
   * The time of `environment` for `platformId`: live ignores the platform; in the sandbox, a
   * platform's own clock. `null`: work of no platform's (housekeeping), on real time.
   */
  now(environment: Environment, platformId: string | null): Date {
    return new Date(this.base.now().getTime() + this.offsetMs(environment, platformId));
  }

  /** How far the clock of `environment` for `platformId` is ahead of real time, in milliseconds. */
  offsetMs(environment: Environment, platformId: string | null): number {
    return environment === 'sandbox' && platformId !== null ? (this.offsetsMs.get(platformId) ?? 0) : 0;
  }

  /** Reads the stored offsets and keeps following them. */
  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(CLOCK_CHANNEL, (platformId) => void this.reload(database.db, platformId || undefined).catch(() => undefined));
    await this.reload(database.db);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /**
   * Moves a platform's sandbox clock forward, for every process, in the caller's transaction, with
   * the real due time of that platform's pending jobs and webhook deliveries (nothing of another
   * platform moves); answers the new offset, which this process follows once the transaction
   * commits (see `follow`).
   *
   * The clock's row is updated first: from then on, work scheduled on this clock waits for this
   * transaction (the database reads the offset FOR SHARE), and work scheduled before has
   * committed. Then each pending row's real due time is set again from its due time and the new
   * offset. A row another transaction holds is left alone rather than waited for (no deadlock with a
   * job that schedules more on this clock): it is being run, completed, leased or rescheduled, and
   * a reschedule reads the new offset.
   */
  async advanceSandbox(trx: Db, platformId: string, seconds: number): Promise<number> {
    const moved = seconds * 1000;
    const { offset_ms: offsetMs } = await trx
      .insertInto('platform_clocks')
      .values({ platform_id: platformId, offset_ms: moved })
      .onConflict((conflict) => conflict.column('platform_id').doUpdateSet((eb) => ({ offset_ms: eb('platform_clocks.offset_ms', '+', moved) })))
      .returning('offset_ms')
      .executeTakeFirstOrThrow();
    const ahead = sql`${offsetMs} * interval '1 millisecond'`;
    await trx
      .updateTable('scheduled_jobs')
      .set({ real_due_at: sql<Date>`due_at - ${ahead}` })
      .where('id', 'in', pendingOf('scheduled_jobs', platformId))
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({ real_due_at: sql<Date>`next_attempt_at - ${ahead}` })
      .where('id', 'in', pendingOf('webhook_deliveries', platformId))
      .execute();
    await sql`SELECT pg_notify(${CLOCK_CHANNEL}, ${platformId})`.execute(trx);
    return offsetMs;
  }

  /** A platform's sandbox time at this offset. */
  sandboxTimeAt(offsetMs: number): Date {
    return new Date(this.base.now().getTime() + offsetMs);
  }

  /** Follows an offset this process committed at once (other processes hear of it by NOTIFY). */
  follow(platformId: string, offsetMs: number): void {
    this.offsetsMs.set(platformId, Math.max(this.offsetsMs.get(platformId) ?? 0, offsetMs));
  }

  /** Every platform's offset, or one platform's (named by a notification). */
  private async reload(db: Db, platformId?: string): Promise<void> {
    let query = db.selectFrom('platform_clocks').select(['platform_id', 'offset_ms']);
    if (platformId) query = query.where('platform_id', '=', platformId);
    // Offsets only grow: a late notification never moves a clock back.
    for (const row of await query.execute()) this.follow(row.platform_id, row.offset_ms);
  }
}
