/**
 * The SEPA Direct Debit lifecycle on PostgreSQL, or on PGlite with BENCH_DATABASE=pglite (issue
 * 17), next to a bare baseline run in the same process (a Fastify server on the same kind of
 * database answering the same round trips, each one transaction with the least durable work):
 *
 * - The buyer's flow: 50 concurrent buyers (BENCH_FLOWS), each doing again and again for
 *   BENCH_SECONDS: create (`POST /sandbox/payments`, SEPA Direct Debit) → start (the answer links to
 *   the simulated bank's account verification) → bank (the buyer's login posted to the simulator's
 *   bank, which redirects to the account-verification callback) → verified (that callback: the
 *   report recorded) → mandate (signed: authorized, the settlement scheduled two days later).
 *   Baseline, the same five round trips at the same paths: insert the payment; update its status;
 *   insert the bank's report; record the verified account on the payment; mark it authorized and
 *   insert its settlement job in one transaction. Reports flows/s, the ratio and each step's p50/p99.
 * - Settlement on the clock: the sandbox clock is moved as the tests move it (`POST
 *   /sandbox/simulations/clock/advance`), first to a minute before the first settlement falls due
 *   (what else the two days hold runs then: payment expiries, payout cut-offs), then past the last one;
 *   measured from that second move until every payment of the round is completed and until every
 *   `payment_succeeded` reached a local webhook receiver. Baseline: the same number of due jobs
 *   claimed 32 at a time (the runner's batch), each batch one transaction marking the jobs done, the
 *   payments completed and inserting their events. Reports settled payments/s and the ratio.
 *
 * Before the rounds, one flow of each is run alone three times with every statement counted, per
 * step (the fewest of the three); the settlement's statements are counted in every round. Baseline and ours run back to back in
 * BENCH_ROUNDS rounds (the machine is shared); the median of the rounds' ratios is reported with
 * every round's figures.
 *
 *   npm run bench:sepa          (DATABASE_URL defaults to the local test database)
 *   npm run bench:sepa:pglite   the same on the embedded database, ours and the baseline's each its own
 *   BENCH_PROFILE=dir npm run bench:sepa   also writes CPU profiles of our flows and settlement (first round)
 *   BENCH_STATEMENTS=1 npm run bench:sepa  also lists the statements of each step (to stderr)
 */
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { SIMULATOR_NOTIFICATION_JOB } from '../src/processor/simulator/store.js';
import { CONSUMER_MANDATE } from '../src/sandbox/scenarios.js';
import {
  EMBEDDED,
  hostedFlowBench,
  inProcessPair,
  median,
  pageAuthorization,
  postJson as post,
  profiled,
  ratio,
  runFlows,
  SCHEMA,
  send,
  statementsPerStep,
  statementTally,
  type BareDatabase,
  type Flow,
} from './server.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FLOWS = Number(process.env.BENCH_FLOWS ?? 50);
/** The decisions' test IBAN that verifies and whose collection is paid. */
const IBAN = 'DE89370400440532013000';
/** As many due jobs as our runner leases together. */
const SETTLE_BATCH = 32;

