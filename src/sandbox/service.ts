import type { Kysely } from 'kysely';
import type { Caller } from '../core/auth.js';
import type { EnvironmentClock } from '../core/clock.js';
import type { Tables } from '../core/db.js';
import { decide, UNKEYED, type Answer } from '../core/idempotency.js';
import type { JobRunner } from '../core/jobs.js';
import { formatDateTime } from '../core/time.js';
import type { PayoutService } from '../payouts/service.js';
import type { ClockMoved, ClockTime } from './schemas.js';

/** The sandbox's own controls: the calling platform's clock (each platform has its own, decisions section 10). */
export class SandboxService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: EnvironmentClock,
    private readonly jobs: JobRunner,
    private readonly payouts: PayoutService,
  ) {}

  /** The platform's sandbox clock as this process follows it (advances made by other processes arrive by NOTIFY). */
  clockTime(caller: Caller): ClockTime {
    return { now: formatDateTime(this.clock.now('sandbox', caller.platformId)) };
  }

  /** How far the platform's sandbox clock is ahead of real time, in seconds. */
  clockAheadSeconds(caller: Caller): number {
    return this.clock.offsetMs('sandbox', caller.platformId) / 1000;
  }

  /**
   * Moves the platform's sandbox clock forward, with what is scheduled on it, and runs everything
   * that came due before answering; no other platform's clock, objects, jobs or webhook retries
   * move. The move and its answer commit together; jobs_run counts the platform's jobs due at the
   * new time (what they schedule within the window runs too, before the answer).
   */
  async advanceClock(caller: Caller, seconds: number, answer: Answer<ClockMoved> = UNKEYED): Promise<ClockMoved> {
    let offset = 0;
    const moved = await decide(this.db, answer, async (trx) => {
      // The platform's payout cut-off runs on its clock from its first advance on (until then, the sandbox's on real time pays it).
      await this.payouts.ensureCutoff(trx, { environment: 'sandbox', platformId: caller.platformId });
      offset = await this.clock.advanceSandbox(trx, caller.platformId, seconds);
      const now = this.clock.sandboxTimeAt(offset);
      return { now: formatDateTime(now), jobs_run: await this.jobs.countDue(trx, caller.platformId, now) };
    });
    this.clock.follow(caller.platformId, offset);
    await this.jobs.runDue({ settle: true });
    return moved;
  }
}
