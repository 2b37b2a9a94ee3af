import type { SimulatorDb } from '../../src/processor/simulator/store.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../src/core/ids.js';
import { SimulatorProcessor } from '../../src/processor/simulator/processor.js';
import { addMerchantAccount, startServer, type Response, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { expectPaymentEvents, expectReadPayment, type ExpectedPayment } from '../helpers/payments.js';
import { startReceiver, eventually, type Receiver } from '../helpers/receiver.js';
import { startApplication, step as onboardingStep } from '../helpers/onboarding.js';

let server: TestServer;
let platform: TestPlatform;
/** The webhook receivers of a test's payments, closed after it. */
const receivers: Receiver[] = [];

beforeAll(async () => {
  server = await startServer({ SUPPORTED_CURRENCIES: 'EUR,JPY' });
  platform = await server.platform();
});
afterAll(() => server?.close());
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((each) => each.close()));
});

/** Processing fees of the default 25.00 EUR payment (decisions §4): card 1.4 % + 25, SEPA Direct Debit 0.35 %, at least 35. */
const CARD_FEE = 60;
const SEPA_FEE = 35;
const REFERENCE = 'order-42';

interface Page {
  id: string;
  token: string;
  /** The local webhook receiver given as this payment's urls.webhook. */
  receiver: Receiver;
  path: (suffix?: string) => string;
}

async function newPayment(overrides: Record<string, unknown> = {}): Promise<Page> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const response = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: {
      amount_minor: 2_500,
      currency: 'EUR',
      reference: REFERENCE,
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
  return { id, token, receiver, path: (suffix = '') => `/hpp/payments/${id}${suffix}` };
}

const hpp = (page: Page, method: string, suffix = '', body?: unknown) => server.request(method, page.path(suffix), { token: page.token, body });
const local = (url: string) => url.replace(server.config.baseUrl, '');
const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** Valid card details, expiring two years from the server's clock. */
const cardData = (overrides: Record<string, unknown> = {}) => ({
  expiry_month: 12,
  expiry_year: server.clock.now().getUTCFullYear() + 2,
  cvv: '123',
  holder_name: 'Erika Mustermann',
  ...overrides,
});

async function tokenize(page: Page, number: string, overrides: Record<string, unknown> = {}) {
  return hpp(page, 'POST', '/tokenize', { type: 'card', value: number, issuer: 'visa', token_data: cardData(), ...overrides });
}

async function pay(page: Page, number: string) {
  const token = await tokenize(page, number);
  expect(token.status).toBe(201);
  return hpp(page, 'POST', '/authorize', { token: token.body.token });
}

/** Starts the page and checks the answer the specification gives: started, next hpp:authorize. */
async function start(page: Page, body: Record<string, unknown> = {}) {
  const started = await hpp(page, 'POST', '/start', body);
  expect(started.status, started.text).toBe(200);
  expect(started.body).toMatchObject({ status: 'started', succeeded: false, workflow: { complete: false, next: 'hpp:authorize' } });
  return started;
}

/** The buyer answers the 3-D Secure challenge of an authorize response on the simulator's page; the simulator sends them back to the payment page. */
async function answerChallenge(page: Page, challenged: Response, outcome: 'pass' | 'fail') {
  const answered = await server.request('POST', local(challenged.body._links.challenge.href), form({ outcome }));
  expect(answered.status).toBe(303);
  expect(answered.headers.get('location')).toBe(`${server.config.baseUrl}/pay/${page.id}?token=${page.token}`);
  return answered;
}

async function readPayment(id: string) {
  return (await server.request('GET', `/sandbox/payments/${id}`, { token: await platform.token() })).body;
}

/** The payment as the platform reads it, every member of the specification's record (a 25.00 EUR payment routed to the platform unless told). */
const expectRead = (page: Page, status: string, fee: number | null, expected: Partial<ExpectedPayment> = {}) =>
  expectReadPayment(server, platform, page.id, { status, fee, reference: REFERENCE, amount_minor: 2_500, ...expected });

type Expected = [type: string, status: string][];

/** Every event of the payment, exactly, with its data {id, status, reference}: recorded, and received by the payment's receiver. */
const expectEvents = (page: Page, expected: Expected) => expectPaymentEvents(server, platform, page.receiver, { id: page.id, reference: REFERENCE }, expected);

/** The page view's workflow and status, as the buyer's browser sees it. */
async function expectView(page: Page, status: string, workflow: { complete: boolean; next: string }) {
  const view = await hpp(page, 'GET');
  expect(view.status).toBe(200);
  expect(view.body).toMatchObject({ status, workflow });
  return view;
}

/** The simulated bank: its page, its form, then the callback it redirects to, which sends the buyer back to the page. */
async function verifyBankAccount(page: Page, accountVerificationHref: string, iban = 'DE89370400440532013000') {
  const bankPage = await server.request('GET', local(accountVerificationHref));
  expect(bankPage.status).toBe(200);
  const bankToken = new URL(accountVerificationHref).searchParams.get('token')!; // the bank's own session, not the page's token
  const verified = await server.request('POST', '/simulator/bank/verify', form({ token: bankToken, iban, account_holder: 'Erika Mustermann' }));
  expect(verified.status).toBe(303);
  const callback = await server.request('GET', local(verified.headers.get('location')!));
  expect(callback.status).toBe(303);
  expect(callback.headers.get('location')).toBe(`${server.config.baseUrl}/pay/${page.id}?token=${page.token}`);
}

