import { minorUnits } from '../core/formats.js';

/** An amount in minor units in major units with all its decimals, as a form or a spreadsheet reads it: "12.50" for 1250 EUR, "1250" for 1250 JPY. */
export function amountText(amountMinor: number, currency: string): string {
  const digits = minorUnits(currency);
  if (digits === 0) return String(amountMinor);
  const sign = amountMinor < 0 ? '-' : '';
  const absolute = Math.abs(amountMinor);
  return `${sign}${Math.trunc(absolute / 10 ** digits)}.${String(absolute % 10 ** digits).padStart(digits, '0')}`;
}

/** What a person typed ("12.5", "12,50", "12") in minor units of the currency; undefined if it is no such amount. */
export function amountFromText(text: string, currency: string): number | undefined {
  const digits = minorUnits(currency);
  const match = /^(\d{1,13})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match || (match[2]?.length ?? 0) > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
}

/**
 * A bound typed in major units ("12.5") in minor units of the currency: a lower bound rounded up,
 * an upper bound rounded down where the currency has fewer decimals than typed (12.5 JPY: from 13, to 12).
 */
export function amountBound(text: string, currency: string, side: 'from' | 'to'): number | undefined {
  const match = /^(\d{1,13})(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!match) return undefined;
  const typedDigits = match[2]?.length ?? 0;
  const scaled = BigInt(`${match[1]}${match[2] ?? ''}`) * 10n ** BigInt(minorUnits(currency));
  const divisor = 10n ** BigInt(typedDigits);
  const rounded = scaled / divisor + (side === 'from' && scaled % divisor !== 0n ? 1n : 0n);
  return Number(rounded);
}
