import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { EnvironmentClock } from '../../src/core/clock.js';
import { ensureJob, JobRunner, rescheduleJob, scheduleJob } from '../../src/core/jobs.js';
import { DATABASE, startServer, type TestServer } from '../helpers/harness.js';
import { eventually } from '../helpers/receiver.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ JOB_WORKER: 'off' });
});
afterAll(() => server?.close());

it('keeps one pending job per subject however often it is scheduled again on one connection (past the prepared statement going generic)', async () => {
  const job = (minutes: number) => ({ environment: 'sandbox' as const, platformId: null, kind: 'test.repeat', subjectId: 'subject-1', dueAt: new Date(server.clock.now().getTime() + minutes * 60_000) });
  await server.app.database.db.transaction().execute(async (trx) => {
    for (let round = 1; round <= 12; round++) {
      await rescheduleJob(trx, job(round), server.clock.now());
      await ensureJob(trx, job(100 + round), server.clock.now());
    }
  });
  const pending = await server.app.database.db.selectFrom('scheduled_jobs').select('due_at').where('kind', '=', 'test.repeat').where('state', '=', 'pending').execute();
  expect(pending.map((row) => row.due_at.getTime())).toEqual([job(12).dueAt.getTime()]);
});

it('asks an asking job once among runners that race, holding nothing while it waits for the answer, and asks again a minute later when no answer came', async () => {
  const { db } = server.app.database;
  const asked: string[] = [];
  const recorded: string[] = [];
  let answer!: (value: string | Error) => void;
  server.app.services.jobs.registerAsking('test.asking', {
    ask: (_db, subject) => {
      asked.push(subject);
      return new Promise<string>((resolve, reject) => (answer = (value) => (value instanceof Error ? reject(value) : resolve(value))));
    },
    record: async (_trx, subject, _at, value) => {
      recorded.push(`${subject}: ${value}`);
    },
  });
  await db.transaction().execute((trx) => scheduleJob(trx, { environment: 'sandbox', platformId: null, kind: 'test.asking', subjectId: 'subject-2', dueAt: server.clock.now() }, server.clock.now()));
  const runners = [server.app.services.jobs.runDue(), server.app.services.jobs.runDue()];
  await eventually(async () => asked.length > 0);
  // While the answer is awaited no transaction or lock is held: the job's row can be read and written (PGlite has a single connection).
  await db.updateTable('scheduled_jobs').set({ created_at: server.clock.now() }).where('kind', '=', 'test.asking').execute();
  answer(new Error('no answer in time'));
  await Promise.all(runners);
  expect(asked).toEqual(['subject-2']);
  expect(recorded).toEqual([]);

  server.clock.advance(60);
  const again = server.app.services.jobs.runDue();
  await eventually(async () => asked.length > 1);
  answer('paid');
  await again;
  server.clock.advance(3600);
  await server.app.services.jobs.runDue();
  expect(asked).toEqual(['subject-2', 'subject-2']);
  expect(recorded).toEqual(['subject-2: paid']);
});

