/**
 * The boundary between the product and the money-moving partners (card acquirer, SEPA Direct
 * Debit provider, payout rail). An adapter is one folder under src/processor/ implementing these
 * capabilities; features ask the registry (registry.ts) for the one of an environment and never
 * know which runs.
 *
 * Every call that moves money carries our reference for it (an attempt's, a refund's, a payout's):
 * asked again with the same reference (an answer lost to a crash or a timeout), the partner answers
 * what it answered the first time and moves the money at most once. What the partner answers is
 * its own reference (and any opaque data it needs later), kept with our object and handed back on
 * every later call about it. Money leaving (refunds, payouts) and SEPA collections answer pending:
 * their outcome arrives as the partner's notification, through the inbox (inbox.ts).
 */
import type { Db } from '../core/db.js';
import type { JobClock } from '../core/jobs.js';

export type ProcessorName = 'simulator' | 'adyen';
export const PROCESSOR_NAMES: readonly ProcessorName[] = ['simulator', 'adyen'];
/** Every partner whose notifications reach the inbox: the processors, and the payout rail paying by file (its bank statements). */
export type PartnerName = ProcessorName | 'sepa_file';

/** What a partner needs again later about an object (for instance a redirect's payment data); opaque to the product. */
export type ProcessorData = Record<string, unknown>;

export interface Money {
  amountMinor: number;
  currency: string;
}

/** A card as the buyer typed it; only ever in memory, or sealed in our vault for at most 15 minutes. */
export interface CardDetails {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
  holderName?: string;
}

export type DeclineReason = 'card_declined' | 'insufficient_funds' | 'expired_card';

/** The buyer at the page, for an authorization that may need the buyer's action (3-D Secure). */
export interface BuyerSession {
  paymentId: string;
  /** Where the buyer comes back once the action is done. */
  returnUrl: string;
  /**
   * Where an acquirer that redirects the buyer (Adyen) sends them back: our route that finishes the
   * authorization with what the return carries (query or form fields), then shows the page.
   */
  redirectReturnUrl: string;
  /** The specification's 3-D Secure callback (`POST /hpp/callbacks/3ds`) and the token it must carry; a partner without one ignores them. */
  callbackUrl: string;
  svcToken: string;
  /** The payment's language; null: the buyer's browser decides. */
  language: string | null;
  last4: string;
  /** What the page measured of the buyer's browser, and its request's headers, for the acquirer's 3-D Secure risk checks. */
  browser?: BuyerBrowser;
}

/** The buyer's browser: the page's optional measurements (its authorize call's `browser_info`) and the request's headers. */
export interface BuyerBrowser {
  userAgent?: string;
  accept?: string;
  page?: { screenWidth: number; screenHeight: number; colorDepth: number; timeZoneOffset: number; languages: string[]; javaEnabled?: boolean };
}

/** What the authorization charges: the card typed on the page, or a credential the acquirer stored at an initial payment. */
export type ChargedInstrument = { details: CardDetails } | { storedCredential: string };

export interface CardAuthorizationRequest extends Money {
  /** Our attempt's reference: the same reference, the same answer, one charge at most. */
  reference: string;
  card: ChargedInstrument;
  /** An initial payment (cit_mode initial): the acquirer keeps the card and answers its stored credential. */
  storeCredential: boolean;
  /** Whose stored credential it is: the initial payment's id, for this payment and the merchant-initiated ones charging it again. */
  customerReference: string;
  /** With the buyer present (customer-initiated); absent for a merchant-initiated charge. */
  buyer?: BuyerSession;
}

/** What the buyer must do before the authorization can end: go to `url` (a form post with `data` when the method is POST). */
export interface BuyerAction {
  method: 'GET' | 'POST';
  url: string;
  data?: Record<string, string>;
}

export type AuthorizationAnswer =
  | { outcome: 'approved'; processorReference: string; storedCredential?: string }
  | { outcome: 'declined'; processorReference?: string; reason: DeclineReason }
  /** Strong customer authentication failed (3-D Secure refused). */
  | { outcome: 'authentication_failed'; processorReference?: string }
  /** The acquirer decides later: its notification (or the recovery job asking again) ends it. */
  | { outcome: 'pending'; processorReference: string }
  | { outcome: 'action'; processorReference: string; action: BuyerAction; data?: ProcessorData };

/** An authorization the acquirer already knows: what the product kept of its answer. */
export interface KnownAuthorization {
  reference: string;
  processorReference: string;
  data: ProcessorData | null;
}

/** A request whose outcome comes later, as a notification. */
export interface LaterOutcome {
  /** When the product asks, on the object's clock (a sandbox clock moved ahead runs what fell due at the time it fell due); a real partner ignores it. */
  at: Date;
  /** Whose sandbox clock `at` is on (the simulator's notification comes due on it); a real partner ignores it. */
  platformId: string;
}

/** Money going back to the payer of a payment, by the partner that took it. */
export interface RefundRequest extends Money, LaterOutcome {
  /** Our refund's id. */
  reference: string;
  /** The payment's reference at the partner (its authorization's or collection's). */
  paymentProcessorReference: string;
}

/** Accepted, with the outcome to come as the partner's notification. */
export interface PendingAnswer {
  processorReference: string;
}

/**
 * The partner refused the request itself (Adyen: a 4xx such as a validation error): nothing
 * moved, and asking again would be refused again, so the request ends failed. A partner that
 * did not answer, or failed on its side (a 5xx), is asked again instead (it throws).
 */
