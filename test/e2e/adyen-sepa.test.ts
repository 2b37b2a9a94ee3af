/**
 * SEPA Direct Debit through Adyen, and chargebacks into the ledger, through the real HTTP API: the
 * server runs with PROCESSOR=adyen against the local Adyen (test/helpers/adyen/server.ts), whose
 * signed webhooks reach our notification route. Every request our adapter sends, every answer and
 * every webhook is checked against Adyen's OpenAPI documents (`violations` stays empty), and the
 * money's invariants hold after each test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyViolations } from '../../chaos/invariants.js';
import { ADYEN_REFUSED_IBAN, ADYEN_TEST_CARDS, type LocalAdyen, type NotificationEvent } from '../helpers/adyen/server.js';
import { adyenSettings, useLocalAdyen } from '../helpers/adyen/setup.js';
import { dashboardUser } from '../helpers/dashboard.js';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { payByCard, paySepa } from '../helpers/money.js';
import { bookedFor, consumerMandate } from '../helpers/payments.js';

const ACCOUNT = { apiKey: 'sepa-api-key', merchantAccount: 'PlatformSEPA', hmacKeyHex: 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90' };
const IBAN = 'DE89370400440532013000';

const started = useLocalAdyen(ACCOUNT);
/** The file's local Adyen, server and platform, once started. */
let adyen: LocalAdyen, server: TestServer, platform: TestPlatform;
beforeAll(() => void ({ adyen, server, platform } = started));

const { api, eventTypes } = started;
const local = (url: string) => url.replace(server.config.baseUrl, '');
const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function notified(events: NotificationEvent[]) {
  expect(await adyen.notify(events)).toEqual({ status: 200, body: '[accepted]' });
  await server.app.services.jobs.runDue();
}

const booked = (paymentId: string) => bookedFor(server, paymentId);

const pspOf = async (paymentId: string) =>
  (await server.app.database.db.selectFrom('payments').select('processor_reference').where('id', '=', paymentId).executeTakeFirstOrThrow()).processor_reference!;

/** A user_selected payment whose buyer chooses SEPA on the page: answers its id, page token and the start step. */
async function sepaStarted(amount = 4_990) {
  const created = await api('POST', '/payments', {
    amount_minor: amount, currency: 'EUR', reference: `sepa-${amount}`, payment_method: { type: 'user_selected' },
    integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' },
  });
  expect(created.status, created.text).toBe(201);
  const id: string = created.body.id;
  const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
  const view = await server.request('GET', `/hpp/payments/${id}`, { token });
  expect(view.body.payment_methods.map((method: { type: string }) => method.type)).toEqual(['card', 'sepa_direct_debit']);
  const started = await server.request('POST', `/hpp/payments/${id}/start`, { token, body: { type: 'sepa_direct_debit' } });
  expect(started.status, started.text).toBe(200);
  return { id, token, started };
}

/** The buyer types the account on our form and signs the mandate: answers the payment and the mandate step's answer. */
async function sepaMandated(amount: number, iban: string) {
  const { id, token, started } = await sepaStarted(amount);
  const entered = await server.request('POST', local(started.body._links.account_verification.href), form({ iban, account_holder: 'Erika Mustermann', account_type: 'consumer' }));
  expect(entered.status, entered.text).toBe(303);
  const mandate = await server.request('POST', `/hpp/payments/${id}/mandate`, { token, body: consumerMandate });
  expect(mandate.status, mandate.text).toBe(200);
  return { id, mandate };
}

/** A SEPA payment authorized, its debit with Adyen: answers it and its pspReference. */
async function sepaAuthorized(amount = 4_990) {
  const { id, mandate } = await sepaMandated(amount, 'de89 3704 0044 0532 0130 00');
  expect(mandate.body.status).toBe('authorized');
  return { id, psp: await pspOf(id) };
}

