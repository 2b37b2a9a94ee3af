/**
 * The money-moving partner (card acquirer, 3-D Secure server, SEPA bank, account-information
 * service) behind one small interface. The built-in implementation is the simulator.
 *
 * Every call that moves money carries the caller's reference for it: asked again with the same
 * reference (an answer lost to a crash or a timeout), the processor answers what it answered the
 * first time and moves the money at most once.
 */
export interface CardDetails {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
  holderName?: string;
}

export interface VaultedCard {
  /** The processor's opaque reference; card numbers never leave the processor's vault. */
  reference: string;
  scheme: string;
  last4: string;
}

export type DeclineReason = 'card_declined' | 'insufficient_funds' | 'expired_card';

export type CardAuthorization =
  | { outcome: 'approved'; authorizationId: string }
  | { outcome: 'declined'; reason: DeclineReason }
  /** The buyer must authenticate first, on the 3-D Secure server's page at challengeUrl. */
  | { outcome: 'challenge'; challengeUrl: string };

/**
 * What a 3-D Secure server is given for a challenge: what to show the buyer, where to send the
 * buyer back, and the callback to call with the result and the identifiers it must carry.
 */
export interface ThreeDsSession {
  /** Called with payment_id, svc_token and the 3-D Secure result (the specification's parameters). */
  callbackUrl: string;
  paymentId: string;
  svcToken: string;
  /** Where the buyer goes once the challenge is answered. */
  returnUrl: string;
  last4: string;
  /** The payment's language; null: the buyer's browser decides. */
  language: string | null;
}

export interface CardCharge {
  /** The caller's reference of this authorization: the same reference, the same answer, one charge at most. */
  reference: string;
  /** The card's reference in the processor's vault (a single-use token's card, or a stored credential). */
  card: string;
  amountMinor: number;
  currency: string;
  /** The buyer passed 3-D Secure for this charge. */
  authenticated: boolean;
  /** A merchant-initiated charge of a stored credential: no buyer, no challenge. */
  merchantInitiated: boolean;
  /** With a buyer present: how a challenge reaches the buyer and comes back. */
  threeDs?: ThreeDsSession;
}

/** Money leaving the processor: a refund to the buyer, or a payout to an account's bank. */
export interface OutgoingTransfer {
  /** The processor's reference for the movement. */
  reference: string;
  /** When the money arrives, counted on the environment's clock. */
  arrivalDelaySeconds: number;
}

export interface Processor extends BankProcessor {
  vaultCard(card: CardDetails): Promise<VaultedCard>;
  authorizeCard(charge: CardCharge): Promise<CardAuthorization>;
  /**
   * Returns money to the buyer's card or bank account. Asked once the refund is recorded, and asked
   * again with the same refund id when the answer did not get recorded: pay once per refund id.
   */
  refund(input: { paymentId: string; refundId: string; amountMinor: number; currency: string }): Promise<OutgoingTransfer>;
  /** Sends an account's due transfers to its bank in one payout; like refund, once per payout id however often asked. */
  payOut(input: { payoutId: string; accountId: string; amountMinor: number; currency: string }): Promise<OutgoingTransfer>;
}

export type AccountType = 'consumer' | 'business';

export interface BankReport {
  iban: string;
  accountHolder: string;
  accountType: AccountType;
}

/**
 * What an account-information service is given to verify the buyer's account: the page's
 * reference for the verification (one per payment), what to show, and where to send the buyer
 * back with the result (report_id, or error, error_reason, message and tracking_id, appended).
 */
export interface AccountVerificationRequest {
  reference: string;
  amountMinor: number;
  currency: string;
  language: string | null;
  callbackUrl: string;
}

export interface DebitCollection {
  collectionId: string;
  /** When the collection settles, counted on the environment's clock. */
  settlementDelaySeconds: number;
}

/** How a collection ended when it came due: paid, or returned by the buyer's bank. */
export type DebitOutcome = { paid: true } | { paid: false; reason: string };

/** SEPA Direct Debit: account information (AIS) and collection. */
export interface BankProcessor {
  /** The page where the buyer verifies the account; the same reference, the same page. */
  accountVerification(request: AccountVerificationRequest): Promise<{ url: string }>;
  /** A verification's report, if it belongs to the verification of this reference. */
  bankReport(reportId: string, reference: string): Promise<BankReport | undefined>;
  /** Starts collecting a debit; the same reference, the same collection. */
  collectDebit(input: { reference: string; iban: string; amountMinor: number; currency: string }): Promise<DebitCollection>;
  debitOutcome(collectionId: string): Promise<DebitOutcome>;
}
