import { createHash } from 'node:crypto';
import { AdyenError } from './errors.js';
import type {
  AuthorizationOutcome, BrowserDetails, BuyerAction, CardAuthorizationInput, DeclineReason, MerchantInitiatedChargeInput, PageBrowserInfo,
  RefundInput, RefundReceived, SepaDebitInput,
} from './types.js';
import type {
  AdyenAction, AdyenAmount, AdyenBrowserInfo, AdyenPaymentDetailsRequest, AdyenPaymentRequest, AdyenPaymentResponse,
  AdyenRefundRequest, AdyenRefundResponse,
} from './wire.js';

/** Adyen keeps an Idempotency-Key for at most 64 characters. */
const MAX_IDEMPOTENCY_KEY = 64;

/** A key derived from our reference: the reference itself when it fits, else its SHA-256 (64 hex digits). */
function keyOf(value: string): string {
  return value.length <= MAX_IDEMPOTENCY_KEY ? value : createHash('sha256').update(value).digest('hex');
}

/**
 * Each call its own Idempotency-Key, from our references: a retry of a call is answered as the
 * first one was, and the details call never replays the payment's answer.
 */
export const idempotencyKeys = {
  payment: (attemptReference: string): string => keyOf(attemptReference),
  details: (attemptReference: string): string => keyOf(`${attemptReference}.details`),
  refund: (refundReference: string): string => keyOf(refundReference),
};

/** A payment may be of zero (a card check, which Adyen authorises without charging); a refund may not. */
function amount(minor: number, currency: string, least: 0 | 1 = 0): AdyenAmount {
  if (!Number.isSafeInteger(minor) || minor < least) throw new RangeError(`amount must be an integer of at least ${least} minor units, got ${minor}`);
  return { value: minor, currency: currency.toUpperCase() };
}

/**
 * The buyer's browser, complete or not at all: what the page measured (optional for its clients)
 * and the request's User-Agent and Accept headers.
 */
export function browserDetails(page: PageBrowserInfo | undefined, headers: { userAgent?: string | undefined; accept?: string | undefined }): BrowserDetails | undefined {
  const language = page?.languages[0];
  if (!page || !language || !headers.userAgent || !headers.accept) return undefined;
  return {
    userAgent: headers.userAgent, acceptHeader: headers.accept, language, colorDepth: page.colorDepth,
    screenHeight: page.screenHeight, screenWidth: page.screenWidth, timeZoneOffset: page.timeZoneOffset, javaEnabled: page.javaEnabled ?? false,
  };
}

function browserInfo(browser: BrowserDetails): AdyenBrowserInfo {
  const { acceptHeader, colorDepth, javaEnabled, language, screenHeight, screenWidth, timeZoneOffset, userAgent } = browser;
  // Measured by the page's script: the browser runs JavaScript.
  return { acceptHeader, colorDepth, javaEnabled, javaScriptEnabled: true, language, screenHeight, screenWidth, timeZoneOffset, userAgent };
}

/** The hosted page's card payment: raw card fields (PCI DSS merchants may send them), channel Web. */
export function toCardPaymentRequest(input: CardAuthorizationInput, merchantAccount: string): AdyenPaymentRequest {
  const { card } = input;
  const year = card.expiryYear < 100 ? 2000 + card.expiryYear : card.expiryYear;
  return {
    merchantAccount,
    reference: input.reference,
    amount: amount(input.amountMinor, input.currency),
    paymentMethod: {
      type: 'scheme',
      number: card.number,
      expiryMonth: String(card.expiryMonth).padStart(2, '0'),
      expiryYear: String(year),
      cvc: card.cvc,
      ...(card.holderName ? { holderName: card.holderName } : {}),
    },
    returnUrl: input.returnUrl,
    channel: 'Web',
    shopperInteraction: 'Ecommerce',
    ...(input.browser ? { browserInfo: browserInfo(input.browser) } : {}),
    ...(input.shopperIp ? { shopperIP: input.shopperIp } : {}),
    ...(input.storeFor
      ? { storePaymentMethod: true, shopperReference: input.storeFor.shopperReference, recurringProcessingModel: input.storeFor.model }
      : {}),
  };
}