const consumerMandate = { type: 'consumer', first_name: 'Erika', last_name: 'Mustermann', birth_date: '1990-04-12', birth_place: { city: 'Köln', country: 'DE' }, postal_address: { line1: 'Weg 1', town_city: 'Köln', zip: '51147', country: 'DE' } };

/** The buyer's page, /pay/{id}, as the link opens it (or with another token, or none). */
const payPage = (id: string, token?: string) => server.request('GET', token === undefined ? `/pay/${id}` : `/pay/${id}?token=${encodeURIComponent(token)}`);

/** Always the HTML page, whatever its status: its script tells the buyer why. */
function expectPage(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(response.text).toContain('<script type="module" src="/assets/page.js"></script>');
}

/** A 401 whose WWW-Authenticate is a bare Bearer challenge (no token sent) or names invalid_token (a wrong one). */
function expectUnauthorized(response: Response, challenge: 'missing' | 'invalid') {
  expect(response.status, response.text).toBe(401);
  expect(response.body.code).toBe(challenge === 'missing' ? 'unauthenticated' : 'invalid_token');
  const header = response.headers.get('www-authenticate');
  if (challenge === 'missing') expect(header).toBe('Bearer');
  else expect(header).toMatch(/^Bearer error="invalid_token"/);
}

const pointers = (response: Response) => response.body.errors.map((error: { pointer: string }) => error.pointer);

