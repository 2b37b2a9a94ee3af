import type { Db } from '../core/db.js';
import type { EnvironmentClock } from '../core/clock.js';
import { ApiError } from '../core/errors.js';
import type { Config } from '../core/config.js';
import { keepAwaited } from '../core/idempotency.js';
import { copyOfRow } from '../core/encryption.js';
import { mitResult } from './mit-result.js';
import { newId } from '../core/ids.js';
import { completePendingJob, scheduleJob, type AskingJob } from '../core/jobs.js';
import { addSeconds } from '../core/time.js';
import type { AuthorizationAnswer, BuyerSession, CardDetails, KnownAuthorization, PendingAnswer, ProcessorNotification, RefusedCollection } from '../processor/boundary.js';
import type { NotificationResult } from '../processor/inbox.js';
import type { Environment } from '../core/config.js';
import type { ProcessorName } from '../processor/boundary.js';
import type { Processors } from '../processor/registry.js';
import type { ChargedCard, PaymentOutcomes } from './outcomes.js';
import type { PaymentStatus } from './states.js';
import * as repo from './repository.js';
import type { PartyRow, PaymentRow, PaymentWithParties } from './repository.js';
import type { SharedTransactions } from '../core/shared-transactions.js';

/** The job that resolves an attempt nobody recorded an outcome for (subject: the attempt's reference). */
export const ATTEMPT_RECOVERY_JOB = 'payment_attempt_recovery';
/** How long after it began an attempt still open is resolved by asking the processor again. */
export const ATTEMPT_RECOVERY_SECONDS = 60;

/**
 * What an attempt asks the processor for: kept on the payment (sealed) while it is open, so anyone
 * can finish it, and erased with it when its answer is recorded. A card charge carries what it
 * charges: the card details our vault held for the token (erased from the vault as the attempt
 * began), or the credential an initial payment stored; a completion finishes an authorization the
 * acquirer knows (the buyer back from its action).
 */
export type AttemptRequest =
  | { method: 'card'; card: ChargedCard; details?: CardDetails; storedCredential?: string; buyer?: BuyerSession }
  | { method: 'card'; card: ChargedCard; completes: KnownAuthorization; details: Record<string, string>; buyer?: BuyerSession }
  | { method: 'sepa_direct_debit'; iban: string; mandate: Record<string, unknown> };

export type AttemptAnswer = { authorization: AuthorizationAnswer } | { collection: PendingAnswer | RefusedCollection };

/** An attempt begun: the reference the processor knows it by, and the payment as it was then. */
export interface Attempt {
  reference: string;
  payment: PaymentRow;
  request: AttemptRequest;
}

/** The answer a notification stands for, when it comes before the answer of the call it concerns. */
function answerOf(notification: ProcessorNotification): AttemptAnswer {
  const { processorReference } = notification;
  if (notification.object === 'collection') return { collection: { processorReference } };
  if (notification.outcome === 'failed') return { authorization: { outcome: 'declined', processorReference, reason: 'card_declined' } };
  return { authorization: { outcome: 'approved', processorReference, ...(notification.storedCredential ? { storedCredential: notification.storedCredential } : {}) } };
}

/** The answer to any other step while an authorization of the payment is with the processor. */
export function authorizationInProgress(payment: PaymentRow): ApiError {
  return new ApiError('conflict', { detail: `An authorization of payment ${payment.id} is in progress; try again in a moment`, headers: { 'retry-after': '1' } });
}

function processorUnavailable(payment: PaymentRow, cause: unknown): ApiError {
  return new ApiError('service_unavailable', {
    detail: `The processor did not answer for payment ${payment.id}. The authorization is recorded and will be settled by asking the processor again, without a second charge; its outcome follows as the payment's event`,
    headers: { 'retry-after': String(ATTEMPT_RECOVERY_SECONDS) },
    cause,
  });
}

/**
 * An authorization (a card charge, a SEPA collection) in three steps, none of which holds a
 * transaction or lock while the processor works (CONVENTIONS §9): the attempt is recorded with its
 * reference and committed (begin, in the caller's transaction), the processor is asked (ask), and
 * the answer is recorded if the attempt is still open (record). An attempt left open (a crash, a
 * processor that failed or timed out) is resolved by the recovery job, which asks the processor
 * again with the same reference: the processor answers what it answered, and charges at most once.
 */
export class PaymentAttempts {
  constructor(
    private readonly clock: EnvironmentClock,
    private readonly processors: Processors,
    private readonly outcomes: PaymentOutcomes,
    private readonly config: Config,
    private readonly changes: SharedTransactions<PaymentWithParties>,
  ) {}

