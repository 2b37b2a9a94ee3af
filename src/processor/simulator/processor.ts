import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AccountInformationService,
  AccountType,
  AccountVerificationRequest,
  AuthorizationAnswer,
  BankReport,
  CardAcquirer,
  CardAuthorizationRequest,
  DebitCollectionRequest,
  DeclineReason,
  DirectDebitProvider,
  KnownAuthorization,
  LaterOutcome,
  PayoutProvider,
  PayoutRequest,
  PendingAnswer,
  ProcessorNotification,
  RefundRequest,
} from '../boundary.js';
import * as store from './store.js';
import { Batcher } from '../../core/batcher.js';
import { FAILURE_REASONS } from './store.js';
import type { BankSession, SimulatorDb, StoredAuthorization, StoredMovement } from './store.js';
import { tokenHash } from '../../core/encryption.js';
import type { Environment } from '../../core/config.js';
import { addSeconds } from '../../core/time.js';

/** The decisions' test IBAN that verifies, and whose collections settle. */
export const VERIFYING_IBAN = 'DE89370400440532013000';
/** The decisions' test IBAN that fails account verification; every other valid IBAN verifies. */
export const FAILING_IBAN = 'DE62370400440532013001';
/** Verifies, but its collections come back unpaid (insufficient funds): the payment ends not_completed. */
export const RETURNED_IBAN = 'DE35370400440532013002';
export const SEPA_SETTLEMENT_SECONDS = 2 * 24 * 3600;
/** Refunds reach the buyer, and payouts the account's bank, one day later (decisions section 5). */
export const TRANSFER_ARRIVAL_SECONDS = 24 * 3600;
/** A refund of exactly this amount (13.13 in a two-decimal currency) is reported failed when it comes due. */
export const FAILING_REFUND_AMOUNT_MINOR = 1313;
/** A payout of exactly this amount (131.31 in a two-decimal currency) is reported failed when it comes due. */
export const FAILING_PAYOUT_AMOUNT_MINOR = 13131;

export type Behaviour = 'approve' | 'decline' | 'insufficient' | 'challenge' | 'expired';

/** The decisions' test cards; any other valid card number is approved. */
export const TEST_CARDS: Record<string, Behaviour> = {
  '4242424242424242': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient',
  '4000000000003220': 'challenge',
  '4000000000000069': 'expired',
};

export type IbanOutcome = 'verifies' | 'fails_verification' | 'returned_unpaid';
/** What each test IBAN does (the sandbox pages' test-data drawers show them with the test cards). */
export const TEST_IBANS: Record<string, IbanOutcome> = { [VERIFYING_IBAN]: 'verifies', [FAILING_IBAN]: 'fails_verification', [RETURNED_IBAN]: 'returned_unpaid' };

export type BankVerification =
  | { verified: true; reportId: string }
  | { verified: false; error: string; errorReason: string; message: string; trackingId: string };

type Decision = Pick<StoredAuthorization, 'outcome' | 'decline_reason'>;

/** How the test card (or the credential stored from one) answers this charge. */
function decide(behaviour: Behaviour, merchantInitiated: boolean): Decision {
  const declined = (reason: DeclineReason): Decision => ({ outcome: 'declined', decline_reason: reason });
  switch (behaviour) {
    case 'approve':
      return { outcome: 'approved', decline_reason: null };
    case 'decline':
      return declined('card_declined');
    case 'insufficient':
      return declined('insufficient_funds');
    case 'expired':
      return declined('expired_card');
    case 'challenge':
      // A stored credential was authenticated at its initial payment: no buyer to challenge now.
      return merchantInitiated ? { outcome: 'approved', decline_reason: null } : { outcome: 'challenge', decline_reason: null };
  }
}

/** The behaviour of the charged card: its test number's, or the one its stored credential carries. */
function behaviourOf(request: CardAuthorizationRequest): Behaviour {
  if ('details' in request.card) return TEST_CARDS[request.card.details.number] ?? 'approve';
  return (/^sim_cred_([a-z]+)_/.exec(request.card.storedCredential)?.[1] as Behaviour | undefined) ?? 'decline';
}

export interface SimulatorOptions {
  /** Where its pages are served (`/simulator/...`). */
  baseUrl: string;
  /** How long every call takes to answer, as a real processor's round trip would (SIMULATOR_LATENCY_MS). */
  latencyMs: number;
  /** The environment it serves: each notification comes due on the clock of the platform that asked (the request's platformId). */
  environment: Environment;
}

