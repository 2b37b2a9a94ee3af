import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatorProcessor } from '../../src/processor/simulator/processor.js';
import type { SimulatorTables } from '../../src/processor/simulator/store.js';
import type { CardAuthorizationRequest } from '../../src/processor/boundary.js';
import { startServer, type Response, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { expectPaymentEvents, expectReadPayment } from '../helpers/payments.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';

/** Card fee of a 25.00 EUR payment (1.4 % + 25); SEPA Direct Debit's (0.35 %, at least 35). */
const CARD_FEE = 60;
const SEPA_FEE = 35;
const AMOUNT = 2_500;
const REFERENCE = 'order-77';
/** ATTEMPT_RECOVERY_SECONDS: when an attempt without an outcome is resolved. */
const RECOVERY_SECONDS = 60;

interface Page {
  id: string;
  token: string;
  receiver: Receiver;
}

const receivers: Receiver[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(receivers.splice(0).map((each) => each.close()));
});

const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function newPayment(server: TestServer, token: string, overrides: Record<string, unknown> = {}): Promise<Page> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const created = await initiate(server, token, { urls: { redirect: 'https://shop.example/return', webhook: receiver.url }, ...overrides });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id, token: new URL(created.body._links.hosted_page.href).searchParams.get('token')!, receiver };
}

function initiate(server: TestServer, token: string, overrides: Record<string, unknown> = {}): Promise<Response> {
  return server.request('POST', '/sandbox/payments', {
    token,
    body: { amount_minor: AMOUNT, currency: 'EUR', reference: REFERENCE, payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, ...overrides },
  });
}

const step = (server: TestServer, page: Page, method: string, suffix = '', body?: unknown) => server.request(method, `/hpp/payments/${page.id}${suffix}`, { token: page.token, body });

/** A started card payment and a single-use token of an approved test card. */
async function cardPayment(server: TestServer, token: string, overrides: Record<string, unknown> = {}): Promise<{ page: Page; card: string }> {
  const page = await newPayment(server, token, overrides);
  expect((await step(server, page, 'POST', '/start', {})).status).toBe(200);
  const tokenized = await step(server, page, 'POST', '/tokenize', { type: 'card', value: '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } });
  expect(tokenized.status, tokenized.text).toBe(201);
  return { page, card: tokenized.body.token };
}

function simulatorRecords(server: TestServer) {
  return server.app.database.db.withTables<SimulatorTables>();
}

// Five seconds, so that on a loaded machine the reads and initiations have time to answer before the first authorization does.
describe('a processor that takes five seconds to answer each call (SIMULATOR_LATENCY_MS=5000)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SIMULATOR_LATENCY_MS: '5000', RATE_LIMIT_PER_SECOND: '0', JOB_WORKER: 'off' });
  });
  afterAll(() => server?.close());

  it('keeps reads and initiations at their own latency while 50 card authorizations wait for it, none holding a connection', async () => {
    const platform = await server.platform();
    const token = await platform.token();
    const payments = await Promise.all(Array.from({ length: 50 }, () => cardPayment(server, token)));
    const authorize = SimulatorProcessor.prototype.authorize;
    let inside = 0;
    let peak = 0;
    vi.spyOn(SimulatorProcessor.prototype, 'authorize').mockImplementation(async function (this: SimulatorProcessor, charge: CardAuthorizationRequest) {
      peak = Math.max(peak, ++inside);
      try {
        return await authorize.call(this, charge);
      } finally {
        inside -= 1;
      }
    });
    let firstAuthorized: number | undefined;
    const authorizations = payments.map(({ page, card }) =>
      step(server, page, 'POST', '/authorize', { token: card }).then((answer) => {
        firstAuthorized ??= performance.now();
        return answer;
      }),
    );
    await eventually(async () => inside > 0);
    const answeredAt: number[] = [];
    const timed = (request: Promise<Response>) =>
      request.then((answer) => {
        answeredAt.push(performance.now());
        return answer;
      });
    const [reads, initiations] = await Promise.all([
      Promise.all(payments.map(({ page }) => timed(server.request('GET', `/sandbox/payments/${page.id}`, { token })))),
      Promise.all(Array.from({ length: 10 }, () => timed(initiate(server, token)))),
    ]);
    const authorized = await Promise.all(authorizations);

    expect(reads.map((read) => read.status)).toEqual(reads.map(() => 200));
    expect(initiations.map((created) => created.status)).toEqual(initiations.map(() => 201));
    expect(authorized.map((answer) => answer.body.status)).toEqual(authorized.map(() => 'captured'));
    // Every authorization spends five seconds with the processor: a read or initiation that had to wait
    // for one (its lock, or a connection it holds) would answer after the first of them.
    expect(Math.max(...answeredAt)).toBeLessThan(firstAuthorized!);
    // More authorizations with the processor at once than the pool has connections (20; PGlite has one).
    expect(peak).toBeGreaterThan(20);
  }, 120_000);
});