describe('card payments', () => {
  it('walks view → start → tokenize → authorize to captured, with a transfer per routing party, the success event and the redirect', async () => {
    const merchant = await addMerchantAccount(server, platform.platformId);
    // The card fee of 25.00 (60) split 20/80: 12 and 48.
    const routing = {
      platform: { amount_minor: 500, processing_fee_contribution: 20, fee_share: 12 },
      merchants: [{ id: merchant, type: 'merchant' as const, reference: 'ticket-7', amount_minor: 2_000, processing_fee_contribution: 80, fee_share: 48 }],
    };
    const page = await newPayment({
      routing: {
        platform: { amount_minor: 500, processing_fee_contribution: 20 },
        merchants: [{ type: 'merchant', id: merchant, reference: 'ticket-7', amount_minor: 2_000, processing_fee_contribution: 80 }],
      },
    });
    await expectRead(page, 'initiated', CARD_FEE, routing);
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

    await expectRead(page, 'captured', CARD_FEE, routing);
    await expectEvents(page, [['payment_succeeded', 'captured']]);
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ])('declines %s (%s): complete workflow, read declined with its fee and no transfer, payment_failed', async (number, reason) => {
    const page = await newPayment();
    await start(page);
    const declined = await pay(page, number);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', succeeded: false, decline_reason: reason, workflow: { complete: true, next: 'hpp:complete' } });
    expect(new URL(declined.body._links['hpp:complete'].href).searchParams.get('status')).toBe('declined');
    await expectView(page, 'declined', { complete: true, next: 'hpp:complete' });
    await expectRead(page, 'declined', CARD_FEE);
    expect((await tokenize(page, '4242424242424242')).status).toBe(409);
    await expectEvents(page, [['payment_failed', 'declined']]);
  });

  it('passes a 3-D Secure challenge through the simulator page and captures: complete workflow, read captured, payment_succeeded', async () => {
    const page = await newPayment();
    await start(page);
    const challenged = await pay(page, '4000000000003220');
    expect(challenged.body).toMatchObject({ status: 'started', succeeded: false, workflow: { complete: false, next: 'hpp:authorize' } });
    await expectRead(page, 'started', CARD_FEE);
    const challengeUrl = local(challenged.body._links.challenge.href);
    const challengePage = await server.request('GET', challengeUrl);
    expect(challengePage.status).toBe(200);
    expect(challengePage.headers.get('content-type')).toContain('text/html');
    expect(challengePage.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(challengePage.text).toContain('3220');
    await answerChallenge(page, challenged, 'pass');

    const view = await expectView(page, 'captured', { complete: true, next: 'hpp:complete' });
    expect(Object.fromEntries(new URL(view.body._links['hpp:complete'].href).searchParams)).toEqual({ cart: '7', payment_id: page.id, status: 'captured' });
    expect(view.body._links['hpp:authorize']).toBeUndefined();
    await expectRead(page, 'captured', CARD_FEE);
    expect((await server.request('POST', challengeUrl, form({ outcome: 'pass' }))).status).toBe(404);
    await expectEvents(page, [['payment_succeeded', 'captured']]);
  });

  it('fails 3-D Secure, emits payment_authentication_failed, and lets the buyer retry with another card, without a new start, to captured', async () => {
    const page = await newPayment();
    await start(page);
    const challenged = await pay(page, '4000000000003220');
    await answerChallenge(page, challenged, 'fail');
    const failed = await expectView(page, 'authentication_failed', { complete: false, next: 'hpp:authorize' });
    expect(failed.body._links.tokenize.methods).toEqual(['POST']);
    await expectRead(page, 'authentication_failed', CARD_FEE);
    await expectEvents(page, [['payment_authentication_failed', 'authentication_failed']]);

    const retried = await pay(page, '5555555555554444');
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'captured', succeeded: true, workflow: { complete: true, next: 'hpp:complete' } });
    await expectView(page, 'captured', { complete: true, next: 'hpp:complete' });
    await expectRead(page, 'captured', CARD_FEE);
    await expectEvents(page, [['payment_authentication_failed', 'authentication_failed'], ['payment_succeeded', 'captured']]);
    const kept = await server.app.database.db.selectFrom('payments').select(['card_last4', 'card_scheme']).where('id', '=', page.id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ card_last4: '4444', card_scheme: 'mastercard' });
  });

  it('fails 3-D Secure on a user_selected payment and lets the buyer switch to SEPA Direct Debit: start again, bank verification, mandate, authorized, completed', async () => {
    const page = await newPayment({ payment_method: { type: 'user_selected' } });
    await start(page, { type: 'card' });
    await expectRead(page, 'started', CARD_FEE);
    await answerChallenge(page, await pay(page, '4000000000003220'), 'fail');
    await expectView(page, 'authentication_failed', { complete: false, next: 'hpp:authorize' });

    const switched = await start(page, { type: 'sepa_direct_debit' }); // accepted again from authentication_failed (decisions §7)
    const bank = switched.body._links.account_verification.href;
    expect(bank).toMatch(new RegExp(`^${server.config.baseUrl}/simulator/bank\\?token=[\\w-]+$`));
    expect(switched.body._links.tokenize).toBeUndefined();
    const view = await expectView(page, 'started', { complete: false, next: 'hpp:authorize' });
    expect(view.body._links.account_verification.href).toBe(bank);
    await expectRead(page, 'started', SEPA_FEE);
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).status).toBe(409); // not before the verification

    await verifyBankAccount(page, bank);
    const mandate = await hpp(page, 'POST', '/mandate', consumerMandate);
    expect(mandate.status, mandate.text).toBe(200);
    expect(mandate.body).toMatchObject({ status: 'authorized', succeeded: true, workflow: { complete: true, next: 'hpp:complete' } });
    await expectView(page, 'authorized', { complete: true, next: 'hpp:complete' });
    // The step answers succeeded true (specification), while the read says succeeded only once the debit is collected (completed).
    await expectRead(page, 'authorized', SEPA_FEE);
    await expectEvents(page, [['payment_authentication_failed', 'authentication_failed']]); // nothing on authorization: the success event follows the collection

    server.clock.advance(2 * 24 * 3600);
    try {
      await server.app.services.jobs.runDue();
      await eventually(async () => (await readPayment(page.id)).status === 'completed');
    } finally {
      server.clock.advance(-2 * 24 * 3600);
    }
    await expectRead(page, 'completed', SEPA_FEE);
    await expectEvents(page, [['payment_authentication_failed', 'authentication_failed'], ['payment_succeeded', 'completed']]);
  });

  it('lets the buyer choose the card on a user_selected payment, which fixes the fee, to captured with payment_succeeded', async () => {
    const page = await newPayment({ payment_method: { type: 'user_selected' }, amount_minor: 10_000 });
    const view = await expectView(page, 'initiated', { complete: false, next: 'hpp:start' });
    expect(view.body.payment_methods.map((method: { type: string }) => method.type)).toEqual(['card', 'sepa_direct_debit']);
    await expectRead(page, 'initiated', null, { amount_minor: 10_000 });
    const started = await start(page, { type: 'card' });
    expect(started.body._links.tokenize.methods).toEqual(['POST']);
    expect(started.body._links.account_verification).toBeUndefined();
    await expectRead(page, 'started', 165, { amount_minor: 10_000 });
    const captured = await pay(page, '4242424242424242');
    expect(captured.body).toMatchObject({ status: 'captured', succeeded: true, workflow: { complete: true, next: 'hpp:complete' } });
    await expectView(page, 'captured', { complete: true, next: 'hpp:complete' });
    await expectRead(page, 'captured', 165, { amount_minor: 10_000 });
    await expectEvents(page, [['payment_succeeded', 'captured']]);
  });

  it.each([
    ['without choosing a method at the start', {}],
    ['after starting with SEPA Direct Debit', { type: 'sepa_direct_debit' }],
  ])('books the card fee of a user_selected payment paid by card %s', async (_label, startBody) => {
    const page = await newPayment({ payment_method: { type: 'user_selected' }, amount_minor: 10_000 });
    await start(page, startBody);
    const captured = await pay(page, '4242424242424242');
    expect(captured.body).toMatchObject({ status: 'captured', succeeded: true, workflow: { complete: true, next: 'hpp:complete' } });
    await expectRead(page, 'captured', 165, { amount_minor: 10_000 }); // with the ledger: 165 in fees, nothing left on the payment
    await expectEvents(page, [['payment_succeeded', 'captured']]);
  });

  it('declines at authorization, before any charge, a chosen method whose fee exceeds a party\'s routed amount', async () => {
    // user_selected: the fee (card: 1.4 % + 25 = 60) is unknown at initiation, so the routing is accepted then.
    const merchant = await addMerchantAccount(server, platform.platformId);
    const page = await newPayment({
      payment_method: { type: 'user_selected' },
      routing: { platform: { amount_minor: 10, processing_fee_contribution: 100 }, merchants: [{ type: 'merchant', id: merchant, amount_minor: 2_490, processing_fee_contribution: 0 }] },
    });
    expect((await hpp(page, 'POST', '/start', { type: 'card' })).status).toBe(200);
    const charge = vi.spyOn(SimulatorProcessor.prototype, 'authorize');
    try {
      const declined = await pay(page, '4242424242424242');
      expect(declined.status, declined.text).toBe(200);
      expect(declined.body).toMatchObject({ status: 'declined', succeeded: false, decline_reason: 'processing_fee_exceeds_routed_amount' });
      expect(charge).not.toHaveBeenCalled();
    } finally {
      charge.mockRestore();
    }
    await expectRead(page, 'declined', CARD_FEE, {
      platform: { amount_minor: 10, processing_fee_contribution: 100, fee_share: 60 },
      merchants: [{ id: merchant, type: 'merchant', reference: null, amount_minor: 2_490, processing_fee_contribution: 0, fee_share: 0 }],
    });
    await expectEvents(page, [['payment_failed', 'declined']]);
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
    const charges = vi.spyOn(SimulatorProcessor.prototype, 'authorize');
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
    await expectEvents(page, [['payment_succeeded', 'captured']]);
  });
});

