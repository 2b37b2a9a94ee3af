import type { Db } from '../core/db.js';
import { tokenHash } from '../core/encryption.js';
import { newId } from '../core/ids.js';
import { captureEntries } from '../ledger/postings.js';
import { postEntries } from '../ledger/repository.js';
import type { EventType, Outbox } from '../events/outbox.js';
import type { AuthorizationAnswer, BuyerAction, KnownAuthorization, PendingAnswer, ProcessorNotification, RefusedCollection } from '../processor/boundary.js';
import type { NotificationResult } from '../processor/inbox.js';
import * as repo from './repository.js';
import { moveTo, type PaymentStatus } from './states.js';
import type { PartyRow, PaymentRow } from './repository.js';

/** What the payment shows of the card charged. */
export interface ChargedCard {
  scheme: string;
  last4: string;
}

/** An authorization's final answers. */
type FinalAuthorization = Extract<AuthorizationAnswer, { outcome: 'approved' | 'declined' | 'authentication_failed' }>;

/** The attempt an outcome answers is closed by the outcome's own update of the payment: its request (a card's details included) erased. */
const ATTEMPT_CLOSED = { authorization_reference: null, authorization_started_at: null, authorization_request: null };

/**
 * How a payment ends, whoever moved it (the buyer on the page, or the platform for a
 * merchant-initiated payment): the state change and its event, in the caller's transaction.
 */
export class PaymentOutcomes {
  constructor(private readonly outbox: Outbox) {}

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

  /**
   * A card authorization's final outcome: captured (the credential the acquirer stored kept for an
   * initial payment), declined, or authentication failed (the buyer may try again).
   */
  async card(trx: Db, payment: PaymentRow, card: ChargedCard, authorization: FinalAuthorization, now: Date, parties?: PartyRow[]): Promise<'captured' | 'declined' | 'authentication_failed'> {
    const details = { ...ATTEMPT_CLOSED, card_scheme: card.scheme, card_last4: card.last4, processor_reference: authorization.processorReference ?? payment.processor_reference, updated_at: now };
    if (authorization.outcome === 'declined') {
      await repo.updatePayment(trx, payment.id, { ...details, ...moveTo(payment, 'declined'), decline_reason: authorization.reason });
      await this.emit(trx, payment, 'payment_failed', 'declined', now);
      return 'declined';
    }
    if (authorization.outcome === 'authentication_failed') {
      await repo.updatePayment(trx, payment.id, { ...details, ...moveTo(payment, 'authentication_failed') });
      await this.emit(trx, payment, 'payment_authentication_failed', 'authentication_failed', now);
      return 'authentication_failed';
    }
    const storedCredential = payment.cit_mode === 'initial' ? (authorization.storedCredential ?? null) : null;
    await repo.updatePayment(trx, payment.id, { ...details, ...moveTo(payment, 'captured'), succeeded_at: now, stored_credential: storedCredential });
    await this.createTransfers(trx, payment, now, parties);
    await this.emit(trx, payment, 'payment_succeeded', 'captured', now);
    return 'captured';
  }

  /**
   * The buyer must act (3-D Secure): the payment stays started, waiting for the buyer's return (the
   * 3-D Secure server's callback with this token), which completes the same authorization.
   */
  async challenged(trx: Db, payment: PaymentRow, authorization: KnownAuthorization, action: BuyerAction, card: ChargedCard, svcToken: string, now: Date): Promise<'started'> {
    await repo.insertChallenge(trx, {
      action: action.method === 'POST' ? action : null,
      id: authorization.reference,
      payment_id: payment.id,
      processor_reference: authorization.processorReference,
      processor_data: authorization.data,
      scheme: card.scheme,
      last4: card.last4,
      svc_token_hash: tokenHash(svcToken),
      state: 'pending',
      created_at: now,
    });
    await repo.updatePayment(trx, payment.id, { ...ATTEMPT_CLOSED, ...moveTo(payment, 'started'), processor_reference: authorization.processorReference, updated_at: now });
    return 'started';
  }

  /** The bank is collecting the SEPA debit: the payment is authorized now, and ends as the provider's notification says. */
  async debitCollected(trx: Db, payment: PaymentRow, mandate: Record<string, unknown>, collection: PendingAnswer, now: Date): Promise<'authorized'> {
    await repo.updatePayment(trx, payment.id, {
      ...ATTEMPT_CLOSED,
      ...moveTo(payment, 'authorized'),
      mandate,
      processor_reference: collection.processorReference,
      stored_credential: payment.cit_mode === 'initial' ? `mandate:${collection.processorReference}` : null,
      updated_at: now,
    });
    return 'authorized';
  }

  /** The provider refused the SEPA debit at once: nothing will be collected, the payment is not_completed. */
  async debitRefused(trx: Db, payment: PaymentRow, collection: RefusedCollection, now: Date): Promise<'not_completed'> {
    await repo.updatePayment(trx, payment.id, { ...ATTEMPT_CLOSED, ...moveTo(payment, 'not_completed'), processor_reference: collection.processorReference ?? null, updated_at: now });
    await this.emit(trx, payment, 'payment_failed', 'not_completed', now);
    return 'not_completed';
  }

  /** The provider's notification of an authorized SEPA payment's collection: completed and succeeded, or, returned unpaid, not_completed. */
  async collectionSettled(trx: Db, payment: PaymentRow, notification: ProcessorNotification, now: Date): Promise<NotificationResult> {
    if (payment.status !== 'authorized') return 'final';
    if (notification.outcome === 'failed') {
      await repo.updatePayment(trx, payment.id, { ...moveTo(payment, 'not_completed'), updated_at: now });
      await this.emit(trx, payment, 'payment_failed', 'not_completed', now);
      return 'applied';
    }
    await repo.updatePayment(trx, payment.id, { ...moveTo(payment, 'completed'), succeeded_at: now, updated_at: now });
    await this.createTransfers(trx, payment, now);
    await this.emit(trx, payment, 'payment_succeeded', 'completed', now);
    return 'applied';
  }

  /**
   * One transfer per routing party, net of its fee share, when the payment succeeds; the capture,
   * the fee and the transfers written to the ledger with them. `known`: the parties as read with the payment's lock.
   */
  private async createTransfers(trx: Db, payment: PaymentRow, now: Date, known?: PartyRow[]): Promise<void> {
    const parties = known ?? (await repo.partiesOf(trx, [payment.id]));
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
    await repo.insertTransfersTogether(trx, transfers);
    const drafts = transfers.map((transfer) => ({ transferId: transfer.id, accountId: transfer.account_id, amount: transfer.amount_minor }));
    // The fee booked is the sum of the shares the transfers were made net of: the same rows, so they cannot disagree.
    const fee = transfers.reduce((sum, transfer) => sum + transfer.fee_minor, 0);
    const context = { environment: payment.environment, platformId: payment.platform_id, currency: payment.currency, paymentId: payment.id, at: now };
    await postEntries(trx, context, captureEntries(payment.id, payment.amount_minor, fee, drafts));
  }
}
