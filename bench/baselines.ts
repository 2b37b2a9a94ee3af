/**
 * The bare baselines of `bench:payments` and `bench:lifecycle`: Fastify servers on the same kind of
 * database doing the same round trips with no auth, validation or domain logic. Each is built here
 * and started by benchPair: in the bench's own process, or with BENCH_OUTSIDE=1 in a child process
 * of its own (bench/bare-server.ts, which finds it by its name).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { inProcessPair, listening, OUTSIDE, outsidePair, SCHEMA, type BareDatabase, type BenchPair } from './server.js';

/** How many rows the reads of `bench:payments` go round: payments for ours, bare rows for the baseline. */
export const READ_ROWS = 1_000;

/** `bench:payments`: one INSERT (initiation) or one SELECT by primary key (read) per request, nothing else. */
async function payments(bare: BareDatabase): Promise<FastifyInstance> {
  await bare.exec(`CREATE TABLE IF NOT EXISTS ${SCHEMA}.bare (id text PRIMARY KEY, amount_minor bigint, currency text, reference text, created_at timestamptz)`);
  await bare.exec(`INSERT INTO ${SCHEMA}.bare SELECT 'row' || n, 100, 'EUR', 'r', now() FROM generate_series(0, ${READ_ROWS - 1}) n`);
  const app = Fastify();
  app.post('/bare', async (request, reply) => {
    const body = request.body as { amount_minor: number; currency: string; reference: string };
    const id = randomUUID();
    await bare.query(`INSERT INTO ${SCHEMA}.bare VALUES ($1, $2, $3, $4, now())`, [id, body.amount_minor, body.currency, body.reference]);
    return reply.code(201).send({ id });
  });
  app.get('/bare/:id', async (request) => (await bare.query(`SELECT * FROM ${SCHEMA}.bare WHERE id = $1`, [(request.params as { id: string }).id])).rows[0]);
  return app;
}

/** `bench:lifecycle`: the card lifecycle's four round trips and a refund, each one transaction with the least durable work. */
async function lifecycle(bare: BareDatabase): Promise<FastifyInstance> {
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
  return app;
}

export const BASELINES = { payments, lifecycle };
export type BaselineName = keyof typeof BASELINES;

/** Our server and the baseline `name`, in this process or, with BENCH_OUTSIDE=1, each in a child process of its own. */
export function benchPair(name: BaselineName): Promise<BenchPair> {
  return OUTSIDE ? outsidePair(name) : inProcessPair(async (bare) => listening(await BASELINES[name](bare)));
}
