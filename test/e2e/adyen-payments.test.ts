/**
 * Cards taken with Adyen through the real HTTP API: the server runs with PROCESSOR=adyen against a
 * local Adyen speaking the Checkout API v71's wire format (test/helpers/adyen/server.ts), whose
 * signed webhooks reach our notification route. Every request our adapter sends and every answer
 * and webhook is checked against Adyen's OpenAPI documents: `violations` stays empty.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ADYEN_TEST_CARDS, type LocalAdyen, type NotificationEvent } from '../helpers/adyen/server.js';
import { useLocalAdyen } from '../helpers/adyen/setup.js';
import type { TestServer } from '../helpers/harness.js';

/** ATTEMPT_RECOVERY_SECONDS: when an attempt left without an answer is asked again. */
const RECOVERY_SECONDS = 60;

const started = useLocalAdyen();
let adyen: LocalAdyen;
let server: TestServer;
beforeAll(() => {
  ({ adyen, server } = started);
});

const { api, eventTypes } = started;
const runJobs = () => server.app.services.jobs.runDue();
const local = (url: string) => url.replace(server.config.baseUrl, '');

/** A hosted card payment up to the authorize call with this card; answers the payment, its page token and the authorize answer. */
async function authorizeCard(card: string, amount = 2_500, extra: Record<string, unknown> = {}, browser?: { info: unknown; headers: Record<string, string> }) {
  const created = await api('POST', '/payments', {
    amount_minor: amount, currency: 'EUR', reference: `adyen-${card.slice(-4)}`, payment_method: { type: 'card' },
    integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, ...extra,
  });
  expect(created.status, created.text).toBe(201);
  const id: string = created.body.id;
  const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
  const hpp = (suffix: string, body: unknown) => server.request('POST', `/hpp/payments/${id}${suffix}`, { token, body });
  expect((await hpp('/start', {})).status).toBe(200);
  const tokenized = await hpp('/tokenize', {
    type: 'card', value: card, issuer: 'visa', token_data: { expiry_month: 12, expiry_year: server.clock.now().getUTCFullYear() + 2, cvv: '737' },
  });
  expect(tokenized.status, tokenized.text).toBe(201);
  const body = { token: tokenized.body.token, ...(browser ? { browser_info: browser.info } : {}) };
  const authorized = await server.request('POST', `/hpp/payments/${id}/authorize`, { token, body, ...(browser ? { headers: browser.headers } : {}) });
  return { id, token, authorized };
}

async function paidByCard(amount = 2_500): Promise<string> {
  const { id, authorized } = await authorizeCard(ADYEN_TEST_CARDS.authorised, amount);
  expect(authorized.body.status, authorized.text).toBe('captured');
  return id;
}

/** The payment's refund as our API answers it once the send job has asked Adyen: the refund and its pspReference at Adyen. */
async function refundSent(paymentId: string, amount: number) {
  const created = await api('POST', '/refunds', { payment_id: paymentId, description: 'Returned', routing: { platform: { amount_minor: amount } } });
  expect(created.status, created.text).toBe(201);
  await runJobs(); // the send job: POST /payments/{pspReference}/refunds, answered "received"
  const row = await server.app.database.db.selectFrom('refunds').select('processor_reference').where('id', '=', created.body.id).executeTakeFirstOrThrow();
  expect(row.processor_reference).toBeTruthy();
  return { id: created.body.id as string, pspReference: row.processor_reference! };
}

async function notified(events: NotificationEvent[]) {
  const answer = await adyen.notify(events);
  expect(answer).toEqual({ status: 200, body: '[accepted]' });
  await runJobs();
}

