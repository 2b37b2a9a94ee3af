import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/core/ids.js';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
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

/** An initial payment paid on the page with a card (or left unpaid). */
async function initialCardPayment(options: { number?: string; amount?: number; citMode?: string; pay?: boolean; owner?: TestPlatform } = {}) {
  const owner = options.owner ?? platform;
  const created = await server.request('POST', '/sandbox/payments', {
    token: await owner.token(),
    body: {
      amount_minor: options.amount ?? 0,
      currency: 'EUR',
      reference: 'subscription-start',
      payment_method: { type: 'card' },
      cit_mode: options.citMode ?? 'initial',
      integration: { type: 'hosted' },
      urls: { redirect: 'https://gym.example/return', webhook: receiver.url },
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  if (options.pay === false) return id;
  const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
  const page = (suffix: string, body: unknown) => server.request('POST', `/hpp/payments/${id}${suffix}`, { token, body });
  const view = await server.request('GET', `/hpp/payments/${id}`, { token });
  expect(view.body.requires_store_credentials).toBe(options.citMode === undefined || options.citMode === 'initial');
  await page('/start', {});
  const card = await page('/tokenize', { type: 'card', value: options.number ?? '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } });
  const authorized = await page('/authorize', { token: card.body.token });
  expect(authorized.body.status).toBe('captured');
  return id;
}

async function charge(body: Record<string, unknown>, headers: Record<string, string> = {}, owner: TestPlatform = platform) {
  return server.request('POST', '/sandbox/payments/authorize', {
    token: await owner.token(),
    headers,
    body: { amount_minor: 1_999, currency: 'EUR', reference: 'month-2', ...body },
  });
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
    const payment = (await server.request('GET', `/sandbox/payments/${response.body.id}`, { token: await platform.token() })).body;
    expect(payment).toMatchObject({ status: 'captured', succeeded: true, cit_mode: 'merchant_initiated', initial_payment_id: initial, processing_fee: { amount_minor: 53 } });
    expect(payment.routing.merchants[0]).toMatchObject({ id: merchant, amount_minor: 1_800, processing_fee_contribution: 100 });
    expect(payment._links.hosted_page).toBeUndefined();
    const events = (await receiver.waitFor(2)).map((delivery) => JSON.parse(delivery.body));
    expect(events.find((event) => event.data.id === response.body.id)).toMatchObject({ type: 'payment_succeeded', data: { status: 'captured', reference: 'month-2' } });
  });

  it('charges a 3-D Secure card without a challenge, the buyer being absent', async () => {
    const initial = await initialCardPaymentThrough3ds();
    const response = await charge({ initial_payment_id: initial });
    expect(response.body.status).toBe('captured');
  });

  it('collects again on the mandate of a SEPA initial payment: authorized, then completed on the clock', async () => {
    const created = await server.request('POST', '/sandbox/payments', {
      token: await platform.token(),
      body: { amount_minor: 990, currency: 'EUR', reference: 'sepa-start', payment_method: { type: 'sepa_direct_debit' }, cit_mode: 'initial', integration: { type: 'hosted' }, urls: { redirect: 'https://gym.example/return' } },
    });
    const id = created.body.id;
    const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
    await server.request('POST', `/hpp/payments/${id}/start`, { token, body: {} });
    const bank = await server.request('POST', '/simulator/bank/verify', { raw: new URLSearchParams({ token, iban: 'DE89370400440532013000' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await server.request('GET', bank.headers.get('location')!.replace(server.config.baseUrl, ''));
    const mandate = await server.request('POST', `/hpp/payments/${id}/mandate`, {
      token,
      body: { type: 'consumer', first_name: 'Max', last_name: 'Muster', birth_date: '1980-01-01', birth_place: { city: 'Bonn', country: 'DE' }, postal_address: { line1: 'Weg 1', town_city: 'Bonn', zip: '53111' } },
    });
    expect(mandate.body.status).toBe('authorized');
    server.clock.advance(2 * 86400);
    await server.app.services.jobs.runDue();

    const response = await charge({ initial_payment_id: id, amount_minor: 990 });
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('authorized');
    server.clock.advance(2 * 86400);
    await server.app.services.jobs.runDue();
    const payment = (await server.request('GET', `/sandbox/payments/${response.body.id}`, { token: await platform.token() })).body;
    expect(payment).toMatchObject({ status: 'completed', succeeded: true, processing_fee: { amount_minor: 35 } });
  });

  it('is idempotent with an Idempotency-Key', async () => {
    const initial = await initialCardPayment({ amount: 500 });
    const headers = { 'idempotency-key': `mit-${initial}` };
    const first = await charge({ initial_payment_id: initial }, headers);
    const replay = await charge({ initial_payment_id: initial }, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
  });
});

async function initialCardPaymentThrough3ds(): Promise<string> {
  const created = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: { amount_minor: 1_000, currency: 'EUR', reference: 'start', payment_method: { type: 'card' }, cit_mode: 'initial', integration: { type: 'hosted' }, urls: { redirect: 'https://gym.example/return' } },
  });
  const id = created.body.id;
  const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
  await server.request('POST', `/hpp/payments/${id}/start`, { token, body: {} });
  const card = await server.request('POST', `/hpp/payments/${id}/tokenize`, { token, body: { type: 'card', value: '4000000000003220', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } } });
  const challenged = await server.request('POST', `/hpp/payments/${id}/authorize`, { token, body: { token: card.body.token } });
  const challenge = challenged.body._links.challenge.href.replace(server.config.baseUrl, '');
  await server.request('POST', challenge, { raw: 'outcome=pass', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return id;
}

describe('what is refused', () => {
  const refusal = async (body: Record<string, unknown>, owner?: TestPlatform) => {
    const response = await charge(body, {}, owner);
    expect(response.status).toBe(422);
    return response.body.errors.map((error: { pointer: string }) => error.pointer);
  };

  it('refuses a one-off, an unpaid, a foreign or an unknown initial payment', async () => {
    const oneOff = await initialCardPayment({ citMode: 'one_off', amount: 100 });
    expect(await refusal({ initial_payment_id: oneOff })).toEqual(['/initial_payment_id']);
    const unpaid = await initialCardPayment({ pay: false });
    expect(await refusal({ initial_payment_id: unpaid })).toEqual(['/initial_payment_id']);
    const other = await server.platform();
    const foreign = await initialCardPayment({ owner: other });
    expect(await refusal({ initial_payment_id: foreign })).toEqual(['/initial_payment_id']);
    expect(await refusal({ initial_payment_id: newId('pay') })).toEqual(['/initial_payment_id']);
  });

  it('refuses another currency than the initial payment’s', async () => {
    const initial = await initialCardPayment();
    expect(await refusal({ initial_payment_id: initial, currency: 'USD' })).toEqual(['/currency']);
  });

  it('refuses a routing that does not add up and an amount below 1', async () => {
    const initial = await initialCardPayment();
    expect(await refusal({ initial_payment_id: initial, routing: { platform: { amount_minor: 1_000, processing_fee_contribution: 100 } } })).toEqual(['/routing']);
    const zero = await charge({ initial_payment_id: initial, amount_minor: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.errors[0].pointer).toBe('/amount_minor');
  });
});
