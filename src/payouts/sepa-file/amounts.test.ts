import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalFromMinor, minorFromDecimal } from './amounts.js';

describe('decimalFromMinor', () => {
  it('writes the minor units with exactly the currency\'s decimals', () => {
    expect(decimalFromMinor(123456n, 2)).toBe('1234.56');
    expect(decimalFromMinor(5n, 2)).toBe('0.05');
    expect(decimalFromMinor(0n, 2)).toBe('0.00');
    expect(decimalFromMinor(100n, 2)).toBe('1.00');
    expect(decimalFromMinor(7n, 0)).toBe('7');
    expect(decimalFromMinor(1234n, 3)).toBe('1.234');
    expect(decimalFromMinor(99_999_999_999_999_999n, 2)).toBe('999999999999999.99'); // beyond a double's exact integers
    expect(() => decimalFromMinor(-1n, 2)).toThrow(RangeError);
  });
});

describe('minorFromDecimal', () => {
  it('reads xs:decimal amounts exactly, where a float would not', () => {
    expect(minorFromDecimal('0.29', 2)).toBe(29n); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(minorFromDecimal('1234.5', 2)).toBe(123450n);
    expect(minorFromDecimal('1234.50000', 2)).toBe(123450n);
    expect(minorFromDecimal('7', 2)).toBe(700n);
    expect(minorFromDecimal('7.', 2)).toBe(700n);
    expect(minorFromDecimal('.5', 2)).toBe(50n);
    expect(minorFromDecimal('+3.10', 2)).toBe(310n);
    expect(minorFromDecimal('007.01', 2)).toBe(701n);
    expect(minorFromDecimal('12', 0)).toBe(12n);
  });

  it('refuses what is not a non-negative amount of the currency', () => {
    for (const text of ['', '.', '-1.00', '1,00', '1.005', '1e3', ' 1.00', 'abc', '1.2.3']) expect(minorFromDecimal(text, 2), text).toBeUndefined();
    expect(minorFromDecimal('1.5', 0)).toBeUndefined();
  });

  it('reads back what decimalFromMinor writes', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 4 }), (minor, digits) => {
      expect(minorFromDecimal(decimalFromMinor(minor, digits), digits)).toBe(minor);
    }));
  });
});