/** The baseline: the buyer's five round trips at our paths, each one transaction with the least durable work; and the settlement. */
async function baselineServer(bare: BareDatabase) {
  await bare.exec(`
    CREATE TABLE ${SCHEMA}.bare_payments (id text PRIMARY KEY, amount_minor bigint NOT NULL, currency text NOT NULL, reference text, status text NOT NULL,
      verified_iban text, account_holder text, mandate jsonb, created_at timestamptz NOT NULL);
    CREATE TABLE ${SCHEMA}.bare_reports (id text PRIMARY KEY, payment_id text NOT NULL REFERENCES ${SCHEMA}.bare_payments, iban text NOT NULL, account_holder text);
    CREATE TABLE ${SCHEMA}.bare_jobs (id bigserial PRIMARY KEY, payment_id text NOT NULL, state text NOT NULL, due_at timestamptz NOT NULL);
    CREATE INDEX ON ${SCHEMA}.bare_jobs (due_at) WHERE state = 'pending';
    CREATE TABLE ${SCHEMA}.bare_events (id bigserial PRIMARY KEY, payment_id text NOT NULL, type text NOT NULL, data jsonb NOT NULL, created_at timestamptz NOT NULL);`);
  const app = Fastify();
  await app.register(formbody);
  const at = () => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const id = (request: { params: unknown }) => (request.params as { id: string }).id;
  app.post('/sandbox/payments', async (request, reply) => {
    const body = request.body as { amount_minor: number; currency: string; reference: string };
    const payment = randomUUID();
    await bare.query(`INSERT INTO ${SCHEMA}.bare_payments (id, amount_minor, currency, reference, status, created_at) VALUES ($1, $2, $3, $4, 'initiated', now())`, [
      payment,
      body.amount_minor,
      body.currency,
      body.reference,
    ]);
    return reply.code(201).send({ id: payment, _links: { hosted_page: { href: `${at()}/pay/${payment}?token=${payment}` } } });
  });
  app.post('/hpp/payments/:id/start', async (request) => {
    await bare.query(`UPDATE ${SCHEMA}.bare_payments SET status = 'started' WHERE id = $1`, [id(request)]);
    return { status: 'started', _links: { account_verification: { href: `${at()}/simulator/bank?token=${id(request)}` } } };
  });
  app.post('/simulator/bank/verify', async (request, reply) => {
    const form = request.body as { token: string; iban: string; account_holder: string };
    const report = randomUUID();
    await bare.query(`INSERT INTO ${SCHEMA}.bare_reports VALUES ($1, $2, $3, $4)`, [report, form.token, form.iban, form.account_holder]);
    return reply.redirect(`${at()}/hpp/callbacks/account-verification?token=${form.token}&report_id=${report}`, 303);
  });
  app.get('/hpp/callbacks/account-verification', async (request, reply) => {
    const query = request.query as { token: string; report_id: string };
    await bare.query(
      `UPDATE ${SCHEMA}.bare_payments p SET status = 'started', verified_iban = r.iban, account_holder = r.account_holder FROM ${SCHEMA}.bare_reports r WHERE r.id = $2 AND p.id = $1 AND r.payment_id = p.id`,
      [query.token, query.report_id],
    );
    return reply.redirect(`${at()}/pay/${query.token}?token=${query.token}`, 303);
  });
  app.post('/hpp/payments/:id/mandate', async (request) => {
    await bare.transaction(async (query) => {
      const authorized = await query(`UPDATE ${SCHEMA}.bare_payments SET status = 'authorized', mandate = $2 WHERE id = $1 AND verified_iban IS NOT NULL RETURNING id`, [id(request), request.body]);
      if (authorized.rows.length !== 1) throw new Error('not verified');
      await query(`INSERT INTO ${SCHEMA}.bare_jobs (payment_id, state, due_at) VALUES ($1, 'pending', now() + interval '2 days')`, [id(request)]);
    });
    return { status: 'authorized' };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });

  /** Settles up to `count` due jobs as they would be two days later, a batch of SETTLE_BATCH per transaction; answers how many. */
  const settleBatch = async (limit: number) => {
    let settled = 0;
    await bare.transaction(async (query) => {
      const due = await query(
        `SELECT id, payment_id FROM ${SCHEMA}.bare_jobs WHERE state = 'pending' AND due_at <= now() + interval '2 days 1 minute' ORDER BY due_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      const jobs = due.rows as { id: string; payment_id: string }[];
      if (jobs.length === 0) return;
      const payments = jobs.map((job) => job.payment_id);
      await query(`UPDATE ${SCHEMA}.bare_jobs SET state = 'done' WHERE id = ANY($1)`, [jobs.map((job) => job.id)]);
      await query(`UPDATE ${SCHEMA}.bare_payments SET status = 'completed' WHERE id = ANY($1) AND status = 'authorized'`, [payments]);
      await query(
        `INSERT INTO ${SCHEMA}.bare_events (payment_id, type, data, created_at)
           SELECT id, 'payment_succeeded', jsonb_build_object('id', id, 'status', 'completed', 'reference', reference), now() FROM ${SCHEMA}.bare_payments WHERE id = ANY($1)`,
        [payments],
      );
      settled = jobs.length;
    });
    return settled;
  };
  const settle = async (count: number) => {
    let settled = 0;
    for (let batch = 1; batch > 0 && settled < count; settled += batch) batch = await settleBatch(Math.min(SETTLE_BATCH, count - settled));
    return settled;
  };
  return { app, url: at(), settle };
}

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(3));

const bench = await hostedFlowBench(await inProcessPair(baselineServer), 'sepa_direct_debit');
const { db, url, baseline, receiver, authorization, payment } = bench;

try {
  /** The buyer's SEPA flow on `base` (ours or the baseline's: the same paths); `headers` authorize the creation. */
  const sepaFlow =
    (base: string, headers: Record<string, string>): Flow =>
    async (step) => {
      const created = await step('create', () => post(`${base}/sandbox/payments`, payment, headers), 201);
      const id = created.body.id as string;
      const token = pageAuthorization(created.body);
      const started = await step('start', () => post(`${base}/hpp/payments/${id}/start`, {}, token), 200);
      const bank = new URL((started.body._links as { account_verification: { href: string } }).account_verification.href);
      const login = new URLSearchParams({ token: bank.searchParams.get('token')!, iban: IBAN, account_holder: 'Erika Mustermann' });
      const verified = await step('bank', () => send('POST', `${base}/simulator/bank/verify`, login), 303);
      // The callback as the bank's redirect names it, at the server's own address (its BASE_URL is not where it listens).
      const callback = new URL(verified.location!);
      await step('verified', () => send('GET', `${base}${callback.pathname}${callback.search}`), 303);
      const mandate = await step('mandate', () => post(`${base}/hpp/payments/${id}/mandate`, CONSUMER_MANDATE, token), 200);
      if (mandate.body.status !== 'authorized') throw new Error(`mandate answered ${String(mandate.body.status)}`);
      return id;
    };
  const ours = sepaFlow(url, authorization);
  const bare = sepaFlow(baseline.url, {});

  const clock = async () => Date.parse((await send('GET', `${url}/sandbox/simulations/clock`, undefined, authorization)).body.now as string);
  const advance = async (by: number) => {
    const moved = await post(`${url}/sandbox/simulations/clock/advance`, { seconds: Math.max(1, Math.round(by / 1000)) }, authorization);
    if (moved.status !== 200) throw new Error(`the clock answered ${moved.status}: ${JSON.stringify(moved.body)}`);
  };
  const doneJobs = async () =>
    Object.fromEntries(
      (await db.selectFrom('scheduled_jobs').select(['kind', (eb) => eb.fn.countAll<string>().as('count')]).where('state', '=', 'done').groupBy('kind').execute()).map((row) => [row.kind, Number(row.count)]),
    );
  const ranSince = (before: Record<string, number>, after: Record<string, number>) =>
    Object.fromEntries(Object.entries(after).flatMap(([kind, count]) => (count > (before[kind] ?? 0) ? [[kind, count - (before[kind] ?? 0)]] : [])));
  const completed = async (ids: string[]) => Number((await db.selectFrom('payments').select((eb) => eb.fn.countAll<string>().as('count')).where('id', 'in', ids).where('status', '=', 'completed').executeTakeFirstOrThrow()).count);

  /** Our settlement of the round's payments on the sandbox clock (see the head of this file). */
  const settleOurs = async (ids: string[]) => {
    if (ids.length === 0) throw new Error('no payment was authorized');
    const due = await db.selectFrom('scheduled_jobs').select((eb) => [eb.fn.min('due_at').as('first'), eb.fn.max('due_at').as('last')]).where('kind', '=', SIMULATOR_NOTIFICATION_JOB).where('state', '=', 'pending').executeTakeFirstOrThrow();
    const [first, last] = [new Date(due.first as Date).getTime(), new Date(due.last as Date).getTime()];
    let jobs = await doneJobs();
    let started = performance.now();
    // A minute short, as the tests move it: the jobs this move runs take real time, and the sandbox clock runs on meanwhile.
    await advance(first - (await clock()) - 60_000);
    const before = { seconds: seconds(started), jobs_run: ranSince(jobs, (jobs = await doneJobs())) };

    const tally = statementTally();
    started = performance.now();
    await advance(last - (await clock()) + 1_000);
    const answered = seconds(started);
    while ((await completed(ids)) < ids.length && performance.now() - started < 60_000) await new Promise((resolve) => setTimeout(resolve, 10));
    const allCompleted = seconds(started);
    const missing = await receiver.waitFor(ids, 60_000);
    const allReceived = seconds(started);
    const statements = tally();
    if (process.env.BENCH_STATEMENTS) console.error('our settlement', JSON.stringify(statements, null, 2));
    return {
      payments: ids.length,
      settled_per_s: Math.round(ids.length / allCompleted),
      clock_answered_s: answered,
      all_completed_s: allCompleted,
      all_payment_succeeded_received_s: allReceived,
      not_completed: ids.length - (await completed(ids)),
      payment_succeeded_missing: missing,
      jobs_run: ranSince(jobs, await doneJobs()),
      statements_per_payment: Number((statements.total / ids.length).toFixed(1)),
      before_the_first_settlement: before,
    };
  };
  const settleBare = async (count: number) => {
    const tally = statementTally();
    const started = performance.now();
    const settled = await baseline.settle(count);
    const took = (performance.now() - started) / 1000;
    const statements = tally();
    if (process.env.BENCH_STATEMENTS) console.error('bare settlement', JSON.stringify(statements, null, 2));
    return { payments: settled, settled_per_s: Math.round(settled / took), all_completed_s: Number(took.toFixed(3)), statements_per_payment: Number((statements.total / settled).toFixed(2)) };
  };

  const statements = { ours: await statementsPerStep(ours), baseline: await statementsPerStep(bare) };
  if (process.env.BENCH_STATEMENTS) console.error(JSON.stringify(statements, null, 2));
  const counts = (steps: typeof statements.ours) => Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, step.count]));

  const lifecycle = [];
  const settlement = [];
  for (let round = 0; round < ROUNDS; round++) {
    const first = round === 0;
    const baselineFigures = await runFlows(bare, { flows: FLOWS, seconds: DURATION });
    const authorized: string[] = [];
    const oursFigures = await profiled(first ? 'sepa' : undefined, () => runFlows(ours, { flows: FLOWS, seconds: DURATION }, (id) => authorized.push(id)));
    lifecycle.push({ ratio: ratio(oursFigures, baselineFigures), ours: oursFigures, baseline: baselineFigures });

    const bareSettled = await settleBare(authorized.length);
    const ourSettled = await profiled(first ? 'settlement' : undefined, () => settleOurs(authorized));
    settlement.push({ ratio: Number((ourSettled.settled_per_s / bareSettled.settled_per_s).toFixed(2)), ours: ourSettled, baseline: bareSettled });
  }
  process.stdout.write(
    `${JSON.stringify(
      {
        database: EMBEDDED ? 'pglite' : 'postgresql',
        flows: FLOWS,
        seconds: DURATION,
        statements_per_step: { ours: counts(statements.ours), baseline: counts(statements.baseline) },
        sepa_lifecycle: { ratio: median(lifecycle.map((round) => round.ratio)), rounds: lifecycle },
        settlement: { ratio: median(settlement.map((round) => round.ratio)), rounds: settlement },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await bench.close();
}
