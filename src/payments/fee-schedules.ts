import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock.js';
import type { Tables } from '../core/db.js';
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

  async of(platformId: string): Promise<FeeSchedule> {
    const now = this.clock.now().getTime();
    const cached = this.cache.get(platformId);
    if (cached && cached.until > now) return cached.schedule;
    const schedule = await repo.feeSchedule(this.db, platformId);
    this.cache.set(platformId, { schedule, until: now + this.ttlMs });
    return schedule;
  }
}