describe('the page view', () => {
  it('serves the page of an open payment and of one completed before it expired with 200', async () => {
    const page = await newPayment();
    expectPage(await payPage(page.id, page.token), 200);
    await start(page);
    expect((await pay(page, '4242424242424242')).body.status).toBe('captured');
    server.clock.advance(3600);
    try {
      expectPage(await payPage(page.id, page.token), 200); // the buyer who reloads sees the outcome
    } finally {
      server.clock.advance(-3600);
    }
  });

  it('carries the customer the platform gave, to pre-fill the forms, and the store-credentials flag of an initial payment', async () => {
    const customer = { first_name: 'Erika', last_name: 'Mustermann', email: 'erika@example.com', address: { line1: 'Heidestraße', number: 17, zip: '51147', town_city: 'Köln', country: 'DE' } };
    const page = await newPayment({ customer, cit_mode: 'initial' });
    const view = (await hpp(page, 'GET')).body;
    expect(view.customer).toEqual(customer);
    expect(view.requires_store_credentials).toBe(true);
    expect((await hpp(await newPayment(), 'GET')).body.customer).toBeNull();
  });

  it.each([
    ['a currency other than the euro', { currency: 'JPY', amount_minor: 1_500 }],
    ['a zero-amount initial payment, which verifies a card', { amount_minor: 0, cit_mode: 'initial' }],
  ])('offers a user_selected payment in %s the card alone, and refuses SEPA Direct Debit at the start', async (_label, overrides) => {
    const page = await newPayment({ payment_method: { type: 'user_selected' }, ...overrides });
    expect((await hpp(page, 'GET')).body.payment_methods.map((method: { type: string }) => method.type)).toEqual(['card']);
    const refused = await hpp(page, 'POST', '/start', { type: 'sepa_direct_debit' });
    expect(refused.status).toBe(400);
    expect(pointers(refused)).toEqual(['/type']);
    await expectView(page, 'initiated', { complete: false, next: 'hpp:start' });
  });

  it('states the decimals of the currency: none for the yen', async () => {
    const page = await newPayment({ currency: 'JPY', amount_minor: 1_500 });
    expect((await hpp(page, 'GET')).body).toMatchObject({ currency: 'JPY', amount_minor: 1_500, minor_units: 0 });
    await hpp(page, 'POST', '/start', {});
    const challenged = await pay(page, '4000000000003220');
    const challengePath = challenged.body._links.challenge.href.replace(server.config.baseUrl, '');
    const challengePage = await server.request('GET', challengePath);
    expect(challengePage.text).toContain('¥1,500');
    expect(challengePage.text).toContain(`<form method="post" action="${challengePath}">`); // its own address: the store knows only the id's digest
  });
});

