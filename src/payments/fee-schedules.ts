import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock.js';
import type { Db, Tables } from '../core/db.js';
import type { FeeSchedule } from './fees.js';
import * as repo from './repository.js';

/**
 * The platforms' fee schedules, read through a short per-process cache: every payment whose method
 * is known needs one, and they change rarely (an operator's edit, seen by every process within a
 * minute). The fee of a payment is fixed once computed, so a change never alters a payment in flight.
 */
export class FeeSchedules {
  private readonly cache = new Map<string, { schedule: FeeSchedule; until: number }>();

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: Clock,
    private readonly ttlMs = 60_000,
  ) {}

  /** Inside a transaction, pass it as `db`: the embedded database has one connection, which the transaction holds. */
  async of(platformId: string, db: Db = this.db): Promise<FeeSchedule> {
    const now = this.clock.now().getTime();
    const cached = this.cache.get(platformId);
    if (cached && cached.until > now) return cached.schedule;
    const schedule = await repo.feeSchedule(db, platformId);
    this.cache.set(platformId, { schedule, until: now + this.ttlMs });
    return schedule;
  }
}
