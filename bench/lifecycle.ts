/**
 * The money path on PostgreSQL, or on PGlite with BENCH_DATABASE=pglite (issue 17), each next to a
 * bare baseline run in the same process (a Fastify server on the same kind of database doing the
 * same round trips, each one transaction with the least durable work):
 *
 * - Card lifecycle: 50 concurrent buyers, each doing create → start → tokenize → authorize
 *   (captured: transfers, ledger, outbox) again and again. Baseline: insert the payment; update its
 *   status; insert the token; mark it captured with an outbox event and two ledger rows in one
 *   transaction. Reports captured payments/s, each step's p50/p99, and for ours the time from the
 *   authorization's answer until its `payment_succeeded` webhook reaches a local receiver.
 * - Refunds: 50 concurrent clients refunding 0.10 at a time of the payments just captured, in
 *   turn. Baseline: lock the payment, insert the refund, lower its refundable amount and insert an
 *   event, in one transaction. Reports refunds/s, p50/p99, and for ours how long after the burst
 *   the refunds were all sent to the processor (the job that sends them).
 *
 * Baseline and ours run back to back in several rounds (the machine is shared); the median of the
 * rounds' ratios is reported with every round's figures.
 *
 *   npm run bench:lifecycle          (DATABASE_URL defaults to the local test database)
 *   npm run bench:lifecycle:pglite   the same on the embedded database (PGlite), ours and the baseline's each its own
 *   BENCH_PROFILE=dir npm run bench:lifecycle   also writes a CPU profile of our card lifecycle
 *                                               and of our refunds (first round) to dir
 */
import Fastify from 'fastify';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import os from 'node:os';
import pg from 'pg';
import { benchServer, CARD, sandboxAuthorization } from './server.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_${Date.now().toString(36)}`;
const EMBEDDED = process.env.BENCH_DATABASE === 'pglite';
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FLOWS = Number(process.env.BENCH_FLOWS ?? 50);

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One client's flow: its steps, each given what the previous ones answered; answers the id of what it made. */
type Flow = (step: (name: string, call: () => Promise<Answer>, expected: number) => Promise<Answer>) => Promise<string>;

interface Figures {
  done_per_s: number;
  /** CPU time of the whole process (server, baseline, clients, receiver) per flow done: less noisy than the rate on a shared machine. */
  cpu_ms_per_done: number;
  errors: number;
  steps: Record<string, { p50_ms: number; p99_ms: number }>;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!.toFixed(1));
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** FLOWS clients, each running the flow again and again for DURATION seconds; `done` is told each flow's id and when it ended. */
async function run(flow: Flow, done: (id: string, at: number) => void = () => {}): Promise<Figures> {
  const times: Record<string, number[]> = {};
  let count = 0;
  let errors = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const deadline = started + DURATION * 1000;
  const step = async (name: string, call: () => Promise<Answer>, expected: number) => {
    const at = performance.now();
    const answer = await call();
    (times[name] ??= []).push(performance.now() - at);
    if (answer.status !== expected) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  };
  const buyer = async () => {
    while (performance.now() < deadline) {
      try {
        const id = await flow(step);
        done(id, performance.now());
        count += 1;
      } catch (error) {
        errors += 1;
        if (errors === 1) console.error(error);
      }
    }
  };
  await Promise.all(Array.from({ length: FLOWS }, buyer));
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  const steps = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, { p50_ms: percentile(values, 50), p99_ms: percentile(values, 99) }]));
  return { done_per_s: Math.round(count / seconds), cpu_ms_per_done: Number(((user + system) / 1000 / count).toFixed(2)), errors, steps };
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/** The baseline's database: the PostgreSQL server through a pool (in SCHEMA), or a PGlite of its own. */
interface BareDatabase {
  query: Query;
  /** Statements separated by semicolons, no parameters. */
  exec(text: string): Promise<unknown>;
  transaction(work: (query: Query) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

function postgresBaseline(): BareDatabase {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 20 });
  return {
    query: (text, params) => pool.query(text, params),
    exec: (text) => pool.query(text),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await work((text, params) => client.query(text, params));
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
      await pool.end();
    },
  };
}

async function pgliteBaseline(dataDir: string): Promise<BareDatabase> {
  const lite = await PGlite.create(dataDir);
  await lite.exec(`CREATE SCHEMA ${SCHEMA}`);
  return {
    query: (text, params) => lite.query(text, params),
    exec: (text) => lite.exec(text),
    transaction: async (work) => {
      await lite.transaction((tx) => work((text, params) => tx.query(text, params)));
    },
    close: () => lite.close(),
  };
}

