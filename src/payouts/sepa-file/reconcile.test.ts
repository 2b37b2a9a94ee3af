import { describe, expect, it } from 'vitest';
import { buildCamt053, paidEntry, returnedEntry, type TestStatementEntry } from '../../../test/helpers/bank/statement.js';
import { parseCamt053 } from './camt053.js';
import { reconcile, type SentPayout } from './reconcile.js';

const ACCOUNT = 'DE89370400440532013000';
const A = { id: 'a0000000000000000000000000000001', amount_minor: 125_000 };
const B = { id: 'b0000000000000000000000000000002', amount_minor: 8_990 };
const C = { id: 'c0000000000000000000000000000003', amount_minor: 30_029 };
const SENT: SentPayout[] = [A, B, C].map((payout) => ({ payoutId: payout.id, amountMinor: payout.amount_minor, currency: 'EUR' }));

/** The entries of a statement the bank would send with these lines, read as the product reads it. */
function entriesOf(lines: TestStatementEntry[], statementId = 'STMT-1') {
  const xml = buildCamt053({ messageId: `MSG-${statementId}`, statementId, createdAt: new Date('2026-11-30T21:00:00Z'), accountIban: ACCOUNT, bookingDate: '2026-11-30', entries: lines });
  return parseCamt053(xml).entries;
}

