import { describe, expect, it, vi } from 'vitest';
import { Ajv } from 'ajv';
import Fastify from 'fastify';
import { Type } from 'typebox';
import {
  isAtLeastYearsOld,
  Country,
  FORMATS,
  FORMAT_ERRORS,
  HexColor,
  Nullable,
  SERIALIZER_OPTIONS,
  isCardNumber,
  isCountry,
  isCurrency,
  isCvv,
  isDate,
  isDateTime,
  isEmail,
  isHexColor,
  isIPv4,
  isName,
  isPlainLine,
  isPlainText,
  isUri,
  maskIban,
  minorUnits,
} from './formats.js';

/** Appends the Luhn check digit to a string of digits. */
function withLuhn(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits + String((10 - (sum % 10)) % 10);
}

describe('what works', () => {
  it('accepts ISO 3166-1 alpha-2 countries in uppercase', () => {
    for (const value of ['DE', 'FR', 'US', 'JP', 'GB']) expect(isCountry(value), value).toBe(true);
  });

  it('accepts ISO 4217 currencies in uppercase and knows their minor units', () => {
    for (const value of ['EUR', 'USD', 'JPY', 'BHD', 'CHF']) expect(isCurrency(value), value).toBe(true);
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('BHD')).toBe(3);
    expect(minorUnits('USD')).toBe(2);
  });

  it('accepts e-mail addresses', () => {
    for (const value of ['ada@example.com', 'first.last+tag@sub.example.co.uk', `${'a'.repeat(64)}@example.com`]) expect(isEmail(value), value).toBe(true);
  });

  it('accepts # with six hexadecimal digits in either case', () => {
    for (const value of ['#1a56db', '#1A56DB', '#000000', '#FfFfFf']) expect(isHexColor(value), value).toBe(true);
  });

  it('accepts IPv4 addresses from 0.0.0.0 to 255.255.255.255', () => {
    for (const value of ['0.0.0.0', '127.0.0.1', '192.168.1.10', '255.255.255.255', '10.0.0.0']) expect(isIPv4(value), value).toBe(true);
  });

  it('accepts calendar dates, 29 February in leap years included', () => {
    for (const value of ['2024-02-29', '2000-02-29', '2023-12-31', '1999-01-01']) expect(isDate(value), value).toBe(true);
  });

  it('accepts UTC date-times with milliseconds', () => {
    for (const value of ['2024-05-01T10:20:30.456Z', '2024-02-29T23:59:59.999Z', '1970-01-01T00:00:00.000Z']) {
      expect(isDateTime(value), value).toBe(true);
    }
    expect(isDateTime(new Date().toISOString())).toBe(true);
  });

  it('accepts card numbers of 13 to 19 digits that pass the Luhn check', () => {
    for (const value of ['4242424242424242', '4222222222222', '5555555555554444', '378282246310005', '6011111111111117']) {
      expect(isCardNumber(value), value).toBe(true);
    }
    for (let length = 13; length <= 19; length++) {
      const value = withLuhn('4'.padEnd(length - 1, '1'));
      expect(value).toHaveLength(length);
      expect(isCardNumber(value), value).toBe(true);
    }
  });

  it('accepts CVVs of 3 or 4 digits', () => {
    for (const value of ['123', '000', '1234']) expect(isCvv(value), value).toBe(true);
  });

  it('accepts absolute http and https URLs', () => {
    for (const value of ['https://example.com/webhook', 'http://localhost:8080/callback?x=1']) expect(isUri(value), value).toBe(true);
  });

  it('registers every format with a message, usable by Ajv', () => {
    expect(Object.keys(FORMAT_ERRORS).sort()).toEqual(Object.keys(FORMATS).sort());
    const ajv = new Ajv();
    for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate });
    const check = ajv.compile({ type: 'object', properties: { currency: { type: 'string', format: 'currency' }, at: { type: 'string', format: 'date-time' } } });
    expect(check({ currency: 'EUR', at: '2024-05-01T10:20:30.456Z' })).toBe(true);
    expect(check({ currency: 'eur' })).toBe(false);
    expect(check({ at: '2023-02-29T00:00:00.000Z' })).toBe(false);
  });
});