/** A charge of a stored card without the buyer: ContAuth, the same shopper and model as when it was stored. */
export function toMerchantInitiatedRequest(input: MerchantInitiatedChargeInput, merchantAccount: string): AdyenPaymentRequest {
  return {
    merchantAccount,
    reference: input.reference,
    amount: amount(input.amountMinor, input.currency),
    paymentMethod: { type: 'scheme', storedPaymentMethodId: input.storedPaymentMethodId },
    returnUrl: input.returnUrl,
    shopperInteraction: 'ContAuth',
    shopperReference: input.credential.shopperReference,
    recurringProcessingModel: input.credential.model,
  };
}

export function toSepaPaymentRequest(input: SepaDebitInput, merchantAccount: string): AdyenPaymentRequest {
  return {
    merchantAccount,
    reference: input.reference,
    amount: amount(input.amountMinor, input.currency),
    paymentMethod: { type: 'sepadirectdebit', iban: input.iban.replace(/\s+/g, '').toUpperCase(), ownerName: input.ownerName },
    returnUrl: input.returnUrl,
    channel: 'Web',
  };
}

/** The members of the buyer's return that Adyen's details call takes (v71 redirects give redirectResult). */
const RETURN_DETAILS = ['redirectResult', 'MD', 'PaRes', 'payload'] as const;

/** The buyer's return (query or form fields of our return route) as the /payments/details request. */
export function toDetailsRequest(returned: Record<string, string | undefined>): AdyenPaymentDetailsRequest {
  const details: Record<string, string> = {};
  for (const name of RETURN_DETAILS) {
    const value = returned[name];
    if (value) details[name] = value;
  }
  if (Object.keys(details).length === 0) throw new AdyenError('unexpected', 'the buyer came back without redirectResult');
  return { details };
}

export function toRefundRequest(input: RefundInput, merchantAccount: string): AdyenRefundRequest {
  return { merchantAccount, reference: input.reference, amount: amount(input.amountMinor, input.currency, 1) };
}

/**
 * Adyen's refusal reason codes (the stable part of a refusal) that mean a failed 3-D Secure:
 * 11 "3D Not Authenticated", 39 "RReq not received from DS", 42 "3DS Authentication Error".
 */
const AUTHENTICATION_REFUSALS = new Set(['11', '39', '42']);
/** 6 "Expired Card", 12 "Not enough balance"; any other refusal is a plain decline. */
const DECLINE_REASONS: Record<string, DeclineReason> = { '6': 'expired_card', '12': 'insufficient_funds' };

function actionOf(action: AdyenAction | undefined): BuyerAction {
  if (action?.type !== 'redirect' || !action.url) {
    throw new AdyenError('unexpected', `an action this adapter cannot show the buyer: ${action?.type ?? 'none'}`);
  }
  return { method: action.method?.toUpperCase() === 'POST' ? 'POST' : 'GET', url: action.url, data: action.data ?? {} };
}

function required(pspReference: string | undefined, resultCode: string): string {
  if (!pspReference) throw new AdyenError('unexpected', `a ${resultCode} answer without pspReference`);
  return pspReference;
}

/** The answer of /payments or /payments/details in our words. */
export function fromPaymentResponse(response: AdyenPaymentResponse): AuthorizationOutcome {
  const { pspReference, resultCode } = response;
  const psp = pspReference ? { pspReference } : {};
  switch (resultCode) {
    case 'Authorised': {
      const stored = response.additionalData?.['tokenization.storedPaymentMethodId'];
      return { outcome: 'approved', pspReference: required(pspReference, resultCode), ...(stored ? { storedPaymentMethodId: stored } : {}) };
    }
    case 'Refused':
    case 'Error':
    case 'Cancelled': {
      const code = response.refusalReasonCode ?? '';
      const refusalReason = response.refusalReason ?? resultCode;
      if (resultCode === 'Refused' && AUTHENTICATION_REFUSALS.has(code)) return { outcome: 'authentication_failed', ...psp, refusalReason };
      return { outcome: 'declined', ...psp, reason: DECLINE_REASONS[code] ?? 'card_declined', refusalReason };
    }
    case 'RedirectShopper':
    case 'IdentifyShopper':
    case 'ChallengeShopper':
      return { outcome: 'action', ...psp, action: actionOf(response.action) };
    case 'Pending':
    case 'Received':
      return { outcome: 'pending', pspReference: required(pspReference, resultCode) };
    default:
      throw new AdyenError('unexpected', `a result this adapter does not take: ${resultCode ?? 'none'}`);
  }
}

export function fromRefundResponse(response: AdyenRefundResponse): RefundReceived {
  if (response.status !== 'received' || !response.pspReference) throw new AdyenError('unexpected', `a refund answer with status ${response.status}`);
  return { pspReference: response.pspReference };
}
