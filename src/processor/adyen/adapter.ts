import type { FastifyBaseLogger } from 'fastify';
import type { AdyenSettings } from '../../core/config.js';
import {
  NotificationRejected, type AuthorizationAnswer, type CardAcquirer, type CardAuthorizationRequest, type DirectDebitProvider, type NotificationReader,
  type NotifiedObject, type PendingAnswer, type ProcessorNotification, type SendAnswer,
} from '../boundary.js';
import type { AdapterFactory } from '../registry.js';
import { createAdyen, type Adyen } from './adyen.js';
import { AdyenError } from './errors.js';
import { browserDetails } from './mapping.js';
import { NOTIFICATIONS_ACCEPTED } from './notifications.js';
import type { AuthorizationOutcome, ProcessorNotification as AdyenNotification, StoredCredentialUse } from './types.js';

/** A card stored at an initial payment is charged again when the merchant decides, not on a schedule. */
const STORED_CARD_MODEL: StoredCredentialUse['model'] = 'UnscheduledCardOnFile';

/** The boundary's answer for Adyen's: the pspReference is the processor's reference, a stored card's id its stored credential. */
function answerOf(outcome: AuthorizationOutcome, reference: string): AuthorizationAnswer {
  switch (outcome.outcome) {
    case 'approved':
      return { outcome: 'approved', processorReference: outcome.pspReference, ...(outcome.storedPaymentMethodId ? { storedCredential: outcome.storedPaymentMethodId } : {}) };
    case 'declined':
      return { outcome: 'declined', reason: outcome.reason, ...(outcome.pspReference ? { processorReference: outcome.pspReference } : {}) };
    case 'authentication_failed':
      return { outcome: 'authentication_failed', ...(outcome.pspReference ? { processorReference: outcome.pspReference } : {}) };
    case 'pending':
      return { outcome: 'pending', processorReference: outcome.pspReference };
    case 'action':
      // Adyen may give the pspReference only with the outcome; the details call is keyed by our reference anyway.
      return { outcome: 'action', processorReference: outcome.pspReference ?? reference, action: outcome.action };
  }
}

/**
 * Adyen refused the request itself (a 4xx): nothing moved, and asking again would be refused again,
 * so the authorization ends declined rather than waiting for a recovery that cannot come. Any
 * other failure (no answer, a 5xx, an answer we cannot read) leaves the attempt open: thrown, the
 * recovery job asks again with the same Idempotency-Key.
 */
async function declinedIfRefused(log: FastifyBaseLogger, reference: string, call: () => Promise<AuthorizationAnswer>): Promise<AuthorizationAnswer> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AdyenError) || error.kind !== 'refused') throw error;
    log.warn({ attempt: reference, status: error.status, errorCode: error.errorCode }, 'Adyen refused the authorization request');
    return { outcome: 'declined', reason: 'card_declined' };
  }
}

/**
 * Adyen refused the request itself, for the request's own sake: not a 401 or 403, which refuse our
 * credentials (an API key rotated, a role missing) and pass once the operator fixes them.
 */
function refusedForGood(error: unknown): error is AdyenError {
  return error instanceof AdyenError && error.kind === 'refused' && error.status !== 401 && error.status !== 403;
}

/**
 * A request that moves money and whose outcome comes later (a refund), refused by Adyen for its
 * own sake (a 4xx but 401 and 403): answered refused with Adyen's words, so the request ends failed
 * instead of being asked again every minute. Any other failure is thrown: the job asks again with
 * the same Idempotency-Key, so a refund is never failed for our own misconfiguration.
 */
async function refusedIfRefused(log: FastifyBaseLogger, subject: Record<string, string>, call: () => Promise<PendingAnswer>): Promise<SendAnswer> {
  try {
    return await call();
  } catch (error) {
    if (!refusedForGood(error)) throw error;
    log.warn({ ...subject, status: error.status, errorCode: error.errorCode }, 'Adyen refused the request');
    return { refused: error.message };
  }
}

function cardAcquirer(adyen: Adyen, log: FastifyBaseLogger, noBuyerReturnUrl: string): CardAcquirer {
  const authorize = (request: CardAuthorizationRequest): Promise<AuthorizationOutcome> => {
    const basics = {
      reference: request.reference,
      amountMinor: request.amountMinor,
      currency: request.currency,
      // Adyen wants a returnUrl on every payment; a charge without the buyer never sends anyone there.
      returnUrl: request.buyer?.redirectReturnUrl ?? noBuyerReturnUrl,
    };
    const credential = { shopperReference: request.customerReference, model: STORED_CARD_MODEL };
    if ('storedCredential' in request.card) return adyen.chargeStoredCard({ ...basics, storedPaymentMethodId: request.card.storedCredential, credential });
    const { number, expiryMonth, expiryYear, cvv, holderName } = request.card.details;
    const card = { number, expiryMonth, expiryYear, cvc: cvv, ...(holderName ? { holderName } : {}) };
    const browser = request.buyer?.browser && browserDetails(request.buyer.browser.page, request.buyer.browser);
    return adyen.authorizeCard({ ...basics, card, ...(browser ? { browser } : {}), ...(request.storeCredential ? { storeFor: credential } : {}) });
  };
  return {
    authorize: (request) => declinedIfRefused(log, request.reference, async () => answerOf(await authorize(request), request.reference)),
    complete: (authorization, details) =>
      declinedIfRefused(log, authorization.reference, async () => answerOf(await adyen.completeAuthorization(authorization.reference, details), authorization.reference)),
    refund: (request) =>
      refusedIfRefused(log, { refund: request.reference }, async () => {
        const received = await adyen.refund({ reference: request.reference, paymentPspReference: request.paymentProcessorReference, amountMinor: request.amountMinor, currency: request.currency });
        return { processorReference: received.pspReference };
      }),
  };
}