describe('text shown to people', () => {
  const hidden = ['\u0000', '\u0007', '\t', '\n', '\r', '\u001B', '\u007F', '\u0085', '\u00AD', '\u061C', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u2028', '\u2029', '\u202A', '\u202E', '\u2060', '\u2066', '\u2069', '\uFEFF', '\u{E0041}'];

  it('takes letters of any script, accents, punctuation, spaces and emoji, on one line', () => {
    for (const value of ['', 'Order 42', 'Zoë Ünal-Ström', 'Café « crème » – 12,50 €', 'עברית', 'عربي', '日本語', '👩🏽 😀', 'a\u00A0b']) {
      expect(isPlainLine(value), value).toBe(true);
      expect(isPlainText(value), value).toBe(true);
    }
  });

  it('refuses control, format (bidirectional, zero-width, BOM, soft hyphen, tag) and line-separator characters on one line', () => {
    for (const character of hidden) expect(isPlainLine(`ab${character}cd`), JSON.stringify(character)).toBe(false);
  });

  it('takes line breaks, and nothing else of those, in text of several lines', () => {
    expect(isPlainText('first line\nsecond line\r\nthird')).toBe(true);
    for (const character of hidden.filter((each) => each !== '\n' && each !== '\r')) expect(isPlainText(`ab${character}cd`), JSON.stringify(character)).toBe(false);
  });

  it('takes a name of two visible characters on one line, refusing what is hidden in it', () => {
    expect(isName('Jo')).toBe(true);
    expect(isName(' J ')).toBe(false);
    for (const character of hidden) expect(isName(`Ada${character}`), JSON.stringify(character)).toBe(false);
  });
});

describe('what is refused', () => {
  it('refuses countries in lowercase, of three letters, or that do not exist', () => {
    for (const value of ['de', 'De', 'DEU', 'D', '', 'XX', 'ZZ', 'UK', 'EU', 'D1']) expect(isCountry(value), value).toBe(false);
  });

  it('refuses currencies in lowercase, of the wrong length, or that do not exist', () => {
    for (const value of ['eur', 'Eur', 'EU', 'EURO', '', 'ABC', 'XYZ', 'E1R']) expect(isCurrency(value), value).toBe(false);
    expect(() => minorUnits('ABC')).toThrow();
  });

  it('refuses what is not an e-mail address, and addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(long.length).toBeGreaterThan(254);
    for (const value of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada example@example.com', 'ada@example.com ', long]) {
      expect(isEmail(value), value).toBe(false);
    }
  });

  it('refuses colours without #, of three or eight digits, or with other letters', () => {
    for (const value of ['1a56db', '#fff', '#1a56db00', '#1a56dg', '#1a56d', ' #1a56db', 'red']) expect(isHexColor(value), value).toBe(false);
  });

  it('refuses IPv4 addresses with a part over 255, leading zeros, or the wrong number of parts', () => {
    for (const value of ['256.0.0.1', '1.2.3.256', '300.300.300.300', '01.2.3.4', '1.2.3.04', '00.0.0.0', '1.2.3', '1.2.3.4.5', '1.2.3.', ' 1.2.3.4', '1.2.3.4 ', '::1', 'a.b.c.d', '-1.2.3.4']) {
      expect(isIPv4(value), value).toBe(false);
    }
  });

  it('refuses dates that do not exist or are not YYYY-MM-DD', () => {
    for (const value of ['2023-02-29', '1900-02-29', '2024-02-30', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '2024-1-01', '20240101', '2024-01-01T00:00:00.000Z', '']) {
      expect(isDate(value), value).toBe(false);
    }
  });

  it('refuses date-times without milliseconds, not in UTC, or that do not exist', () => {
    for (const value of [
      '2024-05-01T10:20:30Z',
      '2024-05-01T10:20:30.45Z',
      '2024-05-01T10:20:30.4567Z',
      '2024-05-01T10:20:30.456+02:00',
      '2024-05-01T10:20:30.456',
      '2024-05-01 10:20:30.456Z',
      '2023-02-29T00:00:00.000Z',
      '2024-04-31T12:00:00.000Z',
      '2024-05-01T24:00:00.000Z',
      '2024-05-01T23:60:00.000Z',
      '2024-05-01T23:59:60.000Z',
      '2024-05-01',
      '',
    ]) {
      expect(isDateTime(value), value).toBe(false);
    }
  });

  it('refuses card numbers failing Luhn, shorter than 13 or longer than 19 digits, or with separators', () => {
    for (const value of [
      '4242424242424241',
      withLuhn('42424242424'),
      withLuhn('4242424242424242424'),
      '4242 4242 4242 4242',
      '4242-4242-4242-4242',
      '',
      '424242424242424a',
    ]) {
      expect(isCardNumber(value), value).toBe(false);
    }
    expect(withLuhn('42424242424')).toHaveLength(12);
    expect(withLuhn('4242424242424242424')).toHaveLength(20);
  });

  it('refuses CVVs of 2 or 5 digits or with letters', () => {
    for (const value of ['12', '12345', '12a', '', ' 123', '１２３']) expect(isCvv(value), value).toBe(false);
  });

  it('refuses relative URLs and other schemes', () => {
    for (const value of ['/webhook', 'example.com', 'ftp://example.com', 'javascript:alert(1)', '']) expect(isUri(value), value).toBe(false);
  });
});

