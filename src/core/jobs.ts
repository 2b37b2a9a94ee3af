import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { EnvironmentClock } from './clock.js';
import type { Environment } from './config.js';
import type { Db, Tables } from './db.js';
import { isDatabaseUnavailable, logFailure, retryWhileUnavailable } from './database-errors.js';
import { jsonTable, rowsJson } from './json-rows.js';
import { PollingLoop } from './polling-loop.js';
import { writeTogether, writingTogether, type Collector } from './shared-transactions.js';
import { compiledOnce } from './statements.js';

const RETRY_DELAY_MS = 60_000;
/** How many asking jobs of one kind, due one after the other, are leased together and asked at once. */
const ASKING_BATCH = 32;
/** How long runDue({ settle: true }) waits for jobs that another runner is running. */
const SETTLE_TIMEOUT_MS = 10_000;

/** Whose clock a job is due on: live's (real time), a sandbox platform's, or (platformId null) real time in the sandbox too. */
export interface JobClock {
  environment: Environment;
  platformId: string | null;
}

/** Runs one due job inside the transaction that marks it done; `at` is when it fell due on its clock. */
export type JobHandler = (trx: Db, subjectId: string, at: Date, clock: JobClock) => Promise<void>;

/**
 * A job that needs another party's answer (the processor's): `ask` runs with no transaction or
 * lock held, then `record` runs with the answer in the transaction that marks the job done. While
 * it asks, the job is leased (due again a minute later): other runners leave it alone, and if this
 * one dies, or the other party fails to answer, the job is asked again then.
 */
export interface AskingJob<Answer> {
  ask(db: Db, subjectId: string, at: Date): Promise<Answer>;
  record(trx: Db, subjectId: string, at: Date, answer: Answer): Promise<void>;
}

interface LeasedJob {
  id: number;
  environment: Environment;
  platform_id: string | null;
  subject_id: string;
  due_at: Date;
}

/** A leased job and the answer to its question. */
interface Answered {
  job: LeasedJob;
  answer: unknown;
}

/** A leased job whose question or record failed. */
interface Failure {
  job: LeasedJob;
  error: unknown;
}

interface Lease {
  jobs: LeasedJob[];
  asking: AskingJob<unknown>;
  until: Date;
}

export interface NewJob extends JobClock {
  kind: string;
  subjectId: string;
  dueAt: Date;
}

/**
 * The predicate of the unique index on a subject's pending job, written out: the arbiter of ON
 * CONFLICT must match it, and a parameter would not once PostgreSQL plans the prepared statement
 * generically (after a few runs on one connection: "no unique or exclusion constraint matching").
 */
const PENDING = sql<boolean>`state = 'pending'`;

/** The row of a job scheduled now (for a statement that schedules it together with what needs it). */
export function jobRow(job: NewJob, now: Date) {
  return { environment: job.environment, platform_id: job.platformId, kind: job.kind, subject_id: job.subjectId, due_at: job.dueAt, state: 'pending' as const, created_at: now, done_at: null };
}

/** Schedules a job in the caller's transaction (with a shared one's other jobs: writeTogether): it exists only if the change that needs it commits. */
export async function scheduleJob(trx: Db, job: NewJob, now: Date): Promise<void> {
  await writeTogether(trx, jobWrites, [jobRow(job, now)]);
}

const insertJobs = compiledOnce((db: Db, { rows }: { rows: ReturnType<typeof jobRow>[] }) => db.insertInto('scheduled_jobs').values(rows));

const jobWrites: Collector<ReturnType<typeof jobRow>> = {
  rank: 3,
  async flush(trx, rows) {
    await insertJobs(trx, { rows });
  },
};

/** Schedules a job unless one of its kind and subject is pending already (recurring jobs, started by every process). */
export async function ensureJob(trx: Db, job: NewJob, now: Date): Promise<void> {
  await trx
    .insertInto('scheduled_jobs')
    .values(jobRow(job, now))
    .onConflict((conflict) => conflict.columns(['kind', 'subject_id']).where(PENDING).doNothing())
    .execute();
}

