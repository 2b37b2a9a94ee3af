import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { Db, Tables } from './db.js';
import { PollingLoop } from './polling-loop.js';

const RETRY_DELAY_MS = 60_000;

/** Runs one due job inside the transaction that marks it done. */
export type JobHandler = (trx: Db, subjectId: string, now: Date) => Promise<void>;

/** Schedules a job in the caller's transaction: it exists only if the change that needs it commits. */
export async function scheduleJob(trx: Db, kind: string, subjectId: string, dueAt: Date, now: Date): Promise<void> {
  await trx.insertInto('scheduled_jobs').values({ kind, subject_id: subjectId, due_at: dueAt, state: 'pending', created_at: now, done_at: null }).execute();
}

/**
 * Runs jobs as they come due on the clock. Each job runs in one transaction that holds its row
 * (FOR UPDATE SKIP LOCKED): any number of runners, in any number of processes, never run one job
 * twice, and a job whose handler fails stays pending for the next pass.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    pollMs = 1000,
  ) {
    this.loop = new PollingLoop(() => this.runDue(), pollMs, log, 'scheduled jobs');
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Runs every job due now, one transaction each; answers how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    while (await this.runOne()) ran += 1;
    return ran;
  }

  private async runOne(): Promise<boolean> {
    const now = this.clock.now();
    let jobId: number | undefined;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const job = await trx
          .selectFrom('scheduled_jobs')
          .selectAll()
          .where('state', '=', 'pending')
          .where('due_at', '<=', now)
          .orderBy('due_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!job) return false;
        jobId = job.id;
        const handler = this.handlers.get(job.kind);
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(trx, job.subject_id, now);
        await trx.updateTable('scheduled_jobs').set({ state: 'done', done_at: now }).where('id', '=', job.id).execute();
        return true;
      });
    } catch (error) {
      this.log.error({ err: error, job: jobId }, 'scheduled job failed; retrying in a minute');
      if (jobId === undefined) return false;
      // Out of the way of the jobs behind it, and tried again later.
      await this.db.updateTable('scheduled_jobs').set({ due_at: new Date(now.getTime() + RETRY_DELAY_MS) }).where('id', '=', jobId).execute();
      return true;
    }
  }
}
