import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/core/ids.js';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { expectPaymentEvents, expectReadPayment } from '../helpers/payments.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
let receiver: Receiver;
let merchant: string;

beforeAll(async () => {
  // USD is supported, so paying an EUR series in USD is refused for not matching, not for the currency.
  server = await startServer({ JOB_WORKER: 'off', SUPPORTED_CURRENCIES: 'EUR,USD' });
  platform = await server.platform();
  merchant = await addMerchantAccount(server, platform.platformId, 'Gym');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});
afterEach(() => {
  receiver.received.length = 0;
});

const TWO_DAYS = 2 * 86400;
const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** A payment created for an initial payment's tests, with its id, page token and a step caller. */
async function createPayment(body: Record<string, unknown>, owner: TestPlatform = platform) {
  const created = await server.request('POST', '/sandbox/payments', {
    token: await owner.token(),
    body: { currency: 'EUR', cit_mode: 'initial', integration: { type: 'hosted' }, urls: { redirect: 'https://gym.example/return', webhook: receiver.url }, ...body },
  });
  expect(created.status, created.text).toBe(201);
  const id: string = created.body.id;
  const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
  const page = (suffix: string, stepBody: unknown) => server.request('POST', `/hpp/payments/${id}${suffix}`, { token, body: stepBody });
  return { id, token, page };
}