/** Schedules a job, or moves the pending one of its kind and subject to the new time (a check asked for again). */
export async function rescheduleJob(trx: Db, job: NewJob, now: Date): Promise<void> {
  await trx
    .insertInto('scheduled_jobs')
    .values(jobRow(job, now))
    .onConflict((conflict) => conflict.columns(['kind', 'subject_id']).where(PENDING).doUpdateSet({ due_at: job.dueAt }))
    .execute();
}

/**
 * Marks a subject's pending job done in the caller's transaction, its work having been done another
 * way (an attempt recorded before its recovery job came due). A job a runner holds at this moment
 * is skipped, not waited for (the runner may be waiting for a lock this transaction holds): that
 * runner then finds nothing left to do.
 */
export async function completePendingJob(trx: Db, kind: string, subjectId: string, now: Date): Promise<void> {
  await writeTogether(trx, jobCompletions, [{ kind, subject_id: subjectId, done_at: now }]);
}

/** Completions written together come before the jobs scheduled with them: a job scheduled again for the same subject stays pending. */
const COMPLETE_JOBS = `with done as ${jsonTable('$1', { columns: 'kind text, subject_id text, done_at timestamptz' })},
  held as (select job.id, done.done_at from scheduled_jobs job join done using (kind, subject_id) where job.state = 'pending' for update of job skip locked)
  update scheduled_jobs set state = 'done', done_at = held.done_at from held where scheduled_jobs.id = held.id`;

const jobCompletions: Collector<{ kind: string; subject_id: string; done_at: Date }> = {
  rank: 0,
  async flush(trx, done) {
    await trx.executeQuery(CompiledQuery.raw(COMPLETE_JOBS, [rowsJson(done)]));
  },
};

