import type { Db } from '../core/db.js';
import type { Outbox } from '../events/outbox.js';
import { paymentsByIds, type TransferRow } from '../payments/repository.js';
import type { PayoutRow } from './repository.js';

type TransferEventType = 'transfer_started' | 'transfer_updated' | 'transfer_completed';

/** The specification's transfer event data. */
export function transferData(transfer: TransferRow, payoutId: string | null) {
  return {
    transfer_id: transfer.id,
    payment_id: transfer.payment_id,
    account_id: transfer.account_id,
    payout_id: payoutId,
    amount_minor: transfer.amount_minor,
    currency: transfer.currency,
    processing_fee: { amount_minor: transfer.fee_minor, currency: transfer.currency },
    reference: transfer.reference,
  };
}

/** Records one event per transfer (so once for the platform and once per merchant), to each payment's webhook URL. */
export async function recordTransferEvents(trx: Db, outbox: Outbox, type: TransferEventType, transfers: TransferRow[], payoutId: string | null, at: Date): Promise<void> {
  const payments = await paymentsByIds(trx, transfers.map((transfer) => transfer.payment_id));
  await outbox.recordAll(
    trx,
    transfers.map((transfer) => ({
      environment: transfer.environment,
      platformId: transfer.platform_id,
      type,
      objectId: transfer.id,
      data: transferData(transfer, payoutId),
      occurredAt: at,
      destination: payments.get(transfer.payment_id)?.webhook_url,
    })),
  );
}

/**
 * Our event payout_failed (the specification has none for it): the bank sent a payout back; its
 * transfers wait for the next payout. Once, to the platform, at the webhook URL of the payment of
 * the payout's first transfer.
 */
export async function recordPayoutFailed(trx: Db, outbox: Outbox, payout: PayoutRow, transfers: TransferRow[], reason: string | null, accountRefused: boolean, at: Date): Promise<void> {
  const payments = await paymentsByIds(trx, transfers.slice(0, 1).map((transfer) => transfer.payment_id));
  await outbox.record(trx, {
    environment: payout.environment,
    platformId: payout.platform_id,
    type: 'payout_failed',
    objectId: payout.id,
    data: {
      payout_id: payout.id,
      account_id: payout.account_id,
      amount_minor: payout.amount_minor,
      currency: payout.currency,
      reason,
      payout_account_refused: accountRefused,
      transfer_ids: transfers.map((transfer) => transfer.id),
    },
    occurredAt: at,
    destination: transfers[0] ? payments.get(transfers[0].payment_id)?.webhook_url : undefined,
  });
}
