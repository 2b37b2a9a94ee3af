import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../src/core/ids.js';
import { SimulatorProcessor } from '../../src/processor/simulator.js';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { startReceiver, eventually, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
let receiver: Receiver;

beforeAll(async () => {
  server = await startServer({ SUPPORTED_CURRENCIES: 'EUR,JPY' });
  platform = await server.platform();
});
afterAll(() => server?.close());
afterEach(() => receiver?.close());

interface Page {
  id: string;
  token: string;
  path: (suffix?: string) => string;
}

async function newPayment(overrides: Record<string, unknown> = {}): Promise<Page> {
  receiver = await startReceiver();
  const response = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: {
      amount_minor: 2_500,
      currency: 'EUR',
      reference: 'order-42',
      description: 'Concert ticket',
      payment_method: { type: 'card' },
      integration: { type: 'hosted' },
      urls: { redirect: 'https://shop.example/return?cart=7', webhook: receiver.url },
      ...overrides,
    },
  });
  expect(response.status).toBe(201);
  const token = new URL(response.body._links.hosted_page.href).searchParams.get('token')!;
  const id = response.body.id;
  return { id, token, path: (suffix = '') => `/hpp/payments/${id}${suffix}` };
}

const hpp = (page: Page, method: string, suffix = '', body?: unknown) => server.request(method, page.path(suffix), { token: page.token, body });

async function tokenize(page: Page, number: string, overrides: Record<string, unknown> = {}) {
  return hpp(page, 'POST', '/tokenize', {
    type: 'card',
    value: number,
    issuer: 'visa',
    token_data: { expiry_month: 12, expiry_year: server.clock.now().getUTCFullYear() + 2, cvv: '123', holder_name: 'Erika Mustermann' },
    ...overrides,
  });
}

async function pay(page: Page, number: string) {
  const token = await tokenize(page, number);
  expect(token.status).toBe(201);
  return hpp(page, 'POST', '/authorize', { token: token.body.token });
}

async function readPayment(id: string) {
  return (await server.request('GET', `/sandbox/payments/${id}`, { token: await platform.token() })).body;
}

async function webhookTypes(count: number): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const received = await receiver.waitFor(count);
  return received.map((delivery) => JSON.parse(delivery.body));
}