it('asks a run of due asking jobs of one kind at once, records each answer once, and runs a job of another kind due among them in its turn', async () => {
  const { db } = server.app.database;
  const { jobs } = server.app.services;
  const order: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const failing = new Set(['burst-3']);
  jobs.registerAsking('test.burst', {
    ask: async (_db, subject) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight -= 1;
      if (failing.delete(subject)) throw new Error('no answer in time');
      return subject;
    },
    record: async (_trx, subject) => {
      order.push(`record ${subject}`);
    },
  });
  jobs.register('test.between', async (_trx, subject) => {
    order.push(`run ${subject}`);
  });
  const now = server.clock.now();
  const due = (kind: string, subjectId: string, secondsAgo: number) => ({ environment: 'sandbox' as const, platformId: null, kind, subjectId, dueAt: new Date(now.getTime() - secondsAgo * 1000) });
  await db.transaction().execute(async (trx) => {
    for (const [index, subject] of ['burst-1', 'burst-2', 'burst-3', 'burst-4', 'burst-5'].entries()) await scheduleJob(trx, due('test.burst', subject, 10 - index), now);
    await scheduleJob(trx, due('test.between', 'between-1', 5), now);
    await scheduleJob(trx, due('test.burst', 'burst-6', 4), now);
  });

  await jobs.runDue();
  expect(peak).toBe(5); // the five due before the other kind's job, asked at once
  expect(order.slice(0, 4).sort()).toEqual(['record burst-1', 'record burst-2', 'record burst-4', 'record burst-5']);
  expect(order.slice(4)).toEqual(['run between-1', 'record burst-6']);
  // The question that failed is asked again when its lease runs out, and recorded then.
  server.clock.advance(60);
  await jobs.runDue();
  expect(order.slice(6)).toEqual(['record burst-3']);
  const pending = await db.selectFrom('scheduled_jobs').select('subject_id').where('kind', 'in', ['test.burst', 'test.between']).where('state', '=', 'pending').execute();
  expect(pending).toEqual([]);
});

it("records a lease's answers together, and when one answer's record fails, records the others each on its own: only that job stays to be asked again", async () => {
  const { db } = server.app.database;
  const { jobs } = server.app.services;
  let transactions = 0;
  jobs.registerAsking('test.records', {
    ask: async (_db, subject) => subject,
    record: async (trx, subject) => {
      // What a record writes (here: the job's created_at set to 0) is kept only if its transaction commits.
      await trx.updateTable('scheduled_jobs').set({ created_at: new Date(0) }).where('subject_id', '=', subject).execute();
      if (subject === 'records-1') transactions += 1; // records-1 comes first in every transaction that records it
      if (subject === 'records-2') throw new Error('the database refuses this answer');
    },
  });
  const now = server.clock.now();
  await db.transaction().execute(async (trx) => {
    for (const [index, subject] of ['records-1', 'records-2', 'records-3'].entries()) {
      await scheduleJob(trx, { environment: 'sandbox', platformId: null, kind: 'test.records', subjectId: subject, dueAt: new Date(now.getTime() - (10 - index) * 1000) }, now);
    }
  });
  await jobs.runDue();
  expect(transactions).toBe(2); // the lease's transaction, rolled back; then records-1's own
  const rows = await db.selectFrom('scheduled_jobs').select(['subject_id', 'state', 'created_at']).where('kind', '=', 'test.records').orderBy('subject_id').execute();
  expect(rows.map((row) => [row.subject_id, row.state, row.created_at.getTime() === 0])).toEqual([
    ['records-1', 'done', true],
    ['records-2', 'pending', false],
    ['records-3', 'done', true],
  ]);
});

