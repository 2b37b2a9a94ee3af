import { describe, expect, it } from 'vitest';
import { amountBound, amountFromText, amountText } from './amounts.js';

describe('amounts in forms', () => {
  it('reads what a person types, in the currency\'s minor units, and writes it back', () => {
    expect(amountFromText('12.5', 'EUR')).toBe(1250);
    expect(amountFromText(' 12,05 ', 'EUR')).toBe(1205);
    expect(amountFromText('12', 'EUR')).toBe(1200);
    expect(amountFromText('0', 'EUR')).toBe(0);
    expect(amountFromText('1250', 'JPY')).toBe(1250);
    for (const wrong of ['', '1.234', '-1', '1e3', '12.', 'abc']) expect(amountFromText(wrong, 'EUR')).toBeUndefined();
    expect(amountFromText('12.5', 'JPY')).toBeUndefined();
    expect(amountText(1205, 'EUR')).toBe('12.05');
    expect(amountText(7, 'EUR')).toBe('0.07');
    expect(amountText(1250, 'JPY')).toBe('1250');
    for (const amount of [0, 1, 99, 100, 123456789]) expect(amountFromText(amountText(amount, 'EUR'), 'EUR')).toBe(amount);
  });

  it('reads a bound in major units, rounded inwards where the currency has fewer decimals', () => {
    expect(amountBound('12.5', 'EUR', 'from')).toBe(1250);
    expect(amountBound('12,05', 'EUR', 'to')).toBe(1205);
    expect(amountBound('12.5', 'JPY', 'from')).toBe(13);
    expect(amountBound('12.5', 'JPY', 'to')).toBe(12);
    expect(amountBound('1.2345', 'EUR', 'from')).toBeUndefined();
    expect(amountBound('0.001', 'BHD', 'from')).toBe(1);
    expect(amountBound('9999999999999.999', 'EUR', 'to')).toBe(999999999999999);
    for (const wrong of ['', '-1', '1e3', '12.', 'abc']) expect(amountBound(wrong, 'EUR', 'from')).toBeUndefined();
  });
});