describe('card payments', () => {
  it('walks view → start → tokenize → authorize to captured, with the success event and the redirect', async () => {
    const page = await newPayment();
    const view = await hpp(page, 'GET');
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      id: page.id,
      amount_minor: 2_500,
      currency: 'EUR',
      status: 'initiated',
      description: 'Concert ticket',
      branding: { format: 'merchant_primary', platform: { name: 'Test platform', colors: { primary: expect.stringMatching(/^#[0-9a-f]{6}$/i) } } },
      payment_methods: [{ type: 'card', name: 'Card' }],
      requires_store_credentials: false,
      workflow: { complete: false, next: 'hpp:start' },
    });
    expect(typeof view.body.tokenization.merchant_id).toBe('number');
    expect(view.body.minor_units).toBe(2);
    expect(view.body.payment_methods[0]._links.start).toEqual({ href: `${server.config.baseUrl}${page.path('/start')}`, methods: ['POST'] });
    expect(view.body._links['hpp:start'].methods).toEqual(['POST']);
    expect(view.body._links.cancel.methods).toEqual(['POST']);

    const start = await hpp(page, 'POST', '/start', {});
    expect(start.body).toMatchObject({ status: 'started', workflow: { complete: false, next: 'hpp:authorize' } });
    expect(start.body._links['hpp:authorize'].methods).toEqual(['POST']);

    const token = await tokenize(page, '4242424242424242');
    expect(token.status).toBe(201);
    expect(token.body.token).toMatch(/^tok_[0-9A-Za-z]{26}$/);
    expect(Date.parse(token.body.expires_at) - server.clock.now().getTime()).toBe(15 * 60 * 1000);

    const authorized = await hpp(page, 'POST', '/authorize', { token: token.body.token });
    expect(authorized.status).toBe(200);
    expect(authorized.body).toMatchObject({ status: 'captured', succeeded: true, workflow: { complete: true, next: 'hpp:complete' } });
    const redirect = new URL(authorized.body._links['hpp:complete'].href);
    expect(`${redirect.origin}${redirect.pathname}`).toBe('https://shop.example/return');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ cart: '7', payment_id: page.id, status: 'captured' });

    expect(await readPayment(page.id)).toMatchObject({ status: 'captured', succeeded: true, processing_fee: { amount_minor: 60, currency: 'EUR' } });
    const [event] = await webhookTypes(1);
    expect(event).toMatchObject({ type: 'payment_succeeded', data: { id: page.id, status: 'captured', reference: 'order-42' } });
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ])('declines %s (%s) with payment_failed', async (number, reason) => {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    const declined = await pay(page, number);
    expect(declined.body).toMatchObject({ status: 'declined', succeeded: false, decline_reason: reason, workflow: { complete: true, next: 'hpp:complete' } });
    expect((await readPayment(page.id)).status).toBe('declined');
    const [event] = await webhookTypes(1);
    expect(event).toMatchObject({ type: 'payment_failed', data: { id: page.id, status: 'declined', reference: 'order-42' } });
    expect((await tokenize(page, '4242424242424242')).status).toBe(409);
  });

  it('passes a 3-D Secure challenge through the simulator page and captures', async () => {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    const challenged = await pay(page, '4000000000003220');
    expect(challenged.body).toMatchObject({ status: 'started', succeeded: false, workflow: { complete: false, next: 'hpp:authorize' } });
    const challengeUrl = challenged.body._links.challenge.href.replace(server.config.baseUrl, '');
    const challengePage = await server.request('GET', challengeUrl);
    expect(challengePage.status).toBe(200);
    expect(challengePage.headers.get('content-type')).toContain('text/html');
    expect(challengePage.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(challengePage.text).toContain('3220');
    const answered = await server.request('POST', challengeUrl, { raw: 'outcome=pass', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`${server.config.baseUrl}/pay/${page.id}?token=${page.token}`);
    expect((await readPayment(page.id)).status).toBe('captured');
    expect((await server.request('POST', challengeUrl, { raw: 'outcome=pass', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(404);
    const [event] = await webhookTypes(1);
    expect(event!.type).toBe('payment_succeeded');
  });

  it('fails 3-D Secure, emits payment_authentication_failed, and lets the buyer retry with another card', async () => {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    const challenged = await pay(page, '4000000000003220');
    const challengeUrl = challenged.body._links.challenge.href.replace(server.config.baseUrl, '');
    await server.request('POST', challengeUrl, { raw: 'outcome=fail', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const failed = await hpp(page, 'GET');
    expect(failed.body).toMatchObject({ status: 'authentication_failed', workflow: { complete: false, next: 'hpp:authorize' } });
    expect((await readPayment(page.id)).status).toBe('authentication_failed');
    const retried = await pay(page, '5555555555554444');
    expect(retried.body.status).toBe('captured');
    const events = await webhookTypes(2);
    expect(events.map((event) => event.type).sort()).toEqual(['payment_authentication_failed', 'payment_succeeded']);
    expect(events.find((event) => event.type === 'payment_authentication_failed')!.data).toEqual({ id: page.id, status: 'authentication_failed', reference: 'order-42' });
  });

  it('lets the buyer choose the method on a user_selected payment, which fixes the fee', async () => {
    const page = await newPayment({ payment_method: { type: 'user_selected' }, amount_minor: 10_000 });
    const view = await hpp(page, 'GET');
    expect(view.body.payment_methods.map((method: { type: string }) => method.type)).toEqual(['card', 'sepa_direct_debit']);
    expect((await readPayment(page.id)).processing_fee).toBeNull();
    await hpp(page, 'POST', '/start', { type: 'card' });
    expect((await readPayment(page.id)).processing_fee).toEqual({ amount_minor: 165, currency: 'EUR' });
    expect((await pay(page, '4242424242424242')).body.status).toBe('captured');
  });

  it('declines at authorization, before any charge, a chosen method whose fee exceeds a party\'s routed amount', async () => {
    // user_selected: the fee (card: 1.4 % + 25 = 60) is unknown at initiation, so the routing is accepted then.
    const merchant = await addMerchantAccount(server, platform.platformId);
    const page = await newPayment({
      payment_method: { type: 'user_selected' },
      routing: { platform: { amount_minor: 10, processing_fee_contribution: 100 }, merchants: [{ type: 'merchant', id: merchant, amount_minor: 2_490, processing_fee_contribution: 0 }] },
    });
    expect((await hpp(page, 'POST', '/start', { type: 'card' })).status).toBe(200);
    const charge = vi.spyOn(SimulatorProcessor.prototype, 'authorizeCard');
    try {
      const declined = await pay(page, '4242424242424242');
      expect(declined.status, declined.text).toBe(200);
      expect(declined.body).toMatchObject({ status: 'declined', succeeded: false, decline_reason: 'processing_fee_exceeds_routed_amount' });
      expect(charge).not.toHaveBeenCalled();
    } finally {
      charge.mockRestore();
    }
    const read = await readPayment(page.id);
    expect(read.status).toBe('declined');
    expect(read.routing.platform.transfer).toBeNull();
    const [event] = await webhookTypes(1);
    expect(event).toMatchObject({ type: 'payment_failed', data: { id: page.id, status: 'declined' } });
  });

  it('fixes the fee of a chosen method on a fresh embedded database, its fee schedule not yet cached', async () => {
    const fresh = await startServer();
    try {
      const owner = await fresh.platform();
      const created = await fresh.request('POST', '/sandbox/payments', {
        token: await owner.token(),
        body: { amount_minor: 2_500, currency: 'EUR', reference: 'first', payment_method: { type: 'user_selected' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/r' } },
      });
      const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
      const started = await fresh.request('POST', `/hpp/payments/${created.body.id}/start`, { token, body: { type: 'card' } });
      expect(started.status, started.text).toBe(200);
      expect((await fresh.request('GET', `/sandbox/payments/${created.body.id}`, { token: await owner.token() })).body.processing_fee).toEqual({ amount_minor: 60, currency: 'EUR' });
    } finally {
      await fresh.close();
    }
  });

  it('creates one transfer per routing party on success, net of its fee share', async () => {
    const merchant = await addMerchantAccount(server, platform.platformId);
    const page = await newPayment({
      amount_minor: 10_000,
      routing: {
        platform: { amount_minor: 1_000, processing_fee_contribution: 50 },
        merchants: [{ type: 'merchant', id: merchant, reference: 'gig-1', amount_minor: 9_000, processing_fee_contribution: 50 }],
      },
    });
    const before = await readPayment(page.id);
    expect(before.routing.platform.transfer).toBeNull();
    await hpp(page, 'POST', '/start', {});
    await pay(page, '4242424242424242');
    const { routing } = await readPayment(page.id);
    expect(routing.platform.transfer).toEqual({ transfer_id: expect.stringMatching(/^tra_[0-9A-Za-z]{26}$/), amount_minor: 1_000 - 83, processing_fee: { amount_minor: 83, currency: 'EUR' } });
    expect(routing.merchants[0].transfer).toEqual({ transfer_id: expect.stringMatching(/^tra_/), amount_minor: 9_000 - 82, processing_fee: { amount_minor: 82, currency: 'EUR' } });
    expect(routing.platform.transfer.amount_minor + routing.merchants[0].transfer.amount_minor).toBe(10_000 - 165);
  });

  it.each([
    ['two tokens', false],
    ['one token twice', true],
  ])('charges once when two authorizations of one payment arrive together (%s)', async (_label, sameToken) => {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    const [first, second] = await Promise.all([tokenize(page, '4242424242424242'), tokenize(page, '5555555555554444')]);
    const charges = vi.spyOn(SimulatorProcessor.prototype, 'authorizeCard');
    try {
      const answers = await Promise.all([
        hpp(page, 'POST', '/authorize', { token: first.body.token }),
        hpp(page, 'POST', '/authorize', { token: (sameToken ? first : second).body.token }),
      ]);
      expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.status)).toEqual(['captured']);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]); // the second finds the payment captured
      expect(charges).toHaveBeenCalledTimes(1);
    } finally {
      charges.mockRestore();
    }
    const transfers = await server.app.database.db.selectFrom('transfers').select('id').where('payment_id', '=', page.id).execute();
    expect(transfers).toHaveLength(1);
    await receiver.waitFor(1);
    await server.app.services.worker.runDue();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(1);
  });
});

describe('the page view', () => {
  it('carries the customer the platform gave, to pre-fill the forms, and the store-credentials flag of an initial payment', async () => {
    const customer = { first_name: 'Erika', last_name: 'Mustermann', email: 'erika@example.com', address: { line1: 'Heidestraße', number: 17, zip: '51147', town_city: 'Köln', country: 'DE' } };
    const page = await newPayment({ customer, cit_mode: 'initial' });
    const view = (await hpp(page, 'GET')).body;
    expect(view.customer).toEqual(customer);
    expect(view.requires_store_credentials).toBe(true);
    expect((await hpp(await newPayment(), 'GET')).body.customer).toBeNull();
  });

  it('states the decimals of the currency: none for the yen', async () => {
    const page = await newPayment({ currency: 'JPY', amount_minor: 1_500 });
    expect((await hpp(page, 'GET')).body).toMatchObject({ currency: 'JPY', amount_minor: 1_500, minor_units: 0 });
    await hpp(page, 'POST', '/start', {});
    const challenged = await pay(page, '4000000000003220');
    const challengePage = await server.request('GET', challenged.body._links.challenge.href.replace(server.config.baseUrl, ''));
    expect(challengePage.text).toContain('¥1,500');
  });
});

describe('the 3-D Secure callback', () => {
  /** A payment waiting for its 3-D Secure answer, and the token the 3-D Secure server would send. */
  async function challenged(): Promise<{ page: Page; svcToken: string }> {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    await pay(page, '4000000000003220');
    const row = await server.app.database.db.selectFrom('three_ds_challenges').select('svc_token').where('payment_id', '=', page.id).executeTakeFirstOrThrow();
    return { page, svcToken: row.svc_token };
  }
  const callback = (body: Record<string, unknown>) => server.request('POST', '/hpp/callbacks/3ds', { body });
  const answer = (page: Page, svcToken: string, overrides: Record<string, unknown> = {}) => ({
    payment_id: page.id,
    svc_token: svcToken,
    '3ds_eci': '05',
    '3ds_cavv': 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
    '3ds_trxid': 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
    '3ds_version': '2.2.0',
    '3ds_status': 'Y',
    '3ds_valid_payment': 'Y',
    ...overrides,
  });

  it('captures on an attempted authentication (status A), and refuses the same answer twice', async () => {
    const { page, svcToken } = await challenged();
    const accepted = await callback(answer(page, svcToken, { '3ds_status': 'A', '3ds_eci': '06' }));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'captured', succeeded: true, workflow: { complete: true, next: 'hpp:complete' } });
    const [event] = await webhookTypes(1);
    expect(event).toMatchObject({ type: 'payment_succeeded', data: { id: page.id, status: 'captured' } });
    expect((await callback(answer(page, svcToken))).status).toBe(401);
    expect((await readPayment(page.id)).status).toBe('captured');
  });

  it.each([
    ['status N', { '3ds_status': 'N' }],
    ['status U', { '3ds_status': 'U' }],
    ['status Y but no valid payment', { '3ds_valid_payment': 'N' }],
  ])('fails authentication on %s, with payment_authentication_failed', async (_label, overrides) => {
    const { page, svcToken } = await challenged();
    const failed = await callback(answer(page, svcToken, overrides));
    expect(failed.body).toMatchObject({ status: 'authentication_failed', succeeded: false, workflow: { complete: false, next: 'hpp:authorize' } });
    expect(failed.body._links.tokenize.methods).toEqual(['POST']);
    const [event] = await webhookTypes(1);
    expect(event).toEqual(expect.objectContaining({ type: 'payment_authentication_failed', data: { id: page.id, status: 'authentication_failed', reference: 'order-42' } }));
  });

  it('requires payment_id, svc_token, 3ds_version and 3ds_valid_payment, and checks the others’ form', async () => {
    const { page, svcToken } = await challenged();
    const missing = await callback({ '3ds_status': 'Y' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/3ds_valid_payment', '/3ds_version', '/payment_id', '/svc_token']);
    const malformed = await callback(answer(page, svcToken, { '3ds_status': 'X', '3ds_valid_payment': 'yes', '3ds_cavv': 'not base64!' }));
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/3ds_cavv', '/3ds_status', '/3ds_valid_payment']);
    expect((await callback(answer(page, 'forged-token'))).status).toBe(401);
    const other = await newPayment();
    expect((await callback(answer(other, svcToken))).status).toBe(401);
    expect((await readPayment(page.id)).status).toBe('started');
  });
});

describe('steps in the wrong state', () => {
  const card = { type: 'card', value: '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } };
  const mandate = { type: 'consumer', first_name: 'Erika', last_name: 'Mustermann', birth_date: '1990-04-12', birth_place: { city: 'Köln', country: 'DE' }, postal_address: { line1: 'Weg 1', town_city: 'Köln', zip: '51147' } };

  /** Payments brought to each final state, and what is still tried on them. */
  async function inState(state: 'captured' | 'declined' | 'canceled'): Promise<Page> {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    if (state === 'canceled') await hpp(page, 'POST', '/cancel');
    else await pay(page, state === 'captured' ? '4242424242424242' : '4000000000000002');
    expect((await readPayment(page.id)).status).toBe(state);
    return page;
  }

  it.each(['captured', 'declined', 'canceled'] as const)('refuses every step on a %s payment with 409 and leaves it as it was', async (state) => {
    const page = await inState(state);
    for (const [suffix, body] of [['/start', {}], ['/tokenize', card], ['/authorize', { token: newId('tok') }], ['/cancel', undefined], ['/mandate', mandate]] as const) {
      const refused = await hpp(page, 'POST', suffix, body);
      expect(refused.status, `${suffix} on ${state}`).toBe(409);
      expect(refused.body.code).toBe('conflict');
    }
    expect((await readPayment(page.id)).status).toBe(state);
  });

  it('refuses to authorize or sign a mandate before the start, and a mandate on a card payment', async () => {
    const page = await newPayment();
    expect((await hpp(page, 'POST', '/authorize', { token: newId('tok') })).status).toBe(409);
    expect((await hpp(page, 'POST', '/mandate', mandate)).status).toBe(409);
    await hpp(page, 'POST', '/start', {});
    expect((await hpp(page, 'POST', '/mandate', mandate)).status).toBe(409);
    expect((await hpp(page, 'POST', '/start', { type: 'sepa_direct_debit' })).status).toBe(400);
  });
});

describe('cancel and expiry', () => {
  it('cancels at any open step, completing the workflow towards the redirect URL', async () => {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    const canceled = await hpp(page, 'POST', '/cancel');
    expect(canceled.body).toMatchObject({ status: 'canceled', succeeded: false, workflow: { complete: true, next: 'hpp:complete' } });
    expect(new URL(canceled.body._links['hpp:complete'].href).searchParams.get('status')).toBe('canceled');
    expect((await readPayment(page.id)).status).toBe('canceled');
    expect((await hpp(page, 'POST', '/start', {})).status).toBe(409);
    expect((await hpp(page, 'POST', '/cancel')).status).toBe(409);
  });

  it('cancels a payment nobody paid when its page expires, on the clock, without a visit', async () => {
    const page = await newPayment();
    server.clock.advance(3600 - 1);
    try {
      await server.app.services.jobs.runDue();
      expect((await readPayment(page.id)).status).toBe('initiated');
      server.clock.advance(1);
      await server.app.services.jobs.runDue();
      await eventually(async () => (await readPayment(page.id)).status === 'canceled');
      const listed = await server.request('GET', '/sandbox/payments?status=canceled&reference=order-42', { token: await platform.token() });
      expect(listed.body.data.map((payment: { id: string }) => payment.id)).toContain(page.id);
      expect((await hpp(page, 'GET')).status).toBe(410);
    } finally {
      server.clock.advance(-3600);
    }
  });

  it('answers 410 once the payment expired, and the payment reads canceled', async () => {
    const page = await newPayment();
    server.clock.advance(3600);
    try {
      const expired = await hpp(page, 'GET');
      expect(expired.status).toBe(410);
      expect(expired.body.code).toBe('gone');
      expect((await hpp(page, 'POST', '/start', {})).status).toBe(410);
      expect((await readPayment(page.id)).status).toBe('canceled');
    } finally {
      server.clock.advance(-3600);
    }
  });
});

describe('what is refused', () => {
  it('refuses a wrong or missing page token with 401', async () => {
    const page = await newPayment();
    expect((await server.request('GET', page.path(), { token: 'wrong' })).status).toBe(401);
    expect((await server.request('GET', page.path())).status).toBe(401);
    expect((await server.request('GET', `${page.path()}?token=${page.token}`)).status).toBe(200);
    const other = await newPayment();
    expect((await server.request('GET', other.path(), { token: page.token })).status).toBe(401);
  });

  it('refuses steps out of order with 409', async () => {
    const page = await newPayment();
    expect((await tokenize(page, '4242424242424242')).status).toBe(409);
    const sepa = await newPayment({ payment_method: { type: 'sepa_direct_debit' } });
    await hpp(sepa, 'POST', '/start', {});
    expect((await tokenize(sepa, '4242424242424242')).status).toBe(409);
  });

  it('uses a token once, and only within 15 minutes', async () => {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    const declined = await tokenize(page, '4000000000003220');
    await hpp(page, 'POST', '/authorize', { token: declined.body.token });
    const reused = await hpp(page, 'POST', '/authorize', { token: declined.body.token });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual([{ pointer: '/token', detail: expect.any(String) }]);
    const late = await tokenize(page, '4242424242424242');
    server.clock.advance(15 * 60);
    try {
      expect((await hpp(page, 'POST', '/authorize', { token: late.body.token })).status).toBe(400);
    } finally {
      server.clock.advance(-15 * 60);
    }
  });

  it.each([
    ['a number failing Luhn', { value: '4242424242424241' }, '/value'],
    ['a number of 12 digits', { value: '424242424242' }, '/value'],
    ['a value of 201 characters', { value: '4'.repeat(201) }, '/value'],
    ['an issuer of 51 characters', { issuer: 'v'.repeat(51) }, '/issuer'],
    ['another type', { type: 'paypal' }, '/type'],
  ])('refuses tokenizing %s with 400', async (_label, overrides, pointer) => {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    const refused = await tokenize(page, '4242424242424242', overrides);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: { pointer: string }) => error.pointer)).toContain(pointer);
  });

  it('accepts a 19-digit card number and an issuer of 50 characters', async () => {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    expect((await tokenize(page, '4242424242424242428', { issuer: 'v'.repeat(50) })).status).toBe(201);
  });

  it('refuses bad card data members, an unknown member and an expired card', async () => {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    const year = server.clock.now().getUTCFullYear();
    const bad = await tokenize(page, '4242424242424242', { token_data: { expiry_month: 13, expiry_year: 26, cvv: '12', pin: '1234' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(['/token_data/cvv', '/token_data/expiry_month', '/token_data/expiry_year', '/token_data/pin']);
    const expired = await tokenize(page, '4242424242424242', { token_data: { expiry_month: 1, expiry_year: year - 1, cvv: '123' } });
    expect(expired.status).toBe(400);
    expect(expired.body.errors[0].pointer).toBe('/token_data/expiry_year');
  });
});
