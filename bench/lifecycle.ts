/**
 * The money path on PostgreSQL, or on PGlite with BENCH_DATABASE=pglite (issue 17), each next to a
 * bare baseline (bench/baselines.ts) run in the same process (a Fastify server on the same kind of
 * database doing the same round trips, each one transaction with the least durable work):
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
 *   BENCH_OUTSIDE=1 npm run bench:lifecycle     from outside, as issue 30 measured: our server (as `npm start`
 *                                               runs it) and the baseline each in a process of its own, the
 *                                               clients and the webhook receiver in this one; CPU per flow is
 *                                               then the serving process's, and statements are not counted
 */
import { benchPair } from './baselines.js';
import { CARD, hostedFlowBench, median, OUTSIDE_NOTE, pageAuthorization, percentile, postJson as post, profiled, ratio, runFlows, type Flow } from './server.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FLOWS = Number(process.env.BENCH_FLOWS ?? 50);

const bench = await hostedFlowBench(await benchPair('lifecycle'), 'card');
const { db, url, pid, baseline, receiver, authorization, payment } = bench;
/** Runs `flow` against the server of `pid` (ours, the baseline's, or undefined in-process). */
const run = (flow: Flow, pid: number | undefined, done?: (id: string, at: number) => void) => runFlows(flow, { flows: FLOWS, seconds: DURATION, pid }, done);

try {
  const ours: Flow = async (step) => {
    const created = await step('create', () => post(`${url}/sandbox/payments`, payment, authorization), 201);
    const id = created.body.id as string;
    const token = pageAuthorization(created.body);
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
    await receiver.waitFor([...authorizedAt.keys()]);
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

  const lifecycle = [];
  const refunds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareCaptured: string[] = [];
    const baselineFigures = await run(bare, baseline.pid, (id) => bareCaptured.push(id));
    const authorizedAt = new Map<string, number>();
    const first = round === 0;
    const oursFigures = await profiled(first ? 'lifecycle' : undefined, () => run(ours, pid, (id, at) => authorizedAt.set(id, at)));
    const webhooks = await webhookDelays(authorizedAt);
    lifecycle.push({ ratio: ratio(oursFigures, baselineFigures), ours: oursFigures, baseline: baselineFigures, payment_succeeded_received: webhooks });

    const bareRefunds = await run(refunding(`${baseline.url}/refunds`, {}, bareCaptured), baseline.pid);
    const ourRefunds = await profiled(first ? 'refunds' : undefined, () => run(refunding(`${url}/sandbox/refunds`, authorization, [...authorizedAt.keys()]), pid));
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
        outside: OUTSIDE_NOTE,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await bench.close();
}
