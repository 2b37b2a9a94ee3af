import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processingFee, splitByPercent } from '../payments/fees.js';
import { BUYERS, captureEntries, clearing, feeReturned, FEES, mayGoNegative, paidOut, payoutEntries, payoutFailedEntries, pending, refundEntries, refundFailedEntries, type EntryDraft } from './postings.js';

const PAYMENT = 'pay_1';

/** A payment with 1 to 4 parties: amounts that add up to it and fee percentages that add up to 100. */
const payments = fc
  .record({
    amount: fc.integer({ min: 1, max: 5_000_000 }),
    method: fc.constantFrom('card' as const, 'sepa_direct_debit' as const),
    amountCuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }),
    percentCuts: fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 3 }),
  })
  .map(({ amount, method, amountCuts, percentCuts }) => {
    const parties = Math.min(amountCuts.length, percentCuts.length) + 1;
    const cut = (whole: number, points: number[]) => {
      const bounds = [0, ...points.slice(0, parties - 1).sort((a, b) => a - b), whole];
      return bounds.slice(1).map((bound, i) => bound - bounds[i]!);
    };
    const amounts = cut(amount, amountCuts.map((point) => Math.floor(point * amount)));
    const percents = cut(100, percentCuts);
    const fee = processingFee(method, amount);
    return { amount, fee, amounts, shares: splitByPercent(fee, percents) };
  })
  // Initiation refuses a routing where a party's fee share exceeds its amount.
  .filter(({ amounts, shares }) => shares.every((share, i) => share <= amounts[i]!));

/** A step after capture: a party's payout starts, or a refund takes a fraction of a party's refundable amount. */
const steps = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('payout' as const), party: fc.nat(3) }),
    fc.record({ kind: fc.constant('refund' as const), party: fc.nat(3), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  ),
  { maxLength: 12 },
);

/** Applies entries to balances, checking each one balances and leaves no money-holding account below zero. */
function apply(balances: Map<string, number>, entries: EntryDraft[]): void {
  for (const entry of entries) {
    expect(entry.postings.reduce((sum, posting) => sum + posting.amount, 0)).toBe(0);
    for (const posting of entry.postings) {
      expect(posting.amount).not.toBe(0);
      const balance = (balances.get(posting.account) ?? 0) + posting.amount;
      balances.set(posting.account, balance);
      if (!mayGoNegative(posting.account)) expect(balance).toBeGreaterThanOrEqual(0);
    }
  }
}

const balanceOf = (balances: Map<string, number>, account: string) => balances.get(account) ?? 0;

