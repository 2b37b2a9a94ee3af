import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleJob, JobRunner } from '../../src/core/jobs.js';
import { HttpSender, type Sender } from '../../src/events/sender.js';
import { DeliveryWorker } from '../../src/events/worker.js';
import { ServerProcess, type TimedResponse } from '../helpers/api-process.js';
import { recordEvent } from '../helpers/events.js';
import { startServer } from '../helpers/harness.js';
import { POSTGRES_BIN, PostgresInstance, waitUntil } from '../helpers/postgres-instance.js';
import { startReceiver } from '../helpers/receiver.js';

/**
 * Faults of the PostgreSQL server, made for real on servers of the file's own (initdb): a restart
 * while requests run, a transaction cut in flight, a failover to a synchronous standby. The API
 * and `npm run worker` run as child processes, so that "the process survives" means exactly that.
 *
 * The file brings its own servers, so it runs in one pass of the suite only: the embedded-database
 * pass (TEST_DATABASE_URL unset). It is skipped where PostgreSQL's server programs are missing.
 */
const RUNS = POSTGRES_BIN !== undefined && !process.env.TEST_DATABASE_URL;

/** Generous: start-up of a child process on a loaded two-core machine. */
const SLOW_MS = 60_000;

/** The load and the checks after it ask more than the per-client rate limit allows; it is not what is tested here. */
const UNLIMITED = { RATE_LIMIT_PER_SECOND: '0' };

/** How fast a request must be answered while the database is away: well before a client would time out. */
const OUTAGE_ANSWER_MS = 5_000;

const paymentBody = (reference: string) => ({
  amount_minor: 1_250,
  currency: 'EUR',
  reference,
  integration: { type: 'hosted' },
  urls: { redirect: 'https://shop.example/return' },
});

interface Recorded {
  what: 'create' | 'read' | 'token';
  /** A creation's reference, also its Idempotency-Key. */
  reference?: string;
  at: number;
  answer?: TimedResponse;
  /** The request itself failed: the process did not answer at all. */
  failure?: string;
}

/**
 * Clients that create payments (with an Idempotency-Key), read back each one created, and ask for
 * tokens, each as fast as it is answered, until stopped; every answer is recorded.
 */