describe('a processor that fails', () => {
  let server: TestServer;
  let platform: TestPlatform;
  beforeAll(async () => {
    // A page that expires before the recovery job comes due, to see the expiry wait for the attempt.
    server = await startServer({ JOB_WORKER: 'off', PAYMENT_TTL_SECONDS: '30' });
    platform = await server.platform();
  });
  afterAll(() => server?.close());

  const runJobsAfter = async (seconds: number) => {
    server.clock.advance(seconds);
    await server.app.services.jobs.runDue();
  };

  /** A processor call that times out: after doing its work (its answer lost), or, unreachable, before. */
  const timingOut =
    <A extends unknown[], R>(original: (...args: A) => Promise<R>, afterWorking: boolean) =>
    async function (this: SimulatorProcessor, ...args: A): Promise<R> {
      if (afterWorking) await original.apply(this, args);
      throw new Error('the processor did not answer in time');
    };
  const failNextAuthorization = (afterWorking: boolean) => {
    const original = SimulatorProcessor.prototype.authorize; // taken before the spy replaces it
    return vi.spyOn(SimulatorProcessor.prototype, 'authorize').mockImplementationOnce(timingOut(original, afterWorking));
  };

  function expectUnavailable(answer: Response) {
    expect(answer.status, answer.text).toBe(503);
    expect(answer.body.code).toBe('service_unavailable');
    expect(answer.headers.get('retry-after')).toBe(String(RECOVERY_SECONDS));
  }

  it.each([
    ['times out after charging (its answer lost)', true],
    ['cannot be reached', false],
  ])('%s: the authorization answers 503 and changes nothing; the recovery job asks again with the same reference and records it once', async (_label, charged) => {
    const { page, card } = await cardPayment(server, await platform.token());
    const authorize = failNextAuthorization(charged);
    expectUnavailable(await step(server, page, 'POST', '/authorize', { token: card }));
    await expectReadPayment(server, platform, page.id, { status: 'started', reference: REFERENCE, amount_minor: AMOUNT, fee: CARD_FEE }); // no capture, transfer or booking

    // While the attempt is open the page reads, every other step answers 409, and neither the
    // expiry job nor a visit cancels the payment, which may have been charged.
    for (const [suffix, body] of [['/cancel'], ['/start', {}], ['/authorize', { token: card }]] as const) {
      const refused = await step(server, page, 'POST', suffix, body);
      expect(refused.status, `${suffix} ${refused.text}`).toBe(409);
      expect(refused.body.code).toBe('conflict');
    }
    await runJobsAfter(31);
    expect((await step(server, page, 'GET')).body).toMatchObject({ status: 'started' });

    await runJobsAfter(RECOVERY_SECONDS);
    const references = authorize.mock.calls.map(([charge]) => charge.reference);
    expect(references).toHaveLength(2);
    expect(references[1]).toBe(references[0]);
    const records = await simulatorRecords(server).selectFrom('simulator_card_authorizations').select(['outcome', 'requests']).where('reference', '=', references[0]!).execute();
    expect(records).toEqual([{ outcome: 'approved', requests: charged ? 2 : 1 }]); // one charge, however often asked
    await runJobsAfter(3600); // the expiry, moved past the attempt, finds the payment captured
    await expectReadPayment(server, platform, page.id, { status: 'captured', reference: REFERENCE, amount_minor: AMOUNT, fee: CARD_FEE });
    await expectPaymentEvents(server, platform, page.receiver, { id: page.id, reference: REFERENCE }, [['payment_succeeded', 'captured']]);
  });

  it('answers other steps 409 at once while an authorization is with the processor, and records its outcome once', async () => {
    const { page, card } = await cardPayment(server, await platform.token());
    const authorize = SimulatorProcessor.prototype.authorize;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const charge = vi.spyOn(SimulatorProcessor.prototype, 'authorize').mockImplementationOnce(async function (this: SimulatorProcessor, input: CardAuthorizationRequest) {
      await released;
      return authorize.call(this, input);
    });
    const authorizing = step(server, page, 'POST', '/authorize', { token: card });
    await eventually(async () => charge.mock.calls.length > 0);
    expect((await step(server, page, 'POST', '/cancel')).status).toBe(409);
    expect((await step(server, page, 'POST', '/tokenize', { type: 'card', value: '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } })).status).toBe(409);
    expect((await step(server, page, 'GET')).body).toMatchObject({ status: 'started' });
    expect((await server.request('GET', `/sandbox/payments/${page.id}`, { token: await platform.token() })).body.status).toBe('started');
    release();
    expect((await authorizing).body).toMatchObject({ status: 'captured', succeeded: true });
    // Closed with the outcome it would have recovered: no job run is left for it.
    const recovery = await server.app.database.db.selectFrom('scheduled_jobs').select('state').where('subject_id', '=', charge.mock.calls[0]![0].reference).executeTakeFirstOrThrow();
    expect(recovery.state).toBe('done');
    await runJobsAfter(RECOVERY_SECONDS);
    expect(charge).toHaveBeenCalledTimes(1);
    await expectReadPayment(server, platform, page.id, { status: 'captured', reference: REFERENCE, amount_minor: AMOUNT, fee: CARD_FEE });
    await expectPaymentEvents(server, platform, page.receiver, { id: page.id, reference: REFERENCE }, [['payment_succeeded', 'captured']]);
  });

  it('leaves a SEPA mandate whose collection got no answer to the recovery job: authorized once, collected once, completed', async () => {
    const page = await newPayment(server, await platform.token(), { payment_method: { type: 'sepa_direct_debit' } });
    const started = await step(server, page, 'POST', '/start', {});
    const bankToken = new URL(started.body._links.account_verification.href).searchParams.get('token')!;
    const verified = await server.request('POST', '/simulator/bank/verify', form({ token: bankToken, iban: 'DE89370400440532013000' }));
    expect((await server.request('GET', verified.headers.get('location')!.replace(server.config.baseUrl, ''))).status).toBe(303);
    const original = SimulatorProcessor.prototype.collect;
    const collect = vi.spyOn(SimulatorProcessor.prototype, 'collect').mockImplementationOnce(timingOut(original, true));
    const mandate = { type: 'consumer', first_name: 'Erika', last_name: 'Mustermann', birth_date: '1990-04-12', birth_place: { city: 'Köln', country: 'DE' }, postal_address: { line1: 'Weg 1', town_city: 'Köln', zip: '51147' } };
    expectUnavailable(await step(server, page, 'POST', '/mandate', mandate));
    expect((await step(server, page, 'POST', '/mandate', mandate)).status).toBe(409);
    await expectReadPayment(server, platform, page.id, { status: 'started', reference: REFERENCE, amount_minor: AMOUNT, fee: SEPA_FEE });

    await runJobsAfter(RECOVERY_SECONDS);
    await expectReadPayment(server, platform, page.id, { status: 'authorized', reference: REFERENCE, amount_minor: AMOUNT, fee: SEPA_FEE });
    const references = collect.mock.calls.map(([input]) => input.reference);
    expect(references).toEqual([references[0], references[0]]);
    const collections = await simulatorRecords(server).selectFrom('simulator_movements').select('kind').where('reference', '=', references[0]!).execute();
    expect(collections).toEqual([{ kind: 'collection' }]); // asked twice, collected once
    await runJobsAfter(2 * 24 * 3600);
    await expectReadPayment(server, platform, page.id, { status: 'completed', reference: REFERENCE, amount_minor: AMOUNT, fee: SEPA_FEE });
    await expectPaymentEvents(server, platform, page.receiver, { id: page.id, reference: REFERENCE }, [['payment_succeeded', 'completed']]);
  });

  it('records a merchant-initiated payment and its attempt before the processor: a lost answer is a 503 naming the payment, which the recovery job captures once', async () => {
    const { page, card } = await cardPayment(server, await platform.token(), { cit_mode: 'initial' });
    expect((await step(server, page, 'POST', '/authorize', { token: card })).body.status).toBe('captured');
    const authorize = failNextAuthorization(true);
    const failed = await server.request('POST', '/sandbox/payments/authorize', {
      token: await platform.token(),
      body: { initial_payment_id: page.id, amount_minor: AMOUNT, currency: 'EUR', reference: 'month-2' },
    });
    expectUnavailable(failed);
    const id = /pay_[0-9A-Za-z]{26}/.exec(failed.body.detail)![0];
    await expectReadPayment(server, platform, id, { status: 'initiated', reference: 'month-2', amount_minor: AMOUNT, fee: CARD_FEE });

    await runJobsAfter(RECOVERY_SECONDS);
    expect(authorize).toHaveBeenCalledTimes(2);
    await expectReadPayment(server, platform, id, { status: 'captured', reference: 'month-2', amount_minor: AMOUNT, fee: CARD_FEE });
    await expectPaymentEvents(server, platform, page.receiver, { id, reference: 'month-2' }, [['payment_succeeded', 'captured']]);
  });

  /** A merchant-initiated charge of the page's stored card, with an Idempotency-Key of its reference. */
  const keyedCharge = async (page: Page, reference: string) =>
    server.request('POST', '/sandbox/payments/authorize', {
      token: await platform.token(),
      headers: { 'idempotency-key': `${reference}-${page.id}` },
      body: { initial_payment_id: page.id, amount_minor: AMOUNT, currency: 'EUR', reference },
    });

  it('keeps the answer of a keyed merchant-initiated payment whose processor did not answer once the recovery job settles it: the retry replays it', async () => {
    const { page, card } = await cardPayment(server, await platform.token(), { cit_mode: 'initial' });
    expect((await step(server, page, 'POST', '/authorize', { token: card })).body.status).toBe('captured');
    failNextAuthorization(true);
    const charge = () => keyedCharge(page, 'month-3');
    expectUnavailable(await charge());
    // Committed, its outcome awaited: a retry now is told so at once, and charges nothing.
    const during = await charge();
    expect(during.status, during.text).toBe(409);
    expect(during.body.code).toBe('idempotency_in_flight');

    await runJobsAfter(RECOVERY_SECONDS);
    const replay = await charge();
    expect(replay.status, replay.text).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toMatchObject({ status: 'captured', reference: 'month-3', initial_payment_id: page.id });
    const made = await server.request('GET', '/sandbox/payments?reference=month-3', { token: await platform.token() });
    expect(made.body.data.map((payment: { id: string }) => payment.id)).toEqual([replay.body.id]);
  });

  it('holds the key of a merchant-initiated payment past its 24 hours while its outcome is awaited: no second charge, however long the processor is away', async () => {
    const { page, card } = await cardPayment(server, await platform.token(), { cit_mode: 'initial' });
    expect((await step(server, page, 'POST', '/authorize', { token: card })).body.status).toBe('captured');
    const away = vi.spyOn(SimulatorProcessor.prototype, 'authorize').mockRejectedValue(new Error('the processor is away'));
    const charge = () => keyedCharge(page, 'month-4');
    expectUnavailable(await charge());
    await runJobsAfter(25 * 3600); // recovery fails every minute meanwhile; housekeeping runs
    const later = await charge();
    expect(later.status, later.text).toBe(409);
    expect(later.body.code).toBe('idempotency_in_flight');

    away.mockRestore();
    await runJobsAfter(RECOVERY_SECONDS);
    const replay = await charge();
    expect(replay.status, replay.text).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const made = await server.request('GET', '/sandbox/payments?reference=month-4', { token: await platform.token() });
    expect(made.body.data.map((payment: { id: string; status: string }) => [payment.id, payment.status])).toEqual([[replay.body.id, 'captured']]);
  });
});