/** An initial payment paid on the page with a card (or left unpaid); `outcome` is what the card ends in. */
async function initialCardPayment(options: { number?: string; amount?: number; citMode?: string; pay?: boolean; owner?: TestPlatform; outcome?: 'captured' | 'declined' } = {}) {
  const { id, token, page } = await createPayment(
    { amount_minor: options.amount ?? 0, reference: 'subscription-start', payment_method: { type: 'card' }, cit_mode: options.citMode ?? 'initial' },
    options.owner,
  );
  if (options.pay === false) return id;
  const view = await server.request('GET', `/hpp/payments/${id}`, { token });
  expect(view.body.requires_store_credentials).toBe(options.citMode === undefined || options.citMode === 'initial');
  await page('/start', {});
  const card = await page('/tokenize', { type: 'card', value: options.number ?? '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } });
  const authorized = await page('/authorize', { token: card.body.token });
  expect(authorized.body).toMatchObject({ status: options.outcome ?? 'captured', workflow: { complete: true, next: 'hpp:complete' } });
  return id;
}

/** An initial payment paid with a 3-D Secure card whose challenge the buyer passes. */
async function initialCardPaymentThrough3ds(): Promise<string> {
  const { id, token, page } = await createPayment({ amount_minor: 1_000, reference: 'start', payment_method: { type: 'card' } });
  await page('/start', {});
  const card = await page('/tokenize', { type: 'card', value: '4000000000003220', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } });
  const challenged = await page('/authorize', { token: card.body.token });
  expect(challenged.body).toMatchObject({ status: 'started', workflow: { complete: false, next: 'hpp:authorize' } });
  const challenge = challenged.body._links.challenge.href.replace(server.config.baseUrl, '');
  await server.request('POST', challenge, form({ outcome: 'pass' }));
  const view = await server.request('GET', `/hpp/payments/${id}`, { token });
  expect(view.body).toMatchObject({ status: 'captured', workflow: { complete: true, next: 'hpp:complete' } });
  return id;
}

/**
 * An initial SEPA payment: bank verification, mandate (authorized), then, unless `settle` is
 * false, the collection settles on the clock (completed, or not_completed for the returned IBAN).
 */
async function initialSepaPayment(options: { settle?: boolean; iban?: string } = {}): Promise<string> {
  const { id, page } = await createPayment({ amount_minor: 990, reference: 'sepa-start', payment_method: { type: 'sepa_direct_debit' } });
  const started = await page('/start', {});
  const bankToken = new URL(started.body._links.account_verification.href).searchParams.get('token')!;
  const bank = await server.request('POST', '/simulator/bank/verify', form({ token: bankToken, iban: options.iban ?? 'DE89370400440532013000' }));
  await server.request('GET', bank.headers.get('location')!.replace(server.config.baseUrl, ''));
  const mandate = await page('/mandate', { type: 'consumer', first_name: 'Max', last_name: 'Muster', birth_date: '1980-01-01', birth_place: { city: 'Bonn', country: 'DE' }, postal_address: { line1: 'Weg 1', town_city: 'Bonn', zip: '53111' } });
  expect(mandate.body).toMatchObject({ status: 'authorized', workflow: { complete: true, next: 'hpp:complete' } });
  if (options.settle !== false) await settle();
  return id;
}

async function settle() {
  server.clock.advance(TWO_DAYS);
  await server.app.services.jobs.runDue();
}

async function charge(body: Record<string, unknown>, headers: Record<string, string> = {}, owner: TestPlatform = platform) {
  return server.request('POST', '/sandbox/payments/authorize', {
    token: await owner.token(),
    headers,
    body: { amount_minor: 1_999, currency: 'EUR', reference: 'month-2', ...body },
  });
}

async function read(id: string) {
  return (await server.request('GET', `/sandbox/payments/${id}`, { token: await platform.token() })).body;
}

/**
 * Every event of the payment, exactly, with its data {id, status, reference}: recorded, each sent
 * to `at` and nowhere else, and received there.
 */
async function expectWebhooks(at: Receiver, id: string, reference: string, expected: [type: string, status: string][]) {
  const recorded = await expectPaymentEvents(server, platform, at, { id, reference }, expected);
  const token = await platform.token();
  for (const event of recorded) {
    const detail = (await server.request('GET', `/sandbox/events/${event.event_id}`, { token })).body;
    expect(detail.deliveries.map((delivery: { url: string }) => delivery.url)).toEqual([at.url]);
  }
}

describe('what works', () => {
  it('charges the card stored by a zero-amount initial payment, with its own routing and events', async () => {
    const initial = await initialCardPayment();
    const response = await charge({
      initial_payment_id: initial,
      routing: { platform: { amount_minor: 199, processing_fee_contribution: 0 }, merchants: [{ type: 'merchant', id: merchant, amount_minor: 1_800, processing_fee_contribution: 100 }] },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'captured', reference: 'month-2', initial_payment_id: initial });
    expect(response.body._links.self.href).toBe(`${server.config.sandboxBaseUrl}/payments/${response.body.id}`);
    // The card fee of 19.99 (1.4 % + 25 = 53), all of it the merchant's.
    const payment = await expectReadPayment(server, platform, response.body.id, {
      status: 'captured',
      reference: 'month-2',
      amount_minor: 1_999,
      fee: 53,
      platform: { amount_minor: 199, processing_fee_contribution: 0, fee_share: 0 },
      merchants: [{ id: merchant, type: 'merchant', reference: null, amount_minor: 1_800, processing_fee_contribution: 100, fee_share: 53 }],
    });
    expect(payment).toMatchObject({ cit_mode: 'merchant_initiated', initial_payment_id: initial });
    expect(payment._links.hosted_page).toBeUndefined();
    await expectWebhooks(receiver, initial, 'subscription-start', [['payment_succeeded', 'captured']]);
    await expectWebhooks(receiver, response.body.id, 'month-2', [['payment_succeeded', 'captured']]); // to the initial payment's URL
  });

  it('charges a 3-D Secure card without a challenge, the buyer being absent, with its payment_succeeded event', async () => {
    const initial = await initialCardPaymentThrough3ds();
    const response = await charge({ initial_payment_id: initial });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'captured', reference: 'month-2', initial_payment_id: initial });
    expect(response.body._links.challenge).toBeUndefined();
    const payment = await expectReadPayment(server, platform, response.body.id, { status: 'captured', reference: 'month-2', amount_minor: 1_999, fee: 53 });
    expect(payment).toMatchObject({ cit_mode: 'merchant_initiated', initial_payment_id: initial });
    await expectWebhooks(receiver, initial, 'start', [['payment_succeeded', 'captured']]);
    await expectWebhooks(receiver, response.body.id, 'month-2', [['payment_succeeded', 'captured']]);
  });

  it('collects again on the mandate of a SEPA initial payment: authorized, then completed on the clock, its events sent to its own webhook URL', async () => {
    const id = await initialSepaPayment();
    await expectWebhooks(receiver, id, 'sepa-start', [['payment_succeeded', 'completed']]);
    const own = await startReceiver();
    try {
      const response = await charge({ initial_payment_id: id, amount_minor: 990, urls: { webhook: own.url } });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ status: 'authorized', reference: 'month-2', initial_payment_id: id });
      const collection = { reference: 'month-2', amount_minor: 990, fee: 35 };
      const payment = await expectReadPayment(server, platform, response.body.id, { status: 'authorized', ...collection });
      expect(payment).toMatchObject({ cit_mode: 'merchant_initiated', initial_payment_id: id });
      await expectWebhooks(own, response.body.id, 'month-2', []); // authorized: nothing to tell yet
      await settle();
      await expectReadPayment(server, platform, response.body.id, { status: 'completed', ...collection });
      await expectWebhooks(own, response.body.id, 'month-2', [['payment_succeeded', 'completed']]);
      expect(receiver.received.map((delivery) => JSON.parse(delivery.body).data.id)).not.toContain(response.body.id); // not to the initial payment's URL
    } finally {
      await own.close();
    }
  });

  it('is idempotent with an Idempotency-Key', async () => {
    const initial = await initialCardPayment({ amount: 500 });
    const headers = { 'idempotency-key': `mit-${initial}` };
    const first = await charge({ initial_payment_id: initial }, headers);
    const replay = await charge({ initial_payment_id: initial }, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    await expectWebhooks(receiver, first.body.id, 'month-2', [['payment_succeeded', 'captured']]); // charged once
  });
});

