import { describe, expect, it } from 'vitest';
import { CheckoutContract } from '../../../test/helpers/adyen/contract.js';
import { AdyenError } from './errors.js';
import {
  browserDetails, fromPaymentResponse, fromRefundResponse, idempotencyKeys, toCardPaymentRequest, toDetailsRequest, toMerchantInitiatedRequest,
  toRefundRequest, toSepaPaymentRequest,
} from './mapping.js';
import type { BrowserDetails } from './types.js';
import type { AdyenPaymentRequest, AdyenPaymentResponse, AdyenRefundResponse } from './wire.js';

const contract = CheckoutContract.get();
const example = <T>(name: string) => contract.example(name) as T;
const MERCHANT = 'YOUR_MERCHANT_ACCOUNT';

function expectValidPaymentRequest(request: unknown): void {
  expect(contract.request('POST', '/payments', request)).toEqual([]);
}

describe('requests, rebuilt from the neutral inputs of Adyen’s own examples', () => {
  it('a card payment with 3-D Secure by redirect: the example’s card, amount, browserInfo and returnUrl, channel Web', () => {
    const wanted = example<AdyenPaymentRequest & { browserInfo: BrowserDetails }>('post-payments-card-3d-secure-redirect');
    const request = toCardPaymentRequest({
      reference: wanted.reference, amountMinor: 1000, currency: 'usd', returnUrl: wanted.returnUrl,
      card: { number: '4212345678901237', expiryMonth: 3, expiryYear: 2030, cvc: '737', holderName: 'John Smith' },
      browser: { ...wanted.browserInfo },
    }, MERCHANT);
    // The example leaves javaScriptEnabled to its default (true); ours says it, the page having measured by script.
    expect(request).toEqual({ ...wanted, browserInfo: { ...wanted.browserInfo, javaScriptEnabled: true }, channel: 'Web', shopperInteraction: 'Ecommerce' });
    expectValidPaymentRequest(request);
  });

  it('a direct card payment without browser data: no browserInfo at all, a two-digit year read as 20xx', () => {
    const wanted = example<AdyenPaymentRequest>('post-payments-card-direct');
    const request = toCardPaymentRequest({
      reference: wanted.reference, amountMinor: 1000, currency: 'USD', returnUrl: wanted.returnUrl,
      card: { number: '4111111111111111', expiryMonth: 3, expiryYear: 30, cvc: '737', holderName: 'John Smith' },
    }, MERCHANT);
    expect(request).toEqual({ ...wanted, channel: 'Web', shopperInteraction: 'Ecommerce' });
    expectValidPaymentRequest(request);
  });

  it('the first payment of a subscription stores the card for the shopper, as the example does', () => {
    const { paymentMethod: _encrypted, ...wanted } = example<AdyenPaymentRequest>('post-payments-subscription-first-transaction');
    const request = toCardPaymentRequest({
      reference: wanted.reference, amountMinor: 1000, currency: 'USD', returnUrl: wanted.returnUrl,
      card: { number: '4111111111111111', expiryMonth: 3, expiryYear: 2030, cvc: '737' },
      storeFor: { shopperReference: 'YOUR_SHOPPER_REFERENCE', model: 'Subscription' },
    }, MERCHANT);
    expect(request).toMatchObject(wanted);
    expectValidPaymentRequest(request);
  });

  it('a later charge of the stored card is exactly the example’s: ContAuth, storedPaymentMethodId, returnUrl', () => {
    const wanted = example<AdyenPaymentRequest>('post-payments-subscription-payment');
    const request = toMerchantInitiatedRequest({
      reference: wanted.reference, amountMinor: 1000, currency: 'USD', returnUrl: wanted.returnUrl,
      storedPaymentMethodId: 'M5N7TQ4TG5PFWR50', credential: { shopperReference: 'YOUR_SHOPPER_REFERENCE', model: 'Subscription' },
    }, MERCHANT);
    expect(request).toEqual(wanted);
    expectValidPaymentRequest(request);
  });

  it('a SEPA Direct Debit with v71’s names: type sepadirectdebit, iban, ownerName', () => {
    const request = toSepaPaymentRequest({
      reference: 'att_01', amountMinor: 2599, currency: 'EUR', returnUrl: 'https://pay.example/p/1', iban: 'de89 3704 0044 0532 0130 00', ownerName: 'A. Schmidt',
    }, MERCHANT);
    expect(request.paymentMethod).toEqual({ type: 'sepadirectdebit', iban: 'DE89370400440532013000', ownerName: 'A. Schmidt' });
    expect(request.amount).toEqual({ value: 2599, currency: 'EUR' });
    expectValidPaymentRequest(request);
  });

  it('the buyer’s return as the example’s details request, our own query members left out', () => {
    const wanted = example('post-payments-details-00.redirect');
    const request = toDetailsRequest({ redirectResult: 'X6XtfGC3!Y...', payment: 'pay_1', lang: undefined });
    expect(request).toEqual(wanted);
    expect(contract.request('POST', '/payments/details', request)).toEqual([]);
    expect(() => toDetailsRequest({ payment: 'pay_1' })).toThrow(AdyenError);
  });

  it('a refund is exactly the example’s', () => {
    const wanted = example('post-payments-paymentPspReference-refunds-refund');
    const request = toRefundRequest({ reference: 'YOUR_UNIQUE_REFERENCE', paymentPspReference: '993617894903480A', amountMinor: 2500, currency: 'EUR' }, MERCHANT);
    expect(request).toEqual(wanted);
    expect(contract.request('POST', '/payments/993617894903480A/refunds', request)).toEqual([]);
  });

  it('refuses amounts that are not whole minor units: a payment of zero is a card check, a refund of zero nothing', () => {
    const base = { reference: 'r', paymentPspReference: 'p', currency: 'EUR' };
    for (const amountMinor of [0, -1, 10.5, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => toRefundRequest({ ...base, amountMinor }, MERCHANT)).toThrow(RangeError);
    }
    const check = { reference: 'r', currency: 'EUR', returnUrl: 'https://pay.example/r', card: { number: '4111111111111111', expiryMonth: 1, expiryYear: 2031, cvc: '123' } };
    expect(toCardPaymentRequest({ ...check, amountMinor: 0 }, MERCHANT).amount).toEqual({ value: 0, currency: 'EUR' });
    expect(() => toCardPaymentRequest({ ...check, amountMinor: -1 }, MERCHANT)).toThrow(RangeError);
  });

  it('browser data complete or not at all: the page’s measures with the request’s User-Agent and Accept', () => {
    const page = { screenWidth: 1536, screenHeight: 723, colorDepth: 24, timeZoneOffset: 0, languages: ['nl-NL', 'en'] };
    const headers = { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', accept: 'text/html' };
    const browser = browserDetails(page, headers);
    expect(browser).toEqual({ userAgent: headers.userAgent, acceptHeader: headers.accept, language: 'nl-NL', colorDepth: 24, screenHeight: 723, screenWidth: 1536, timeZoneOffset: 0, javaEnabled: false });
    expect(browserDetails(undefined, headers)).toBeUndefined();
    expect(browserDetails({ ...page, languages: [] }, headers)).toBeUndefined();
    expect(browserDetails(page, { accept: 'text/html' })).toBeUndefined();
    const request = toCardPaymentRequest({ reference: 'r', amountMinor: 100, currency: 'EUR', returnUrl: 'https://pay.example/r', card: { number: '4111111111111111', expiryMonth: 1, expiryYear: 2031, cvc: '123' }, browser: browser! }, MERCHANT);
    expect(Object.keys(request.browserInfo ?? {}).sort()).toEqual(['acceptHeader', 'colorDepth', 'javaEnabled', 'javaScriptEnabled', 'language', 'screenHeight', 'screenWidth', 'timeZoneOffset', 'userAgent']);
    expectValidPaymentRequest(request);
  });
});

describe('answers of Adyen’s own examples, in our words', () => {
  it('Authorised → approved with the pspReference', () => {
    expect(fromPaymentResponse(example('post-payments-card-direct-200'))).toEqual({ outcome: 'approved', pspReference: '993617895204576J' });
    expect(fromPaymentResponse(example('post-payments-details-00.redirect-200'))).toEqual({ outcome: 'approved', pspReference: 'V4HZ4RBFJGXXGN82' });
  });

  it('Authorised with a stored card → approved with its storedPaymentMethodId', () => {
    expect(fromPaymentResponse(example('post-payments-subscription-first-transaction-200'))).toEqual({
      outcome: 'approved', pspReference: '993617895199574A', storedPaymentMethodId: 'M5N7TQ4TG5PFWR50',
    });
  });

  it('RedirectShopper → an action with its method, URL and data', () => {
    expect(fromPaymentResponse(example('post-payments-card-3d-secure-redirect-200'))).toEqual({
      outcome: 'action', pspReference: 'JLCMPCQ8HXSKGK82',
      action: { method: 'GET', url: 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect...', data: {} },
    });
    const post: AdyenPaymentResponse = { resultCode: 'ChallengeShopper', action: { type: 'redirect', method: 'POST', url: 'https://acs.example/3ds', data: { PaReq: 'x', MD: 'y' } } };
    expect(fromPaymentResponse(post)).toEqual({ outcome: 'action', action: { method: 'POST', url: 'https://acs.example/3ds', data: { PaReq: 'x', MD: 'y' } } });
  });

  it('a native 3-D Secure 2 action (only sent when asked for, which this adapter never does) is not taken', () => {
    expect(() => fromPaymentResponse(example('post-payments-card-3d-secure-2-web-200'))).toThrow(AdyenError);
  });

  it('Refused and Error → declined, the reason mapped; a 3-D Secure refusal → authentication_failed', () => {
    const refused = (refusalReasonCode: string, refusalReason: string): AdyenPaymentResponse => ({ pspReference: 'P1', resultCode: 'Refused', refusalReasonCode, refusalReason });
    expect(fromPaymentResponse(refused('12', 'Not enough balance'))).toEqual({ outcome: 'declined', pspReference: 'P1', reason: 'insufficient_funds', refusalReason: 'Not enough balance' });
    expect(fromPaymentResponse(refused('6', 'Expired Card'))).toMatchObject({ outcome: 'declined', reason: 'expired_card' });
    expect(fromPaymentResponse(refused('2', 'Refused'))).toMatchObject({ outcome: 'declined', reason: 'card_declined' });
    expect(fromPaymentResponse(refused('24', 'CVC Declined'))).toMatchObject({ outcome: 'declined', reason: 'card_declined' });
    expect(fromPaymentResponse({ pspReference: 'P2', resultCode: 'Error', refusalReason: 'Acquirer Error' })).toMatchObject({ outcome: 'declined', reason: 'card_declined' });
    for (const [code, text] of [['11', '3D Not Authenticated'], ['42', '3DS Authentication Error']] as const) {
      expect(fromPaymentResponse(refused(code, text))).toEqual({ outcome: 'authentication_failed', pspReference: 'P1', refusalReason: text });
    }
  });

  it('Received and Pending → pending; a result it cannot take → an unexpected answer', () => {
    expect(fromPaymentResponse({ pspReference: 'S1', resultCode: 'Received' })).toEqual({ outcome: 'pending', pspReference: 'S1' });
    expect(fromPaymentResponse({ pspReference: 'S2', resultCode: 'Pending' })).toEqual({ outcome: 'pending', pspReference: 'S2' });
    expect(() => fromPaymentResponse({ pspReference: 'S3', resultCode: 'PresentToShopper' })).toThrow(expect.objectContaining({ kind: 'unexpected' }));
    expect(() => fromPaymentResponse({ resultCode: 'Authorised' })).toThrow(AdyenError);
  });

  it('a refund answer → received with the refund’s own pspReference', () => {
    expect(fromRefundResponse(example<AdyenRefundResponse>('post-payments-paymentPspReference-refunds-refund-201'))).toEqual({ pspReference: '993617894906488A' });
  });
});

describe('idempotency keys', () => {
  it('one per call, from our references, at most 64 characters', () => {
    const attempt = 'att_01JD6Q4ZB3Y2K8M1T5N7W9XCVR';
    expect(idempotencyKeys.payment(attempt)).toBe(attempt);
    expect(idempotencyKeys.details(attempt)).toBe(`${attempt}.details`);
    expect(idempotencyKeys.refund('ref_01JD6Q4ZB3Y2K8M1T5N7W9XCVR')).toBe('ref_01JD6Q4ZB3Y2K8M1T5N7W9XCVR');
    const long = 'x'.repeat(60);
    expect(idempotencyKeys.details(long)).toHaveLength(64);
    expect(idempotencyKeys.details(long)).not.toBe(idempotencyKeys.payment(long));
    expect(idempotencyKeys.details(long)).toBe(idempotencyKeys.details(long));
  });
});