function startLoad(api: ServerProcess, token: string, clients = 4) {
  const recorded: Recorded[] = [];
  const created = new Map<string, string>(); // payment id → reference
  let running = true;
  let sequence = 0;
  const record = async (what: Recorded['what'], request: () => Promise<TimedResponse>, reference?: string) => {
    const at = Date.now();
    try {
      const answer = await request();
      recorded.push({ what, reference, at, answer });
      return answer;
    } catch (error) {
      recorded.push({ what, reference, at, failure: String((error as Error).cause ?? error) });
      return undefined;
    }
  };
  const client = async () => {
    while (running) {
      const reference = `load-${++sequence}`;
      const create = await record('create', () => api.request('POST', '/sandbox/payments', { token, body: paymentBody(reference), headers: { 'idempotency-key': reference } }), reference);
      if (create?.status === 201) {
        created.set(create.body.id, reference);
        await record('read', () => api.request('GET', `/sandbox/payments/${create.body.id}`, { token }));
      }
      if (sequence % 3 === 0) await record('token', () => api.tokenRequest());
      // Never a busy loop against a process that answers at once.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const clientsDone = Promise.all(Array.from({ length: clients }, client));
  return {
    recorded,
    created,
    succeededSince: (since: number) => recorded.filter((entry) => entry.at >= since && entry.answer && entry.answer.status < 300).length,
    async stop() {
      running = false;
      await clientsDone;
    },
  };
}

/** What is wrong with an answer the load got, if anything: only successes, and quick 503 problems with Retry-After. */
function flaw(entry: Recorded): string | undefined {
  const { answer } = entry;
  if (!answer) return `${entry.what}: not answered (${entry.failure})`;
  if (answer.status === 200 || answer.status === 201) return undefined;
  const problem = answer.status === 503 && /^application\/problem\+json/.test(answer.headers.get('content-type') ?? '') && answer.body.code === 'service_unavailable';
  if (!problem || answer.headers.get('retry-after') !== '2') return `${entry.what}: ${answer.status} ${answer.headers.get('content-type')} retry-after ${answer.headers.get('retry-after')} ${answer.text}`;
  if (answer.ms >= OUTAGE_ANSWER_MS) return `${entry.what}: 503 after ${Math.round(answer.ms)} ms`;
  return undefined;
}

/** Error lines (level 50 and up) in a process's log: a database outage must cause none. */
function errorLines(process: ServerProcess) {
  return process.logLines().filter((line) => Number(line.level) >= 50);
}

/**
 * What a client does after the outage: each creation answered 503 is sent again with its
 * Idempotency-Key and answered 201 (a replay if the first had committed after all); then every
 * payment the load asked for exists exactly once, and every one answered 201 reads back.
 */
async function expectEachPaymentOnce(api: ServerProcess, token: string, recorded: Recorded[], created: Map<string, string>) {
  for (const entry of recorded.filter((each) => each.what === 'create' && each.answer?.status === 503)) {
    const retried = await api.request('POST', '/sandbox/payments', { token, body: paymentBody(entry.reference!), headers: { 'idempotency-key': entry.reference! } });
    expect(retried.status, retried.text).toBe(201);
    created.set(retried.body.id, entry.reference!);
  }
  for (const [id, reference] of created) {
    const read = await api.request('GET', `/sandbox/payments/${id}`, { token });
    expect(read.status, read.text).toBe(200);
    expect(read.body.reference).toBe(reference);
  }
  const references = new Set(recorded.filter((entry) => entry.what === 'create').map((entry) => entry.reference!));
  for (const reference of references) {
    const listed = await api.request('GET', `/sandbox/payments?reference=${reference}`, { token });
    expect(listed.body.data.map((payment: { id: string }) => payment.id), reference).toHaveLength(1);
  }
}

async function readyz(api: ServerProcess): Promise<number> {
  return (await api.request('GET', '/readyz')).status;
}

/** A logger whose lines (warnings and above) the test reads. */
function capturedLog() {
  const lines: { msg?: string }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) }) as unknown as FastifyBaseLogger;
  return { logger, says: (message: RegExp) => lines.some((line) => message.test(String(line.msg))) };
}

/** Work that waits for the test before it goes on: `held` once the first waits, `release()` lets all go. */
function heldUntilReleased() {
  let count = 0;
  let onHeld!: () => void;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    held,
    release,
    count: () => count,
    async hold() {
      count += 1;
      onHeld();
      await released;
    },
  };
}

