import type { Readable } from 'node:stream';
import { amountText } from './amounts.js';
import { formatDateTime } from '../core/time.js';
import type { ExportedPayment } from '../payments/repository.js';
import { csvStream } from './csv.js';
import type { ExportedPayout, ExportedRefund, ExportedTransfer } from './repository.js';

const when = (date: Date | null) => (date ? formatDateTime(date) : null);

/** The payments export: what an accountant reconciles a payment by. */
export function paymentsCsv(batches: AsyncIterable<ExportedPayment[]>): Readable {
  const header = ['id', 'initiated_at', 'status', 'method', 'currency', 'amount', 'processing_fee', 'reference', 'description', 'card', 'succeeded_at', 'merchants'];
  return csvStream(header, batches, (payment) => [
    payment.id,
    when(payment.created_at),
    payment.status,
    payment.selected_method ?? payment.method_type,
    payment.currency,
    amountText(payment.amount_minor, payment.currency),
    payment.processing_fee === null ? null : amountText(payment.processing_fee, payment.currency),
    payment.reference,
    payment.description,
    payment.card_last4 ? `${payment.card_scheme ?? 'card'} ${payment.card_last4}` : null,
    when(payment.succeeded_at),
    // acc_…:1250 acc_…:300 → acc_…:12.50 acc_…:3.00
    payment.merchants?.replace(/:(-?\d+)/g, (_match, amount: string) => `:${amountText(Number(amount), payment.currency)}`),
  ]);
}

export function refundsCsv(batches: AsyncIterable<ExportedRefund[]>): Readable {
  const header = ['id', 'created_at', 'status', 'origin', 'payment_id', 'currency', 'amount', 'reference', 'description', 'completed_at'];
  return csvStream(header, batches, (refund) => [
    refund.id,
    when(refund.created_at),
    refund.status,
    refund.origin,
    refund.payment_id,
    refund.currency,
    amountText(refund.amount_minor, refund.currency),
    refund.reference,
    refund.description,
    when(refund.completed_at),
  ]);
}

export function payoutsCsv(batches: AsyncIterable<ExportedPayout[]>): Readable {
  const header = ['id', 'created_at', 'status', 'account_id', 'currency', 'amount', 'transfers', 'completed_at'];
  return csvStream(header, batches, (payout) => [
    payout.id,
    when(payout.created_at),
    payout.status,
    payout.account_id,
    payout.currency,
    amountText(payout.amount_minor, payout.currency),
    payout.transfers,
    when(payout.completed_at),
  ]);
}

export function transfersCsv(batches: AsyncIterable<ExportedTransfer[]>): Readable {
  const header = ['id', 'created_at', 'payment_id', 'account_id', 'currency', 'amount', 'processing_fee', 'returned', 'payout_id', 'reference'];
  return csvStream(header, batches, (transfer) => [
    transfer.id,
    when(transfer.created_at),
    transfer.payment_id,
    transfer.account_id,
    transfer.currency,
    amountText(transfer.amount_minor, transfer.currency),
    amountText(transfer.fee_minor, transfer.currency),
    amountText(transfer.returned_minor, transfer.currency),
    transfer.payout_id,
    transfer.reference,
  ]);
}