describe('what is refused', () => {
  let refusals = 0;
  const token = () => platform.token();
  /** The platform's payments and events: a refusal must create neither. */
  async function snapshot() {
    const payments = (await server.request('GET', '/sandbox/payments?first=100', { token: await token() })).body;
    const events = (await server.request('GET', '/sandbox/events?first=100', { token: await token() })).body;
    expect(payments.cursor).toBeUndefined(); // everything fits one page, so the comparison is complete
    expect(events.cursor).toBeUndefined();
    return { payments: payments.data.map((payment: { id: string }) => payment.id), events: events.data.map((event: { event_id: string }) => event.event_id) };
  }
  /** Charges and expects the refusal's status, no new payment (none with its reference either) and no new event; answers the pointers. */
  const refusal = async (body: Record<string, unknown>, status = 422, owner?: TestPlatform) => {
    const reference = (body.reference as string | undefined) ?? `refused-${++refusals}`;
    const before = await snapshot();
    const response = await charge({ ...body, reference }, {}, owner);
    expect(response.status, response.text).toBe(status);
    expect(response.body.code).toBe(status === 400 ? 'validation_error' : 'business_rule');
    expect(await snapshot()).toEqual(before);
    if (reference.length <= 50) expect((await server.request('GET', `/sandbox/payments?reference=${reference}`, { token: await token() })).body.data).toEqual([]);
    return response.body.errors.map((error: { pointer: string }) => error.pointer);
  };

  it('refuses a one-off, an unpaid, a foreign or an unknown initial payment, creating no payment and no event', async () => {
    const oneOff = await initialCardPayment({ citMode: 'one_off', amount: 100 });
    expect(await refusal({ initial_payment_id: oneOff })).toEqual(['/initial_payment_id']);
    const unpaid = await initialCardPayment({ pay: false });
    expect(await refusal({ initial_payment_id: unpaid })).toEqual(['/initial_payment_id']);
    const other = await server.platform();
    const foreign = await initialCardPayment({ owner: other });
    expect(await refusal({ initial_payment_id: foreign })).toEqual(['/initial_payment_id']);
    expect(await refusal({ initial_payment_id: newId('pay') })).toEqual(['/initial_payment_id']);
  });

  it('refuses a declined initial payment', async () => {
    const declined = await initialCardPayment({ number: '4000000000000002', amount: 100, outcome: 'declined' });
    expect(await refusal({ initial_payment_id: declined })).toEqual(['/initial_payment_id']);
  });

  it('refuses a SEPA initial payment only authorized (not yet completed), and one whose collection came back unpaid', async () => {
    const authorized = await initialSepaPayment({ settle: false });
    expect(await read(authorized)).toMatchObject({ status: 'authorized', succeeded: false });
    expect(await refusal({ initial_payment_id: authorized, amount_minor: 990 })).toEqual(['/initial_payment_id']);
    const unpaid = await initialSepaPayment({ iban: 'DE35370400440532013002' });
    expect(await read(unpaid)).toMatchObject({ status: 'not_completed', succeeded: false });
    await expectWebhooks(receiver, unpaid, 'sepa-start', [['payment_failed', 'not_completed']]);
    expect(await refusal({ initial_payment_id: unpaid, amount_minor: 990 })).toEqual(['/initial_payment_id']);
    await settle(); // the authorized one completes: now it starts a series
    expect((await charge({ initial_payment_id: authorized, amount_minor: 990 })).body.status).toBe('authorized');
  });

  it('refuses a merchant-initiated payment as the initial payment of another', async () => {
    const initial = await initialCardPayment();
    const mit = await charge({ initial_payment_id: initial });
    expect(mit.body.status).toBe('captured');
    expect(await refusal({ initial_payment_id: mit.body.id })).toEqual(['/initial_payment_id']);
  });

  it('refuses another currency than the initial payment’s', async () => {
    const initial = await initialCardPayment();
    expect(await refusal({ initial_payment_id: initial, currency: 'USD' })).toEqual(['/currency']);
  });

  it('refuses a routing that does not add up and an amount below 1', async () => {
    const initial = await initialCardPayment();
    expect(await refusal({ initial_payment_id: initial, routing: { platform: { amount_minor: 1_000, processing_fee_contribution: 100 } } })).toEqual(['/routing']);
    expect(await refusal({ initial_payment_id: initial, amount_minor: 0 }, 400)).toEqual(['/amount_minor']);
  });

  it('names a bad amount and a webhook URL the rules refuse in one 400', async () => {
    const initial = await initialCardPayment();
    const webhook = 'https://user:secret@gym.example/hooks';
    expect(await refusal({ initial_payment_id: initial, urls: { webhook } }, 400)).toEqual(['/urls/webhook']);
    expect((await refusal({ initial_payment_id: initial, amount_minor: 0, urls: { webhook } }, 400)).sort()).toEqual(['/amount_minor', '/urls/webhook']);
  });

  it.each([
    ['amount_minor', 99_999_999, 100_000_000],
    ['reference', 'r'.repeat(50), 'r'.repeat(51)],
    ['description', 'd'.repeat(100), 'd'.repeat(101)],
  ])('accepts %s at its bound and refuses it just past with 400 and its pointer', async (field, inside, outside) => {
    const initial = await initialCardPayment();
    const accepted = await charge({ initial_payment_id: initial, [field]: inside });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.status).toBe('captured');
    expect(await read(accepted.body.id)).toMatchObject({ [field]: inside, status: 'captured' });
    expect(await refusal({ initial_payment_id: initial, [field]: outside }, 400)).toEqual([`/${field}`]);
  });
});
