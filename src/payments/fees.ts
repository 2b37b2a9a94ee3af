/** A platform's processing-fee schedule, in basis points and minor units. */
export interface FeeSchedule {
  cardRateBp: number;
  cardFixed: number;
  sepaRateBp: number;
  sepaMinimum: number;
}

/** The decisions' default: card 1.4 % + 25, SEPA Direct Debit 0.35 % with a minimum of 35. */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = { cardRateBp: 140, cardFixed: 25, sepaRateBp: 35, sepaMinimum: 35 };

export type PaymentMethod = 'card' | 'sepa_direct_debit';

/** amount × bp / 10 000, rounded half up, in integer arithmetic. */
function percentOf(amount: number, basisPoints: number): number {
  return Number((BigInt(amount) * BigInt(basisPoints) * 2n + 10_000n) / 20_000n);
}

/** The processing fee of a payment once its method is known; a zero-amount card check costs nothing. */
export function processingFee(method: PaymentMethod, amountMinor: number, schedule: FeeSchedule = DEFAULT_FEE_SCHEDULE): number {
  if (amountMinor === 0) return 0;
  if (method === 'card') return percentOf(amountMinor, schedule.cardRateBp) + schedule.cardFixed;
  return Math.max(percentOf(amountMinor, schedule.sepaRateBp), schedule.sepaMinimum);
}

/**
 * Splits an amount in proportion to non-negative integer weights (not all zero), by largest
 * remainder: each part gets its floor, and the units left over go to the largest remainders
 * (earliest first on ties), so the parts always add up exactly to the amount.
 */
export function splitByWeights(amount: number, weights: readonly number[]): number[] {
  const total = BigInt(weights.reduce((sum, weight) => sum + weight, 0));
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight));
  const parts = exact.map((value) => Number(value / total));
  const leftover = amount - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (let i = 0; i < leftover; i++) parts[byRemainder[i]!.index]! += 1;
  return parts;
}

/** Splits an amount by integer percentages that add up to 100 (the processing fee among the parties). */
export function splitByPercent(amount: number, percents: readonly number[]): number[] {
  return splitByWeights(amount, percents);
}
