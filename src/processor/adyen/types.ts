/**
 * The adapter's own, Adyen-free language: what the platform asks (inputs) and what it is told
 * (outcomes). Amounts are integer minor units, as everywhere in the platform.
 */
export type DeclineReason = 'card_declined' | 'insufficient_funds' | 'expired_card';

/** The buyer's browser, complete: Adyen wants every member when browser data is sent at all. */
export interface BrowserDetails {
  userAgent: string;
  acceptHeader: string;
  /** The browser's first language, e.g. "de-DE". */
  language: string;
  colorDepth: number;
  screenHeight: number;
  screenWidth: number;
  /** Minutes from UTC as JavaScript's Date#getTimezoneOffset() gives them (UTC+1 → -60). */
  timeZoneOffset: number;
  javaEnabled: boolean;
}

/** What the payment page measured of the browser (the optional `browser_info` of its authorize call). */
export interface PageBrowserInfo {
  screenWidth: number;
  screenHeight: number;
  colorDepth: number;
  /** As Date#getTimezoneOffset() gives it. */
  timeZoneOffset: number;
  /** navigator.languages, the preferred first. */
  languages: string[];
  javaEnabled?: boolean;
}

/** A card's details, held sealed until this authorization uses them, then erased. */
export interface CardNumberDetails {
  number: string;
  expiryMonth: number;
  /** Four digits (two are read as 20xx). */
  expiryYear: number;
  cvc: string;
  holderName?: string;
}

/** Why a card is kept at Adyen, and for whom: the basis of later merchant-initiated charges. */
export interface StoredCredentialUse {
  /** Our id for the card's owner at Adyen (Adyen wants 3 to 256 characters). */
  shopperReference: string;
  model: 'CardOnFile' | 'Subscription' | 'UnscheduledCardOnFile';
}

interface PaymentBasics {
  /** Our attempt's reference: Adyen's `reference`, and the base of the call's Idempotency-Key. */
  reference: string;
  amountMinor: number;
  currency: string;
  /** Where the buyer comes back after an action (our return route); Adyen wants it on every payment. */
  returnUrl: string;
}

/** A card payment with the buyer present (the hosted page). */
export interface CardAuthorizationInput extends PaymentBasics {
  card: CardNumberDetails;
  browser?: BrowserDetails;
  shopperIp?: string;
  /** Keep the card at Adyen for later merchant-initiated charges. */
  storeFor?: StoredCredentialUse;
}

/** A charge of a card kept at Adyen, without the buyer. */
export interface MerchantInitiatedChargeInput extends PaymentBasics {
  storedPaymentMethodId: string;
  credential: StoredCredentialUse;
}

/** A SEPA Direct Debit from the account the buyer gave the mandate for. */
export interface SepaDebitInput extends PaymentBasics {
  iban: string;
  ownerName: string;
}

/** A refund of (part of) a payment, by the payment's pspReference. */
export interface RefundInput {
  /** Our refund's reference: Adyen's `reference`, and the call's Idempotency-Key. */
  reference: string;
  paymentPspReference: string;
  amountMinor: number;
  currency: string;
}

/** Where to send the buyer: a GET with `data` as query, or a form POST of `data`. */
export interface BuyerAction {
  method: 'GET' | 'POST';
  url: string;
  data: Record<string, string>;
}

export type AuthorizationOutcome =
  | { outcome: 'approved'; pspReference: string; /** Set when the card was stored for later charges. */ storedPaymentMethodId?: string }
  | { outcome: 'declined'; pspReference?: string; reason: DeclineReason; /** Adyen's refusal text, for the logs. */ refusalReason?: string }
  /** 3-D Secure failed: the payment's authentication_failed. */
  | { outcome: 'authentication_failed'; pspReference?: string; refusalReason: string }
  /** The buyer must go to the action (a 3-D Secure page); the return is finished by the details call. */
  | { outcome: 'action'; pspReference?: string; action: BuyerAction }
  /** Adyen took the payment and tells its outcome by notification (SEPA: `Received`). */
  | { outcome: 'pending'; pspReference: string };

export interface RefundReceived {
  /** The refund's own pspReference (the REFUND notification's pspReference; its originalReference is the payment's). */
  pspReference: string;
}

/** What a standard webhook item says, in our words. */
export interface ProcessorNotification {
  /** Adyen's de-duplication key of the event: the same key, the same event, processed once. */
  eventKey: string;
  /** Adyen's eventCode: AUTHORISATION, REFUND, REFUND_FAILED, CANCELLATION, CHARGEBACK, … */
  kind: string;
  pspReference: string;
  /** For modifications (refunds, cancellations, chargebacks): the payment's pspReference. */
  originalReference?: string;
  /** Our reference: the attempt's for a payment, the refund's for a refund. */
  merchantReference: string;
  success: boolean;
  reason?: string;
  amountMinor: number;
  currency: string;
  /** When Adyen saw the event (ISO 8601, with offset). */
  eventDate: string;
  paymentMethod?: string;
}