/**
 * Runs jobs as they come due on their clock (live's, or their platform's in the sandbox), in the
 * order they fall due in real time (real_due_at, which an advance moves for its platform's jobs),
 * each at the time it fell due on its clock: a sandbox clock moved by a week runs that week's jobs
 * as they would have run.
 * Each job runs in one transaction that holds its row (FOR UPDATE SKIP LOCKED): any number of
 * runners, in any number of processes, never run one job twice, and a job whose handler fails
 * stays pending for a later pass. An asking job (registerAsking) is leased instead, asks with
 * nothing held, and records its answer in a second transaction. Asking jobs of one kind that fall
 * due one after the other (no job of another kind between them) are leased together and asked at
 * once, and their answers recorded in one transaction (each in its own if that one fails): a burst
 * of refunds is sent as fast as the processor answers, not one round trip after the other.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler | AskingJob<unknown>>();
  private readonly loop: PollingLoop;
  /** Set by stop(): the job running finishes, no other is claimed. */
  private stopping = false;
  /** Leases of this process whose questions are out: not due any more, not done yet. */
  private leasesOut = 0;

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: EnvironmentClock,
    private readonly log: FastifyBaseLogger,
    pollMs = 1000,
  ) {
    this.loop = new PollingLoop(() => this.runDue(), pollMs, log, 'scheduled jobs');
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  registerAsking<Answer>(kind: string, job: AskingJob<Answer>): void {
    this.handlers.set(kind, job as AskingJob<unknown>);
  }

  start(): void {
    this.stopping = false;
    this.loop.start();
  }

  /** Lets the job running finish (its transaction commits or rolls back) and claims no more. */
  stop(): Promise<void> {
    this.stopping = true;
    return this.loop.stop();
  }

  /**
   * Runs every job due now, one transaction each; answers how many ran. With `settle`, also waits
   * for due jobs that other runners hold, and for the leases another pass of this process is
   * asking (their rows look due later), so that everything due has run when it answers.
   */
  async runDue(options: { settle?: boolean } = {}): Promise<number> {
    let ran = 0;
    const deadline = this.clock.base.now().getTime() + SETTLE_TIMEOUT_MS;
    for (;;) {
      for (let batch = 1; !this.stopping && batch > 0; ran += batch) batch = await this.runNext();
      if (this.stopping || !options.settle || this.clock.base.now().getTime() > deadline) return ran;
      if (this.leasesOut === 0 && !(await this.anyDue())) return ran;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Due on every clock at once: in real time (one range of the index scheduled_jobs_due). */
  private dueNow(db: Db) {
    return db.selectFrom('scheduled_jobs').where('state', '=', 'pending').where('real_due_at', '<=', this.clock.base.now());
  }

  /** How many jobs of a platform's sandbox clock are due at `at` on it. */
  async countDue(db: Db, platformId: string, at: Date): Promise<number> {
    const row = await db
      .selectFrom('scheduled_jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('state', '=', 'pending')
      .where('environment', '=', 'sandbox')
      .where('platform_id', '=', platformId)
      .where('due_at', '<=', at)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  private async anyDue(): Promise<boolean> {
    return (await this.dueNow(this.db).select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** Runs the next due job, or the batch of asking jobs it heads; answers how many ran (0: none was due). */
  private async runNext(): Promise<number> {
    let running: LeasedJob | undefined;
    try {
      const ran = await this.db.transaction().execute(async (trx): Promise<number | Lease> => {
        const job = await this.dueNow(trx).selectAll().orderBy('real_due_at').orderBy('id').limit(1).forUpdate().skipLocked().executeTakeFirst();
        if (!job) return 0;
        running = job;
        const handler = this.handlers.get(job.kind);
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        if (typeof handler !== 'function') {
          const until = new Date(this.timeOf(job).getTime() + RETRY_DELAY_MS);
          const jobs = [job, ...(await this.followers(trx, job))];
          await trx.updateTable('scheduled_jobs').set({ due_at: until }).where('id', 'in', jobs.map((each) => each.id)).execute();
          return { jobs, asking: handler, until };
        }
        // Done first, in the same transaction: a recurring job's handler may schedule its successor.
        await this.markDone(trx, job);
        await handler(trx, job.subject_id, job.due_at, { environment: job.environment, platformId: job.platform_id });
        return 1;
      });
      if (typeof ran === 'number') return ran;
      running = undefined; // each leased job is asked again when its lease runs out, whatever fails now
      this.leasesOut += 1;
      try {
        await this.askAll(ran);
      } finally {
        this.leasesOut -= 1;
      }
      return ran.jobs.length;
    } catch (error) {
      // Not the job's fault: it stays due, and the pass ends until the database is back.
      if (isDatabaseUnavailable(error)) throw error;
      this.log.error({ err: error, job: running?.id }, 'scheduled job failed; retrying in a minute');
      if (!running) return 0;
      // Out of the way of the jobs behind it, and tried again later.
      const retryAt = new Date(this.timeOf(running).getTime() + RETRY_DELAY_MS);
      await this.db.updateTable('scheduled_jobs').set({ due_at: retryAt }).where('id', '=', running.id).execute();
      return 1;
    }
  }

  /** The time on a job's clock now. */
  private timeOf(job: LeasedJob): Date {
    return this.clock.now(job.environment, job.platform_id);
  }

  /**
   * The due jobs of `head`'s clock right after it in the order jobs run, as long as they are of its
   * kind (a job of another kind ends the batch, so that nothing runs before what fell due earlier),
   * locked; those another runner holds are left to it. One clock: the lease's time is on it (live's
   * is every platform's; in the sandbox, its platform's, read by the index scheduled_jobs_platform_pending).
   */
  private async followers(trx: Db, head: LeasedJob & { kind: string; real_due_at: Date }) {
    let query = this.dueNow(trx).select(['id', 'kind']).where('environment', '=', head.environment);
    if (head.environment === 'sandbox') query = query.where('platform_id', head.platform_id === null ? 'is' : '=', head.platform_id);
    const next = await query
      .where((eb) => eb(eb.refTuple('real_due_at', 'id'), '>', eb.tuple(head.real_due_at, head.id)))
      .orderBy('real_due_at')
      .orderBy('id')
      .limit(ASKING_BATCH - 1)
      .execute();
    const end = next.findIndex((job) => job.kind !== head.kind);
    const ids = (end === -1 ? next : next.slice(0, end)).map((job) => job.id);
    if (ids.length === 0) return [];
    return this.dueNow(trx).selectAll().where('id', 'in', ids).orderBy('real_due_at').orderBy('id').forUpdate().skipLocked().execute();
  }

  /**
   * Asks for every leased job at once, then records the answers in one transaction. If that
   * transaction fails, each answer is recorded in a transaction of its own, so that one answer the
   * database refuses fails only its own job. A job whose question fails is asked again when its
   * lease runs out.
   */
  private async askAll({ jobs, asking, until }: Lease): Promise<void> {
    const questions = await Promise.allSettled(jobs.map((job) => asking.ask(this.db, job.subject_id, job.due_at)));
    const answered: Answered[] = [];
    const failures: Failure[] = [];
    questions.forEach((question, index) => {
      const job = jobs[index]!;
      if (question.status === 'fulfilled') answered.push({ job, answer: question.value });
      else failures.push({ job, error: question.reason });
    });
    if (answered.length > 0) failures.push(...(await this.recordWhileLeased(answered, { jobs, asking, until })));
    for (const { job, error } of failures) if (!isDatabaseUnavailable(error)) this.log.error({ err: error, job: job.id }, 'scheduled job failed; retrying in a minute');
    const unavailable = failures.find(({ error }) => isDatabaseUnavailable(error));
    if (unavailable) throw unavailable.error;
  }

  /**
   * recordAll, tried again while the database is away and the lease lasts: answers got just before
   * a restart or a failover are recorded once it is over, not asked for again a minute later.
   */
  private recordWhileLeased(answered: Answered[], { jobs, asking, until }: Lease): Promise<Failure[]> {
    const head = jobs[0]!; // a lease's jobs are of one clock, `until` on it
    return retryWhileUnavailable(
      () => this.recordAll(answered, asking, until),
      (waitMs) => !this.stopping && this.timeOf(head).getTime() + waitMs < until.getTime(),
      (error, waitMs) => logFailure(this.log, error, { jobs: answered.length, retry_in_ms: waitMs }, 'recording job answers failed; tried again while their lease lasts'),
    );
  }

  /** The answers in one transaction; if it fails, each in its own. Answers the jobs whose record failed. */
  private async recordAll(answered: Answered[], asking: AskingJob<unknown>, until: Date): Promise<Failure[]> {
    try {
      await this.db.transaction().execute((trx) => this.record(trx, answered, asking, until));
      return [];
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      const records = await Promise.allSettled(answered.map((one) => this.db.transaction().execute((trx) => this.record(trx, [one], asking, until))));
      return answered.flatMap(({ job }, index) => {
        const record = records[index]!;
        return record.status === 'rejected' ? [{ job, error: record.reason }] : [];
      });
    }
  }

  private async markDone(trx: Db, job: LeasedJob): Promise<void> {
    await trx.updateTable('scheduled_jobs').set({ state: 'done', done_at: this.timeOf(job) }).where('id', '=', job.id).execute();
  }

  /**
   * Records the answers of the jobs still leased (the lease not run out and taken by another
   * runner), each job marked done by the statement that finds it so. A lease's jobs are of one
   * clock (followers).
   */
  private async record(trx: Db, answered: Answered[], asking: AskingJob<unknown>, until: Date): Promise<void> {
    const head = answered[0]!.job;
    const rows = await trx
      // Waits for a lock, not skipping it: another runner's lease whose recheck found these jobs taken holds their rows until that
      // lease commits (a few statements, never waiting on this transaction); skipped, the answers would wait for the lease to run out.
      .with('leased', (db) =>
        db.selectFrom('scheduled_jobs').select('id').where('id', 'in', answered.map(({ job }) => job.id)).where('state', '=', 'pending').where('due_at', '=', until).forUpdate(),
      )
      .updateTable('scheduled_jobs')
      .set({ state: 'done', done_at: this.timeOf(head) })
      .where('id', 'in', (eb) => eb.selectFrom('leased').select('id'))
      .returning('id')
      .execute();
    const leased = new Set(rows.map((row) => row.id));
    await writingTogether(trx, async () => {
      for (const { job, answer } of answered) if (leased.has(job.id)) await asking.record(trx, job.subject_id, job.due_at, answer);
    });
  }
}