describe('the response serializer', () => {
  it('knows every named format: none is ignored, and a value outside it fits no branch of a union', async () => {
    const warn = vi.spyOn(console, 'warn');
    const app = Fastify({ serializerOpts: SERIALIZER_OPTIONS, logger: false });
    const Colors = Type.Object({ primary: Nullable(HexColor()), country: Nullable(Country()) });
    app.get('/colors', { schema: { response: { 200: Colors } } }, async (request) => {
      const { primary, country } = request.query as Record<string, string>;
      return { primary: primary ?? null, country: country ?? null };
    });
    try {
      await app.ready();
      const answer = (query: Record<string, string>) => app.inject({ method: 'GET', url: '/colors', query });
      const fine = await answer({ primary: '#1a56db', country: 'DE' });
      expect(fine.statusCode).toBe(200);
      expect(fine.json()).toEqual({ primary: '#1a56db', country: 'DE' });
      expect((await answer({})).json()).toEqual({ primary: null, country: null });
      // Neither the hex-color branch nor null takes "red": the answer is refused, not sent unchecked.
      expect((await answer({ primary: 'red' })).statusCode).toBe(500);
      expect((await answer({ primary: '#1a56db', country: 'XX' })).statusCode).toBe(500);
      const ignored = warn.mock.calls.filter((call) => String(call[0]).includes('unknown format'));
      expect(ignored).toEqual([]);
    } finally {
      warn.mockRestore();
      await app.close();
    }
  });
});

describe('isAtLeastYearsOld', () => {
  const today = new Date('2026-03-15T23:59:59.000Z');

  it('counts the birthday itself as reached', () => {
    expect(isAtLeastYearsOld('2010-03-15', 16, today)).toBe(true);
    expect(isAtLeastYearsOld('2010-03-16', 16, today)).toBe(false);
  });

  it('lets someone born on 29 February come of age on 1 March of a common year', () => {
    expect(isAtLeastYearsOld('2008-02-29', 16, new Date('2024-02-29T00:00:00.000Z'))).toBe(true);
    expect(isAtLeastYearsOld('2012-02-29', 16, new Date('2028-02-28T12:00:00.000Z'))).toBe(false);
    expect(isAtLeastYearsOld('2011-02-28', 16, new Date('2027-02-28T00:00:00.000Z'))).toBe(true);
    expect(isAtLeastYearsOld('2012-02-29', 15, new Date('2027-03-01T00:00:00.000Z'))).toBe(true);
    expect(isAtLeastYearsOld('2012-02-29', 15, new Date('2027-02-28T00:00:00.000Z'))).toBe(false);
  });
});

describe('maskIban', () => {
  it('keeps country, check digits and the last four', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
    expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE89 •••• 3000');
  });
});
