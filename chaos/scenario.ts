import { createHash } from 'node:crypto';
import http from 'node:http';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import type { Tables } from '../src/core/db.js';
import { ATTEMPT_RECOVERY_JOB } from '../src/payments/attempts.js';
import { REFUND_SEND_JOB } from '../src/refunds/service.js';
import { LocalAdyen, TEST_ADYEN } from '../test/helpers/adyen/server.js';
import { ServerProcess, type TimedResponse } from '../test/helpers/api-process.js';
import { PostgresInstance, waitUntil } from '../test/helpers/postgres-instance.js';
import { moneyViolations, type Violations } from './invariants.js';

/**
 * The money path under faults, made for real: a primary PostgreSQL with a synchronous streaming
 * standby, the API and a background worker as child processes, a webhook receiver that fails and
 * hangs part of the time, and buyers paying by card and refunding in part, retrying every request
 * that got no final answer with the same Idempotency-Key. Meanwhile PostgreSQL restarts twice, the
 * API is killed with SIGKILL once (and started again), and the standby is promoted once the primary
 * is stopped hard. Then the invariants are read from the database and the receiver.
 */
export interface ChaosOptions {
  /** Buyers paying at once. */
  buyers: number;
  /** How long the load runs; the faults fall at fixed fractions of it. */
  seconds: number;
  /**
   * Cards go to a local Adyen (PROCESSOR=adyen) answering this many milliseconds late, as a
   * distant acquirer does; absent: the simulator. Adyen's own books are then checked against ours.
   */
  adyenLatencyMs?: number;
  log?: (line: string) => void;
}

export interface ChaosReport {
  figures: Record<string, number>;
  /** What broke, by invariant, with the rows or objects that break it; empty when everything held. */
  violations: Violations;
}

const FAULTS = [
  { at: 0.15, name: 'restart PostgreSQL (fast)' },
  { at: 0.35, name: 'restart PostgreSQL again (fast)' },
  { at: 0.5, name: 'kill the API with SIGKILL, start it again' },
  { at: 0.7, name: 'stop the primary (immediate), promote the standby' },
] as const;

/** How long a buyer keeps retrying one request before the run counts it as never answered. */
const REQUEST_PATIENCE_MS = 120_000;
/** A receiver that hangs holds the attempt past the worker's 10 s timeout. */
const HANG_MS = 11_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A webhook receiver that verifies every signature, fails (1 in 5) or hangs (1 in 50) the first
 * attempt of an event, and answers 204 to the rest. Hangs are few: each holds one of the worker's
 * 64 slots for this receiver until the 10 s timeout.
 */
