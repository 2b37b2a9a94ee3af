import countries from 'i18n-iso-countries';
import currencyCodes from 'currency-codes';
import validator from 'validator';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { Type, type TSchema } from 'typebox';
import type { FieldErrorCode } from './field-errors.js';
import { memoized } from './memo.js';
import type { FieldProblem } from './errors.js';

/** ISO 3166-1 alpha-2, uppercase. */
export function isCountry(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && countries.isValid(value);
}

/** ISO 4217, uppercase, three letters, a currency that exists. */
export function isCurrency(value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && currencyCodes.code(value) !== undefined;
}

/** The number of decimals of a currency's minor unit (EUR 2, JPY 0, BHD 3). */
export function minorUnits(currency: string): number {
  const entry = currencyCodes.code(currency);
  if (!entry) throw new Error(`unknown currency ${currency}`);
  return entry.digits;
}

/** An IBAN as shown outside the product's own use: country and check digits, bullets, last four (`DE89 •••• 3000`). */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`;
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && validator.isEmail(value);
}

export function isHexColor(value: string): boolean {
  return /^#[0-9A-Fa-f]{6}$/.test(value);
}

/** IPv4 written x.x.x.x, each x a decimal 0 to 255 without leading zeros. */
export function isIPv4(value: string): boolean {
  return validator.isIP(value, 4) && /^\d{1,3}(\.\d{1,3}){3}$/.test(value);
}

/** ISO 8601 complete date YYYY-MM-DD that exists in the calendar. */
export function isDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && validator.isISO8601(value, { strict: true, strictSeparator: true });
}

/** ISO 8601 in UTC with milliseconds, YYYY-MM-DDThh:mm:ss.sssZ, an instant that exists (no 2023-02-29, no 24:00). */
export function isDateTime(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return false;
  // Date.parse rolls 2023-02-30 over to March and accepts 24:00; a real instant prints back unchanged.
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
}

/** 13 to 19 digits passing the Luhn check. */
export function isCardNumber(value: string): boolean {
  return /^\d{13,19}$/.test(value) && validator.isLuhnNumber(value);
}

export function isCvv(value: string): boolean {
  return /^\d{3,4}$/.test(value);
}

/**
 * What text shown to people (on a page, a mandate, a bank statement) must not hold: control
 * characters (C0, DEL, C1: a bell, an escape, a line break where one line is meant), format
 * characters (the bidirectional embeddings, overrides, isolates and marks that reorder what is
 * shown around them; zero-width spaces and joiners, the word joiner, the byte order mark, the soft
 * hyphen, tag characters) and the line and paragraph separators.
 */
const HIDDEN_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** The same, but for line breaks (LF, CR) in text of several lines. */
const HIDDEN_OR_CONTROL_BUT_LINE_BREAKS = /(?![\n\r])\p{Cc}|[\p{Cf}\p{Zl}\p{Zp}]/u;

/** One line of text shown as typed: a reference, a description, a city. */
export function isPlainLine(value: string): boolean {
  return !HIDDEN_OR_CONTROL.test(value);
}

/** Text of one or several lines shown as typed (a PEP description typed in a text area). */
export function isPlainText(value: string): boolean {
  return !HIDDEN_OR_CONTROL_BUT_LINE_BREAKS.test(value);
}

/** A person's or a business's name: one plain line with at least two characters that are not spaces. */
export function isName(value: string): boolean {
  return isPlainLine(value) && [...value.replace(/\p{White_Space}/gu, '')].length >= 2;
}

/** An absolute http or https URL. Remembered: a platform sends the same URLs with every payment, and the check is costly. */
export const isUri: (value: string) => boolean = memoized((value) => validator.isURL(value, { require_protocol: true, require_tld: false, protocols: ['http', 'https'] }));

/** Named formats usable in every schema, registered in the request validators. */
export const FORMATS: Record<string, (value: string) => boolean> = {
  country: isCountry,
  currency: isCurrency,
  email: isEmail,
  'hex-color': isHexColor,
  ipv4: isIPv4,
  date: isDate,
  'date-time': isDateTime,
  'card-number': isCardNumber,
  cvv: isCvv,
  uri: isUri,
  name: isName,
  'plain-line': isPlainLine,
  'plain-text': isPlainText,
};

/**
 * The named formats as Ajv format definitions, for every Ajv the server runs: the request
 * validators and the response serializer (fast-json-stringify consults its own Ajv to pick the
 * branch of a union, and would otherwise warn about and ignore an unknown format).
 */
export const AJV_FORMATS = Object.fromEntries(
  Object.entries(FORMATS).map(([name, validate]) => [name, { type: 'string' as const, validate }]),
);

/** Fastify's serializerOpts: the response serializer's own Ajv knows the same formats. */
export const SERIALIZER_OPTIONS = { ajv: { formats: AJV_FORMATS } };

// The characters of HIDDEN_OR_CONTROL in the Basic Multilingual Plane, as class bodies of patterns without the u flag.
const CONTROL_HINT = '\\u0000-\\u001F\\u007F-\\u009F';
const CONTROL_BUT_LINE_BREAKS_HINT = '\\u0000-\\u0009\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const FORMAT_HINT = '\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u180E\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB';

const DIGITS_0_255 = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';

/**
 * What each named format allows, as a pattern or a list, for the readers of the OpenAPI document
 * (generators, fuzzers) that do not know the format. The format itself stays the real check: a
 * pattern cannot say Luhn, or that a date exists.
 */
export const FORMAT_HINTS: Record<string, { pattern: string } | { enum: string[] }> = {
  country: { enum: Object.keys(countries.getAlpha2Codes()).sort() },
  currency: { enum: [...currencyCodes.codes()].sort() },
  'hex-color': { pattern: '^#[0-9A-Fa-f]{6}$' },
  ipv4: { pattern: `^${DIGITS_0_255}(\\.${DIGITS_0_255}){3}$` },
  date: { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  'date-time': { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$' },
  'card-number': { pattern: '^[0-9]{13,19}$' },
  cvv: { pattern: '^[0-9]{3,4}$' },
  uri: { pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' },
  name: { pattern: `^(?=[\\s\\S]*[^\\s][\\s\\S]*[^\\s])[^${CONTROL_HINT}${FORMAT_HINT}]*$` },
  'plain-line': { pattern: `^[^${CONTROL_HINT}${FORMAT_HINT}]*$` },
  'plain-text': { pattern: `^[^${CONTROL_BUT_LINE_BREAKS_HINT}${FORMAT_HINT}]*$` },
};

/** The code and the wording of a value that does not match a format. */
export const FORMAT_ERRORS: Record<string, { code: FieldErrorCode; detail: string }> = {
  country: { code: 'invalid_country', detail: 'must be an ISO 3166-1 alpha-2 country code in uppercase' },
  currency: { code: 'invalid_currency', detail: 'must be an ISO 4217 currency code in uppercase' },
  email: { code: 'invalid_email', detail: 'must be an e-mail address' },
  'hex-color': { code: 'invalid_hex_color', detail: 'must be a HEX colour: # followed by six hexadecimal digits' },
  ipv4: { code: 'invalid_ipv4', detail: 'must be an IPv4 address x.x.x.x' },
  date: { code: 'invalid_date', detail: 'must be a date YYYY-MM-DD' },
  'date-time': { code: 'invalid_date_time', detail: 'must be a date-time YYYY-MM-DDThh:mm:ss.sssZ' },
  'card-number': { code: 'invalid_card_number', detail: 'must be 13 to 19 digits passing the Luhn check' },
  cvv: { code: 'invalid_cvv', detail: 'must be 3 or 4 digits' },
  uri: { code: 'invalid_uri', detail: 'must be an absolute http or https URL' },
  name: { code: 'invalid_name', detail: 'must have at least 2 characters that are not spaces, and no control, line-break, bidirectional or zero-width characters' },
  'plain-line': { code: 'invalid_plain_line', detail: 'must be one line of text without control, line-break, bidirectional or zero-width characters' },
  'plain-text': { code: 'invalid_plain_text', detail: 'must be text without control (but line breaks), bidirectional or zero-width characters' },
};

type Options = Parameters<typeof Type.String>[0];
const formatted = (format: string) => (options: Options = {}) => Type.String({ format, ...options });

export const Country = formatted('country');
export const Currency = formatted('currency');
export const Email = formatted('email');
export const HexColor = formatted('hex-color');
export const DateString = formatted('date');
export const DateTime = formatted('date-time');
export const Uri = formatted('uri');
/** A name: its length bounds (the specification's), and at least two visible characters. */
export const Name = formatted('name');
/** Text shown to people as typed (pages, mandates, bank statements): one line, nothing hidden or controlling. */
export const PlainLine = formatted('plain-line');
/** The same in several lines (a text area). */
export const PlainText = formatted('plain-text');

/** A string from a closed list: one enum keyword, so a bad value gets one clear error. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** The youngest age the specification accepts for an applicant, a representative or a mandate's signatory. */
export const MINIMUM_AGE = 16;

/** Whether someone born on dateOfBirth (YYYY-MM-DD) has had their nth birthday by today (UTC). */
export function isAtLeastYearsOld(dateOfBirth: string, years: number, today: Date): boolean {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  // Someone born on 29 February comes of age on 1 March in a common year.
  const birthday = new Date(Date.UTC(year + years, month - 1, day));
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return birthday.getTime() <= todayUtc;
}

/**
 * The specification's Address object: line1, line2, town_city, state, zip (strings) and number
 * (the house number). The specification does not say which are required: a postal address needs
 * its street, town and postcode. country is an optional extra member: absent, it is the country of
 * the address's context (a business's country_code); given, it must be that country.
 */
export const Address = Type.Object(
  {
    line1: PlainLine({ minLength: 1, maxLength: 100 }),
    line2: Type.Optional(PlainLine({ maxLength: 100 })),
    number: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999, description: 'House number' })),
    town_city: PlainLine({ minLength: 1, maxLength: 100 }),
    state: Type.Optional(PlainLine({ maxLength: 100 })),
    zip: PlainLine({ minLength: 1, maxLength: 20 }),
    country: Type.Optional(Country({ description: "Not a member of the specification's Address: the country of its context when absent, and must be it when given" })),
  },
  { additionalProperties: false },
);

/** A postcode that is not one of the country: checked where the country has a known format, else anything non-empty passes. */
export function postcodeProblem(zip: string, country: string): FieldProblem | undefined {
  if (!postcodeValidatorExistsForCountry(country) || postcodeValidator(zip.trim(), country)) return undefined;
  return { code: 'postcode_invalid', detail: `is not a postcode of ${country}` };
}