describe.skipIf(!RUNS)('a PostgreSQL server that restarts', () => {
  let server: PostgresInstance;

  beforeAll(async () => {
    server = await PostgresInstance.create({ name: 'restarting' });
    await server.start();
  }, SLOW_MS);
  afterAll(async () => {
    await server?.remove();
  });

  /**
   * ALTER SYSTEM SET and a reload, waited for: once a new session shows the value, the server has
   * reloaded and told every session, whose next statement then has it.
   */
  async function systemSetting(name: string, value: string): Promise<void> {
    await server.query(`ALTER SYSTEM SET ${name} = '${value}'`);
    await server.query('SELECT pg_reload_conf()');
    await waitUntil(async () => (await server.query(`SHOW ${name}`))[0]![name] === value, SLOW_MS, `${name} = '${value}'`);
  }

  /** The API in this process on a new database of the server, its own workers off (a test runs the one it is about). */
  async function inProcessServer(database: string) {
    return startServer({ ...UNLIMITED, DATABASE_URL: await server.createDatabase(database), WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' });
  }

  /**
   * Stops the server while `work` is held, lets it go on once `ready()`, and starts the server again
   * once `refused()` (its record was).
   */
  async function endsWhileAway(work: ReturnType<typeof heldUntilReleased>, refused: () => boolean, ready = () => true): Promise<void> {
    await work.held;
    await server.stop('fast');
    try {
      await waitUntil(ready, SLOW_MS, 'the work ready to go on');
      work.release();
      await waitUntil(refused, SLOW_MS, 'the record refused while the database is away');
    } finally {
      await server.start(); // for the tests after this one, whatever happened
    }
  }

  it(
    'is outlived by the API and the worker under load: 503 with Retry-After while it is away, /readyz 503 then 200, service again without a restart, and retried payments made once',
    async () => {
      const url = await server.createDatabase('restart_under_load');
      const api = await ServerProcess.start({ env: { ...UNLIMITED, DATABASE_URL: url } });
      const worker = await ServerProcess.start({ script: 'src/worker.ts', env: { DATABASE_URL: `${url}?application_name=worker` } });
      try {
        const load = startLoad(api, await api.token());
        try {
          await waitUntil(() => load.succeededSince(0) >= 20, SLOW_MS, 'requests succeeding before the restart');

          // pg_ctl restart -m fast while the requests run: every session is ended (57P01).
          const restarting = Date.now();
          await server.restart('fast');
          const restarted = Date.now();
          await waitUntil(() => load.succeededSince(restarted) >= 10, SLOW_MS, 'requests succeeding after the restart');
          expect(api.alive, api.output()).toBe(true);
          const inFlight = load.recorded.filter((entry) => entry.at < restarted && entry.answer && entry.at + entry.answer.ms > restarting);
          expect(inFlight.length, 'requests in flight during the restart').toBeGreaterThan(0);

          // An outage long enough to watch what clients see meanwhile.
          await server.stop('fast');
          const stopped = Date.now();
          await waitUntil(() => load.recorded.filter((entry) => entry.at > stopped && entry.answer?.status === 503).length >= 10, SLOW_MS, '503 answers while the database is away');
          const notReady = await api.request('GET', '/readyz');
          expect(notReady.status).toBe(503);
          expect(notReady.headers.get('retry-after')).toBe('2');
          expect(notReady.body).toMatchObject({ code: 'service_unavailable' });
          await server.start();
          const started = Date.now();
          await waitUntil(async () => (await readyz(api)) === 200, SLOW_MS, '/readyz 200 once the database is back');
          await waitUntil(() => load.succeededSince(started) >= 20, SLOW_MS, 'requests succeeding once the database is back');
          await load.stop();

          expect(load.recorded.map(flaw).filter(Boolean)).toEqual([]);
          const unavailable = load.recorded.flatMap((entry) => (entry.answer?.status === 503 ? [entry.answer] : []));
          expect(unavailable.length).toBeGreaterThanOrEqual(10);
          console.info(
            `restart under load: ${load.recorded.length} requests, ${unavailable.length} answered 503, slowest 503 in ${Math.round(Math.max(...unavailable.map((answer) => answer.ms)))} ms`,
          );
          await expectEachPaymentOnce(api, await api.token(), load.recorded, load.created);
        } finally {
          await load.stop();
        }

        // The worker is still there and connected again (its LISTEN connection and its pollers).
        await waitUntil(async () => (await server.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'worker'`)).length > 0, SLOW_MS, 'the worker connected again');
        expect(worker.alive, worker.output()).toBe(true);
        expect(api.alive, api.output()).toBe(true);
        // An outage is a warning per request, not an error with a stack trace.
        expect(errorLines(api)).toEqual([]);
        expect(errorLines(worker)).toEqual([]);
        expect(api.logLines().filter((line) => line.level === 40 && line.code === 'service_unavailable').length).toBeGreaterThan(0);
      } finally {
        await worker.stop();
        await api.stop();
      }
    },
    4 * SLOW_MS,
  );

  it(
    'records a webhook attempt that ended while it was away once it is back: sent once, recorded once, not sent again when its lease runs out',
    async () => {
      const database = 'record_retry';
      const app = await inProcessServer(database);
      const receiver = await startReceiver();
      const log = capturedLog();
      const http = new HttpSender();
      const attempt = heldUntilReleased();
      const sender: Sender = {
        async send(request) {
          await attempt.hold();
          return http.send(request);
        },
      };
      const worker = new DeliveryWorker(app.app.database, app.app.environmentClock, sender, log.logger);
      try {
        const { platformId } = await app.platform();
        const eventId = await recordEvent(app, { platformId, destination: receiver.url });
        await worker.start();
        // The worker's poll (every second) claims meanwhile, and that claim fails too: the attempt is still seen through.
        await endsWhileAway(
          attempt,
          () => log.says(/recording webhook attempts failed; tried again while their leases last/),
          () => log.says(/claiming webhook deliveries failed; the attempts in flight are seen through/),
        );
        const delivery = async () => (await server.query(`SELECT state, attempt_count, lease_until FROM webhook_deliveries WHERE event_id = $1`, [eventId], database))[0];
        await waitUntil(async () => (await delivery())?.state === 'succeeded', SLOW_MS, 'the attempt recorded once the database is back');
        expect(await delivery()).toEqual({ state: 'succeeded', attempt_count: 1, lease_until: null });
        expect(await server.query(`SELECT status_code FROM webhook_attempts`, [], database)).toEqual([{ status_code: 200 }]);
        expect(receiver.received.map((each) => each.headers['webhook-id'])).toEqual([eventId]);
      } finally {
        attempt.release();
        await worker.stop();
        await receiver.close();
        await app.close();
      }
    },
    3 * SLOW_MS,
  );

  it(
    'gives back what a claim leased when its answer was lost (committed, its connection ended): the delivery is sent at once, not when the lease runs out',
    async () => {
      const database = 'lost_claim';
      const app = await inProcessServer(database);
      const receiver = await startReceiver();
      const worker = new DeliveryWorker(app.app.database, app.app.environmentClock, new HttpSender(), capturedLog().logger);
      try {
        const { platformId } = await app.platform();
        const eventId = await recordEvent(app, { platformId, destination: receiver.url });
        // Commits now wait for a standby that does not exist: the worker's claim is written, and never answered.
        await systemSetting('synchronous_standby_names', 'nobody');
        await worker.start();
        let waiting: { pid: number }[] = [];
        await waitUntil(async () => (waiting = await server.query(`SELECT pid FROM pg_stat_activity WHERE wait_event = 'SyncRep'`)).length > 0, SLOW_MS, 'the claim waiting for its commit');
        // Ended while it waits, the claim's transaction is committed all the same (the server warns so), but the worker has no answer.
        await server.query('SELECT pg_terminate_backend($1)', [waiting[0]!.pid]);
        await systemSetting('synchronous_standby_names', '');
        const delivery = async () => (await server.query<{ state: string; lease_until: Date | null }>(`SELECT state, lease_until FROM webhook_deliveries WHERE event_id = $1`, [eventId], database))[0]!;
        const lost = await delivery();
        expect(lost.lease_until).not.toBeNull(); // leased by the claim whose answer was lost

        await waitUntil(async () => (await delivery()).state === 'succeeded', 2 * SLOW_MS, 'the delivery sent');
        expect(Date.now()).toBeLessThan(lost.lease_until!.getTime()); // given back, not waited for
        expect(receiver.received.map((each) => each.headers['webhook-id'])).toEqual([eventId]);
      } finally {
        await systemSetting('synchronous_standby_names', '').catch(() => undefined);
        await worker.stop();
        await receiver.close();
        await app.close();
      }
    },
    4 * SLOW_MS,
  );

  it(
    "records a job's answer got while it was away once it is back: asked once, recorded once, not asked again when its lease runs out",
    async () => {
      const database = 'job_answer_retry';
      const app = await inProcessServer(database);
      const log = capturedLog();
      const question = heldUntilReleased();
      const runner = new JobRunner(app.app.database.db, app.app.environmentClock, log.logger);
      const answers: string[] = [];
      runner.registerAsking('answer_retry_test', {
        async ask(_db, subject) {
          await question.hold();
          return `answer of ${subject}`;
        },
        async record(_trx, _subject, _at, answer) {
          answers.push(answer);
        },
      });
      const now = app.clock.now();
      try {
        await app.app.database.db.transaction().execute((trx) => scheduleJob(trx, { environment: 'sandbox', platformId: null, kind: 'answer_retry_test', subjectId: 'subject-1', dueAt: now }, now));
        runner.start();
        await endsWhileAway(question, () => log.says(/recording job answers failed; tried again while their lease lasts/));
        const job = async () => (await server.query(`SELECT state FROM scheduled_jobs WHERE kind = 'answer_retry_test'`, [], database))[0];
        await waitUntil(async () => (await job())?.state === 'done', SLOW_MS, 'the answer recorded once the database is back');
        expect(question.count()).toBe(1);
        expect(answers).toEqual(['answer of subject-1']);
      } finally {
        question.release();
        await runner.stop();
        await app.close();
      }
    },
    3 * SLOW_MS,
  );

  it(
    'rolls back a transaction whose connection is cut in flight, answers it 503, and leaves nothing of it',
    async () => {
      const url = await server.createDatabase('cut_transaction');
      const api = await ServerProcess.start({ env: { ...UNLIMITED, DATABASE_URL: url, WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' } });
      const locker = new pg.Client({ connectionString: url });
      locker.on('error', () => undefined); // the restart ends this session too
      const written = async () =>
        (
          await server.query(
            `SELECT (SELECT count(*)::int FROM accounts WHERE type = 'merchant') AS accounts, (SELECT count(*)::int FROM applications) AS applications,
                    (SELECT count(*)::int FROM onboarding_tokens) AS tokens`,
            [],
            'cut_transaction',
          )
        )[0];
      try {
        const token = await api.token();
        const application = { applicant: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }, integration: { type: 'hosted' }, reference: 'cut-1', urls: { redirect: 'https://platform.example/done' } };

        // Creating an application writes its merchant account, the application and its onboarding
        // token in one transaction; with the tokens' table locked, it stops half-way.
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE onboarding_tokens IN ACCESS EXCLUSIVE MODE');
        const keyed = { token, body: application, headers: { 'idempotency-key': 'cut-1' } };
        const answer = api.request('POST', '/sandbox/applications', keyed);
        const answeredAt = answer.then(() => Date.now());
        await waitUntil(
          async () => (await server.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%onboarding_tokens%'`)).length > 0,
          SLOW_MS,
          'the application transaction waiting half-way',
        );

        const cut = Date.now();
        await server.restart('fast');
        const refused = await answer;
        expect(refused.status, refused.text).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('2');
        expect(refused.body).toMatchObject({ code: 'service_unavailable' });
        expect((await answeredAt) - cut).toBeLessThan(OUTAGE_ANSWER_MS);
        expect(await written()).toEqual({ accounts: 0, applications: 0, tokens: 0 });

        // The client's retry with the same Idempotency-Key (rolled back with the rest) is done whole.
        await waitUntil(async () => (await readyz(api)) === 200, SLOW_MS, '/readyz 200 after the restart');
        const retried = await api.request('POST', '/sandbox/applications', keyed);
        expect(retried.status, retried.text).toBe(201);
        expect(await written()).toEqual({ accounts: 1, applications: 1, tokens: 1 });
        expect(api.alive, api.output()).toBe(true);
        expect(errorLines(api)).toEqual([]);
      } finally {
        await locker.end().catch(() => undefined);
        await api.stop();
      }
    },
    3 * SLOW_MS,
  );
  it(
    'answers writes 503 while the server is read-only (fenced after a failover, 25006), reads still, and writes again once it is not',
    async () => {
      const url = await server.createDatabase('fenced');
      const api = await ServerProcess.start({ env: { ...UNLIMITED, DATABASE_URL: url, WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' } });
      // Read-only only once the server has reloaded: a first write that slipped in before would store its key's 201, replayed ever after.
      const readOnly = (on: boolean) => systemSetting('default_transaction_read_only', on ? 'on' : 'off');
      try {
        const token = await api.token();
        const create = (reference: string) => api.request('POST', '/sandbox/payments', { token, body: paymentBody(reference), headers: { 'idempotency-key': reference } });
        const before = await create('fenced-0');
        expect(before.status, before.text).toBe(201);

        await readOnly(true);
        let refused: TimedResponse | undefined;
        await waitUntil(async () => (refused = await create('fenced-1')).status === 503, SLOW_MS, 'a write refused by the read-only server');
        expect(flaw({ what: 'create', at: Date.now(), answer: refused })).toBeUndefined();
        // Logged as it happened (the line may reach the test a moment after the answer).
        await waitUntil(() => api.logLines().some((line) => line.level === 40 && /read-only transaction/.test(String(line.reason))), SLOW_MS, 'the warning naming the read-only server');
        expect((await api.request('GET', `/sandbox/payments/${before.body.id}`, { token })).status).toBe(200); // reads go on

        await readOnly(false);
        await waitUntil(async () => (await create('fenced-1')).status === 201, SLOW_MS, 'writes accepted again');
        expect(api.alive, api.output()).toBe(true);
        expect(errorLines(api)).toEqual([]);
      } finally {
        await readOnly(false).catch(() => undefined);
        await api.stop();
      }
    },
    3 * SLOW_MS,
  );
});

describe.skipIf(!RUNS)('a primary that fails over to its synchronous standby', () => {
  let primary: PostgresInstance;
  let standby: PostgresInstance;

  beforeAll(async () => {
    primary = await PostgresInstance.create({ name: 'primary' });
    await primary.start();
    standby = await primary.createStandby('standby');
    await primary.setSynchronousStandbys(['standby']);
  }, SLOW_MS);
  afterAll(async () => {
    await standby?.remove();
    await primary?.remove();
  });

  it(
    'is followed by the running API within seconds; every payment answered 201 before is still there, and retried payments are made once',
    async () => {
      const url = `postgres://postgres@${primary.address},${standby.address}/postgres?target_session_attrs=read-write`;
      const api = await ServerProcess.start({ env: { ...UNLIMITED, DATABASE_URL: url } });
      try {
        const token = await api.token();
        const load = startLoad(api, token);
        try {
          await waitUntil(() => load.created.size >= 20, SLOW_MS, 'payments created on the primary');
          const stopped = Date.now();
          await primary.stop('immediate');
          await standby.promote();
          const promoted = Date.now();
          await waitUntil(() => load.recorded.some((entry) => entry.at > promoted && entry.what === 'create' && entry.answer?.status === 201), SLOW_MS, 'a payment created on the promoted standby');
          const followed = load.recorded.find((entry) => entry.at > promoted && entry.what === 'create' && entry.answer?.status === 201)!;
          await waitUntil(() => load.succeededSince(followed.at) >= 20, SLOW_MS, 'requests succeeding on the new primary');
          await load.stop();

          expect(load.recorded.map(flaw).filter(Boolean)).toEqual([]);
          const unavailable = load.recorded.filter((entry) => entry.at >= stopped && entry.answer?.status === 503).length;
          console.info(
            `failover: ${promoted - stopped} ms to stop the primary and promote the standby, first payment created ${Math.round(followed.at + followed.answer!.ms - promoted)} ms later; ${unavailable} requests answered 503 meanwhile`,
          );
          expect(followed.at - promoted).toBeLessThan(10_000);
        } finally {
          await load.stop();
        }
        // Every payment answered 201 on the old primary is on the new one; none was made twice.
        await expectEachPaymentOnce(api, token, load.recorded, load.created);
        expect(await readyz(api)).toBe(200);
        expect(api.alive, api.output()).toBe(true);
        expect(errorLines(api)).toEqual([]);
      } finally {
        await api.stop();
      }
    },
    4 * SLOW_MS,
  );
});
