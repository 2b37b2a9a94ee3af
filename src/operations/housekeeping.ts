import type { Kysely } from 'kysely';
import type { EnvironmentClock } from '../core/clock.js';
import { ENVIRONMENTS, type Environment } from '../core/config.js';
import type { Db, Tables } from '../core/db.js';
import { ensureJob, scheduleJob } from '../core/jobs.js';
import { expired } from '../core/idempotency.js';

export const HOUSEKEEPING_JOB = 'operations.housekeeping';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Done jobs are kept a week for support questions ("did the cut-off run on Tuesday?"). */
const DONE_JOB_RETENTION_MS = 7 * DAY_MS;

/**
 * Deletes what has served its purpose, once a day per environment: jobs done more than a week ago
 * and idempotency keys past their 24 hours. Without it both tables grow with every request.
 */
export class Housekeeping {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: EnvironmentClock,
  ) {}

  /** Every process asks for it at start; one job per environment results, due at once (on real time: it is no platform's). */
  async schedule(): Promise<void> {
    for (const environment of ENVIRONMENTS) {
      const now = this.clock.now(environment, null);
      await ensureJob(this.db, { environment, platformId: null, kind: HOUSEKEEPING_JOB, subjectId: environment, dueAt: now }, now);
    }
  }

  /**
   * Runs on real time now, not when it fell due: after downtime it runs once, not once per missed
   * day. Done jobs are kept a week of real time, whatever a platform's sandbox clock says.
   */
  async run(trx: Db, environment: Environment): Promise<void> {
    const now = this.clock.now(environment, null);
    await trx
      .deleteFrom('scheduled_jobs')
      .where('environment', '=', environment)
      .where('state', '=', 'done')
      .where('real_due_at', '<', new Date(now.getTime() - DONE_JOB_RETENTION_MS))
      .execute();
    // Idempotency keys expire on the real clock, whatever the sandbox clock says.
    await trx.deleteFrom('idempotency_keys').where('environment', '=', environment).where(expired(this.clock.base.now())).execute();
    await scheduleJob(trx, { environment, platformId: null, kind: HOUSEKEEPING_JOB, subjectId: environment, dueAt: new Date(now.getTime() + DAY_MS) }, now);
  }
}