async function startReceiver() {
  let webhook: Webhook | undefined;
  const verified = new Set<string>();
  const seenOnce = new Set<string>();
  const counts = { deliveries: 0, invalid: 0, failed: 0, hung: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      counts.deliveries += 1;
      const id = String(request.headers['webhook-id']);
      try {
        webhook!.verify(Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>);
      } catch {
        counts.invalid += 1;
        response.writeHead(400).end();
        return;
      }
      const fate = createHash('sha256').update(id).digest().readUInt16BE(0) % 100;
      if (!seenOnce.has(id) && fate < 22) {
        seenOnce.add(id);
        if (fate < 2) {
          counts.hung += 1;
          // Received with a valid signature all the same, should the worker's timeout not have ended the attempt first.
          setTimeout(() => {
            verified.add(id);
            response.writeHead(204).end();
          }, HANG_MS).unref();
        } else {
          counts.failed += 1;
          response.writeHead(500).end();
        }
        return;
      }
      verified.add(id);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    verified,
    counts,
    trust(secret: string) {
      webhook = new Webhook(secret);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local Adyen answering `latencyMs` late, and the settings that point the API and the worker at it. */
async function startLocalAdyen(latencyMs: number) {
  const server = await LocalAdyen.start({ ...TEST_ADYEN, latencyMs });
  return { server, env: server.serverEnv() };
}

/**
 * Adyen's books against ours: every payment Adyen authorised is one captured payment of ours (no
 * charge lost, none twice), every refund of ours reached Adyen once with its amount, and nothing
 * Adyen got broke its OpenAPI document.
 */
async function adyenViolations(db: Kysely<Tables>, adyen: LocalAdyen): Promise<Violations> {
  const violations: Violations = {};
  const add = (name: string, rows: unknown[]) => {
    if (rows.length > 0) violations[name] = rows;
  };
  const moved = adyen.moved();
  const captured = await db.selectFrom('payments').select(['id', 'processor_reference', 'amount_minor']).where('status', '=', 'captured').execute();
  const authorised = moved.payments.filter((payment) => payment.resultCode === 'Authorised');
  const ours = new Map(captured.map((payment) => [payment.processor_reference, payment]));
  // bigint columns come back as text from PostgreSQL.
  add('every card Adyen charged is one captured payment of ours', authorised.filter((payment) => Number(ours.get(payment.pspReference)?.amount_minor) !== payment.amount));
  const charged = new Set(authorised.map((payment) => payment.pspReference));
  add('every captured payment of ours was charged at Adyen', captured.filter((payment) => !charged.has(payment.processor_reference ?? '')));
  const refunds = await db.selectFrom('refunds').select(['id', 'amount_minor', 'processor_reference']).execute();
  const sent = new Map<string, typeof moved.refunds>();
  for (const refund of moved.refunds) sent.set(refund.reference, [...(sent.get(refund.reference) ?? []), refund]);
  add('every refund reached Adyen once, with its amount', refunds.filter((refund) => {
    const at = sent.get(refund.id) ?? [];
    return at.length !== 1 || at[0]!.amount !== Number(refund.amount_minor) || at[0]!.pspReference !== refund.processor_reference;
  }));
  add('Adyen refunded nothing we did not ask', moved.refunds.filter((refund) => !refunds.some((ours) => ours.id === refund.reference)));
  add("every request and answer fits Adyen's OpenAPI document", adyen.violations);
  return violations;
}

/** Answers that say nothing final: the request is sent again, with the same key. */
function retryable(answer: TimedResponse): boolean {
  return answer.status >= 500 || answer.status === 429 || answer.status === 401 || (answer.status === 409 && answer.body?.code === 'idempotency_in_flight');
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const primary = await PostgresInstance.create({ name: 'primary' });
  await primary.start();
  const standby = await primary.createStandby('standby');
  await primary.setSynchronousStandbys(['standby']);
  const databaseUrl = `postgres://postgres@${primary.address},${standby.address}/postgres?target_session_attrs=read-write`;
  const receiver = await startReceiver();
  const adyen = options.adyenLatencyMs === undefined ? undefined : await startLocalAdyen(options.adyenLatencyMs);
  const processor = adyen?.env ?? {};
  const env = { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_SECOND: '0', WEBHOOK_WORKER: 'off', JOB_WORKER: 'off', ...processor };
  const stopped: ServerProcess[] = [];
  let api = await ServerProcess.start({ env });
  const worker = await ServerProcess.start({ env: { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_SECOND: '0', ...processor }, script: 'src/worker.ts' });
  // Read once the run is over, from the standby promoted by then.
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: standby.url, max: 2 }) }) });

  const figures = { requests: 0, retried: 0, no_answer: 0, answered_503: 0, payments: 0, captured: 0, declined: 0, refunds: 0, longest_retry_ms: 0, failover_ms: 0, late_retries: 0 };
  const answered = { payments: new Map<string, string>(), refunds: new Map<string, string>() };
  const disagreements: unknown[] = [];
  const unanswered: string[] = [];
  let token = '';
  let diedLogged = false;
  /** While the API is killed on purpose and started again. */
  let killing = false;

  /** Sends a request until it gets a final answer, every time the same (same key). */
  async function call(what: string, send: () => Promise<TimedResponse>): Promise<TimedResponse | undefined> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      figures.requests += 1;
      const answer = await send().catch(() => undefined);
      if (answer && answer.status === 503) figures.answered_503 += 1;
      if (answer && answer.status === 401) token = await api.token().catch(() => '');
      if (answer && !retryable(answer)) {
        figures.longest_retry_ms = Math.max(figures.longest_retry_ms, Date.now() - started);
        return answer;
      }
      if (!answer) figures.no_answer += 1;
      if (!answer && !api.alive && !killing && !diedLogged) {
        diedLogged = true;
        log(`the API process ended:\n${api.output().slice(-4000)}`);
      }
      figures.retried += 1;
      if (Date.now() - started > REQUEST_PATIENCE_MS) {
        unanswered.push(what);
        return undefined;
      }
      await sleep(Math.min(1_000, 100 * (attempt + 1)));
    }
  }

  const remember = (kind: 'payments' | 'refunds', key: string, id: string) => {
    const earlier = answered[kind].get(key);
    if (earlier && earlier !== id) disagreements.push({ kind, key, earlier, now: id });
    answered[kind].set(key, id);
  };

  /** One buyer's payment by card on the hosted page API, then partial refunds of it. */
  async function purchase(n: number): Promise<void> {
    const reference = `chaos-${n}`;
    const amount = 1_000 + (n % 7) * 100;
    const body = { amount_minor: amount, currency: 'EUR', reference, payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return', webhook: receiver.url } };
    const created = await call(`create ${reference}`, () => api.request('POST', '/sandbox/payments', { token, body, headers: { 'idempotency-key': `pay-${reference}` } }));
    if (created?.status !== 201) return void (created && unanswered.push(`create ${reference}: ${created.status} ${created.text}`));
    figures.payments += 1;
    const id: string = created.body.id;
    remember('payments', reference, id);
    const page = { token: new URL(created.body._links.hosted_page.href).searchParams.get('token')! };
    const hpp = (method: string, suffix: string, payload?: unknown) => api.request(method, `/hpp/payments/${id}${suffix}`, { ...page, ...(payload === undefined ? {} : { body: payload }) });
    const card = n % 5 === 4 ? '4000000000000002' : '4242424242424242';
    let status = '';
    for (let round = 0; round < 20 && !['captured', 'declined'].includes(status); round++) {
      status = (await call(`read ${reference}`, () => hpp('GET', '')))?.body?.status ?? '';
      if (status === 'initiated') await call(`start ${reference}`, () => hpp('POST', '/start', {}));
      if (status !== 'started' && status !== 'initiated') continue;
      const tokenized = await call(`tokenize ${reference}`, () =>
        hpp('POST', '/tokenize', { type: 'card', value: card, issuer: 'visa', token_data: { expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 2, cvv: '123' } }),
      );
      if (tokenized?.status !== 201) continue;
      // Not retried with the same token: a lost answer is read back from the payment in the next round.
      const authorized = await hpp('POST', '/authorize', { token: tokenized.body.token }).catch(() => undefined);
      if (authorized?.status === 200) status = authorized.body.status;
      else await sleep(200);
    }
    if (status === 'declined') figures.declined += 1;
    if (status !== 'captured') return;
    figures.captured += 1;
    for (const part of [1, 2]) {
      const key = `rfd-${reference}-${part}`;
      const refundBody = { payment_id: id, description: 'Returned goods', reference: key, routing: { platform: { amount_minor: 150 * part } } };
      const refund = await call(`refund ${key}`, () => api.request('POST', '/sandbox/refunds', { token, body: refundBody, headers: { 'idempotency-key': key } }));
      if (refund?.status !== 201) return void (refund && unanswered.push(`refund ${key}: ${refund.status} ${refund.text}`));
      figures.refunds += 1;
      remember('refunds', key, refund.body.id);
    }
  }

  async function fault(name: (typeof FAULTS)[number]['name']): Promise<void> {
    const started = Date.now();
    if (name.startsWith('restart PostgreSQL')) await primary.restart('fast');
    else if (name.startsWith('kill the API')) {
      killing = true;
      await api.kill();
      stopped.push(api);
      api = await ServerProcess.start({ env, after: api });
      killing = false;
    } else {
      await primary.stop('immediate');
      await standby.promote();
      const probe = { amount_minor: 100, currency: 'EUR', reference: 'failover-probe', integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } };
      await call('failover probe', () => api.request('POST', '/sandbox/payments', { token, body: probe, headers: { 'idempotency-key': 'failover-probe' } }));
      figures.failover_ms = Date.now() - started;
    }
    log(`${name}: ${Date.now() - started} ms`);
  }

  try {
    token = await api.token();
    receiver.trust((await api.request('GET', '/sandbox/webhook-secret', { token })).body.secret);
    const runUntil = Date.now() + options.seconds * 1000;
    let next = 0;
    const buyers = Array.from({ length: options.buyers }, async () => {
      while (Date.now() < runUntil) await purchase(next++);
    });
    for (const { at, name } of FAULTS) {
      await sleep(Math.max(0, runUntil - options.seconds * 1000 * (1 - at) - Date.now()));
      await fault(name);
    }
    await Promise.all(buyers);
    log(`load done: ${JSON.stringify(figures)}`);

    await settleEverything();
    return { figures: { ...figures, ...receiver.counts }, violations: await checks() };
  } finally {
    await db.destroy().catch(() => undefined);
    await api.stop();
    await worker.stop();
    for (const process of stopped) await process.stop();
    await receiver.close();
    await adyen?.server.close();
    await standby.remove();
    await primary.remove();
  }

  /**
   * Waits until nothing is left to happen: every authorization left open by the kill settled by
   * its recovery job (a minute later, and it may write a payment_succeeded), and every event
   * delivered. The receiver fails or hangs only first attempts and the retry comes 5 s later, but
   * on a loaded machine that retry can time out too, and the next is 5 minutes away on the sandbox
   * clock: when everything left waits for a later time on that clock, the clock is moved to the
   * first of them, as an integrator would in the sandbox. (A recovery job being asked at that
   * moment looks the same, its lease being its due time: it is asked again, and recorded once.)
   */
  async function settleEverything(): Promise<void> {
    let lastLog = Date.now();
    await waitUntil(
      async () => {
        // Jobs first: a recovery job writes its events and their deliveries in the transaction that completes it.
        const recoveries = await db.selectFrom('scheduled_jobs').select('due_at').where('kind', 'in', [ATTEMPT_RECOVERY_JOB, REFUND_SEND_JOB]).where('state', '=', 'pending').execute();
        const pending = await db.selectFrom('webhook_deliveries').select(['id', 'next_attempt_at', 'lease_until', 'attempt_count']).where('state', '=', 'pending').execute();
        if (recoveries.length === 0 && pending.length === 0) return true;
        const sandboxNow = Date.parse((await api.request('GET', '/sandbox/simulations/clock', { token })).body.now);
        const later = (at: Date | null): at is Date => at !== null && at.getTime() > sandboxNow + 10_000;
        const leased = pending.filter((delivery) => delivery.lease_until && delivery.lease_until.getTime() > Date.now());
        const waiting = pending.filter((delivery) => later(delivery.next_attempt_at) && !leased.includes(delivery));
        if (Date.now() - lastLog > 10_000) {
          lastLog = Date.now();
          log(`waiting for ${pending.length} deliveries (${leased.length} leased) and ${recoveries.length} recovery jobs`);
        }
        if (waiting.length === pending.length && recoveries.every((job) => later(job.due_at))) {
          const first = Math.min(...waiting.map((delivery) => delivery.next_attempt_at!.getTime()), ...recoveries.map((job) => job.due_at.getTime()));
          const seconds = Math.ceil((first - sandboxNow) / 1000) + 1;
          figures.late_retries += waiting.length;
          log(`${waiting.length} deliveries (attempts: ${waiting.map((delivery) => delivery.attempt_count).join(', ')}) and ${recoveries.length} recovery jobs wait for a later time: the sandbox clock moves ${seconds} s`);
          await api.request('POST', '/sandbox/simulations/clock/advance', { token, body: { seconds } });
        }
        return false;
      },
      300_000,
      'every open authorization recovered and every webhook delivered',
    );
  }

  async function checks(): Promise<Violations> {
    const violations: Violations = { ...(await moneyViolations(db)) };
    const add = (name: string, rows: unknown[]) => {
      if (rows.length > 0) violations[name] = rows;
    };
    add('no process ends but the one killed on purpose', [...[api, worker].filter((each) => !each.alive).map((each) => each.output().slice(-2000))]);
    add('every request gets a final answer', unanswered);
    add('every retry with a key is answered with the same object', disagreements);
    const duplicates = async (table: 'payments' | 'refunds') =>
      db.selectFrom(table).select(['reference', (eb) => eb.fn.countAll<number>().as('count')]).where('reference', 'like', '%chaos-%').groupBy('reference').having((eb) => eb.fn.countAll(), '>', 1).execute();
    add('at most one payment per Idempotency-Key', await duplicates('payments'));
    add('at most one refund per Idempotency-Key', await duplicates('refunds'));
    const missing = async (table: 'payments' | 'refunds', ids: string[]) => {
      if (ids.length === 0) return [];
      const found = new Set((await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((row) => row.id));
      return ids.filter((id) => !found.has(id));
    };
    add('every payment answered 201 still exists', await missing('payments', [...answered.payments.values()]));
    add('every refund answered 201 still exists', await missing('refunds', [...answered.refunds.values()]));
    const succeeded = await db.selectFrom('events').select('id').where('type', '=', 'payment_succeeded').execute();
    add('every payment_succeeded was received with a valid signature', succeeded.filter((event) => !receiver.verified.has(event.id)));
    add('no delivery with an invalid signature', receiver.counts.invalid > 0 ? [receiver.counts.invalid] : []);
    if (adyen) Object.assign(violations, await adyenViolations(db, adyen.server));
    return violations;
  }
}
