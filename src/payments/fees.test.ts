import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { processingFee, splitByPercent } from './fees.js';

/** Integer percentages that add up to 100, over 1 to 6 parties. */
const percentages = fc
  .array(fc.integer({ min: 0, max: 100 }), { minLength: 0, maxLength: 5 })
  .map((cuts) => {
    const points = [...cuts].sort((a, b) => a - b);
    const bounds = [0, ...points, 100];
    return bounds.slice(1).map((bound, i) => bound - bounds[i]!);
  });

describe('processingFee', () => {
  it('applies the default schedule, rounding half up', () => {
    expect(processingFee('card', 10_000)).toBe(165); // 1.4 % of 100.00 + 0.25
    expect(processingFee('card', 1)).toBe(25); // 0.014 rounds to 0
    expect(processingFee('card', 0)).toBe(0); // a zero-amount card verification
    expect(processingFee('card', 36)).toBe(26); // 0.504 rounds up
    expect(processingFee('sepa_direct_debit', 10_000)).toBe(35); // 0.35 % = 35
    expect(processingFee('sepa_direct_debit', 1_000)).toBe(35); // minimum
    expect(processingFee('sepa_direct_debit', 100_000)).toBe(350);
    expect(processingFee('sepa_direct_debit', 12_857)).toBe(45); // 44.9995 rounds up
  });
});

describe('splitByPercent', () => {
  it('splits by largest remainder', () => {
    expect(splitByPercent(100, [33, 33, 34])).toEqual([33, 33, 34]);
    expect(splitByPercent(10, [33, 33, 34])).toEqual([3, 3, 4]);
    expect(splitByPercent(1, [50, 50])).toEqual([1, 0]);
    expect(splitByPercent(165, [100])).toEqual([165]);
  });

  it('always adds up to the whole, and no share is off its exact value by a unit or more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), percentages, (amount, percents) => {
        const parts = splitByPercent(amount, percents);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
        parts.forEach((part, i) => {
          expect(part).toBeGreaterThanOrEqual(0);
          expect(Math.abs(part - (amount * percents[i]!) / 100)).toBeLessThan(1);
        });
      }),
    );
  });

  it('gives transfers that add up to the amount minus the fee', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), percentages, fc.constantFrom('card' as const, 'sepa_direct_debit' as const), (amount, percents, method) => {
        const fee = processingFee(method, amount);
        const routed = splitByPercent(amount, percents); // any routing of the amount
        const shares = splitByPercent(fee, percents);
        const transfers = routed.map((part, i) => part - shares[i]!);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(fee);
        expect(transfers.reduce((a, b) => a + b, 0)).toBe(amount - fee);
      }),
    );
  });
});
