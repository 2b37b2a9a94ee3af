import { adyenCheckoutClient, type AdyenCheckoutClient } from './client.js';
import type { AdyenConfig } from './config.js';
import {
  fromPaymentResponse, fromRefundResponse, idempotencyKeys, toCardPaymentRequest, toDetailsRequest, toMerchantInitiatedRequest,
  toRefundRequest, toSepaPaymentRequest,
} from './mapping.js';
import { readNotifications, type NotificationBatch } from './notifications.js';
import type {
  AuthorizationOutcome, CardAuthorizationInput, MerchantInitiatedChargeInput, RefundInput, RefundReceived, SepaDebitInput,
} from './types.js';

/**
 * Adyen in the adapter's neutral words: each call maps its input, sends it with its own
 * Idempotency-Key, and maps the answer. Calls throw AdyenError when no usable answer came.
 */
export interface Adyen {
  /** POST /payments with the card, keyed by the attempt's reference. */
  authorizeCard(input: CardAuthorizationInput): Promise<AuthorizationOutcome>;
  /** POST /payments of a stored card (ContAuth), keyed by the attempt's reference. */
  chargeStoredCard(input: MerchantInitiatedChargeInput): Promise<AuthorizationOutcome>;
  /** POST /payments/details with the buyer's return, keyed by the attempt's reference + ".details". */
  completeAuthorization(attemptReference: string, returned: Record<string, string | undefined>): Promise<AuthorizationOutcome>;
  /** POST /payments with the IBAN: `pending` (Received); the outcome comes by notification. */
  debitSepa(input: SepaDebitInput): Promise<AuthorizationOutcome>;
  /** POST /payments/{pspReference}/refunds, keyed by the refund's reference; the outcome comes by notification. */
  refund(input: RefundInput): Promise<RefundReceived>;
  /** A webhook body, verified with ADYEN_HMAC_KEY. */
  readNotifications(body: unknown): NotificationBatch;
}

export function createAdyen(config: AdyenConfig, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): Adyen {
  const client: AdyenCheckoutClient = adyenCheckoutClient({ checkoutUrl: config.checkoutUrl, apiKey: config.apiKey, ...options });
  const { merchantAccount } = config;
  return {
    authorizeCard: async (input) =>
      fromPaymentResponse(await client.payments(toCardPaymentRequest(input, merchantAccount), idempotencyKeys.payment(input.reference))),
    chargeStoredCard: async (input) =>
      fromPaymentResponse(await client.payments(toMerchantInitiatedRequest(input, merchantAccount), idempotencyKeys.payment(input.reference))),
    completeAuthorization: async (attemptReference, returned) =>
      fromPaymentResponse(await client.paymentsDetails(toDetailsRequest(returned), idempotencyKeys.details(attemptReference))),
    debitSepa: async (input) =>
      fromPaymentResponse(await client.payments(toSepaPaymentRequest(input, merchantAccount), idempotencyKeys.payment(input.reference))),
    refund: async (input) =>
      fromRefundResponse(await client.refund(input.paymentPspReference, toRefundRequest(input, merchantAccount), idempotencyKeys.refund(input.reference))),
    readNotifications: (body) => readNotifications(body, config.hmacKey),
  };
}
