/**
 * The Adyen adapter against a local Adyen speaking the Checkout API v71's wire format, without the
 * network. Every request the adapter sends and every answer and webhook of the local Adyen is
 * checked against Adyen's OpenAPI documents (LocalAdyen.violations, asserted empty after each test).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdyen, type Adyen } from '../../src/processor/adyen/adyen.js';
import { readAdyenConfig, type AdyenConfig } from '../../src/processor/adyen/config.js';
import { AdyenError } from '../../src/processor/adyen/errors.js';
import { NOTIFICATIONS_ACCEPTED } from '../../src/processor/adyen/notifications.js';
import type { CardNumberDetails, ProcessorNotification } from '../../src/processor/adyen/types.js';
import { ADYEN_TEST_CARDS, LocalAdyen, TEST_ADYEN } from '../helpers/adyen/server.js';

const RETURN_URL = 'https://pay.example/payments/pay_1/return';

let local: LocalAdyen;
let config: AdyenConfig;
let adyen: Adyen;
let receiver: { server: Server; received: ProcessorNotification[][] };
let sequence = 0;

/** A fresh attempt reference per test step, as the platform makes one per attempt. */
const reference = (prefix = 'att') => `${prefix}_${Date.now().toString(36)}${(sequence++).toString(36)}`;
const card = (number: string): CardNumberDetails => ({ number, expiryMonth: 3, expiryYear: 2030, cvc: '737', holderName: 'Jo Buyer' });
const payment = (ref: string, number: string) => ({ reference: ref, amountMinor: 2500, currency: 'EUR', returnUrl: RETURN_URL, card: card(number) });

/** The platform's side of webhooks, as small as can be: the adapter reads the batch, the answer is Adyen's. */
async function startNotificationReceiver(read: Adyen['readNotifications']): Promise<typeof receiver> {
  const received: ProcessorNotification[][] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const batch = read(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (!batch.accepted) return void res.writeHead(401).end();
      received.push(batch.notifications);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(NOTIFICATIONS_ACCEPTED);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received };
}

