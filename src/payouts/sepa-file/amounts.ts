/**
 * ISO 20022 amounts are decimals in major units ("1234.56"); the product counts integer minor
 * units. Both directions work on the digits, never through a floating-point number.
 */

/** 123456n with 2 digits → "1234.56"; 5n → "0.05"; with 0 digits 7n → "7". */
export function decimalFromMinor(amountMinor: bigint, digits: number): string {
  if (amountMinor < 0n) throw new RangeError(`an amount in a bank file is never negative, got ${amountMinor} minor units`);
  const text = amountMinor.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * An xs:decimal amount ("1234.5", "1234.56", "7", ".5", "+3.10") in minor units, exactly; undefined
 * when it is not a non-negative decimal or has a non-zero digit beyond the currency's `digits`.
 */
export function minorFromDecimal(text: string, digits: number): bigint | undefined {
  const match = /^\+?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return undefined;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return undefined;
  if (/[^0]/.test(fraction.slice(digits))) return undefined;
  const scale = 10n ** BigInt(digits);
  return BigInt(whole || '0') * scale + BigInt(fraction.slice(0, digits).padEnd(digits, '0') || '0');
}