describe('ledger postings', () => {
  it('conserve money over random payments, routings, payouts and refunds; nothing goes negative; a full refund undoes everything', () => {
    fc.assert(
      fc.property(payments, steps, ({ amount, fee, amounts, shares }, plan) => {
        const accounts = amounts.map((_, i) => `acc_${i}`);
        const transfers = amounts.map((partyAmount, i) => ({ transferId: `tra_${i}`, accountId: accounts[i]!, amount: partyAmount - shares[i]! }));
        expect(transfers.reduce((sum, transfer) => sum + transfer.amount, 0) + fee).toBe(amount);

        const balances = new Map<string, number>();
        apply(balances, captureEntries(PAYMENT, amount, fee, transfers));
        const refundable = [...amounts];
        const waiting = transfers.map((transfer) => transfer.amount);
        const paid = amounts.map(() => false);
        let refunded = 0;

        for (const step of plan) {
          const i = step.party % amounts.length;
          if (step.kind === 'payout') {
            if (!paid[i]) apply(balances, payoutEntries(accounts[i]!, waiting[i]!));
            paid[i] = true;
            continue;
          }
          const refund = Math.floor(step.fraction * refundable[i]!);
          if (refund === 0) continue;
          const returned = feeReturned({ amount: amounts[i]!, feeShare: shares[i]!, refundable: refundable[i]! }, refund);
          expect(returned).toBeGreaterThanOrEqual(0);
          expect(returned).toBeLessThanOrEqual(refund);
          apply(balances, refundEntries(PAYMENT, [{ accountId: accounts[i]!, transferId: `tra_${i}`, amount: refund, feeReturned: returned, fromCreditor: paid[i]! }]));
          if (!paid[i]) waiting[i]! -= refund - returned;
          refundable[i]! -= refund;
          refunded += refund;
        }

        expect(balanceOf(balances, BUYERS)).toBe(refunded - amount);
        expect(balanceOf(balances, clearing(PAYMENT))).toBe(0);
        const held = accounts.reduce((sum, account) => sum + balanceOf(balances, pending(account)) + balanceOf(balances, paidOut(account)), 0);
        expect(held + balanceOf(balances, FEES)).toBe(amount - refunded);
        accounts.forEach((account, i) => expect(balanceOf(balances, pending(account))).toBe(paid[i] ? 0 : waiting[i]));

        // Whatever happened before, refunding what remains leaves every account at zero.
        amounts.forEach((_, i) => {
          if (refundable[i] === 0) return;
          const returned = feeReturned({ amount: amounts[i]!, feeShare: shares[i]!, refundable: refundable[i]! }, refundable[i]!);
          apply(balances, refundEntries(PAYMENT, [{ accountId: accounts[i]!, transferId: `tra_${i}`, amount: refundable[i]!, feeReturned: returned, fromCreditor: paid[i]! }]));
        });
        for (const [account, balance] of balances) expect({ account, balance }).toEqual({ account, balance: 0 });
      }),
      { numRuns: 500 },
    );
  });

  it('undo a refund the processor reports failed, and a payout the bank sends back, to the balances before them', () => {
    fc.assert(
      fc.property(payments, fc.nat(3), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), ({ amount, fee, amounts, shares }, party, fraction, paidFirst) => {
        const i = party % amounts.length;
        const accounts = amounts.map((_, index) => `acc_${index}`);
        const transfers = amounts.map((partyAmount, index) => ({ transferId: `tra_${index}`, accountId: accounts[index]!, amount: partyAmount - shares[index]! }));
        const balances = new Map<string, number>();
        apply(balances, captureEntries(PAYMENT, amount, fee, transfers));
        if (paidFirst) apply(balances, payoutEntries(accounts[i]!, transfers[i]!.amount));
        const before = new Map(balances);
        const refund = Math.floor(fraction * amounts[i]!);
        if (refund === 0) return;
        const part = { accountId: accounts[i]!, transferId: `tra_${i}`, amount: refund, feeReturned: feeReturned({ amount: amounts[i]!, feeShare: shares[i]!, refundable: amounts[i]! }, refund) };
        apply(balances, refundEntries(PAYMENT, [{ ...part, fromCreditor: paidFirst }]));
        apply(balances, refundFailedEntries(PAYMENT, [{ ...part, toPaidOut: paidFirst }]));
        for (const account of new Set([...before.keys(), ...balances.keys()])) expect({ account, balance: balanceOf(balances, account) }).toEqual({ account, balance: balanceOf(before, account) });
        if (!paidFirst && transfers[i]!.amount > 0) {
          apply(balances, payoutEntries(accounts[i]!, transfers[i]!.amount));
          apply(balances, payoutFailedEntries(accounts[i]!, transfers[i]!.amount));
          expect(balanceOf(balances, pending(accounts[i]!))).toBe(transfers[i]!.amount);
          expect(balanceOf(balances, paidOut(accounts[i]!))).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a capture whose fee and transfers do not add up to the payment, which would leave money on it', () => {
    const transfers = [{ transferId: 'tra_0', accountId: 'acc_0', amount: 9_835 }];
    expect(captureEntries(PAYMENT, 10_000, 165, transfers)).toHaveLength(3);
    expect(() => captureEntries(PAYMENT, 10_000, 0, transfers)).toThrow(/distribute 9835/);
  });

  it('returns the fee share in proportion, the whole of it with the whole amount', () => {
    const party = { amount: 10_000, feeShare: 165, refundable: 10_000 };
    expect(feeReturned(party, 10_000)).toBe(165);
    expect(feeReturned(party, 5_000)).toBe(83); // 82.5 rounds half up
    expect(feeReturned({ ...party, refundable: 5_000 }, 5_000)).toBe(82); // the rest: 165 in all
    expect(feeReturned({ amount: 0, feeShare: 0, refundable: 0 }, 0)).toBe(0);
  });
});