describe('the 3-D Secure callback', () => {
  /** The token the 3-D Secure server calls back with, as it holds it (the product keeps only its digest). */
  async function svcTokenOf(page: Page): Promise<string> {
    const simulator = server.app.database.db as unknown as SimulatorDb;
    const row = await simulator.selectFrom('simulator_3ds_challenges').select('svc_token').where('payment_id', '=', page.id).executeTakeFirstOrThrow();
    return row.svc_token;
  }

  /** A payment waiting for its 3-D Secure answer, and the token the 3-D Secure server would send. */
  async function challenged(): Promise<{ page: Page; svcToken: string }> {
    const page = await newPayment();
    await hpp(page, 'POST', '/start', {});
    await pay(page, '4000000000003220');
    return { page, svcToken: await svcTokenOf(page) };
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

  it('refuses a pass for a card once the buyer of a user_selected payment switched to SEPA Direct Debit: nothing is charged', async () => {
    const page = await newPayment({ payment_method: { type: 'user_selected' } });
    await start(page, { type: 'card' });
    await pay(page, '4000000000003220');
    const svcToken = await svcTokenOf(page);
    await start(page, { type: 'sepa_direct_debit' });
    const refused = await callback(answer(page, svcToken));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conflict');
    await expectView(page, 'started', { complete: false, next: 'hpp:authorize' });
    await expectRead(page, 'started', SEPA_FEE);
    await expectEvents(page, []);
  });

  it('captures on an attempted authentication (status A), and refuses the same answer twice', async () => {
    const { page, svcToken } = await challenged();
    const accepted = await callback(answer(page, svcToken, { '3ds_status': 'A', '3ds_eci': '06' }));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'captured', succeeded: true, workflow: { complete: true, next: 'hpp:complete' } });
    expect((await callback(answer(page, svcToken))).status).toBe(401);
    await expectRead(page, 'captured', CARD_FEE);
    await expectEvents(page, [['payment_succeeded', 'captured']]);
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
    await expectEvents(page, [['payment_authentication_failed', 'authentication_failed']]);
    await expectRead(page, 'authentication_failed', CARD_FEE);
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

  type Final = 'captured' | 'declined' | 'canceled' | 'authorized';
  /** The events each final state leaves behind. */
  const EVENTS: Record<Final, Expected> = { captured: [['payment_succeeded', 'captured']], declined: [['payment_failed', 'declined']], canceled: [], authorized: [] };

  /** A payment brought to a final state, and a card token tokenized before, still unused and unexpired (on card payments). */
  async function inState(state: Final): Promise<{ page: Page; spareToken: string }> {
    if (state === 'authorized') {
      const page = await newPayment({ payment_method: { type: 'sepa_direct_debit' } });
      await verifyBankAccount(page, (await start(page)).body._links.account_verification.href);
      expect((await hpp(page, 'POST', '/mandate', consumerMandate)).status).toBe(200);
      expect((await readPayment(page.id)).status).toBe(state);
      return { page, spareToken: newId('tok') };
    }
    const page = await newPayment();
    await start(page);
    const spare = await tokenize(page, '4242424242424242');
    expect(spare.status).toBe(201);
    if (state === 'canceled') await hpp(page, 'POST', '/cancel');
    else await pay(page, state === 'captured' ? '4242424242424242' : '4000000000000002');
    expect((await readPayment(page.id)).status).toBe(state);
    return { page, spareToken: spare.body.token };
  }

  it.each(['captured', 'declined', 'canceled', 'authorized'] as const)('refuses start, tokenize, authorize (even with a valid token), cancel and mandate on a %s payment with 409, changing nothing', async (state) => {
    const { page, spareToken } = await inState(state);
    const before = await readPayment(page.id);
    for (const [suffix, body] of [['/start', {}], ['/tokenize', card], ['/authorize', { token: spareToken }], ['/cancel', undefined], ['/mandate', consumerMandate]] as const) {
      const refused = await hpp(page, 'POST', suffix, body);
      expect(refused.status, `${suffix} on ${state}`).toBe(409);
      expect(refused.body.code).toBe('conflict');
    }
    expect(await readPayment(page.id)).toEqual(before);
    await expectView(page, state, { complete: true, next: 'hpp:complete' });
    await expectEvents(page, EVENTS[state]);
  });

  it('refuses to authorize or sign a mandate before the start, and a mandate on a card payment', async () => {
    const page = await newPayment();
    expect((await hpp(page, 'POST', '/authorize', { token: newId('tok') })).status).toBe(409);
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).status).toBe(409);
    await start(page);
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).status).toBe(409);
    expect((await hpp(page, 'POST', '/start', { type: 'sepa_direct_debit' })).status).toBe(400);
  });

  it('lets only the latest 3-D Secure challenge decide: a late failure of the one it replaced changes nothing', async () => {
    const page = await newPayment();
    await start(page);
    const first = await pay(page, '4000000000003220');
    const second = await pay(page, '4000000000003220'); // the buyer tried again before answering the first
    await answerChallenge(page, first, 'fail'); // refused at the callback: the first was replaced
    await expectView(page, 'started', { complete: false, next: 'hpp:authorize' });
    await answerChallenge(page, second, 'pass');
    await expectView(page, 'captured', { complete: true, next: 'hpp:complete' });
    await expectRead(page, 'captured', CARD_FEE);
    await expectEvents(page, [['payment_succeeded', 'captured']]);
  });

  it('authorizes another card while a 3-D Secure challenge is still open; the late answer to the challenge then charges nothing', async () => {
    // The challenge leaves the payment started, workflow next hpp:authorize (decisions §7): authorizing again is allowed.
    const page = await newPayment();
    await start(page);
    const challenged = await pay(page, '4000000000003220');
    expect(challenged.body).toMatchObject({ status: 'started', workflow: { complete: false, next: 'hpp:authorize' } });
    const charges = vi.spyOn(SimulatorProcessor.prototype, 'authorize');
    try {
      const other = await pay(page, '4242424242424242');
      expect(other.status).toBe(200);
      expect(other.body).toMatchObject({ status: 'captured', succeeded: true, workflow: { complete: true, next: 'hpp:complete' } });
      await answerChallenge(page, challenged, 'pass'); // the simulator's callback is refused (409): the payment is no longer started
      expect(charges).toHaveBeenCalledTimes(1);
    } finally {
      charges.mockRestore();
    }
    await expectRead(page, 'captured', CARD_FEE);
    await expectEvents(page, [['payment_succeeded', 'captured']]);
  });
});