  /** Commit 1, in the caller's transaction on the locked payment: the attempt, and the job that resolves it if nobody else does. */
  async begin(trx: Db, payment: PaymentRow, request: AttemptRequest, now: Date): Promise<Attempt> {
    if (payment.authorization_reference) throw authorizationInProgress(payment);
    const reference = newId('att');
    const processor = this.processorOf(payment, request);
    await repo.updatePayment(trx, payment.id, { authorization_reference: reference, authorization_started_at: now, authorization_request: request, processor, updated_at: now });
    await scheduleJob(trx, { environment: payment.environment, platformId: payment.platform_id, kind: ATTEMPT_RECOVERY_JOB, subjectId: reference, dueAt: addSeconds(now, ATTEMPT_RECOVERY_SECONDS) }, now);
    return { reference, payment: Object.assign(copyOfRow(payment), { processor }), request }; // a copy that leaves its sealed columns unopened
  }

  /**
   * The partner an attempt goes to: the one that knows the authorization it finishes, the one that
   * stored the credential a merchant-initiated payment charges (set at its creation), else the one
   * the configuration chooses for its method (the payment is still open: nothing was taken by
   * another). It then takes all of the payment (its refunds too), whatever the configuration says later.
   */
  private processorOf(payment: PaymentRow, request: AttemptRequest): ProcessorName {
    if (payment.processor && ('completes' in request || payment.cit_mode === 'merchant_initiated')) return payment.processor;
    return this.processors.chosen(payment.environment, request.method === 'sepa_direct_debit' ? 'directDebit' : 'cards');
  }

  /**
   * The rest of the step that began the attempt: the processor's answer, recorded; answers the
   * payment's status and the answer. A processor that fails or times out leaves the attempt to the
   * recovery job and the caller a 503.
   */
  async complete(attempt: Attempt): Promise<{ status: PaymentStatus; answer: AttemptAnswer }> {
    const { payment, reference } = attempt;
    const answer = await this.ask(attempt, this.clock.now(payment.environment, payment.platform_id)).catch((error: unknown) => {
      throw processorUnavailable(payment, error);
    });
    const status = await this.changes.run(payment.id, (trx, locked) => this.recordOn(trx, locked?.payment, reference, answer, this.clock.now(payment.environment, payment.platform_id), locked?.parties));
    return { status, answer };
  }

  /** The recovery job: the processor asked again with the attempt's reference, its answer recorded if the attempt is still open. */
  readonly recovery: AskingJob<{ paymentId: string; answer: AttemptAnswer } | undefined> = {
    ask: async (db, reference, at) => {
      const payment = await repo.paymentByAttempt(db, reference);
      if (!payment) return undefined;
      return { paymentId: payment.id, answer: await this.ask({ reference, payment, request: payment.authorization_request as AttemptRequest }, at) };
    },
    record: async (trx, reference, at, found) => {
      if (found) await this.record(trx, found.paymentId, reference, found.answer, at);
    },
  };

  /**
   * A processor's notification about a payment's authorization or collection (NotificationInbox),
   * matched by the partner's reference, or by our attempt's while its answer is not recorded: the
   * notification then stands for the answer, recorded first, so both orders end the same.
   */
  async notified(trx: Db, notification: ProcessorNotification, timeIn: (environment: Environment, platformId: string) => Date): Promise<NotificationResult> {
    const found = (await repo.paymentByProcessorReference(trx, notification.processorReference)) ?? (notification.reference ? await repo.paymentByAttempt(trx, notification.reference) : undefined);
    if (!found) return 'unknown';
    const now = timeIn(found.environment, found.platform_id);
    const open = found.authorization_reference !== null && found.authorization_reference === notification.reference;
    if (open) await this.record(trx, found.id, notification.reference!, answerOf(notification), now);
    const payment = (await repo.lockPayment(trx, found.id))!;
    if (notification.object === 'collection') return this.outcomes.collectionSettled(trx, payment, notification, now);
    if (open) return 'applied';
    return this.endChallenged(trx, payment, notification, now);
  }

  /**
   * The authorization of a buyer who never came back from the action (a closed browser), ended by
   * the acquirer's notification: its challenge is answered, and the payment ends as the notification says.
   */
  private async endChallenged(trx: Db, payment: PaymentRow, notification: ProcessorNotification, now: Date): Promise<NotificationResult> {
    if (notification.object !== 'authorization' || payment.processor_reference !== notification.processorReference) return 'final';
    const challenge = await repo.answerPendingChallenge(trx, payment.id, notification.processorReference);
    if (!challenge) return 'final';
    const { authorization } = answerOf(notification) as { authorization: Extract<AuthorizationAnswer, { outcome: 'approved' | 'declined' }> };
    await this.outcomes.card(trx, payment, { scheme: challenge.scheme, last4: challenge.last4 }, authorization, now);
    return 'applied';
  }

