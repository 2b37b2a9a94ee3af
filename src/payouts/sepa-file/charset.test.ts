import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitSepaText, sepaIdentifierProblem, toSepaText } from './charset.js';

const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

describe('toSepaText', () => {
  it('spells the German letters out, drops accents and replaces what the SEPA set lacks', () => {
    expect(toSepaText('Müller & Söhne GmbH')).toBe('Mueller + Soehne GmbH');
    expect(toSepaText('Straße')).toBe('Strasse');
    expect(toSepaText('Crème Brûlée Café')).toBe('Creme Brulee Cafe');
    expect(toSepaText('Łódź Ærøskøbing')).toBe('Lodz AEroskobing');
    expect(toSepaText('“Quoted” – shop_name')).toBe("'Quoted' - shop-name");
    expect(toSepaText('ﬁne ＡＢＣ')).toBe('fine ABC'); // ligature and full-width letters folded
    expect(toSepaText('a@b.com * € #1 ; [x]')).toBe('a b.com EUR 1 x');
    expect(toSepaText('  many   spaces\tand\nlines  ')).toBe('many spaces and lines');
    expect(toSepaText('#*@;')).toBe('');
    // Other scripts spelled in Latin: Greek and Cyrillic are SEPA countries' own.
    expect(toSepaText('Иван Петров ЕООД')).toBe('Ivan Petrov EOOD');
    expect(toSepaText('Γιώργος Παπαδόπουλος')).toBe('Giorgos Papadopoylos');
    expect(toSepaText('東京')).toBe('DongJing');
  });

  it('always answers text in the SEPA set', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (value) => {
      expect(toSepaText(value)).toMatch(SEPA_TEXT);
    }));
  });
});

describe('fitSepaText', () => {
  it('cuts to the length and leaves no trailing space', () => {
    expect(fitSepaText('Ä'.repeat(50), 70)).toBe('Ae'.repeat(35));
    expect(fitSepaText('abc def', 4)).toBe('abc');
    fc.assert(fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 140 }), (value, max) => {
      const fitted = fitSepaText(value, max);
      expect(fitted.length).toBeLessThanOrEqual(max);
      expect(fitted).toBe(fitted.trim());
    }));
  });
});

describe('sepaIdentifierProblem', () => {
  it('accepts 1 to 35 SEPA characters, and payout ids (32 hexadecimal digits)', () => {
    expect(sepaIdentifierProblem('a')).toBeUndefined();
    expect(sepaIdentifierProblem('X'.repeat(35))).toBeUndefined();
    expect(sepaIdentifierProblem('0123456789abcdef0123456789abcdef')).toBeUndefined();
    expect(sepaIdentifierProblem("A/B-C?D:E(F).G,H'I+J K")).toBeUndefined();
  });

  it('refuses empty, too long, other characters, and the slash rules', () => {
    expect(sepaIdentifierProblem('')).toMatch(/1 to 35/);
    expect(sepaIdentifierProblem('X'.repeat(36))).toMatch(/1 to 35/);
    expect(sepaIdentifierProblem('pay_123')).toMatch(/SEPA characters/);
    expect(sepaIdentifierProblem('Müller')).toMatch(/SEPA characters/);
    expect(sepaIdentifierProblem('/abc')).toMatch(/"\/"/);
    expect(sepaIdentifierProblem('abc/')).toMatch(/"\/"/);
    expect(sepaIdentifierProblem('a//b')).toMatch(/"\/"/);
  });
});