describe('cancel and expiry', () => {
  /** Brings a payment to an open state before the buyer cancels; answers the challenge left open, if any, and the events so far. */
  async function openIn(state: 'initiated' | 'started' | 'challenged' | 'authentication_failed'): Promise<{ page: Page; challenged?: Response; events: Expected }> {
    const page = await newPayment();
    if (state === 'initiated') return { page, events: [] };
    await start(page);
    if (state === 'started') return { page, events: [] };
    const challenged = await pay(page, '4000000000003220');
    if (state === 'challenged') return { page, challenged, events: [] };
    await answerChallenge(page, challenged, 'fail');
    expect((await readPayment(page.id)).status).toBe('authentication_failed');
    return { page, events: [['payment_authentication_failed', 'authentication_failed']] };
  }

  it.each(['initiated', 'started', 'challenged', 'authentication_failed'] as const)('cancels a payment %s, completing the workflow towards the redirect URL, with no event', async (state) => {
    const { page, challenged, events } = await openIn(state);
    const canceled = await hpp(page, 'POST', '/cancel');
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', succeeded: false, workflow: { complete: true, next: 'hpp:complete' } });
    expect(Object.fromEntries(new URL(canceled.body._links['hpp:complete'].href).searchParams)).toEqual({ cart: '7', payment_id: page.id, status: 'canceled' });
    await expectView(page, 'canceled', { complete: true, next: 'hpp:complete' });
    if (challenged) await answerChallenge(page, challenged, 'pass'); // too late: the callback is refused, nothing is charged
    await expectRead(page, 'canceled', CARD_FEE);
    expect((await hpp(page, 'POST', '/start', {})).status).toBe(409);
    expect((await hpp(page, 'POST', '/cancel')).status).toBe(409);
    await expectEvents(page, events); // the specification lists no event for a cancellation
  });

  it('cancels a payment nobody paid when its page expires, on the clock, without a visit, and sends no event', async () => {
    const page = await newPayment();
    server.clock.advance(3600 - 1);
    try {
      await server.app.services.jobs.runDue();
      expect((await readPayment(page.id)).status).toBe('initiated');
      server.clock.advance(1);
      await server.app.services.jobs.runDue();
      await eventually(async () => (await readPayment(page.id)).status === 'canceled');
      await expectRead(page, 'canceled', CARD_FEE);
      const listed = await server.request('GET', '/sandbox/payments?status=canceled&reference=order-42', { token: await platform.token() });
      expect(listed.body.data.map((payment: { id: string }) => payment.id)).toContain(page.id);
      expect((await hpp(page, 'GET')).status).toBe(410);
      await expectEvents(page, []);
    } finally {
      server.clock.advance(-3600);
    }
  });

  it('answers 410 once a started payment expired, and the payment reads canceled, with no event', async () => {
    const page = await newPayment();
    await start(page);
    server.clock.advance(3600);
    try {
      const expired = await hpp(page, 'GET');
      expect(expired.status).toBe(410);
      expect(expired.body.code).toBe('gone');
      expect((await hpp(page, 'POST', '/start', {})).status).toBe(410);
      expect((await tokenize(page, '4242424242424242')).status).toBe(410);
      await expectRead(page, 'canceled', CARD_FEE);
      await expectEvents(page, []);
    } finally {
      server.clock.advance(-3600);
    }
  });
});

describe('whose page it is', () => {
  it("names the platform, never the applicant, while a routed merchant's business name is unknown; the business once it is", async () => {
    const application = await startApplication(server, platform); // applicant Ada Lovelace, no business yet
    const routed = { routing: { platform: { amount_minor: 500, processing_fee_contribution: 100 }, merchants: [{ id: application.merchantId, type: 'merchant', amount_minor: 2_000, processing_fee_contribution: 0 }] } };
    const before = await hpp(await newPayment(routed), 'GET');
    expect(before.body.branding.merchant.name).toBe('Test platform');
    expect(JSON.stringify(before.body)).not.toContain('Lovelace');

    const prefilled = await startApplication(server, platform, { business: { profile: { legal_name: 'Analytical Engines GmbH' } } });
    const named = { routing: { ...routed.routing, merchants: [{ ...routed.routing.merchants[0]!, id: prefilled.merchantId }] } };
    expect((await hpp(await newPayment(named), 'GET')).body.branding.merchant.name).toBe('Analytical Engines GmbH');

    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/confirm-applicant', { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }],
      ['POST', '/business-type', { type: 'individual_sole_trader', country_code: 'DE' }],
      ['PUT', '/business-profile', { legal_name: 'Lovelace Engines', registered_address: { line1: 'Leopoldstraße', number: 1, zip: '80802', town_city: 'München' }, mcc: '5734', website: 'https://engines.example' }],
    ] as const) {
      const answer = await onboardingStep(server, application, method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
    }
    expect((await hpp(await newPayment(routed), 'GET')).body.branding.merchant.name).toBe('Lovelace Engines');
  });
});