describe('cards with Adyen', () => {
  it('captures an authorised card: POST /payments with our attempt as reference and Idempotency-Key, a returnUrl of ours; payment_succeeded', async () => {
    const id = await paidByCard();
    expect(await eventTypes(id)).toEqual(['payment_succeeded']);
    const [sent] = adyen.requestsTo('/payments').filter((request) => (request.body as { amount: { value: number } }).amount.value === 2_500).slice(-1);
    const body = sent!.body as { reference: string; returnUrl: string; paymentMethod: { type: string } };
    expect(body.paymentMethod.type).toBe('scheme');
    expect(body).not.toHaveProperty('browserInfo'); // the page measured nothing: none at all, as Adyen wants it complete or absent
    expect(sent!.headers['idempotency-key']).toBe(body.reference);
    expect(body.returnUrl).toMatch(new RegExp(`^${server.config.baseUrl}/hpp/callbacks/redirect\\?payment_id=${id}&svc_token=`));
  });

  it('sends browserInfo complete when the page measured the browser: its browser_info and the request’s User-Agent and Accept', async () => {
    const info = { screen_width: 1920, screen_height: 1080, color_depth: 24, time_zone_offset: -60, languages: ['de-DE', 'en'] };
    const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', accept: 'text/html,application/xhtml+xml' };
    const { authorized } = await authorizeCard(ADYEN_TEST_CARDS.authorised, 3_100, {}, { info, headers });
    expect(authorized.body.status, authorized.text).toBe('captured');
    const [sent] = adyen.requestsTo('/payments').filter((request) => (request.body as { amount: { value: number } }).amount.value === 3_100).slice(-1);
    expect((sent!.body as { browserInfo?: unknown }).browserInfo).toEqual({
      userAgent: headers['user-agent'], acceptHeader: headers.accept, language: 'de-DE', colorDepth: 24, screenHeight: 1080, screenWidth: 1920, timeZoneOffset: -60, javaEnabled: false, javaScriptEnabled: true,
    });
  });

  it('declines a refused card with the reason mapped: payment_failed', async () => {
    const { id, authorized } = await authorizeCard(ADYEN_TEST_CARDS.insufficientFunds);
    expect(authorized.body).toMatchObject({ status: 'declined', decline_reason: 'insufficient_funds' });
    expect(await eventTypes(id)).toEqual(['payment_failed']);
  });

  it.each([
    ['passed', true, 'captured', 'payment_succeeded'],
    ['failed', false, 'authentication_failed', 'payment_authentication_failed'],
  ])('finishes a 3-D Secure redirect the buyer %s by /payments/details on the buyer’s return (GET), then sends the buyer to the page', async (_label, passed, status, event) => {
    const { id, token, authorized } = await authorizeCard(ADYEN_TEST_CARDS.challenge);
    expect(authorized.body.status, authorized.text).toBe('started');
    const challenge: string = authorized.body._links.challenge.href;
    expect(challenge.startsWith(adyen.checkoutUrl.replace('/v71', '/challenge/'))).toBe(true);

    const returnUrl = await adyen.answerChallenge(challenge, passed);
    const back = await server.request('GET', local(returnUrl));
    expect(back.status, back.text).toBe(303);
    expect(back.headers.get('location')).toBe(`${server.config.baseUrl}/pay/${id}?token=${encodeURIComponent(token)}`);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe(status);
    expect(await eventTypes(id)).toEqual([event]);
    const [details] = adyen.requestsTo('/payments/details').slice(-1);
    expect(details!.headers['idempotency-key']).toMatch(/\.details$/);
    // The same return again (a reload) shows the page and finishes nothing twice.
    const reloaded = await server.request('GET', local(returnUrl));
    expect(reloaded.status, reloaded.text).toBe(303);
    expect(reloaded.headers.get('location')).toBe(back.headers.get('location'));
    expect(adyen.requestsTo('/payments/details').filter((request) => request.headers['idempotency-key'] === details!.headers['idempotency-key'])).toHaveLength(1);
    expect(await eventTypes(id)).toEqual([event]);
    // A return naming no challenge of the payment is refused.
    const forged = new URL(returnUrl);
    forged.searchParams.set('svc_token', 'not-a-challenge-token');
    expect((await server.request('GET', local(forged.toString()))).status).toBe(401);
  });

  it('takes the buyer’s return as a form POST too', async () => {
    const { id, authorized } = await authorizeCard(ADYEN_TEST_CARDS.challenge);
    const returnUrl = new URL(await adyen.answerChallenge(authorized.body._links.challenge.href, true));
    const redirectResult = returnUrl.searchParams.get('redirectResult')!;
    returnUrl.searchParams.delete('redirectResult');
    const back = await server.request('POST', local(returnUrl.toString()), {
      raw: new URLSearchParams({ redirectResult }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(back.status, back.text).toBe(303);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('captured');
  });

  it('leaves an attempt whose answer was lost to the recovery job, which asks again with the same Idempotency-Key and captures once', async () => {
    const { id, authorized } = await authorizeCard(ADYEN_TEST_CARDS.lostAnswer);
    expect(authorized.status, authorized.text).toBe(503);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('started');
    const advanced = await api('POST', '/simulations/clock/advance', { seconds: RECOVERY_SECONDS + 1 });
    expect(advanced.status, advanced.text).toBe(200);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('captured');
    expect(await eventTypes(id)).toEqual(['payment_succeeded']);
    const keys = adyen.requestsTo('/payments').filter((request) => (request.body as { paymentMethod: { number?: string } }).paymentMethod.number === ADYEN_TEST_CARDS.lostAnswer).map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('ends an attempt whose answer was lost by Adyen’s AUTHORISATION notification, before the recovery job: captured once', async () => {
    const { id, authorized } = await authorizeCard(ADYEN_TEST_CARDS.lostAnswer);
    expect(authorized.status, authorized.text).toBe(503);
    const [lost] = adyen.requestsTo('/payments').filter((request) => (request.body as { paymentMethod: { number?: string } }).paymentMethod.number === ADYEN_TEST_CARDS.lostAnswer).slice(-1);
    const attempt = (lost!.body as { reference: string }).reference;
    await notified([adyen.authorisation(adyen.pspReferenceOf(attempt))]);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('captured');
    await api('POST', '/simulations/clock/advance', { seconds: RECOVERY_SECONDS + 1 }); // nothing left for the recovery job
    expect(await eventTypes(id)).toEqual(['payment_succeeded']);
    expect(adyen.requestsTo('/payments').filter((request) => (request.body as { reference: string }).reference === attempt)).toHaveLength(1);
  });
});

describe('merchant-initiated payments with Adyen', () => {
  it('stores the card at Adyen with the initial payment and charges it again with ContAuth, a returnUrl on that /payments too', async () => {
    const { id: initial, authorized } = await authorizeCard(ADYEN_TEST_CARDS.authorised, 1_000, { cit_mode: 'initial' });
    expect(authorized.body.status, authorized.text).toBe('captured');
    const charged = await api('POST', '/payments/authorize', { initial_payment_id: initial, amount_minor: 1_999, currency: 'EUR', reference: 'month-2' });
    expect(charged.status, charged.text).toBe(201);
    expect(charged.body).toMatchObject({ status: 'captured', initial_payment_id: initial });
    const [stored, again] = adyen.requestsTo('/payments').slice(-2).map((request) => request.body as Record<string, unknown>);
    expect(stored).toMatchObject({ storePaymentMethod: true, shopperReference: initial, recurringProcessingModel: 'UnscheduledCardOnFile' });
    expect(again).toMatchObject({ shopperInteraction: 'ContAuth', shopperReference: initial, recurringProcessingModel: 'UnscheduledCardOnFile', amount: { value: 1_999 } });
    expect(again!.returnUrl).toEqual(expect.any(String));
    expect(await eventTypes(charged.body.id)).toEqual(['payment_succeeded']);
  });
});

describe('refunds with Adyen', () => {
  it('completes a refund by Adyen’s REFUND notification, applied once however often it comes', async () => {
    const id = await paidByCard(5_000);
    const refund = await refundSent(id, 700);
    expect((await api('GET', `/refunds/${refund.id}`)).body.status).toBe('initiated');
    const [sent] = adyen.requests.filter((request) => request.path.endsWith('/refunds')).slice(-1);
    expect(sent!.headers['idempotency-key']).toBe(refund.id);

    const completed = adyen.refundOutcome(refund.pspReference, 'completed');
    await notified([completed]);
    await notified([completed]);
    expect((await api('GET', `/refunds/${refund.id}`)).body.status).toBe('completed');
    expect(await eventTypes(refund.id)).toEqual(['refund_initiated', 'refund_completed']);
    const stored = await server.app.database.db.selectFrom('processor_notifications').select('result').where('processor', '=', 'adyen').where('event_key', '=', `${refund.pspReference}:REFUND:true`).execute();
    expect(stored).toEqual([{ result: 'applied' }]);
  });

  it('fails a refund by REFUND_FAILED, even after it completed: refund_failed, the amount refundable again', async () => {
    const id = await paidByCard(5_000);
    const refund = await refundSent(id, 900);
    await notified([adyen.refundOutcome(refund.pspReference, 'completed')]);
    await notified([adyen.refundOutcome(refund.pspReference, 'failed')]);
    expect((await api('GET', `/refunds/${refund.id}`)).body.status).toBe('failed');
    expect(await eventTypes(refund.id)).toEqual(['refund_initiated', 'refund_completed', 'refund_failed']);
    expect((await api('GET', `/payments/${id}`)).body.routing.platform.refundable_amount).toBe(5_000);
  });

  it.each([422] as const)('fails a refund Adyen refuses with a %i at once: refund_failed, the amount refundable again, never asked again', async (status) => {
    const id = await paidByCard(4_000);
    const created = await api('POST', '/refunds', { payment_id: id, description: 'Returned', routing: { platform: { amount_minor: 1_100 } } });
    expect(created.status, created.text).toBe(201);
    adyen.failNext(/\/refunds$/, status);
    const asked = () => adyen.requests.filter((request) => request.path.endsWith('/refunds') && (request.body as { reference: string }).reference === created.body.id);
    await runJobs();
    expect(asked()).toHaveLength(1);
    expect((await api('GET', `/refunds/${created.body.id}`)).body.status).toBe('failed');
    expect(await eventTypes(created.body.id)).toEqual(['refund_initiated', 'refund_failed']);
    expect((await api('GET', `/payments/${id}`)).body.routing.platform.refundable_amount).toBe(4_000);
    const row = await server.app.database.db.selectFrom('refunds').select('failure_reason').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.failure_reason).toContain(String(status));

    await api('POST', '/simulations/clock/advance', { seconds: 3 * RECOVERY_SECONDS });
    await runJobs();
    expect(asked()).toHaveLength(1);
  });

  it.each([
    { status: 500, what: 'a refund Adyen could not take (a 5xx)' },
    { status: 403, what: 'a refund refused for our own credentials (a 403), never failed for them' },
  ] as const)('asks again, with the same Idempotency-Key, $what, and sends it once taken', async ({ status }) => {
    const id = await paidByCard(4_200);
    const created = await api('POST', '/refunds', { payment_id: id, description: 'Returned', routing: { platform: { amount_minor: 1_200 } } });
    expect(created.status, created.text).toBe(201);
    adyen.failNext(/\/refunds$/, status);
    await runJobs();
    expect((await api('GET', `/refunds/${created.body.id}`)).body.status).toBe('initiated');
    expect(await eventTypes(created.body.id)).toEqual(['refund_initiated']);

    await api('POST', '/simulations/clock/advance', { seconds: 2 * RECOVERY_SECONDS });
    await runJobs();
    const asked = adyen.requests.filter((request) => request.path.endsWith('/refunds') && (request.body as { reference: string }).reference === created.body.id);
    expect(asked.map((request) => request.headers['idempotency-key'])).toEqual([created.body.id, created.body.id]);
    const row = await server.app.database.db.selectFrom('refunds').select(['status', 'processor_reference']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'initiated', processor_reference: expect.any(String) });
    expect((await api('GET', `/payments/${id}`)).body.routing.platform.refundable_amount).toBe(4_200 - 1_200);
  });
});

describe('Adyen’s notifications', () => {
  const pspOf = async (id: string) => (await server.app.database.db.selectFrom('payments').select('processor_reference').where('id', '=', id).executeTakeFirstOrThrow()).processor_reference!;
  const inbox = (eventKey: string) => server.app.database.db.selectFrom('processor_notifications').select('result').where('processor', '=', 'adyen').where('event_key', '=', eventKey).execute();

  it('refuses a batch with a bad HMAC signature with 401, storing nothing', async () => {
    const psp = await pspOf(await paidByCard());
    const refused = await adyen.notify([adyen.authorisation(psp)], Buffer.from('00'.repeat(32), 'hex'));
    expect(refused.status).toBe(401);
    expect(await inbox(`${psp}:AUTHORISATION:true`)).toEqual([]);
  });

  it('keeps an AUTHORISATION of a captured payment, and a CANCELLATION no feature acts on, without effect: accepted, never an error to Adyen', async () => {
    const id = await paidByCard();
    const psp = await pspOf(id);
    const cancellation: NotificationEvent = { ...adyen.authorisation(psp), eventCode: 'CANCELLATION', pspReference: `${psp.slice(0, 15)}C`, originalReference: psp };
    await notified([adyen.authorisation(psp), cancellation]);
    expect(await inbox(`${psp}:AUTHORISATION:true`)).toEqual([{ result: 'final' }]);
    expect(await inbox(`${cancellation.pspReference}:CANCELLATION:true`)).toEqual([{ result: 'unknown' }]);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('captured');
    expect(await eventTypes(id)).toEqual(['payment_succeeded']);
  });
});