  /** Asks the payment's processor for what the attempt charges or finishes; never with a transaction or lock held. */
  private async ask({ reference, payment, request }: Attempt, at: Date): Promise<AttemptAnswer> {
    const amount = { amountMinor: payment.amount_minor, currency: payment.currency };
    const processor = payment.processor ?? this.processorOf(payment, request);
    if (request.method === 'sepa_direct_debit') {
      const mandateReference = String(request.mandate.mandate_reference ?? '');
      return { collection: await this.processors.directDebit(payment.environment, processor).collect({ reference, iban: request.iban, accountHolder: payment.account_holder, mandateReference, ...amount, at, platformId: payment.platform_id }) };
    }
    const acquirer = this.processors.cards(payment.environment, processor);
    if ('completes' in request) return { authorization: await acquirer.complete(request.completes, request.details) };
    const instrument = request.storedCredential ? { storedCredential: request.storedCredential } : { details: request.details! };
    const buyer = request.buyer ? { buyer: request.buyer } : {};
    const customerReference = payment.initial_payment_id ?? payment.id;
    return { authorization: await acquirer.authorize({ reference, card: instrument, storeCredential: payment.cit_mode === 'initial', customerReference, ...amount, ...buyer }) };
  }


  /**
   * Commit 2: the answer recorded on the locked payment if the attempt is still open; otherwise
   * whoever closed it recorded the same answer (same reference). Answers the payment's status.
   */
  private async record(trx: Db, paymentId: string, reference: string, answer: AttemptAnswer, now: Date): Promise<PaymentStatus> {
    return this.recordOn(trx, await repo.lockPayment(trx, paymentId), reference, answer, now);
  }

  /** record, on the payment locked already (with its parties, when read with it). */
  private async recordOn(trx: Db, payment: PaymentRow | undefined, reference: string, answer: AttemptAnswer, now: Date, parties?: PartyRow[]): Promise<PaymentStatus> {
    if (!payment) throw new Error(`the payment of attempt ${reference} does not exist`);
    if (payment.authorization_reference !== reference) return payment.status;
    await completePendingJob(trx, ATTEMPT_RECOVERY_JOB, reference, now); // nothing left for it to recover
    const status = await this.recordOutcome(trx, payment, reference, answer, now, parties);
    // The Idempotency-Key of the request that made a merchant-initiated payment awaits this outcome, whoever records it.
    if (payment.cit_mode === 'merchant_initiated') await keepAwaited(trx, payment.id, 201, JSON.stringify(mitResult(this.config, payment, status)), this.clock.base.now());
    return status;
  }

  private async recordOutcome(trx: Db, payment: PaymentRow, reference: string, answer: AttemptAnswer, now: Date, parties?: PartyRow[]): Promise<PaymentStatus> {
    const request = payment.authorization_request as AttemptRequest;
    if (request.method === 'sepa_direct_debit' && 'collection' in answer) {
      const { collection } = answer;
      if ('refused' in collection) return this.outcomes.debitRefused(trx, payment, collection, now);
      return this.outcomes.debitCollected(trx, payment, request.mandate, collection, now);
    }
    if (request.method !== 'card' || !('authorization' in answer)) throw new Error(`the processor's answer does not fit attempt ${reference}`);
    const { authorization } = answer;
    if (authorization.outcome === 'pending') {
      // The acquirer decides later: the attempt stays open for its notification, or the recovery job asking again.
      await repo.updatePayment(trx, payment.id, { processor_reference: authorization.processorReference, updated_at: now });
      await scheduleJob(trx, { environment: payment.environment, platformId: payment.platform_id, kind: ATTEMPT_RECOVERY_JOB, subjectId: reference, dueAt: addSeconds(now, ATTEMPT_RECOVERY_SECONDS) }, now);
      return payment.status;
    }
    if (authorization.outcome !== 'action') return this.outcomes.card(trx, payment, request.card, authorization, now, parties);
    // Only a buyer can act: a charge without one (merchant-initiated) cannot go on.
    if (!request.buyer) return this.outcomes.card(trx, payment, request.card, { outcome: 'declined', reason: 'card_declined' }, now);
    const completes = 'completes' in request ? request.completes : { reference, processorReference: authorization.processorReference, data: authorization.data ?? null };
    return this.outcomes.challenged(trx, payment, completes, authorization.action, request.card, request.buyer.svcToken, now);
  }
}
