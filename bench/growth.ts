/**
 * Costs as the data grows, on PostgreSQL (issue 17): the p99 of a payment read, and of the first and
 * the hundredth page of `GET /payments` and `GET /events`, with 10,000 and then 2,000,000 payments of
 * one platform (each with its event, Idempotency-Key and job); and webhook delivery throughput with a
 * backlog of 10,000 and then 200,000 pending deliveries.
 *
 * The rows are seeded with generated SQL, not through the API: one payment initiated with an
 * Idempotency-Key and paid through the hosted page's API is the template, and its payment, event,
 * parties, transfers, key and expiry job are copied with new ids, each copy a millisecond older
 * than the one before (every column of the template's row, read from the schema).
 *
 *   npm run bench:growth     (DATABASE_URL defaults to the local test database;
 *                             BENCH_SIZES=10000,2000000 BENCH_BACKLOGS=10000,200000 BENCH_SECONDS=3)
 */
import http from 'node:http';
import pg from 'pg';
import { benchServer, capturedPayment, sandboxAuthorization } from './server.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_${Date.now().toString(36)}`;
const SIZES = (process.env.BENCH_SIZES ?? '10000,2000000').split(',').map(Number);
const BACKLOGS = (process.env.BENCH_BACKLOGS ?? '10000,200000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 10;
const PAGE = 20;

const percentile = (values: number[], p: number) => Number([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!.toFixed(1));

/** Counts the webhooks it receives. */
async function webhookReceiver() {
  const receiver = { count: 0, url: '' };
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      receiver.count += 1;
      response.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  return { receiver, server };
}

// Webhooks are delivered only when the bench starts the worker; no scheduled job runs.
const server = await benchServer(DATABASE_URL, SCHEMA, { WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' });
const { services, close, url } = server;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4, options: `-c search_path=${SCHEMA}` });
const { receiver, server: receiverServer } = await webhookReceiver();

/** The template: a payment initiated with an Idempotency-Key and captured through the hosted page; answers its id and the API's headers. */
async function templatePayment() {
  const authorization = await sandboxAuthorization(server);
  const id = await capturedPayment(url, { ...authorization, 'idempotency-key': 'grow-template' }, { urls: { redirect: 'https://shop.example/return', webhook: receiver.url } });
  return { id, authorization };
}

/** The columns a copy of the table's rows writes (not those the database computes), in order. */
async function columnsOf(table: string): Promise<string[]> {
  const result = await pool.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [SCHEMA, table],
  );
  return result.rows.map((row: { column_name: string }) => row.column_name);
}

/** Copies of the template's payment, parties, transfers, event, key and expiry job, numbered [from, to), each a millisecond older. */
async function seed(template: string, from: number, to: number): Promise<void> {
  // Each copy is the template's row (t, $1 its payment's id) with these columns replaced (n: the copy's number).
  const copy = async (table: string, where: string, overrides: Record<string, string>) => {
    const columns = await columnsOf(table);
    const values = columns.map((column) => overrides[column] ?? `t."${column}"`);
    await pool.query(
      `INSERT INTO ${table} (${columns.map((column) => `"${column}"`).join(', ')}) OVERRIDING SYSTEM VALUE
         SELECT ${values.join(', ')} FROM (SELECT * FROM ${table} WHERE ${where}) t, generate_series($2::int, $3::int - 1) n`,
      [template, from, to],
    );
  };
  const pay = `'pay_g' || lpad(n::text, 26, '0')`;
  const older = (column: string) => `t.${column} - n * interval '1 millisecond'`;
  await copy('payments', 'id = $1', { id: pay, resource_token: `'token' || n`, resource_token_hash: `'hash' || n`, authorization_reference: 'NULL', created_at: older('created_at') });
  await copy('payment_parties', 'payment_id = $1', { payment_id: pay });
  await copy('transfers', 'payment_id = $1', { id: `'tra_g' || t.position || lpad(n::text, 25, '0')`, payment_id: pay, created_at: older('created_at') });
  await copy('events', "object_id = $1 AND type = 'payment_succeeded'", { id: `'evt_g' || lpad(n::text, 26, '0')`, object_id: pay, created_at: older('created_at'), occurred_at: older('occurred_at') });
  await copy('idempotency_keys', "key = 'grow-template' AND $1::text IS NOT NULL", { key: `'grow-' || n` });
  await copy('scheduled_jobs', "subject_id = $1 AND kind = 'payment_expiry'", { id: `nextval(pg_get_serial_sequence('scheduled_jobs', 'id'))`, subject_id: pay, state: `'done'` });
  await pool.query('ANALYZE payments; ANALYZE payment_parties; ANALYZE transfers; ANALYZE events; ANALYZE idempotency_keys; ANALYZE scheduled_jobs');
}

/** CONCURRENCY clients asking for `path` (given the request's number) for SECONDS; answers the p99 in ms. */
async function p99(headers: Record<string, string>, path: (request: number) => string): Promise<number> {
  const times: number[] = [];
  let next = 0;
  const until = performance.now() + SECONDS * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(`${url}${path(next++)}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path(next)} answered ${response.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return percentile(times, 99);
}

/** The cursor of the list's hundredth page, walked to from the first. */
async function hundredthPage(list: string, headers: Record<string, string>): Promise<string> {
  let after: string | undefined;
  for (let page = 1; page < 100; page++) {
    const response = await fetch(`${url}${list}?first=${PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`, { headers });
    const answer = (await response.json()) as { cursor?: string };
    after = answer.cursor;
    if (!after) throw new Error(`${list} has fewer than 100 pages: page ${page} answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return `${list}?first=${PAGE}&after=${encodeURIComponent(after!)}`;
}

/** Deliveries of the first `backlog` seeded events, pending and due now (beside the earlier runs' delivered ones); answers how many the worker delivered per second. */
async function deliveryThroughput(backlog: number): Promise<number> {
  await pool.query(
    `INSERT INTO webhook_deliveries (event_id, url, state, next_attempt_at, lease_until, created_at, completed_at)
       SELECT 'evt_g' || lpad(n::text, 26, '0'), $1, 'pending', now(), NULL, now(), NULL FROM generate_series(0, $2::int - 1) n`,
    [receiver.url, backlog],
  );
  await pool.query('ANALYZE webhook_deliveries');
  receiver.count = 0;
  const started = performance.now();
  await services.worker.start();
  while (receiver.count < backlog) await new Promise((resolve) => setTimeout(resolve, 50));
  const seconds = (performance.now() - started) / 1000;
  await services.worker.stop();
  return Math.round(backlog / seconds);
}

try {
  const { id: template, authorization } = await templatePayment();
  const sizes = [];
  let seeded = 0;
  for (const size of SIZES) {
    const seedStarted = performance.now();
    await seed(template, seeded, size);
    seeded = size;
    const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
    const paymentsPage100 = await hundredthPage('/sandbox/payments', authorization);
    const eventsPage100 = await hundredthPage('/sandbox/events', authorization);
    sizes.push({
      payments: size,
      seeded_in_s: seedSeconds,
      p99_ms: {
        payment_read: await p99(authorization, (request) => `/sandbox/payments/pay_g${String((request * 7919) % size).padStart(26, '0')}`),
        payments_first_page: await p99(authorization, () => `/sandbox/payments?first=${PAGE}`),
        payments_page_100: await p99(authorization, () => paymentsPage100),
        events_first_page: await p99(authorization, () => `/sandbox/events?first=${PAGE}`),
        events_page_100: await p99(authorization, () => eventsPage100),
      },
    });
  }
  const backlogs = [];
  for (const backlog of BACKLOGS) backlogs.push({ backlog, delivered_per_s: await deliveryThroughput(Math.min(backlog, seeded)) });
  const [small, large] = [sizes[0]!, sizes.at(-1)!];
  const ratios = Object.fromEntries(Object.entries(large.p99_ms).map(([name, value]) => [name, Number((value / small.p99_ms[name as keyof typeof small.p99_ms]).toFixed(2))]));
  process.stdout.write(
    `${JSON.stringify(
      {
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        sizes,
        p99_ratio_large_to_small: ratios,
        backlogs,
        delivery_ratio_large_to_small: Number((backlogs.at(-1)!.delivered_per_s / backlogs[0]!.delivered_per_s).toFixed(2)),
        targets: { p99_ratio: 1.5, delivery_ratio: 0.8 },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await close();
  receiverServer.close();
  await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await pool.end();
}
