/**
 * The money-moving partner (card acquirer, 3-D Secure server, SEPA bank, account-information
 * service) behind one small interface. The built-in implementation is the simulator.
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
  | { outcome: 'challenge' };

export interface CardCharge {
  reference: string;
  amountMinor: number;
  currency: string;
  /** The buyer passed 3-D Secure for this charge. */
  authenticated: boolean;
  /** A merchant-initiated charge of a stored credential: no buyer, no challenge. */
  merchantInitiated: boolean;
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

export type BankVerification =
  | { verified: true; reportId: string }
  | { verified: false; error: string; errorReason: string; message: string; trackingId: string };

export interface BankReport {
  iban: string;
  accountHolder: string;
  accountType: AccountType;
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
  verifyBankAccount(input: { paymentId: string; iban: string; accountHolder: string; accountType: AccountType; now: Date }): Promise<BankVerification>;
  bankReport(reportId: string, paymentId: string): Promise<BankReport | undefined>;
  collectDebit(input: { paymentId: string; iban: string; amountMinor: number; currency: string }): Promise<DebitCollection>;
  debitOutcome(collectionId: string): Promise<DebitOutcome>;
}
