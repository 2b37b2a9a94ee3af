import type { LedgerEntryKind } from '../core/db.js';

/**
 * The ledger's accounts, per platform, environment and currency. Every one but BUYERS holds money
 * and never goes below zero; BUYERS is the outside world the money comes from and returns to.
 */
export const BUYERS = 'buyers';
/** Processing fees kept. */
export const FEES = 'fees';
/** A payment's funds between capture and their distribution (zero once distributed). */
export const clearing = (paymentId: string) => `payment:${paymentId}`;
/** An account's transfers waiting for their payout. */
export const pending = (accountId: string) => `pending:${accountId}`;
/** What payouts sent to an account's bank, less what refunds received back from it. */
export const paidOut = (accountId: string) => `paid_out:${accountId}`;

export function mayGoNegative(account: string): boolean {
  return account === BUYERS;
}

export interface Posting {
  account: string;
  amount: number;
}

/** One movement: its postings add up to zero. */
export interface EntryDraft {
  kind: LedgerEntryKind;
  transferId?: string;
  postings: Posting[];
}

/** An entry moving `amount` from one account to another; none when there is nothing to move. */
function move(kind: LedgerEntryKind, from: string, to: string, amount: number, transferId?: string): EntryDraft[] {
  if (amount === 0) return [];
  return [{ kind, ...(transferId ? { transferId } : {}), postings: [{ account: from, amount: -amount }, { account: to, amount }] }];
}

export interface TransferDraft {
  transferId: string;
  accountId: string;
  amount: number;
}

/** A payment succeeds: the buyer's money arrives, the fee is kept, and each party's transfer waits for its payout. */
export function captureEntries(paymentId: string, amount: number, fee: number, transfers: TransferDraft[]): EntryDraft[] {
  const distributed = fee + transfers.reduce((sum, transfer) => sum + transfer.amount, 0);
  if (distributed !== amount) throw new Error(`Payment ${paymentId} of ${amount} would distribute ${distributed}: its fee and transfers must add up to it`);
  return [
    ...move('capture', BUYERS, clearing(paymentId), amount),
    ...move('fee', clearing(paymentId), FEES, fee),
    ...transfers.flatMap((transfer) => move('transfer', clearing(paymentId), pending(transfer.accountId), transfer.amount, transfer.transferId)),
  ];
}

/** A payout sends an account's waiting transfers to its bank. */
export function payoutEntries(accountId: string, amount: number): EntryDraft[] {
  return move('payout', pending(accountId), paidOut(accountId), amount);
}

/** What a party's routing says about refunds: its routed amount, fee share and what is still refundable. */
export interface PartyPosition {
  amount: number;
  feeShare: number;
  refundable: number;
}

function roundHalfUpRatio(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/**
 * The part of a party's fee share that a refund of `refund` from it returns. A refund undoes the
 * payment in proportion, fee included: after refunds of R in all, the party has been returned
 * round(feeShare × R / amount) of its fee share, so a full refund returns all of it and the party
 * gives back exactly its transfer, never more (no balance goes below zero).
 */
export function feeReturned(party: PartyPosition, refund: number): number {
  if (party.amount === 0) return 0;
  const returnedAfter = (refunded: number) => roundHalfUpRatio(BigInt(party.feeShare) * BigInt(refunded), BigInt(party.amount));
  const refundedBefore = party.amount - party.refundable;
  return returnedAfter(refundedBefore + refund) - returnedAfter(refundedBefore);
}

export interface RefundPartDraft {
  accountId: string;
  transferId: string;
  amount: number;
  feeReturned: number;
  /** The party's payout had started: what it gives back is received from its bank. */
  fromCreditor: boolean;
}

/**
 * A refund: each party gives back its part net of the returned fee (from its waiting transfer, or
 * received from its bank once paid out), the fee comes back from FEES, and the whole goes to the
 * buyer. Written in that order so the payment's clearing account never dips below zero.
 */
export function refundEntries(paymentId: string, parts: RefundPartDraft[]): EntryDraft[] {
  const total = parts.reduce((sum, part) => sum + part.amount, 0);
  return [
    ...parts.flatMap((part) =>
      part.fromCreditor
        ? move('return_from_creditor', paidOut(part.accountId), clearing(paymentId), part.amount - part.feeReturned, part.transferId)
        : move('transfer_reversal', pending(part.accountId), clearing(paymentId), part.amount - part.feeReturned, part.transferId),
    ),
    ...move('fee_return', FEES, clearing(paymentId), parts.reduce((sum, part) => sum + part.feeReturned, 0)),
    ...move('refund', clearing(paymentId), BUYERS, total),
  ];
}

/** A part of a failed refund: what goes back to its party, and where (its waiting transfer, or its bank's balance when it had given it back). */
export interface FailedRefundPart {
  accountId: string;
  transferId: string;
  amount: number;
  feeReturned: number;
  /** The part was received back from the party's bank: it goes back to what the party was paid out. */
  toPaidOut: boolean;
}

/**
 * A refund the processor reports failed: the buyer's money comes back first (so the clearing
 * account never dips below zero), then each party gets back its part net of the returned fee,
 * and the fee goes back to FEES. The refund undone, entry for entry.
 */
export function refundFailedEntries(paymentId: string, parts: FailedRefundPart[]): EntryDraft[] {
  const total = parts.reduce((sum, part) => sum + part.amount, 0);
  return [
    ...move('refund_failed', BUYERS, clearing(paymentId), total),
    ...parts.flatMap((part) => move('refund_failed', clearing(paymentId), part.toPaidOut ? paidOut(part.accountId) : pending(part.accountId), part.amount - part.feeReturned, part.transferId)),
    ...move('refund_failed', clearing(paymentId), FEES, parts.reduce((sum, part) => sum + part.feeReturned, 0)),
  ];
}

/** A payout the rail reports failed: what left the account's pending balance comes back to it. */
export function payoutFailedEntries(accountId: string, amount: number): EntryDraft[] {
  return move('payout_failed', paidOut(accountId), pending(accountId), amount);
}