/**
 * A deterministic processor, with the 3-D Secure server and the bank behind it: card acquirer,
 * SEPA Direct Debit provider and payout rail. It is never given more than a real one would be, and
 * keeps no card number: an authorization records how the test card behaves. It keeps its own
 * records (simulator_ tables): one authorization or movement per reference, however often asked.
 * Collections, refunds and payouts end by its notification, sent when due on the environment's
 * clock (SIMULATOR_NOTIFICATION_JOB) into the same inbox a real partner's reach.
 */
export class SimulatorProcessor implements CardAcquirer, DirectDebitProvider, AccountInformationService, PayoutProvider {
  /** Its bank verifies the buyer's account (AIS). */
  readonly accountInformation: AccountInformationService = this;
  /** It pays whatever account, in any currency, with no bank account needed. */
  readonly needsBankAccounts = false;

  /** The authorizations without a challenge asked during one turn of the event loop, recorded in one statement. */
  private readonly authorizations = new Batcher((rows: Parameters<typeof store.recordAuthorizations>[1]) => store.recordAuthorizations(this.db, rows), 64, () => true);

  /** The movements asked for during one turn of the event loop (a lease of refunds to send), recorded in one statement. */
  private readonly movements = new Batcher((moves: store.NewMovement[]) => store.recordMovements(this.db, moves), 64, () => true);

  /** The bank's statements of one turn of the event loop (sessions opened and found, reports written and read), one statement each kind. */
  private readonly bankSessionsOpened = new Batcher((rows: Parameters<typeof store.bankSessions>[1]) => store.bankSessions(this.db, rows), 64, () => true);
  private readonly bankSessionsFound = new Batcher((tokens: string[]) => store.findBankSessions(this.db, tokens), 64, () => true);
  private readonly bankReportsWritten = new Batcher(async (rows: Parameters<typeof store.insertBankReports>[1]) => {
    await store.insertBankReports(this.db, rows);
    return rows.map(() => undefined);
  }, 64, () => true);
  private readonly bankReportsFound = new Batcher((wanted: { id: string; reference: string }[]) => store.findBankReports(this.db, wanted), 64, () => true);

  constructor(
    private readonly db: SimulatorDb,
    private readonly options: SimulatorOptions,
  ) {}

  private async latency(): Promise<void> {
    if (this.options.latencyMs > 0) await sleep(this.options.latencyMs);
  }

  async authorize(request: CardAuthorizationRequest): Promise<AuthorizationAnswer> {
    await this.latency();
    const behaviour = behaviourOf(request);
    const decision = decide(behaviour, !request.buyer);
    const challengeId = decision.outcome === 'challenge' ? randomBytes(16).toString('hex') : null;
    const { buyer } = request;
    const row = {
      reference: request.reference,
      card: behaviour,
      amount_minor: request.amountMinor,
      currency: request.currency,
      ...decision,
      authorization_id: `auth_${randomBytes(8).toString('hex')}`,
      challenge_id: challengeId,
      stored_credential: request.storeCredential ? `sim_cred_${behaviour}_${randomBytes(12).toString('hex')}` : null,
    };
    const stored = !(challengeId && buyer)
      ? await this.authorizations.run(row)
      : await store.recordAuthorization(this.db, row, {
          id: tokenHash(challengeId),
          reference: request.reference,
          amount_minor: request.amountMinor,
          currency: request.currency,
          last4: buyer.last4,
          language: buyer.language,
          callback_url: buyer.callbackUrl,
          payment_id: buyer.paymentId,
          svc_token: buyer.svcToken,
          return_url: buyer.returnUrl,
          state: 'pending',
          environment: this.options.environment,
        });
    return this.answerOf(stored);
  }

  /**
   * The challenged authorization, finished with the 3-D Secure result the buyer's return carries
   * (the specification's callback parameters): the same authorization, never a second charge, and
   * its first result kept, whatever a later return says.
   */
  async complete(authorization: KnownAuthorization, details: Record<string, string>): Promise<AuthorizationAnswer> {
    await this.latency();
    const authenticated = details['3ds_valid_payment'] === 'Y' && (details['3ds_status'] === 'Y' || details['3ds_status'] === 'A');
    const stored = await store.completeAuthorization(this.db, authorization.processorReference, authenticated ? 'passed' : 'failed');
    if (!stored) throw new Error(`the simulator knows no authorization ${authorization.processorReference}`);
    return this.answerOf(stored);
  }

