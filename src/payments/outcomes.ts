import type { Db } from '../core/db.js';
import { scheduleJob, type AskingJob } from '../core/jobs.js';
import { addSeconds } from '../core/time.js';
import { tokenHash } from '../core/encryption.js';
import { newId } from '../core/ids.js';
import { captureEntries } from '../ledger/postings.js';
import { postEntries } from '../ledger/repository.js';
import type { EventType, Outbox } from '../events/outbox.js';
import type { CardAuthorization, DebitCollection, DebitOutcome, Processor } from '../processor/processor.js';
import * as repo from './repository.js';
import { moveTo, type PaymentStatus } from './states.js';
import type { PaymentRow } from './repository.js';

export const SEPA_SETTLEMENT_JOB = 'sepa_settlement';

export interface ChargedCard {
  scheme: string;
  last4: string;
  processor_reference: string;
}

/** The attempt an outcome answers is closed by the outcome's own update of the payment. */
const ATTEMPT_CLOSED = { authorization_reference: null, authorization_started_at: null, authorization_request: null };

/**
 * How a payment ends, whoever moved it (the buyer on the page, or the platform for a
 * merchant-initiated payment): the state change and its event, in the caller's transaction.
 */
export class PaymentOutcomes {
  constructor(
    private readonly outbox: Outbox,
    private readonly processor: Processor,
  ) {}

  async emit(trx: Db, payment: PaymentRow, type: EventType, status: PaymentStatus, now: Date): Promise<void> {
    await this.outbox.record(trx, {
      environment: payment.environment,
      platformId: payment.platform_id,
      type,
      objectId: payment.id,
      data: { id: payment.id, status, reference: payment.reference },
      occurredAt: now,
      destination: payment.webhook_url,
    });
  }

  /** A card authorization's final outcome: captured (the credential kept for an initial payment) or declined. */
  async card(trx: Db, payment: PaymentRow, card: ChargedCard, authorization: Exclude<CardAuthorization, { outcome: 'challenge' }>, now: Date): Promise<'captured' | 'declined'> {
    const details = { ...ATTEMPT_CLOSED, card_scheme: card.scheme, card_last4: card.last4, updated_at: now };
    if (authorization.outcome === 'declined') {
      await repo.updatePayment(trx, payment.id, { ...details, ...moveTo(payment, 'declined') });
      await this.emit(trx, payment, 'payment_failed', 'declined', now);
      return 'declined';
    }
    const storedCredential = payment.cit_mode === 'initial' ? card.processor_reference : null;
    await repo.updatePayment(trx, payment.id, { ...details, ...moveTo(payment, 'captured'), succeeded_at: now, stored_credential: storedCredential });
    await this.createTransfers(trx, payment, now);
    await this.emit(trx, payment, 'payment_succeeded', 'captured', now);
    return 'captured';
  }

  /** The card needs 3-D Secure: the payment stays started, waiting for the 3-D Secure server's callback with this token. */
  async challenged(trx: Db, payment: PaymentRow, attemptReference: string, card: ChargedCard, svcToken: string, now: Date): Promise<'started'> {
    await repo.insertChallenge(trx, {
      id: attemptReference,
      payment_id: payment.id,
      processor_reference: card.processor_reference,
      scheme: card.scheme,
      last4: card.last4,
      svc_token_hash: tokenHash(svcToken),
      state: 'pending',
      created_at: now,
    });
    await repo.updatePayment(trx, payment.id, { ...ATTEMPT_CLOSED, ...moveTo(payment, 'started'), updated_at: now });
    return 'started';
  }

  /** The bank is collecting the SEPA debit: the payment is authorized now and completes when it settles. */
  async debitCollected(trx: Db, payment: PaymentRow, mandate: Record<string, unknown>, collection: DebitCollection, now: Date): Promise<'authorized'> {
    await repo.updatePayment(trx, payment.id, {
      ...ATTEMPT_CLOSED,
      ...moveTo(payment, 'authorized'),
      mandate: { ...mandate, collection_id: collection.collectionId },
      stored_credential: payment.cit_mode === 'initial' ? `mandate:${collection.collectionId}` : null,
      updated_at: now,
    });
    await scheduleJob(trx, { environment: payment.environment, kind: SEPA_SETTLEMENT_JOB, subjectId: payment.id, dueAt: addSeconds(now, collection.settlementDelaySeconds) }, now);
    return 'authorized';
  }

  /**
   * The scheduled settlement of a SEPA collection: the bank is asked how it ended with nothing held;
   * then the payment completes and succeeds, or, returned unpaid, fails.
   */
  readonly settlement: AskingJob<{ collectionId: string; outcome: DebitOutcome } | undefined> = {
    ask: async (db, id) => {
      const payment = await repo.paymentById(db, id);
      if (payment?.status !== 'authorized') return undefined;
      const collectionId = String(payment.mandate?.collection_id);
      return { collectionId, outcome: await this.processor.debitOutcome(collectionId) };
    },
    record: async (trx, id, now, answer) => {
      if (!answer) return;
      const payment = await repo.lockPayment(trx, id);
      if (payment?.status !== 'authorized' || payment.mandate?.collection_id !== answer.collectionId) return;
      if (!answer.outcome.paid) {
        await repo.updatePayment(trx, id, { ...moveTo(payment, 'not_completed'), updated_at: now });
        await this.emit(trx, payment, 'payment_failed', 'not_completed', now);
        return;
      }
      await repo.updatePayment(trx, id, { ...moveTo(payment, 'completed'), succeeded_at: now, updated_at: now });
      await this.createTransfers(trx, payment, now);
      await this.emit(trx, payment, 'payment_succeeded', 'completed', now);
    },
  };

  /**
   * One transfer per routing party, net of its fee share, when the payment succeeds; the capture,
   * the fee and the transfers written to the ledger with them.
   */
  private async createTransfers(trx: Db, payment: PaymentRow, now: Date): Promise<void> {
    const parties = await repo.partiesOf(trx, [payment.id]);
    const transfers = parties.map((party) => ({
      id: newId('tra'),
      environment: payment.environment,
      platform_id: payment.platform_id,
      payment_id: payment.id,
      position: party.position,
      account_id: party.account_id,
      amount_minor: party.amount_minor - (party.fee_share ?? 0),
      fee_minor: party.fee_share ?? 0,
      currency: payment.currency,
      reference: party.reference ?? payment.reference,
      created_at: now,
    }));
    await repo.insertTransfers(trx, transfers);
    const drafts = transfers.map((transfer) => ({ transferId: transfer.id, accountId: transfer.account_id, amount: transfer.amount_minor }));
    // The fee booked is the sum of the shares the transfers were made net of: the same rows, so they cannot disagree.
    const fee = transfers.reduce((sum, transfer) => sum + transfer.fee_minor, 0);
    const context = { environment: payment.environment, platformId: payment.platform_id, currency: payment.currency, paymentId: payment.id, at: now };
    await postEntries(trx, context, captureEntries(payment.id, payment.amount_minor, fee, drafts));
  }
}