describe('what is refused', () => {
  it('answers the page of a payment expired unpaid with 410, still as the page', async () => {
    const page = await newPayment();
    server.clock.advance(3600 - 1);
    try {
      expectPage(await payPage(page.id, page.token), 200);
      server.clock.advance(1);
      expectPage(await payPage(page.id, page.token), 410);
      expect((await readPayment(page.id)).status).toBe('canceled');
      expectPage(await payPage(page.id, page.token), 410);
    } finally {
      server.clock.advance(-3600);
    }
  });

  it('refuses a wrong or missing page token with 401', async () => {
    const page = await newPayment();
    expect((await server.request('GET', page.path(), { token: 'wrong' })).status).toBe(401);
    expect((await server.request('GET', page.path())).status).toBe(401);
    expect((await server.request('GET', `${page.path()}?token=${page.token}`)).status).toBe(200);
    const other = await newPayment();
    expect((await server.request('GET', other.path(), { token: page.token })).status).toBe(401);
  });

  it.each([
    ['no body', {}],
    ['an empty body labelled application/json', { raw: '', headers: { 'content-type': 'application/json' } }],
  ])('starts with %s, the body of the start being optional', async (_label, options) => {
    const page = await newPayment();
    const started = await server.request('POST', page.path('/start'), { token: page.token, ...options });
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ status: 'started', workflow: { complete: false, next: 'hpp:authorize' } });
  });

  it('refuses steps out of order with 409', async () => {
    const page = await newPayment();
    expect((await tokenize(page, '4242424242424242')).status).toBe(409);
    const sepa = await newPayment({ payment_method: { type: 'sepa_direct_debit' } });
    await hpp(sepa, 'POST', '/start', {});
    expect((await tokenize(sepa, '4242424242424242')).status).toBe(409);
  });

  it('uses a token once', async () => {
    const page = await newPayment();
    await start(page);
    const challenge = await tokenize(page, '4000000000003220');
    const first = await hpp(page, 'POST', '/authorize', { token: challenge.body.token });
    expect(first.status, first.text).toBe(200); // challenged: the payment stays started, open to another authorize
    expect(first.body).toMatchObject({ status: 'started', workflow: { next: 'hpp:authorize' } });
    const reused = await hpp(page, 'POST', '/authorize', { token: challenge.body.token });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual([{ pointer: '/token', code: 'token_unusable', detail: expect.any(String) }]);
  });

  it('accepts a token 14:59 after its tokenization and refuses it at 15:00 with 400 at /token', async () => {
    const [early, late] = [await newPayment(), await newPayment()];
    await start(early);
    await start(late);
    const [earlyToken, lateToken] = [await tokenize(early, '4242424242424242'), await tokenize(late, '4242424242424242')];
    server.clock.advance(15 * 60 - 1);
    try {
      const accepted = await hpp(early, 'POST', '/authorize', { token: earlyToken.body.token });
      expect(accepted.status).toBe(200);
      expect(accepted.body.status).toBe('captured');
      server.clock.advance(1);
      const refused = await hpp(late, 'POST', '/authorize', { token: lateToken.body.token });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ pointer: '/token', code: 'token_unusable', detail: expect.any(String) }]);
      expect(await readPayment(late.id)).toMatchObject({ status: 'started', succeeded: false });
    } finally {
      server.clock.advance(-15 * 60);
    }
  });

  it.each([
    ['a number failing Luhn', { value: '4242424242424241' }, '/value'],
    ['a number of 12 digits', { value: '424242424242' }, '/value'],
    ['a Luhn-valid number of 20 digits', { value: '42424242424242424242' }, '/value'],
    ['an issuer of 51 characters', { issuer: 'v'.repeat(51) }, '/issuer'],
    ['a CVV of 2 digits', { token_data: { expiry_month: 12, expiry_year: 2099, cvv: '12' } }, '/token_data/cvv'],
    ['a CVV of 5 digits', { token_data: { expiry_month: 12, expiry_year: 2099, cvv: '12345' } }, '/token_data/cvv'],
    ['another type', { type: 'paypal' }, '/type'],
  ])('refuses tokenizing %s with 400 at its pointer', async (_label, overrides, pointer) => {
    const page = await newPayment();
    await start(page);
    const refused = await tokenize(page, '4242424242424242', overrides);
    expect(refused.status).toBe(400);
    expect(pointers(refused)).toEqual([pointer]);
  });

  it.each([
    ['a 13-digit card number', '4222222222222', {}],
    ['a 19-digit card number and an issuer of 50 characters', '4242424242424242428', { issuer: 'v'.repeat(50) }],
    ['a CVV of 3 digits', '4242424242424242', { token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } }],
    ['a CVV of 4 digits', '4242424242424242', { token_data: { expiry_month: 12, expiry_year: 2099, cvv: '1234' } }],
  ])('accepts %s', async (_label, number, overrides) => {
    const page = await newPayment();
    await start(page);
    const accepted = await tokenize(page, number, overrides);
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.token).toMatch(/^tok_/);
  });

  it('refuses a value of 201 characters for its length, and one of 200 not for its length but as no card number', async () => {
    // Both are Luhn-valid digit strings; the error's detail is the only place that says which rule refused the value.
    const page = await newPayment();
    await start(page);
    const atBound = await tokenize(page, '4'.repeat(200));
    expect(atBound.status).toBe(400);
    expect(atBound.body.errors).toEqual([{ pointer: '/value', code: 'invalid_card_number', detail: expect.stringMatching(/13 to 19 digits/) }]);
    const pastBound = await tokenize(page, `${'4'.repeat(200)}0`);
    expect(pastBound.status).toBe(400);
    expect(pastBound.body.errors).toEqual([{ pointer: '/value', code: 'too_long', detail: expect.stringMatching(/at most 200 characters/), params: { limit: 200 } }]);
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

describe('who may not see it', () => {
  it('answers the page of an unknown payment 404, and without the payment\'s token 401, still as the page', async () => {
    const [page, other] = [await newPayment(), await newPayment()];
    expectPage(await payPage('pay_01J00000000000000000000000', page.token), 404);
    expectPage(await payPage(page.id), 401);
    expectPage(await payPage(page.id, ''), 401);
    expectPage(await payPage(page.id, 'wrong'), 401);
    expectPage(await payPage(page.id, other.token), 401);
  });

  // Each with a body or query the route would refuse: the token is checked before them.
  const invalidSteps: [string, string, unknown][] = [
    ['POST', '/start', { type: 'paypal' }],
    ['POST', '/tokenize', { type: 'card' }],
    ['POST', '/authorize', {}],
    ['POST', '/cancel', undefined],
    ['POST', '/mandate', { type: 'nobody' }],
    ['GET', '', undefined],
    ['GET', '/mandate-requirements', undefined],
  ];

  it.each(invalidSteps)('answers %s %s without a token 401 with a bare Bearer challenge, before reading the body', async (method, suffix, body) => {
    const page = await newPayment();
    expectUnauthorized(await server.request(method, page.path(suffix), { body }), 'missing');
    expectUnauthorized(await server.request(method, `${page.path(suffix)}?token=`, { body }), 'missing');
  });

  it.each(invalidSteps)('answers %s %s with a wrong token 401 invalid_token, before reading the body, whether or not the right tokens were checked before', async (method, suffix, body) => {
    const [page, other] = [await newPayment(), await newPayment()];
    for (const checkedBefore of [false, true]) {
      // Once a token was checked, tokenize and authorize check a token against it without reading the payment first.
      if (checkedBefore) for (const each of [page, other]) expect((await server.request('GET', each.path(), { token: each.token })).status).toBe(200);
      expectUnauthorized(await server.request(method, page.path(suffix), { body, token: 'wrong' }), 'invalid');
      expectUnauthorized(await server.request(method, `${page.path(suffix)}?token=${other.token}`, { body }), 'invalid');
      expectUnauthorized(await server.request(method, `/hpp/payments/pay_01J00000000000000000000000${suffix}`, { body, token: page.token }), 'invalid');
    }
  });

  it('answers a malformed or mislabelled body without a token 401, not 400 or 415', async () => {
    const page = await newPayment();
    expectUnauthorized(await server.request('POST', page.path('/tokenize'), { raw: '{"type":', headers: { 'content-type': 'application/json' } }), 'missing');
    expectUnauthorized(await server.request('POST', page.path('/tokenize'), { raw: 'card', headers: { 'content-type': 'text/plain' } }), 'missing');
  });

  it('answers text no column can hold, in the path or the token, 401 invalid_token', async () => {
    const page = await newPayment();
    expectUnauthorized(await server.request('GET', `/hpp/payments/%00?token=${page.token}`), 'invalid');
    expectUnauthorized(await server.request('GET', `${page.path()}?token=%00`), 'invalid');
  });

  it('answers the account verification callback without a token 401 (bare Bearer) and with a wrong one 401 invalid_token, before its query', async () => {
    const callback = '/hpp/callbacks/account-verification';
    expectUnauthorized(await server.request('GET', callback), 'missing');
    expectUnauthorized(await server.request('GET', `${callback}?report_id=x&unknown=1`), 'missing');
    expectUnauthorized(await server.request('GET', `${callback}?token=wrong&unknown=1`), 'invalid');
  });

  it('judges the 3-D Secure callback by its body, which carries its credentials: an invalid one is 400', async () => {
    const refused = await server.request('POST', '/hpp/callbacks/3ds', { body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_error');
  });
});