describe('reconcile', () => {
  it('pays a payout whose debit is booked', () => {
    const result = reconcile(entriesOf([paidEntry(A, 'R1'), paidEntry(C, 'R2')]), SENT);
    expect(result.outcomes).toEqual([
      { payoutId: A.id, outcome: 'paid', entryKey: `${ACCOUNT}/R1` },
      { payoutId: C.id, outcome: 'paid', entryKey: `${ACCOUNT}/R2` },
    ]);
    expect(result.exceptions).toEqual([]);
  });

  it('returns a payout with its reason, whether or not its debit is on the same statement, the return applied last', () => {
    const returnedFirst = reconcile(entriesOf([returnedEntry(B, 'AC04', 'R2'), paidEntry(B, 'R1')]), SENT);
    expect(returnedFirst.outcomes).toEqual([
      { payoutId: B.id, outcome: 'paid', entryKey: `${ACCOUNT}/R1` },
      { payoutId: B.id, outcome: 'returned', reason: 'AC04', entryKey: `${ACCOUNT}/R2` },
    ]);
    expect(reconcile(entriesOf([returnedEntry(B, 'AC01', 'R3')]), SENT).outcomes).toEqual([{ payoutId: B.id, outcome: 'returned', reason: 'AC01', entryKey: `${ACCOUNT}/R3` }]);
  });

  it('returns a payout whose debit the bank reversed, with or without return information', () => {
    const reversed = reconcile(entriesOf([{ ...paidEntry(A, 'R1'), reversal: true }, { ...paidEntry(C, 'R2'), creditDebit: 'CRDT', reversal: true, returnReason: 'MS03' }]), SENT);
    expect(reversed.outcomes).toEqual([
      { payoutId: A.id, outcome: 'returned', reason: undefined, entryKey: `${ACCOUNT}/R1` },
      { payoutId: C.id, outcome: 'returned', reason: 'MS03', entryKey: `${ACCOUNT}/R2` },
    ]);
  });

  it('keeps as exceptions what matches no payout, never guessing', () => {
    const lines: TestStatementEntry[] = [
      { amountMinor: 500_000, creditDebit: 'CRDT', reference: 'R1' },
      { amountMinor: 250, creditDebit: 'DBIT', reference: 'R2' },
      paidEntry({ id: 'f0000000000000000000000000000009', amount_minor: 100 }, 'R3'),
      { ...paidEntry(C, 'R4'), creditDebit: 'CRDT' },
    ];
    const result = reconcile(entriesOf(lines), SENT);
    expect(result.outcomes).toEqual([]);
    expect(result.exceptions.map(({ entry, reason, expected }) => ({ key: entry.entryKey, reason, expected }))).toEqual([
      { key: `${ACCOUNT}/R1`, reason: 'no_end_to_end_id', expected: undefined },
      { key: `${ACCOUNT}/R2`, reason: 'no_end_to_end_id', expected: undefined },
      { key: `${ACCOUNT}/R3`, reason: 'unknown_end_to_end_id', expected: undefined },
      { key: `${ACCOUNT}/R4`, reason: 'unexplained_credit', expected: { amountMinor: C.amount_minor, currency: 'EUR' } },
    ]);
  });

  it('keeps an amount or currency that differs from the payout as an exception, the payout untouched', () => {
    const result = reconcile(entriesOf([{ ...paidEntry(A, 'R1'), amountMinor: A.amount_minor - 1 }, { ...returnedEntry(B, 'AC04', 'R2'), amountMinor: B.amount_minor + 100 }]), SENT);
    expect(result.outcomes).toEqual([]);
    expect(result.exceptions.map(({ reason, expected }) => ({ reason, expected }))).toEqual([
      { reason: 'amount_differs', expected: { amountMinor: A.amount_minor, currency: 'EUR' } },
      { reason: 'amount_differs', expected: { amountMinor: B.amount_minor, currency: 'EUR' } },
    ]);
    const otherCurrency = reconcile(entriesOf([paidEntry(A, 'R1')]), [{ payoutId: A.id, amountMinor: A.amount_minor, currency: 'CHF' }]);
    expect(otherCurrency.exceptions.map((exception) => exception.reason)).toEqual(['currency_differs']);
  });

  it('changes nothing when the same statement is imported twice, its outcomes and exceptions recorded', () => {
    const lines = [paidEntry(A, 'R1'), paidEntry(B), returnedEntry(C, 'AC04', 'R3'), { amountMinor: 250, creditDebit: 'DBIT' as const }];
    const first = reconcile(entriesOf(lines), SENT);
    expect(first.outcomes).toHaveLength(3);
    expect(first.exceptions).toHaveLength(1);
    const recorded = new Set([...first.outcomes.map((outcome) => outcome.entryKey), ...first.exceptions.map((exception) => exception.entry.entryKey)]);
    const again = reconcile(entriesOf(lines), SENT, recorded);
    expect(again.outcomes).toEqual([]);
    expect(again.exceptions).toEqual([]);
    expect(again.duplicates.sort()).toEqual([...recorded].sort());
  });

  it('applies an entry met twice in one reconciliation once', () => {
    const entries = entriesOf([paidEntry(A, 'R1')]);
    const result = reconcile([...entries, ...entries], SENT);
    expect(result.outcomes).toEqual([{ payoutId: A.id, outcome: 'paid', entryKey: `${ACCOUNT}/R1` }]);
    expect(result.duplicates).toEqual([`${ACCOUNT}/R1`]);
  });

  it('keeps a second debit for the same payout as an exception: the bank paid it twice', () => {
    const result = reconcile(entriesOf([paidEntry(A, 'R1'), paidEntry(A, 'R2')]), SENT);
    expect(result.outcomes).toEqual([{ payoutId: A.id, outcome: 'paid', entryKey: `${ACCOUNT}/R1` }]);
    expect(result.exceptions.map(({ entry, reason }) => [entry.entryKey, reason])).toEqual([[`${ACCOUNT}/R2`, 'repeated_for_payout']]);
  });

  it('leaves entries not yet booked for a later statement', () => {
    const result = reconcile(entriesOf([{ ...paidEntry(A, 'R1'), status: 'PDNG' }, { ...paidEntry(B, 'R2'), status: 'INFO' }]), SENT);
    expect(result.outcomes).toEqual([]);
    expect(result.exceptions).toEqual([]);
    expect(result.notBooked.map((entry) => entry.endToEndId)).toEqual([A.id, B.id]);
  });
});
