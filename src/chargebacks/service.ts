import type { Db } from '../core/db.js';
import type { Environment } from '../core/config.js';
import { newId } from '../core/ids.js';
import type { Outbox } from '../events/outbox.js';
import type { PaymentOutcomes } from '../payments/outcomes.js';
import * as payments from '../payments/repository.js';
import type { PaymentRow } from '../payments/repository.js';
import { SUCCEEDED_STATUSES } from '../payments/states.js';
import type { ProcessorNotification } from '../processor/boundary.js';
import type { NotificationResult } from '../processor/inbox.js';
import type { RefundService } from '../refunds/service.js';
import * as repo from './repository.js';

type Dispute = NonNullable<ProcessorNotification['chargeback']>;

/**
 * Chargebacks: the buyer's bank takes a payment's money back (a card chargeback; for SEPA Direct
 * Debit, a return after the collection succeeded), as the processor notifies it. Each dispute event
 * is recorded on the payment once (the processor's reference and stage); an announcement
 * (`notified`) moves nothing; a chargeback books the money back through the ledger as a refund of
 * the buyer's origin, completed at once (refund_initiated_from_buyer, refund_completed), and emits
 * our event payment_charged_back. A SEPA payment still collecting when its debit comes back ends
 * not_completed instead, as a collection that failed.
 */
export class Chargebacks {
  constructor(
    private readonly outbox: Outbox,
    private readonly outcomes: PaymentOutcomes,
    private readonly refunds: Pick<RefundService, 'takenBack'>,
  ) {}

  /** The inbox's applier of `chargeback` notifications: matched to the payment by the partner's reference of it. */
  async notified(trx: Db, notification: ProcessorNotification, timeIn: (environment: Environment, platformId: string) => Date): Promise<NotificationResult> {
    const dispute = notification.chargeback;
    const found = dispute && (await payments.paymentByProcessorReference(trx, dispute.paymentProcessorReference));
    if (!dispute || !found?.processor) return 'unknown';
    const payment = (await payments.lockPayment(trx, found.id))!;
    const now = timeIn(payment.environment, payment.platform_id);
    const id = newId('chb');
    const recorded = await repo.insertChargeback(trx, {
      id, environment: payment.environment, platform_id: payment.platform_id, payment_id: payment.id, processor: found.processor,
      processor_reference: notification.processorReference, stage: dispute.stage, amount_minor: dispute.amountMinor, currency: dispute.currency,
      reason: notification.reason ?? null, created_at: now,
    });
    if (!recorded) return 'final';
    if (dispute.stage === 'notified') return 'applied';
    if (payment.status === 'authorized') return this.outcomes.collectionSettled(trx, payment, { ...notification, outcome: 'failed' }, now);
    if (!SUCCEEDED_STATUSES.has(payment.status)) return 'final';
    await this.chargeBack(trx, payment, id, dispute, notification, now);
    return 'applied';
  }

  private async chargeBack(trx: Db, payment: PaymentRow, id: string, dispute: Dispute, notification: ProcessorNotification, now: Date): Promise<void> {
    const refund = await this.refunds.takenBack(trx, payment, dispute.amountMinor, notification.processorReference, now);
    if (refund) await repo.setChargebackRefund(trx, id, refund.id);
    await this.outbox.record(trx, {
      environment: payment.environment,
      platformId: payment.platform_id,
      type: 'payment_charged_back',
      objectId: payment.id,
      data: { chargeback_id: id, payment_id: payment.id, refund_id: refund?.id ?? null, amount_minor: dispute.amountMinor, currency: dispute.currency, reason: notification.reason ?? null },
      occurredAt: now,
      destination: payment.webhook_url,
    });
  }
}