export interface RefusedAnswer {
  refused: string;
}

/** What a request whose outcome comes later answers at once. */
export type SendAnswer = PendingAnswer | RefusedAnswer;

export interface CardAcquirer {
  authorize(request: CardAuthorizationRequest): Promise<AuthorizationAnswer>;
  /** The buyer came back from the action (`details`: what the return carried): finishes the same authorization, never a second one. */
  complete(authorization: KnownAuthorization, details: Record<string, string>): Promise<AuthorizationAnswer>;
  refund(request: RefundRequest): Promise<SendAnswer>;
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
export interface AccountVerificationRequest extends Money {
  reference: string;
  language: string | null;
  callbackUrl: string;
}

export interface DebitCollectionRequest extends Money, LaterOutcome {
  /** Our attempt's reference: the same reference, the same collection. */
  reference: string;
  iban: string;
  accountHolder: string | null;
  mandateReference: string;
}

/** A debit the provider refused at once (nothing will be collected), with its reason in the provider's words. */
export interface RefusedCollection {
  refused: string;
  processorReference?: string;
}

/** A provider's account-information service (AIS): the buyer verifies the account at the bank. */
export interface AccountInformationService {
  /** The page where the buyer verifies the account; the same reference, the same page. */
  accountVerification(request: AccountVerificationRequest): Promise<{ url: string }>;
  /** A verification's report, if it belongs to the verification of this reference. */
  bankReport(reportId: string, reference: string): Promise<BankReport | undefined>;
}

/**
 * SEPA Direct Debit: account verification (AIS, where the provider has one: without, the payment
 * page asks the buyer for the IBAN and the holder itself), collection under a mandate, and refunds
 * of collections.
 */
export interface DirectDebitProvider {
  accountInformation?: AccountInformationService;
  /** Starts collecting; paid or returned comes as the notification, unless the provider refused the debit at once. */
  collect(request: DebitCollectionRequest): Promise<PendingAnswer | RefusedCollection>;
  refund(request: RefundRequest): Promise<SendAnswer>;
}

export interface PayoutRequest extends Money, LaterOutcome {
  /** Our payout's id. */
  reference: string;
  accountId: string;
}

/** The bank account a payout is paid to: the account's payout account as its onboarding (or the platform) gave it. */
export interface CreditorAccount {
  name: string;
  iban: string;
}

/** One payout of a run, with what a bank order needs. */
export interface PayoutOrder extends Money {
  /** Our payout's id. */
  reference: string;
  creditor: CreditorAccount;
  /** The platform whose payout it is, named in the remittance information. */
  platformName: string;
}

/** One cut-off's payouts, just recorded in the cut-off's transaction. */
/** A cut-off's payouts, on the clock the cut-off ran on (a sandbox platform's own, or the environment's). */
export interface PayoutRun extends JobClock {
  payouts: PayoutOrder[];
  at: Date;
}

/** Pays an account's due transfers to its bank; arrival or failure comes as the notification. */
export interface PayoutProvider {
  /** Whether the rail pays only accounts with a bank account we know (a file rail): the platform's share then waits for the platform's payout account; the rail's currencies. */
  needsBankAccounts: boolean;
  currencies?: readonly string[];
  /**
   * A rail paying by file claims the run's payouts into one file in the cut-off's transaction (so
   * that a crash before the file is written writes that same file, never a second one).
   */
  claimRun?(trx: Db, run: PayoutRun): Promise<void>;
  payOut(request: PayoutRequest): Promise<PendingAnswer>;
}

/**
 * The objects a notification may concern; `chargeback`: the buyer's bank took a payment's money
 * back (or announced it will); `other`: an event no feature acts on yet (Adyen's CANCELLATION, …),
 * kept in the inbox and logged as without effect.
 */
export type NotifiedObject = 'authorization' | 'collection' | 'refund' | 'payout' | 'chargeback' | 'other';

/**
 * A partner's notification, in the boundary's words. Matched to our object by our reference when
 * the partner echoes it, else by the partner's reference: either may be known first.
 */
export interface ProcessorNotification {
  /** The partner's own key of this event: the same notification twice is applied once. */
  eventKey: string;
  /** The partner's own name of the event (Adyen's eventCode), when it has one. */
  kind?: string;
  object: NotifiedObject;
  /** Our reference (an attempt's, a refund's, a payout's), when the partner echoes it. */
  reference: string | null;
  processorReference: string;
  outcome: 'succeeded' | 'failed';
  /** Why it failed, in the partner's words (kept, shown in the dashboard). */
  reason?: string;
  /** For a succeeded authorization: the credential stored for later merchant-initiated charges. */
  storedCredential?: string;
  /** For a chargeback: the partner's reference of the payment it takes back, and how much. */
  chargeback?: { paymentProcessorReference: string; stage: 'notified' | 'charged_back' } & Money;
  /** For a failed payout: the bank refused the creditor's account (closed, wrong IBAN…); it is not paid again until changed. */
  accountRefused?: boolean;
}

/** A partner's notification request refused (bad signature): 401, nothing stored. */
export class NotificationRejected extends Error {}

/** How a partner's notifications reach us: one route per adapter, `POST /processor/<name>/notifications`. */
export interface NotificationReader {
  /** Verifies the request (signature) and reads its notifications; throws NotificationRejected if it is not the partner's. */
  read(request: { headers: Record<string, string | string[] | undefined>; rawBody: string }): ProcessorNotification[];
  /** What the partner expects as the acknowledgement. */
  acknowledgement: { contentType: string; body: string };
}