beforeAll(async () => {
  local = await LocalAdyen.start(TEST_ADYEN);
  config = readAdyenConfig(local.serverEnv());
  adyen = createAdyen(config, { timeoutMs: 60_000 }); // the local Adyen compiles each operation's schemas on first use: seconds on a loaded machine
  receiver = await startNotificationReceiver(adyen.readNotifications);
  local.notificationUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/processor/adyen/notifications`;
});

afterAll(async () => {
  await local?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

afterEach(() => {
  // Drained, so that one test's violation is reported by that test alone.
  expect(local.violations.splice(0)).toEqual([]);
});

describe('cards', () => {
  it('an authorised card: approved; POST {ADYEN_CHECKOUT_URL}/payments with the API key, the attempt’s Idempotency-Key, channel Web', async () => {
    const ref = reference();
    const outcome = await adyen.authorizeCard(payment(ref, ADYEN_TEST_CARDS.authorised));
    expect(outcome).toEqual({ outcome: 'approved', pspReference: local.pspReferenceOf(ref) });
    const [sent] = local.requests.filter((r) => (r.body as { reference?: string }).reference === ref);
    expect(sent).toMatchObject({ path: '/payments', headers: { 'x-api-key': 'test-api-key', 'idempotency-key': ref } });
    expect(sent?.body).toMatchObject({ merchantAccount: 'PlatformECOM', reference: ref, amount: { value: 2500, currency: 'EUR' }, returnUrl: RETURN_URL, channel: 'Web' });
  });

  it('refused cards: declined with the reason mapped', async () => {
    await expect(adyen.authorizeCard(payment(reference(), ADYEN_TEST_CARDS.refused))).resolves.toMatchObject({ outcome: 'declined', reason: 'card_declined' });
    await expect(adyen.authorizeCard(payment(reference(), ADYEN_TEST_CARDS.insufficientFunds))).resolves.toMatchObject({ outcome: 'declined', reason: 'insufficient_funds' });
    await expect(adyen.authorizeCard(payment(reference(), ADYEN_TEST_CARDS.expired))).resolves.toMatchObject({ outcome: 'declined', reason: 'expired_card' });
  });

  it('a 3-D Secure challenge passed: the buyer’s return is finished by /payments/details with its own Idempotency-Key', async () => {
    const ref = reference();
    const first = await adyen.authorizeCard({
      ...payment(ref, ADYEN_TEST_CARDS.challenge),
      browser: { userAgent: 'Mozilla/5.0', acceptHeader: 'text/html', language: 'de-DE', colorDepth: 24, screenHeight: 900, screenWidth: 1440, timeZoneOffset: -60, javaEnabled: false },
    });
    if (first.outcome !== 'action') throw new Error(`expected an action, got ${first.outcome}`);
    expect(first.action.method).toBe('GET');
    const page = await fetch(first.action.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');

    const back = new URL(await local.answerChallenge(first.action.url, true));
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    const returned = Object.fromEntries(back.searchParams);
    const outcome = await adyen.completeAuthorization(ref, returned);
    expect(outcome).toEqual({ outcome: 'approved', pspReference: first.pspReference });
    const details = local.requestsTo('/payments/details').at(-1);
    expect(details?.headers['idempotency-key']).toBe(`${ref}.details`);
    expect(details?.body).toEqual({ details: { redirectResult: returned.redirectResult } });

    // The buyer's return retried (a reload): the same key, the same answer, never the /payments answer.
    await expect(adyen.completeAuthorization(ref, returned)).resolves.toEqual(outcome);
  });

  it('a 3-D Secure challenge failed: authentication_failed', async () => {
    const ref = reference();
    const first = await adyen.authorizeCard(payment(ref, ADYEN_TEST_CARDS.challenge));
    if (first.outcome !== 'action') throw new Error(`expected an action, got ${first.outcome}`);
    const back = new URL(await local.answerChallenge(first.action.url, false));
    await expect(adyen.completeAuthorization(ref, Object.fromEntries(back.searchParams))).resolves.toEqual({
      outcome: 'authentication_failed', pspReference: first.pspReference, refusalReason: '3D Not Authenticated',
    });
  });

  it('a lost answer: the call fails as unavailable; asked again with the same reference, the same payment answers', async () => {
    const ref = reference();
    const impatient = createAdyen(config, { timeoutMs: 5_000 }); // long enough for the request to reach the local Adyen on a loaded machine
    const lost = await impatient.authorizeCard(payment(ref, ADYEN_TEST_CARDS.lostAnswer)).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(AdyenError);
    expect(lost).toMatchObject({ kind: 'unavailable', retryable: true });

    const psp = local.pspReferenceOf(ref);
    await expect(adyen.authorizeCard(payment(ref, ADYEN_TEST_CARDS.lostAnswer))).resolves.toEqual({ outcome: 'approved', pspReference: psp });
    const sent = local.requestsTo('/payments').filter((r) => (r.body as { reference: string }).reference === ref);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([ref, ref]);

    // Or learnt from Adyen's AUTHORISATION webhook, which names our reference.
    const before = receiver.received.length;
    expect(await local.notify([local.authorisation(psp)])).toEqual({ status: 200, body: '[accepted]' });
    expect(receiver.received.slice(before)).toEqual([[expect.objectContaining({ kind: 'AUTHORISATION', pspReference: psp, merchantReference: ref, success: true })]]);
  });

  it('a merchant-initiated charge: the first payment stores the card, the later one charges it with ContAuth', async () => {
    const credential = { shopperReference: 'acct_01_buyer_7', model: 'UnscheduledCardOnFile' as const };
    const first = await adyen.authorizeCard({ ...payment(reference(), ADYEN_TEST_CARDS.authorised), storeFor: credential });
    if (first.outcome !== 'approved' || !first.storedPaymentMethodId) throw new Error('expected a stored card');
    const ref = reference();
    const later = await adyen.chargeStoredCard({ reference: ref, amountMinor: 990, currency: 'EUR', returnUrl: RETURN_URL, storedPaymentMethodId: first.storedPaymentMethodId, credential });
    expect(later).toMatchObject({ outcome: 'approved' });
    expect(local.requestsTo('/payments').at(-1)?.body).toMatchObject({
      reference: ref, shopperInteraction: 'ContAuth', recurringProcessingModel: 'UnscheduledCardOnFile', shopperReference: credential.shopperReference,
      paymentMethod: { type: 'scheme', storedPaymentMethodId: first.storedPaymentMethodId }, returnUrl: RETURN_URL,
    });
  });

  it('a distant Adyen (hundreds of milliseconds an answer) gives the same answers', async () => {
    const distant = await LocalAdyen.start({ ...TEST_ADYEN, latencyMs: 300 });
    try {
      const started = performance.now();
      const outcome = await createAdyen({ ...config, checkoutUrl: distant.checkoutUrl }).authorizeCard(payment(reference(), ADYEN_TEST_CARDS.insufficientFunds));
      expect(outcome).toMatchObject({ outcome: 'declined', reason: 'insufficient_funds' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(300);
      expect(distant.violations).toEqual([]);
    } finally {
      await distant.close();
    }
  });

  it('a wrong API key: refused, not retryable', async () => {
    const wrong = createAdyen({ ...config, apiKey: 'wrong' });
    await expect(wrong.authorizeCard(payment(reference(), ADYEN_TEST_CARDS.authorised))).rejects.toMatchObject({ kind: 'refused', status: 401, retryable: false });
  });
});

describe('SEPA Direct Debit', () => {
  it('Received → pending; collected by an AUTHORISATION webhook, returned by a CHARGEBACK naming the payment', async () => {
    const ref = reference();
    const outcome = await adyen.debitSepa({ reference: ref, amountMinor: 4200, currency: 'EUR', returnUrl: RETURN_URL, iban: 'DE89 3704 0044 0532 0130 00', ownerName: 'A. Schmidt' });
    expect(outcome).toEqual({ outcome: 'pending', pspReference: local.pspReferenceOf(ref) });
    expect(local.requestsTo('/payments').at(-1)?.body).toMatchObject({ paymentMethod: { type: 'sepadirectdebit', iban: 'DE89370400440532013000', ownerName: 'A. Schmidt' } });

    const psp = local.pspReferenceOf(ref);
    const before = receiver.received.length;
    await local.notify([local.sepaOutcome(psp, 'collected')]);
    await local.notify([local.sepaOutcome(psp, 'returned')]);
    expect(receiver.received.slice(before).flat()).toEqual([
      expect.objectContaining({ kind: 'AUTHORISATION', pspReference: psp, merchantReference: ref, success: true, amountMinor: 4200 }),
      expect.objectContaining({ kind: 'CHARGEBACK', originalReference: psp, merchantReference: ref, success: true, reason: 'MD06 Refund request by end customer' }),
    ]);
  });
});

describe('refunds', () => {
  it('POST /payments/{pspReference}/refunds with the refund’s Idempotency-Key → received; completed or failed by webhooks', async () => {
    const paid = await adyen.authorizeCard(payment(reference(), ADYEN_TEST_CARDS.authorised));
    if (paid.outcome !== 'approved') throw new Error('expected an approved payment');
    const refundRef = reference('ref');
    const refund = await adyen.refund({ reference: refundRef, paymentPspReference: paid.pspReference, amountMinor: 1000, currency: 'EUR' });
    expect(local.requestsTo(`/payments/${paid.pspReference}/refunds`)).toEqual([
      expect.objectContaining({ headers: expect.objectContaining({ 'idempotency-key': refundRef }), body: { merchantAccount: 'PlatformECOM', reference: refundRef, amount: { value: 1000, currency: 'EUR' } } }),
    ]);
    // Retried: the same refund, not a second one.
    await expect(adyen.refund({ reference: refundRef, paymentPspReference: paid.pspReference, amountMinor: 1000, currency: 'EUR' })).resolves.toEqual(refund);

    const before = receiver.received.length;
    await local.notify([local.refundOutcome(refund.pspReference, 'completed')]);
    await local.notify([local.refundOutcome(refund.pspReference, 'failed')]);
    expect(receiver.received.slice(before).flat()).toEqual([
      expect.objectContaining({ kind: 'REFUND', pspReference: refund.pspReference, originalReference: paid.pspReference, merchantReference: refundRef, success: true }),
      expect.objectContaining({ kind: 'REFUND_FAILED', pspReference: refund.pspReference, originalReference: paid.pspReference, merchantReference: refundRef }),
    ]);
  });

  it('a refund Adyen refuses (more than was paid): refused, not retryable', async () => {
    const paid = await adyen.authorizeCard(payment(reference(), ADYEN_TEST_CARDS.authorised));
    if (paid.outcome !== 'approved') throw new Error('expected an approved payment');
    await expect(adyen.refund({ reference: reference('ref'), paymentPspReference: paid.pspReference, amountMinor: 2501, currency: 'EUR' }))
      .rejects.toMatchObject({ kind: 'refused', status: 422, errorCode: '137' });
  });
});

describe('webhooks', () => {
  it('a batch with a bad HMAC is refused whole; the same webhook twice carries one event key', async () => {
    const paid = await adyen.authorizeCard(payment(reference(), ADYEN_TEST_CARDS.authorised));
    if (paid.outcome !== 'approved') throw new Error('expected an approved payment');
    const event = local.authorisation(paid.pspReference);
    const before = receiver.received.length;
    expect(await local.notify([event], Buffer.alloc(32, 7))).toMatchObject({ status: 401 });
    expect(receiver.received.length).toBe(before);

    expect(await local.notify([event])).toEqual({ status: 200, body: '[accepted]' });
    expect(await local.notify([event])).toEqual({ status: 200, body: '[accepted]' });
    const keys = receiver.received.slice(before).flat().map((n) => n.eventKey);
    expect(keys).toEqual([`${paid.pspReference}:AUTHORISATION:true`, `${paid.pspReference}:AUTHORISATION:true`]);
  });
});

describe('the contract check itself', () => {
  it('catches a request that Adyen’s document refuses, and the local Adyen answers it 422 as Adyen does', async () => {
    const response = await fetch(`${local.checkoutUrl}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'test-api-key', 'idempotency-key': reference() },
      body: JSON.stringify({ merchantAccount: 'PlatformECOM', reference: 'r', amount: { value: 1, currency: 'EUR' }, paymentMethod: { type: 'sepadirectdebit', iban: 'DE89370400440532013000' } }),
    });
    expect(response.status).toBe(422);
    expect(local.violations.splice(0).join('\n')).toMatch(/must have required property 'returnUrl'/);
  });
});