describe('SEPA Direct Debit with Adyen', () => {
  it('asks the buyer for the account on our own form (Adyen has no account verification), then the mandate; POST /payments sepadirectdebit, Received; completed by AUTHORISATION', async () => {
    const { id, token, started } = await sepaStarted();
    const formUrl = new URL(started.body._links.account_verification.href);
    expect(formUrl.pathname).toBe(`/hpp/payments/${id}/bank-account`);

    const page = await server.request('GET', local(formUrl.toString()), { headers: { 'accept-language': 'de-DE' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('name="iban"');
    expect(page.text).toContain('Kontoinhaber');

    // A wrong IBAN and no holder: the form again, naming both, what was typed kept; nothing recorded.
    const refused = await server.request('POST', local(formUrl.toString()), form({ iban: 'DE89370400440532013001', account_holder: ' ' }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('value="DE89370400440532013001"');
    expect(refused.text.match(/role="alert"/g)).toHaveLength(2);
    expect((await server.request('GET', `/hpp/payments/${id}/mandate-requirements`, { token })).status).toBe(409);
    // Without the page's token, or with another payment's, nothing.
    expect((await server.request('POST', formUrl.pathname, form({ iban: IBAN, account_holder: 'Erika Mustermann' }))).status).toBe(401);
    const other = await sepaStarted(1_234);
    expect((await server.request('POST', `${formUrl.pathname}?token=${encodeURIComponent(other.token)}`, form({ iban: IBAN, account_holder: 'Erika Mustermann' }))).status).toBe(401);
    expect((await server.request('GET', `/hpp/payments/${id}/mandate-requirements`, { token })).status).toBe(409);

    const entered = await server.request('POST', local(formUrl.toString()), form({ iban: 'de89 3704 0044 0532 0130 00', account_holder: 'Erika Mustermann', account_type: 'consumer' }));
    expect(entered.status, entered.text).toBe(303);
    expect(entered.headers.get('location')).toBe(`${server.config.baseUrl}/pay/${id}?token=${encodeURIComponent(token)}`);
    const view = await server.request('GET', `/hpp/payments/${id}`, { token });
    expect(view.body.payment_instrument).toMatchObject({ type: 'sepa_direct_debit', iban: 'DE89 •••• 3000' });
    expect(view.body._links['hpp:authorize'].href).toMatch(/\/mandate$/);

    const mandate = await server.request('POST', `/hpp/payments/${id}/mandate`, { token, body: consumerMandate });
    expect(mandate.status, mandate.text).toBe(200);
    expect(mandate.body).toMatchObject({ status: 'authorized', succeeded: true });
    const [sent] = adyen.requestsTo('/payments').slice(-1);
    const body = sent!.body as { reference: string; paymentMethod: unknown; amount: unknown; returnUrl: string };
    expect(body.paymentMethod).toEqual({ type: 'sepadirectdebit', iban: IBAN, ownerName: 'Erika Mustermann' });
    expect(body.amount).toEqual({ value: 4_990, currency: 'EUR' });
    expect(body.returnUrl).toEqual(expect.any(String));
    expect(sent!.headers['idempotency-key']).toBe(body.reference);
    expect(await booked(id)).toEqual({}); // nothing moved while the bank collects

    const psp = await pspOf(id);
    await notified([adyen.sepaOutcome(psp, 'collected')]);
    const payment = (await api('GET', `/payments/${id}`)).body;
    expect(payment).toMatchObject({ status: 'completed', succeeded: true });
    expect(await eventTypes(id)).toEqual(['payment_succeeded']);
    const fee = payment.processing_fee.amount_minor;
    expect(await booked(id)).toEqual({ buyers: -4_990, fees: fee, [`pending:${platform.platformId}`]: 4_990 - fee });
  });

  it.each([
    ['Adyen refuses, by its AUTHORISATION with success false', 'refused'],
    ['returned while still collecting (CHARGEBACK before the AUTHORISATION)', 'returned'],
  ] as const)('ends a debit %s not_completed: payment_failed, nothing booked', async (_label, outcome) => {
    const { id, psp } = await sepaAuthorized(outcome === 'refused' ? 3_000 : 3_100);
    await notified([adyen.sepaOutcome(psp, outcome)]);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('not_completed');
    expect(await eventTypes(id)).toEqual(['payment_failed']);
    expect(await booked(id)).toEqual({});
  });

  it('ends a debit Adyen refuses at once not_completed on the mandate step; its later AUTHORISATION finds it ended', async () => {
    const { id, mandate } = await sepaMandated(3_200, ADYEN_REFUSED_IBAN);
    expect(mandate.body).toMatchObject({ status: 'not_completed', succeeded: false });
    expect(await eventTypes(id)).toEqual(['payment_failed']);
    const psp = await pspOf(id);
    await notified([adyen.authorisation(psp)]);
    const inbox = await server.app.database.db.selectFrom('processor_notifications').select('result').where('event_key', '=', `${psp}:AUTHORISATION:false`).execute();
    expect(inbox).toEqual([{ result: 'final' }]);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('not_completed');
    expect(await eventTypes(id)).toEqual(['payment_failed']);
    expect(await booked(id)).toEqual({});
  });

  it('books a SEPA return after the collection completed as the buyer’s refund: the money back out of the ledger, the spec’s refund_initiated_from_buyer, our payment_charged_back', async () => {
    const { id, psp } = await sepaAuthorized(6_000);
    await notified([adyen.sepaOutcome(psp, 'collected')]);
    const returned = adyen.sepaOutcome(psp, 'returned');
    await notified([returned]);

    const payment = (await api('GET', `/payments/${id}`)).body;
    expect(payment.status).toBe('completed'); // it succeeded; its money went back as a refund
    expect(payment.routing.platform.refundable_amount).toBe(0);
    const refunds = (await api('GET', `/refunds?payment_id=${id}`)).body.data;
    expect(refunds).toEqual([expect.objectContaining({ origin: 'buyer', status: 'completed', amount_minor: 6_000 })]);
    expect(await eventTypes(refunds[0].id)).toEqual(['refund_initiated_from_buyer', 'refund_completed']);
    expect(await eventTypes(id)).toEqual(['payment_succeeded', 'payment_charged_back']);
    const charged = (await api('GET', `/events?object_id=${id}&type=payment_charged_back`)).body.data[0];
    expect(charged.data).toEqual({ chargeback_id: expect.stringMatching(/^chb_/), payment_id: id, refund_id: refunds[0].id, amount_minor: 6_000, currency: 'EUR', reason: 'MD06 Refund request by end customer' });
    // Every account of the payment back where it was before it: the buyer repaid, the fee returned, nothing waiting for a payout.
    expect(await booked(id)).toEqual({});
    // Adyen was never asked to refund: the bank took the money itself.
    expect(adyen.requests.filter((request) => request.path === `/payments/${psp}/refunds`)).toEqual([]);
  });
});

describe('chargebacks with Adyen', () => {
  const paidByCard = (amount: number) => payByCard(server, platform, { amount_minor: amount, reference: `cb-${amount}` }, ADYEN_TEST_CARDS.authorised);

  it('records the announcement, then books the chargeback once however often Adyen sends it, and shows both on the dashboard’s payment page', async () => {
    const id = await paidByCard(8_000);
    const psp = await pspOf(id);
    const before = await booked(id);
    const disputePsp = 'QFQTPCQ8HXSKGK82';
    await notified([adyen.dispute(psp, { disputePspReference: disputePsp, announced: true })]);
    expect(await booked(id)).toEqual(before); // announced: no money moved yet
    expect(await eventTypes(id)).toEqual(['payment_succeeded']);

    const chargeback = adyen.dispute(psp, { disputePspReference: disputePsp, reason: 'Fraud' });
    await notified([chargeback, chargeback]);
    await notified([chargeback]);
    const inbox = await server.app.database.db.selectFrom('processor_notifications').select('result').where('event_key', '=', `${disputePsp}:CHARGEBACK:true`).execute();
    expect(inbox).toEqual([{ result: 'applied' }]);
    const rows = await server.app.database.db.selectFrom('chargebacks').select(['stage', 'amount_minor', 'refund_id', 'reason']).where('payment_id', '=', id).orderBy('created_at').orderBy('stage', 'desc').execute();
    expect(rows).toEqual([
      { stage: 'notified', amount_minor: 8_000, refund_id: null, reason: 'Payment.TxId=300000000524534724 dispute' },
      { stage: 'charged_back', amount_minor: 8_000, refund_id: expect.stringMatching(/^rfd_/), reason: 'Fraud' },
    ]);
    expect(await eventTypes(id)).toEqual(['payment_succeeded', 'payment_charged_back']);
    const refunds = (await api('GET', `/refunds?payment_id=${id}`)).body.data;
    expect(refunds).toEqual([expect.objectContaining({ id: rows[1]!.refund_id, origin: 'buyer', status: 'completed', amount_minor: 8_000 })]);
    expect(await booked(id)).toEqual({});
    expect((await api('GET', `/payments/${id}`)).body).toMatchObject({ status: 'captured', routing: { platform: { refundable_amount: 0 } } });

    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    const page = await client.get(`/dashboard/payments/${id}`);
    expect(page.status, page.text).toBe(200);
    const panel = page.text.slice(page.text.indexOf('id="chargebacks"'));
    expect(panel).toContain('Chargebacks');
    expect(panel).toContain('Announced');
    expect(panel).toContain('Charged back');
    expect(panel).toContain('Fraud');
    expect(panel).toContain(rows[1]!.refund_id!);
    // Another platform's dashboard does not show it.
    const stranger = await dashboardUser(server, (await server.platform()).platformId, 'admin');
    expect((await stranger.client.get(`/dashboard/payments/${id}`)).status).toBe(404);
  });

  it('takes back only what is left after the platform’s own refund, and the ledger balances to what the buyer kept paid', async () => {
    const id = await paidByCard(10_000);
    const psp = await pspOf(id);
    const refunded = await api('POST', '/refunds', { payment_id: id, description: 'Goodwill', routing: { platform: { amount_minor: 4_000 } } });
    expect(refunded.status, refunded.text).toBe(201);
    await notified([adyen.dispute(psp)]); // the whole 100.00 disputed: 60.00 was left
    const refunds = (await api('GET', `/refunds?payment_id=${id}`)).body.data;
    expect(refunds.map((refund: { origin: string; amount_minor: number }) => [refund.origin, refund.amount_minor]).sort()).toEqual([['buyer', 6_000], ['platform', 4_000]]);
    const ledger = await booked(id);
    // The platform's refund is still on its way to the buyer (initiated), booked at once as every refund is: all 100.00 back.
    expect(ledger).toEqual({});
    expect((await api('GET', `/payments/${id}`)).body.routing.platform.refundable_amount).toBe(0);
  });

  it('keeps a chargeback of a payment it does not know without effect, never an error to Adyen', async () => {
    const id = await paidByCard(2_000);
    const chargeback = { ...adyen.dispute(await pspOf(id)), originalReference: 'UNKNOWNPAYMENT01' };
    await notified([chargeback]);
    const inbox = await server.app.database.db.selectFrom('processor_notifications').select('result').where('event_key', '=', `${chargeback.pspReference}:CHARGEBACK:true`).execute();
    expect(inbox).toEqual([{ result: 'unknown' }]);
    expect(await eventTypes(id)).toEqual(['payment_succeeded']);
  });
});

describe('Adyen cards with the simulator’s SEPA Direct Debit (SEPA_PROCESSOR=simulator)', () => {
  let mixed: TestServer;

  beforeAll(async () => {
    mixed = await startServer({ ...adyenSettings(adyen), SEPA_PROCESSOR: 'simulator' });
  });
  afterAll(() => mixed?.close());

  it('takes the card with Adyen and the SEPA debit with the simulator, whose bank verifies the account', async () => {
    const tenant = await mixed.platform();
    const card = await payByCard(mixed, tenant, { amount_minor: 1_500, reference: 'mixed-card' }, ADYEN_TEST_CARDS.authorised);
    const cardRow = await mixed.app.database.db.selectFrom('payments').select(['processor', 'status']).where('id', '=', card).executeTakeFirstOrThrow();
    expect(cardRow).toEqual({ processor: 'adyen', status: 'captured' });

    const created = await mixed.request('POST', '/sandbox/payments', {
      token: await tenant.token(),
      body: { amount_minor: 2_500, currency: 'EUR', reference: 'mixed-sepa', payment_method: { type: 'sepa_direct_debit' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } },
    });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
    const started = await mixed.request('POST', `/hpp/payments/${id}/start`, { token, body: {} });
    const bank = new URL(started.body._links.account_verification.href);
    expect(bank.pathname).toBe('/simulator/bank');
    const verified = await mixed.request('POST', '/simulator/bank/verify', form({ token: bank.searchParams.get('token')!, iban: IBAN, account_holder: 'Erika Mustermann' }));
    expect(verified.status, verified.text).toBe(303);
    const callback = new URL(verified.headers.get('location')!);
    expect((await mixed.request('GET', `${callback.pathname}${callback.search}`)).status).toBe(303);
    const mandate = await mixed.request('POST', `/hpp/payments/${id}/mandate`, { token, body: consumerMandate });
    expect(mandate.body.status, mandate.text).toBe('authorized');
    const sepaRow = await mixed.app.database.db.selectFrom('payments').select('processor').where('id', '=', id).executeTakeFirstOrThrow();
    expect(sepaRow.processor).toBe('simulator');
    expect(adyen.requestsTo('/payments').some((request) => (request.body as { paymentMethod: { type: string } }).paymentMethod.type === 'sepadirectdebit' && (request.body as { amount: { value: number } }).amount.value === 2_500)).toBe(false);
    expect(await moneyViolations(mixed.app.database.db)).toEqual({});
  });

  it("settles the simulator's SEPA collection now with the sandbox's shortcut, as with the simulator for everything", async () => {
    const tenant = await mixed.platform();
    const id = await paySepa(mixed, tenant, { amount_minor: 1_800, reference: 'mixed-settle' });
    const api = async (method: string, path: string) => mixed.request(method, `/sandbox${path}`, { token: await tenant.token() });
    const schedule = await api('GET', `/simulations/payments/${id}/schedule`);
    expect(schedule.body.data.map((step: { step: string }) => step.step)).toContain('collection_reported');
    const settled = await api('POST', `/simulations/payments/${id}/settle`);
    expect(settled.status, settled.text).toBe(200);
    expect(settled.body).toMatchObject({ id, status: 'completed' });
    expect(await moneyViolations(mixed.app.database.db)).toEqual({});
  });
});