  private answerOf(stored: StoredAuthorization): AuthorizationAnswer {
    const processorReference = stored.authorization_id!;
    const approved: AuthorizationAnswer = { outcome: 'approved', processorReference, ...(stored.stored_credential ? { storedCredential: stored.stored_credential } : {}) };
    if (stored.outcome === 'approved') return approved;
    if (stored.outcome === 'declined') return { outcome: 'declined', processorReference, reason: stored.decline_reason as DeclineReason };
    if (stored.challenge_result === 'passed') return approved;
    if (stored.challenge_result === 'failed') return { outcome: 'authentication_failed', processorReference };
    return { outcome: 'action', processorReference, action: { method: 'GET', url: `${this.options.baseUrl}/simulator/3ds/${stored.challenge_id}` } };
  }

  /** The 3-D Secure server's challenge, while the buyer has not answered it. */
  async openChallenge(id: string) {
    const challenge = await store.findChallenge(this.db, id);
    return challenge?.state === 'pending' ? challenge : undefined;
  }

  /** The buyer answers a challenge, once. */
  answerChallenge(id: string) {
    return store.answerChallenge(this.db, id);
  }
  async accountVerification(request: AccountVerificationRequest): Promise<{ url: string }> {
    await this.latency();
    const token = randomBytes(24).toString('base64url');
    const session = await this.bankSessionsOpened.run({ token, token_hash: tokenHash(token), reference: request.reference, language: request.language, callback_url: request.callbackUrl, environment: this.options.environment });
    return { url: `${this.options.baseUrl}/simulator/bank?token=${session.token}` };
  }

  bankSession(token: string): Promise<BankSession | undefined> {
    return this.bankSessionsFound.run(token);
  }

  /** The bank's answer to the buyer's login on its page. */
  async verifyBankAccount(session: BankSession, input: { iban: string; accountHolder: string; accountType: AccountType }): Promise<BankVerification> {
    await this.latency();
    if (input.iban === FAILING_IBAN) {
      return { verified: false, error: 'verification_failed', errorReason: 'account_not_found', message: 'The bank could not confirm this account', trackingId: randomBytes(8).toString('hex') };
    }
    const reportId = `rep${randomBytes(12).toString('hex')}`;
    await this.bankReportsWritten.run({ id: reportId, payment_id: session.reference, iban: input.iban, account_holder: input.accountHolder, account_type: input.accountType });
    return { verified: true, reportId };
  }

  async bankReport(reportId: string, reference: string): Promise<BankReport | undefined> {
    await this.latency();
    const row = await this.bankReportsFound.run({ id: reportId, reference });
    return row && { iban: row.iban, accountHolder: row.account_holder, accountType: row.account_type };
  }

  async collect(request: DebitCollectionRequest): Promise<PendingAnswer> {
    await this.latency();
    const returned = request.iban === RETURNED_IBAN;
    return this.move('collection', request, SEPA_SETTLEMENT_SECONDS, returned ? FAILURE_REASONS.collection : null);
  }

  async refund(request: RefundRequest): Promise<PendingAnswer> {
    await this.latency();
    return this.move('refund', request, TRANSFER_ARRIVAL_SECONDS, request.amountMinor === FAILING_REFUND_AMOUNT_MINOR ? FAILURE_REASONS.refund : null);
  }

  async payOut(request: PayoutRequest): Promise<PendingAnswer> {
    await this.latency();
    return this.move('payout', request, TRANSFER_ARRIVAL_SECONDS, request.amountMinor === FAILING_PAYOUT_AMOUNT_MINOR ? FAILURE_REASONS.payout : null);
  }

  /** Money that moves later: recorded once per reference, its notification due `delaySeconds` after it was asked for. */
  private async move(kind: StoredMovement['kind'], { reference, at, platformId }: { reference: string } & LaterOutcome, delaySeconds: number, failure: string | null): Promise<PendingAnswer> {
    const { environment } = this.options;
    const prefix = { collection: 'col', refund: 'rf', payout: 'po' }[kind];
    const movement = await this.movements.run({
      row: { reference, processor_reference: `sim_${prefix}_${randomBytes(8).toString('hex')}`, environment, kind, outcome: failure ? 'failed' : 'succeeded', reason: failure },
      due: { at: addSeconds(at, delaySeconds), now: at, platformId },
    });
    return { processorReference: movement.processor_reference };
  }

  /** The notification of a movement come due, as the simulator sends it, and whose clock it is due on. */
  async notificationOf(db: SimulatorDb, processorReference: string): Promise<{ environment: Environment; notification: ProcessorNotification } | undefined> {
    const movement = await store.findMovement(db, processorReference);
    if (!movement) return undefined;
    return { environment: movement.environment, notification: {
      eventKey: `${movement.processor_reference}:${movement.outcome}`,
      object: movement.kind,
      reference: movement.reference,
      processorReference: movement.processor_reference,
      outcome: movement.outcome,
      ...(movement.reason ? { reason: movement.reason } : {}),
    } };
  }
}