/** The baseline: the same four round trips, each one transaction with the least durable work. */
async function baselineServer(bare: BareDatabase) {
  await bare.exec(`
    CREATE TABLE ${SCHEMA}.bare_payments (id text PRIMARY KEY, amount_minor bigint NOT NULL, refundable_minor bigint NOT NULL, currency text NOT NULL, reference text, status text NOT NULL, created_at timestamptz NOT NULL);
    CREATE TABLE ${SCHEMA}.bare_refunds (id text PRIMARY KEY, payment_id text NOT NULL REFERENCES ${SCHEMA}.bare_payments, amount_minor bigint NOT NULL, created_at timestamptz NOT NULL);
    CREATE TABLE ${SCHEMA}.bare_tokens (token text PRIMARY KEY, payment_id text NOT NULL REFERENCES ${SCHEMA}.bare_payments, last4 text NOT NULL);
    CREATE TABLE ${SCHEMA}.bare_events (id bigserial PRIMARY KEY, payment_id text NOT NULL, type text NOT NULL, data jsonb NOT NULL, created_at timestamptz NOT NULL);
    CREATE TABLE ${SCHEMA}.bare_ledger (id bigserial PRIMARY KEY, payment_id text NOT NULL, account text NOT NULL, amount_minor bigint NOT NULL);`);
  const app = Fastify();
  const id = (request: { params: unknown }) => (request.params as { id: string }).id;
  app.post('/payments', async (request, reply) => {
    const body = request.body as { amount_minor: number; currency: string; reference: string };
    const payment = randomUUID();
    await bare.query(`INSERT INTO ${SCHEMA}.bare_payments VALUES ($1, $2, $2, $3, $4, 'initiated', now())`, [payment, body.amount_minor, body.currency, body.reference]);
    return reply.code(201).send({ id: payment });
  });
  app.post('/payments/:id/start', async (request) => {
    await bare.query(`UPDATE ${SCHEMA}.bare_payments SET status = 'started' WHERE id = $1`, [id(request)]);
    return { status: 'started' };
  });
  app.post('/payments/:id/tokenize', async (request, reply) => {
    const token = randomUUID();
    await bare.query(`INSERT INTO ${SCHEMA}.bare_tokens VALUES ($1, $2, $3)`, [token, id(request), ((request.body as { value: string }).value ?? '').slice(-4)]);
    return reply.code(201).send({ token });
  });
  app.post('/payments/:id/authorize', async (request) => {
    await bare.transaction(async (query) => {
      const updated = await query(`UPDATE ${SCHEMA}.bare_payments SET status = 'captured' WHERE id = $1 RETURNING amount_minor, reference`, [id(request)]);
      const { amount_minor: amount, reference } = updated.rows[0] as { amount_minor: string; reference: string };
      await query(`INSERT INTO ${SCHEMA}.bare_events (payment_id, type, data, created_at) VALUES ($1, 'payment_succeeded', $2, now())`, [id(request), { id: id(request), status: 'captured', reference }]);
      await query(`INSERT INTO ${SCHEMA}.bare_ledger (payment_id, account, amount_minor) VALUES ($1, 'buyer', $2), ($1, 'platform', -$2::bigint)`, [id(request), amount]);
    });
    return { status: 'captured' };
  });
  app.post('/refunds', async (request, reply) => {
    const body = request.body as { payment_id: string; routing: { platform: { amount_minor: number } } };
    const refund = randomUUID();
    const amount = body.routing.platform.amount_minor;
    await bare.transaction(async (query) => {
      const locked = await query(`SELECT refundable_minor FROM ${SCHEMA}.bare_payments WHERE id = $1 FOR UPDATE`, [body.payment_id]);
      if (Number((locked.rows[0] as { refundable_minor: string }).refundable_minor) < amount) throw new Error('more than refundable');
      await query(`INSERT INTO ${SCHEMA}.bare_refunds VALUES ($1, $2, $3, now())`, [refund, body.payment_id, amount]);
      await query(`UPDATE ${SCHEMA}.bare_payments SET refundable_minor = refundable_minor - $2 WHERE id = $1`, [body.payment_id, amount]);
      await query(`INSERT INTO ${SCHEMA}.bare_events (payment_id, type, data, created_at) VALUES ($1, 'refund_initiated', $2, now())`, [body.payment_id, { refund_id: refund, amount_minor: amount }]);
    });
    return reply.code(201).send({ id: refund });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/** Receives the webhooks; remembers when each payment's `payment_succeeded` arrived. */
async function webhookReceiver() {
  const succeeded = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; data: { id?: string } };
      if (event.type === 'payment_succeeded' && event.data.id) succeeded.set(event.data.id, performance.now());
      response.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, succeeded, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks` };
}

/** With BENCH_PROFILE and a name, the CPU profile of `work` (the server and its clients share the process) goes to that folder as `name`.cpuprofile. */
async function profiled<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder || !name) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

const dataDir = EMBEDDED ? await mkdtemp(path.join(os.tmpdir(), 'bench-')) : undefined;
const server = await benchServer(DATABASE_URL, SCHEMA, dataDir ? { DATA_DIR: path.join(dataDir, 'ours') } : {});
const { close, db, url } = server;
const bareDatabase = dataDir ? await pgliteBaseline(path.join(dataDir, 'baseline')) : postgresBaseline();
const baseline = await baselineServer(bareDatabase);
const receiver = await webhookReceiver();

try {
  const authorization = await sandboxAuthorization(server);
  const payment = { amount_minor: 2_500, currency: 'EUR', reference: 'bench', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return', webhook: receiver.url } };

  const ours: Flow = async (step) => {
    const created = await step('create', () => post(`${url}/sandbox/payments`, payment, authorization), 201);
    const id = created.body.id as string;
    const token = { authorization: `Bearer ${new URL((created.body._links as { hosted_page: { href: string } }).hosted_page.href).searchParams.get('token')!}` };
    await step('start', () => post(`${url}/hpp/payments/${id}/start`, {}, token), 200);
    const tokenized = await step('tokenize', () => post(`${url}/hpp/payments/${id}/tokenize`, CARD, token), 201);
    const authorized = await step('authorize', () => post(`${url}/hpp/payments/${id}/authorize`, { token: tokenized.body.token }, token), 200);
    if (authorized.body.status !== 'captured') throw new Error(`authorized as ${String(authorized.body.status)}`);
    return id;
  };
  const bare: Flow = async (step) => {
    const id = (await step('create', () => post(`${baseline.url}/payments`, payment), 201)).body.id as string;
    await step('start', () => post(`${baseline.url}/payments/${id}/start`, {}), 200);
    const tokenized = await step('tokenize', () => post(`${baseline.url}/payments/${id}/tokenize`, CARD), 201);
    await step('authorize', () => post(`${baseline.url}/payments/${id}/authorize`, { token: tokenized.body.token }), 200);
    return id;
  };

  /** Waits until every captured payment's webhook arrived (or 30 s passed); answers the delays. */
  const webhookDelays = async (authorizedAt: Map<string, number>) => {
    const until = performance.now() + 30_000;
    while ([...authorizedAt.keys()].some((id) => !receiver.succeeded.has(id)) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    const delays = [...authorizedAt].filter(([id]) => receiver.succeeded.has(id)).map(([id, at]) => receiver.succeeded.get(id)! - at);
    return { p50_ms: percentile(delays, 50), p99_ms: percentile(delays, 99), missing: authorizedAt.size - delays.length };
  };

  /** Refunds 0.10 at a time of the payments given, in turn, through `refunds` (ours or the bare one). */
  const refunding = (refunds: string, headers: Record<string, string>, payments: string[]): Flow => {
    let next = 0;
    return async (step) => {
      const body = { payment_id: payments[next++ % payments.length], description: 'Refund bench', routing: { platform: { amount_minor: 10 } } };
      return (await step('refund', () => post(refunds, body, headers), 201)).body.id as string;
    };
  };
  /** How long after the burst the refunds' sending jobs were all done (the processor asked for each). */
  const sendingDrained = async () => {
    const started = performance.now();
    const pending = async () => (await db.selectFrom('scheduled_jobs').select('id').where('kind', '=', 'refunds.send').where('state', '=', 'pending').execute()).length;
    const atEnd = await pending();
    while ((await pending()) > 0 && performance.now() - started < 120_000) await new Promise((resolve) => setTimeout(resolve, 100));
    return { pending_at_end: atEnd, drained_after_s: Number(((performance.now() - started) / 1000).toFixed(1)), still_pending: await pending() };
  };
  const ratio = (ours: Figures, bare: Figures) => Number((ours.done_per_s / bare.done_per_s).toFixed(2));

  const lifecycle = [];
  const refunds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareCaptured: string[] = [];
    const baselineFigures = await run(bare, (id) => bareCaptured.push(id));
    const authorizedAt = new Map<string, number>();
    const first = round === 0;
    const oursFigures = await profiled(first ? 'lifecycle' : undefined, () => run(ours, (id, at) => authorizedAt.set(id, at)));
    const webhooks = await webhookDelays(authorizedAt);
    lifecycle.push({ ratio: ratio(oursFigures, baselineFigures), ours: oursFigures, baseline: baselineFigures, payment_succeeded_received: webhooks });

    const bareRefunds = await run(refunding(`${baseline.url}/refunds`, {}, bareCaptured));
    const ourRefunds = await profiled(first ? 'refunds' : undefined, () => run(refunding(`${url}/sandbox/refunds`, authorization, [...authorizedAt.keys()])));
    refunds.push({ ratio: ratio(ourRefunds, bareRefunds), ours: ourRefunds, baseline: bareRefunds, sending: await sendingDrained() });
  }
  process.stdout.write(
    `${JSON.stringify(
      {
        flows: FLOWS,
        seconds: DURATION,
        card_lifecycle: { ratio: median(lifecycle.map((round) => round.ratio)), rounds: lifecycle },
        refunds: { ratio: median(refunds.map((round) => round.ratio)), rounds: refunds },
        targets: { lifecycle_ratio: 0.5, refunds_ratio: 0.5, step_p99_ms: 100, payment_succeeded_received_p99_ms: 1000 },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await baseline.app.close();
  await close();
  receiver.server.close();
  await bareDatabase.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