/**
 * Adyen as the boundary's SEPA Direct Debit provider. Adyen has no account-information service:
 * the payment page asks the buyer for the IBAN and the holder itself (no accountInformation). The
 * collection is a payment of type sepadirectdebit, which Adyen answers Received: its AUTHORISATION
 * notification says collected or not, a later CHARGEBACK that the buyer's bank took it back.
 */
function directDebitProvider(adyen: Adyen, cards: CardAcquirer, returnUrl: string): DirectDebitProvider {
  return {
    collect: async (request) => {
      const input = { reference: request.reference, amountMinor: request.amountMinor, currency: request.currency, returnUrl, iban: request.iban, ownerName: request.accountHolder ?? '' };
      let outcome: AuthorizationOutcome;
      try {
        outcome = await adyen.debitSepa(input);
      } catch (error) {
        // Adyen refused the request itself (a 4xx but our credentials' 401 and 403): asking again would be refused again.
        if (!refusedForGood(error)) throw error;
        return { refused: error.errorCode ? `${error.errorCode} ${error.message}` : error.message };
      }
      // Refused at once: its AUTHORISATION (success false) that follows finds the payment ended already.
      if (outcome.outcome === 'declined') return { refused: outcome.refusalReason ?? outcome.reason, ...(outcome.pspReference ? { processorReference: outcome.pspReference } : {}) };
      return { processorReference: ('pspReference' in outcome && outcome.pspReference) || request.reference };
    },
    // A collection is refunded as any payment: by its pspReference.
    refund: (request) => cards.refund(request),
  };
}

/** What each of Adyen's events is about; the others are kept without effect. */
const NOTIFIED: Record<string, NotifiedObject> = {
  AUTHORISATION: 'authorization', REFUND: 'refund', REFUND_FAILED: 'refund', CHARGEBACK: 'chargeback', NOTIFICATION_OF_CHARGEBACK: 'chargeback',
};

/** Adyen's payment method names of SEPA Direct Debit (sepadirectdebit, and its variants such as sepadirectdebit_amazonpay). */
const isSepa = (paymentMethod: string | undefined) => paymentMethod?.startsWith('sepadirectdebit') ?? false;

function objectOf(item: AdyenNotification): NotifiedObject {
  const object = NOTIFIED[item.kind] ?? 'other';
  // A SEPA payment's AUTHORISATION is its collection's outcome.
  return object === 'authorization' && isSepa(item.paymentMethod) ? 'collection' : object;
}

/** A dispute event: the payment it concerns (originalReference) and the amount; NOTIFICATION_OF_CHARGEBACK announces, CHARGEBACK takes the money. */
function chargebackOf(item: AdyenNotification): ProcessorNotification['chargeback'] {
  return {
    paymentProcessorReference: item.originalReference ?? item.pspReference,
    stage: item.kind === 'CHARGEBACK' ? 'charged_back' : 'notified',
    amountMinor: item.amountMinor,
    currency: item.currency,
  };
}

/** An Adyen webhook item in the boundary's words: REFUND_FAILED is a failed refund whatever its success says. */
export function toProcessorNotification(item: AdyenNotification): ProcessorNotification {
  const object = objectOf(item);
  const succeeded = item.success && item.kind !== 'REFUND_FAILED';
  return {
    eventKey: item.eventKey,
    kind: item.kind,
    object,
    reference: item.merchantReference || null,
    processorReference: item.pspReference,
    outcome: succeeded ? 'succeeded' : 'failed',
    ...(item.reason ? { reason: item.reason } : {}),
    ...(object === 'chargeback' ? { chargeback: chargebackOf(item) } : {}),
  };
}

function notificationReader(adyen: Adyen): NotificationReader {
  return {
    read({ rawBody }) {
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new NotificationRejected('the body is not JSON');
      }
      const batch = adyen.readNotifications(body);
      if (!batch.accepted) throw new NotificationRejected(batch.problem);
      return batch.notifications.map(toProcessorNotification);
    },
    acknowledgement: { contentType: 'text/plain; charset=utf-8', body: NOTIFICATIONS_ACCEPTED },
  };
}

/**
 * Adyen as the boundary's card acquirer and SEPA Direct Debit provider (Checkout API v71, plain fetch: see client.ts), with its
 * notification reader. One client serves both environments: an operator running Adyen in both
 * configures one merchant account for them.
 */
export function adyenAdapter(settings: AdyenSettings, options: { baseUrl: string; log: FastifyBaseLogger }): { factory: AdapterFactory; reader: NotificationReader } {
  const { timeoutMs, ...rest } = settings;
  const adyen = createAdyen({ ...rest, hmacKey: Buffer.from(settings.hmacKey, 'hex') }, { timeoutMs });
  const noBuyerReturnUrl = `${options.baseUrl}/hpp/callbacks/redirect`;
  const cards = cardAcquirer(adyen, options.log, noBuyerReturnUrl);
  const directDebit = directDebitProvider(adyen, cards, noBuyerReturnUrl);
  return { factory: () => ({ name: 'adyen', cards, directDebit }), reader: notificationReader(adyen) };
}