// Another runner's lease locks the rows its FOR UPDATE rechecked, and keeps those locks until it commits, even those it found
// leased already. Two connections are needed to hold a lock beside the runner: the server's PostgreSQL only.
it.skipIf(DATABASE !== 'postgres')("records an asking job's answer when another runner holds its row for a moment, instead of leaving it to the lease", async () => {
  const { db } = server.app.database;
  const { jobs } = server.app.services;
  const recorded: string[] = [];
  let answer!: (value: string) => void;
  jobs.registerAsking('test.held', {
    ask: () => new Promise<string>((resolve) => (answer = resolve)),
    record: async (_trx, subject, _at, value) => {
      recorded.push(`${subject}: ${value}`);
    },
  });
  await db.transaction().execute((trx) => scheduleJob(trx, { environment: 'sandbox', platformId: null, kind: 'test.held', subjectId: 'subject-held', dueAt: server.clock.now() }, server.clock.now()));
  let finished = false;
  const running = jobs.runDue().finally(() => (finished = true));
  await eventually(async () => answer !== undefined);
  await db.connection().execute(async (holder) => {
    await sql`begin`.execute(holder);
    await sql`select id from scheduled_jobs where kind = 'test.held' for update`.execute(holder);
    answer('settled');
    const blocked = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))`.execute(holder)).rows[0]!.n > 0;
    await eventually(async () => finished || (await blocked()));
    await sql`commit`.execute(holder);
  });
  await running;
  expect(recorded).toEqual(['subject-held: settled']);
  const job = await db.selectFrom('scheduled_jobs').select('state').where('kind', '=', 'test.held').executeTakeFirstOrThrow();
  expect(job.state).toBe('done');
});

it("leases asking jobs of one clock together, each lease on its clock: with a platform's sandbox clock ahead, no job is asked twice", async () => {
  const own = await startServer({ JOB_WORKER: 'off' });
  try {
    const { db } = own.app.database;
    const { platformId } = await own.platform();
    const clock = new EnvironmentClock(own.clock);
    // The platform's sandbox clock two minutes ahead of live: a lease of a minute on live's clock is over on the sandbox's.
    await db.insertInto('platform_clocks').values({ platform_id: platformId, offset_ms: 120_000 }).execute();
    clock.follow(platformId, 120_000);
    const asked: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const runner = (hold: boolean) => {
      const jobs = new JobRunner(db, clock, own.app.app.log);
      jobs.registerAsking('test.environments', {
        ask: async (_db, subject) => {
          asked.push(subject);
          if (hold) await released;
          return subject;
        },
        record: async () => undefined,
      });
      return jobs;
    };
    // The server's own recurring jobs out of the way: these runners know only the test's kind.
    await db.updateTable('scheduled_jobs').set({ state: 'done', done_at: new Date() }).where('state', '=', 'pending').execute();
    const live = clock.now('live', null).getTime();
    const sandbox = clock.now('sandbox', platformId).getTime();
    await db.transaction().execute(async (trx) => {
      await scheduleJob(trx, { environment: 'live', platformId: null, kind: 'test.environments', subjectId: 'live-1', dueAt: new Date(live - 10_000) }, new Date(live));
      await scheduleJob(trx, { environment: 'sandbox', platformId, kind: 'test.environments', subjectId: 'sandbox-1', dueAt: new Date(sandbox - 5_000) }, new Date(live));
    });
    const first = runner(true).runDue(); // leases live-1 and waits for its answer
    await eventually(async () => asked.length > 0 || undefined);
    await runner(false).runDue(); // another runner meanwhile: sandbox-1 is its to ask, once
    release();
    await first;
    expect(asked.sort()).toEqual(['live-1', 'sandbox-1']);
    expect(await db.selectFrom('scheduled_jobs').select('state').where('kind', '=', 'test.environments').execute()).toEqual([{ state: 'done' }, { state: 'done' }]);
  } finally {
    await own.close();
  }
});

it("settles only once the asking job another pass of the process leased has its answer recorded (the clock advance's promise)", async () => {
  const { db } = server.app.database;
  const { jobs } = server.app.services;
  const recorded: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  jobs.registerAsking('test.settle', {
    ask: async (_db, subject) => {
      asked = true;
      await released;
      return subject;
    },
    record: async (_trx, subject) => {
      recorded.push(subject);
    },
  });
  await db.transaction().execute((trx) => scheduleJob(trx, { environment: 'sandbox', platformId: null, kind: 'test.settle', subjectId: 'settle-1', dueAt: server.clock.now() }, server.clock.now()));
  const polling = jobs.runDue(); // the background loop's pass: leases the job and waits for the answer
  await eventually(async () => asked || undefined);
  const order: string[] = [];
  const settling = jobs.runDue({ settle: true }).then(() => order.push('settled'));
  // The settling pass finds nothing due (the lease moved the row a minute on) and must wait all the same. Given time to
  // answer wrongly (it cannot answer rightly before the release), then the answer comes.
  await Promise.race([settling, new Promise((resolve) => setTimeout(resolve, 500))]);
  order.push('released');
  release();
  await settling;
  expect(order).toEqual(['released', 'settled']);
  expect(recorded).toEqual(['settle-1']);
  await polling;
});
