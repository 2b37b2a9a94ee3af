import type { StatementEntry } from './camt053.js';

/** A payout as it was sent in a pain.001 file: its id is the transfer's EndToEndId. */
export interface SentPayout {
  payoutId: string;
  amountMinor: number;
  currency: string;
}

/** What one booked statement entry says of one payout. */
export interface PayoutOutcome {
  payoutId: string;
  /** `paid`: the bank booked the debit. `returned`: the money came back (the creditor's bank refused it). */
  outcome: 'paid' | 'returned';
  /** The return reason code (AC04, AC01, …) when the bank gives one. */
  reason?: string | undefined;
  /** The entry's key: record it, so the entry is never applied twice. */
  entryKey: string;
}

export type ExceptionReason =
  /** A booked entry without EndToEndId: not one of our transfers (fees, incoming money, …). */
  | 'no_end_to_end_id'
  /** An EndToEndId that names no payout sent. */
  | 'unknown_end_to_end_id'
  | 'amount_differs'
  | 'currency_differs'
  /** Money credited for a payout without return information or reversal: nothing says why. */
  | 'unexplained_credit'
  /** A second debit (or second return) for the same payout, in this reconciliation or an earlier one. */
  | 'repeated_for_payout';

/** A booked entry that is kept for the operator to look at, never guessed. */
export interface StatementException {
  entry: StatementEntry;
  reason: ExceptionReason;
  /** What the payout was sent with, when the entry names a payout. */
  expected?: { amountMinor: number; currency: string } | undefined;
}

export interface Reconciliation {
  /** Every `paid` before every `returned`: applied in order, a payout returned on the same statement ends returned. */
  outcomes: PayoutOutcome[];
  exceptions: StatementException[];
  /** Keys of entries already recorded (`recordedEntryKeys`) or met earlier in `entries`: changed nothing. */
  duplicates: string[];
  /** Entries not booked yet (PDNG, INFO, FUTR): neither an outcome nor an exception; their booked form comes later. */
  notBooked: StatementEntry[];
}

/** What earlier statements said of a payout, as `decidedKey` keys: a second debit or return of it is an exception. */
export const decidedKey = (payoutId: string, outcome: PayoutOutcome['outcome']) => `${payoutId}:${outcome}`;

/**
 * Matches statement entries to the payouts sent, by EndToEndId and then amount and currency. A
 * booked debit pays a payout; a return (an entry with return information, or a reversal in either
 * direction) returns it with its reason. Pure: the caller reads the payouts the entries name, the
 * entry keys it has recorded (of outcomes and exceptions alike) and the outcomes recorded for those
 * payouts (`decidedKey`), and records the outcomes and exceptions with their keys.
 */
export function reconcile(entries: readonly StatementEntry[], payouts: readonly SentPayout[], recordedEntryKeys: ReadonlySet<string> = new Set(), decidedBefore: ReadonlySet<string> = new Set()): Reconciliation {
  const byId = new Map(payouts.map((payout) => [payout.payoutId, payout]));
  const seen = new Set(recordedEntryKeys);
  const decided = new Set(decidedBefore);
  const result: Reconciliation = { outcomes: [], exceptions: [], duplicates: [], notBooked: [] };
  for (const entry of entries) {
    if (entry.status !== 'BOOK') {
      result.notBooked.push(entry);
      continue;
    }
    if (seen.has(entry.entryKey)) {
      result.duplicates.push(entry.entryKey);
      continue;
    }
    seen.add(entry.entryKey);
    const judged = judge(entry, entry.endToEndId === undefined ? undefined : byId.get(entry.endToEndId));
    if ('entry' in judged) {
      result.exceptions.push(judged);
    } else if (decided.has(decidedKey(judged.payoutId, judged.outcome))) {
      result.exceptions.push({ entry, reason: 'repeated_for_payout' });
    } else {
      decided.add(decidedKey(judged.payoutId, judged.outcome));
      result.outcomes.push(judged);
    }
  }
  result.outcomes.sort((a, b) => Number(a.outcome === 'returned') - Number(b.outcome === 'returned'));
  return result;
}

function judge(entry: StatementEntry, payout: SentPayout | undefined): PayoutOutcome | StatementException {
  if (entry.endToEndId === undefined) return { entry, reason: 'no_end_to_end_id' };
  if (!payout) return { entry, reason: 'unknown_end_to_end_id' };
  const expected = { amountMinor: payout.amountMinor, currency: payout.currency };
  if (entry.currency !== payout.currency) return { entry, reason: 'currency_differs', expected };
  if (entry.amountMinor !== payout.amountMinor) return { entry, reason: 'amount_differs', expected };
  if (entry.isReturn || entry.reversal) return { payoutId: payout.payoutId, outcome: 'returned', reason: entry.returnReason, entryKey: entry.entryKey };
  if (entry.creditDebit === 'DBIT') return { payoutId: payout.payoutId, outcome: 'paid', entryKey: entry.entryKey };
  return { entry, reason: 'unexplained_credit', expected };
}
