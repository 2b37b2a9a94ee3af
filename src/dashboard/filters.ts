import currencyCodes from 'currency-codes';
import { minorUnits } from '../core/formats.js';
import type { PaymentFilter } from '../payments/repository.js';
import { amountBound } from './amounts.js';

const DAY_MS = 86_400_000;
// Where every database and Date holds an instant: nothing the dashboard lists is older or newer.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A date filter as typed (a real date, by the schema's DateField; empty for none) as the instant its day starts, `days` later. */
export function dayStart(value: string | undefined, days = 0): Date | undefined {
  if (!value) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`) + days * DAY_MS;
  return new Date(Math.min(Math.max(time, EARLIEST), LATEST));
}

/** The ISO 4217 currencies by their number of decimals (0: JPY, 2: EUR, 3: BHD, 4: CLF). */
const CURRENCIES_BY_DIGITS = new Map<number, string[]>();
for (const code of currencyCodes.codes()) CURRENCIES_BY_DIGITS.set(minorUnits(code), [...(CURRENCIES_BY_DIGITS.get(minorUnits(code)) ?? []), code]);

/**
 * The amount filter typed in major units ("12.50") as bounds in minor units, per number of
 * decimals: 12.50 is 1250 cents, 13 yen at least. Empty when no bound is typed.
 */
export function amountBounds(from: string | undefined, to: string | undefined): PaymentFilter['amounts'] {
  if (!from && !to) return undefined;
  return [...CURRENCIES_BY_DIGITS].map(([, currencies]) => ({
    currencies,
    from: from ? amountBound(from, currencies[0]!, 'from') : undefined,
    to: to ? amountBound(to, currencies[0]!, 'to') : undefined,
  }));
}
