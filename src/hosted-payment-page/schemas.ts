import { Type, type Static } from 'typebox';
import { Address, Country, DateString, DateTime, Name, Nullable, PlainLine, StringEnum } from '../core/formats.js';
import { LANGUAGES } from '../core/language.js';
import { PAYMENT_STATUSES } from '../payments/schemas.js';
import { BRANDING_FORMATS } from '../branding/schemas.js';

const Link = Type.Object({ href: Type.String(), methods: Type.Optional(Type.Array(Type.String())) });
const Links = Type.Record(Type.String(), Link);
const Workflow = Type.Object({ complete: Type.Boolean(), next: StringEnum(['hpp:start', 'hpp:authorize', 'hpp:complete'] as const) });
// A response: the pattern documents the HEX colour (the serializer knows no custom formats).
const Color = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'HEX colour' });
const Brand = Type.Object({
  name: Type.String(),
  colors: Type.Object({ primary: Color, secondary: Color }),
  logo_url: Nullable(Type.String({ description: 'The brand\'s logo on this server (a company_logo document), or null' })),
});

/** What the buyer paid with, for the receipt: a card's scheme and last four, or the account's masked IBAN and mandate. */
const PaymentInstrument = Type.Object({
  type: StringEnum(['card', 'sepa_direct_debit'] as const),
  scheme: Type.Optional(Type.String()),
  last4: Type.Optional(Type.String()),
  iban: Type.Optional(Type.String({ description: 'Masked: country, check digits and the last four (DE89 •••• 3000)' })),
  mandate_reference: Type.Optional(Type.String()),
});

export const PaymentView = Type.Object({
  id: Type.String(),
  amount_minor: Type.Integer(),
  currency: Type.String(),
  status: StringEnum(PAYMENT_STATUSES),
  expires_at: DateTime(),
  description: Nullable(Type.String()),
  minor_units: Type.Integer({ description: 'Decimals of the currency (ISO 4217): amount_minor / 10^minor_units is the amount in the currency' }),
  language: Nullable(StringEnum(LANGUAGES, { description: "The payment's language; null: the page follows the browser's" })),
  branding: Type.Object({
    format: StringEnum(BRANDING_FORMATS),
    platform: Brand,
    merchant: Brand,
    shown: StringEnum(['platform', 'merchant'] as const, { description: 'The brand the page leads with (header, colours, logo), from the format and whether the merchant set a branding' }),
  }),
  payment_methods: Type.Array(Type.Object({ type: StringEnum(['card', 'sepa_direct_debit'] as const), name: Type.String(), description: Type.String(), _links: Links })),
  tokenization: Type.Object({ merchant_id: Type.Integer() }),
  requires_store_credentials: Type.Boolean(),
  customer: Nullable(Type.Record(Type.String(), Type.Unknown())),
  sandbox: Type.Boolean({ description: 'A sandbox payment: nothing is charged, the page says so' }),
  payment_instrument: Nullable(PaymentInstrument),
  workflow: Workflow,
  _links: Links,
});
export type PaymentView = Static<typeof PaymentView>;

export const StepResult = Type.Object({
  status: StringEnum(PAYMENT_STATUSES),
  succeeded: Type.Boolean(),
  decline_reason: Type.Optional(Type.String()),
  workflow: Workflow,
  _links: Links,
});
export type StepResult = Static<typeof StepResult>;

export const StartBody = Type.Object({ type: Type.Optional(StringEnum(['card', 'sepa_direct_debit'] as const)) }, { additionalProperties: false, examples: [{ type: 'card' }] });

export const TokenizeBody = Type.Object(
  {
    type: StringEnum(['card'] as const),
    value: Type.String({ maxLength: 200, format: 'card-number' }),
    issuer: Type.String({ minLength: 1, maxLength: 50, description: 'Card scheme: visa, mastercard, amex, …' }),
    token_data: Type.Object(
      {
        expiry_month: Type.Integer({ minimum: 1, maximum: 12 }),
        expiry_year: Type.Integer({ minimum: 2000, maximum: 2099 }),
        cvv: Type.String({ format: 'cvv' }),
        holder_name: Type.Optional(PlainLine({ maxLength: 100 })),
        '3ds_version': Type.Optional(Type.String({ maxLength: 20 })),
        '3ds_trxid': Type.Optional(Type.String({ maxLength: 100 })),
        response_id: Type.Optional(Type.String({ maxLength: 100 })),
        response_code: Type.Optional(Type.String({ maxLength: 100 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, examples: [{ type: 'card', value: '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2034, cvv: '123', holder_name: 'Erika Mustermann' } }] },
);
export type TokenizeBody = Static<typeof TokenizeBody>;

export const TokenResult = Type.Object({ token: Type.String(), expires_at: DateTime() });
/** What the page may measure of the buyer's browser for the acquirer's 3-D Secure risk checks; optional, all of it or none. */
export const BrowserInfo = Type.Object(
  {
    screen_width: Type.Integer({ minimum: 0, maximum: 100_000 }),
    screen_height: Type.Integer({ minimum: 0, maximum: 100_000 }),
    color_depth: Type.Integer({ minimum: 1, maximum: 48 }),
    time_zone_offset: Type.Integer({ minimum: -900, maximum: 900, description: "minutes from UTC as JavaScript's Date#getTimezoneOffset() gives them (UTC+1: -60)" }),
    languages: Type.Array(Type.String({ minLength: 2, maxLength: 35 }), { minItems: 1, maxItems: 20, description: 'navigator.languages, the preferred first' }),
    java_enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type BrowserInfo = Static<typeof BrowserInfo>;

export const AuthorizeBody = Type.Object(
  { token: Type.String({ maxLength: 64 }), browser_info: Type.Optional(BrowserInfo) },
  {
    additionalProperties: false,
    examples: [
      { token: 'tok_01JD3V6Q2W8X9Y0Z1A2B3C4D5E' },
      { token: 'tok_01JD3V6Q2W8X9Y0Z1A2B3C4D5E', browser_info: { screen_width: 1920, screen_height: 1080, color_depth: 24, time_zone_offset: -60, languages: ['de-DE', 'en'] } },
    ],
  },
);

export const ThreeDsCallback = Type.Object(
  {
    payment_id: Type.String({ maxLength: 64 }),
    svc_token: Type.String({ maxLength: 200 }),
    '3ds_eci': Type.Optional(Type.String({ maxLength: 4 })),
    '3ds_cavv': Type.Optional(Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9+/]*={0,2}$' })),
    '3ds_trxid': Type.Optional(Type.String({ maxLength: 100 })),
    '3ds_version': Type.String({ maxLength: 20 }),
    '3ds_status': Type.Optional(StringEnum(['Y', 'A', 'N', 'U'] as const)),
    '3ds_valid_payment': StringEnum(['Y', 'N'] as const),
  },
  { additionalProperties: false, examples: [{ payment_id: 'pay_01JD3V6Q2W8X9Y0Z1A2B3C4D5E', svc_token: '3f2a9c1e5b7d40a1c2e3f4a5b6c7d8e9', '3ds_eci': '05', '3ds_cavv': 'AAABBEg0VhI0VniQEjRWAAAAAAA=', '3ds_trxid': '9f8e7d6c5b4a39281706f5e4d3c2b1a0', '3ds_version': '2.2.0', '3ds_status': 'Y', '3ds_valid_payment': 'Y' }] },
);
export type ThreeDsCallback = Static<typeof ThreeDsCallback>;

/** Which challenge the buyer comes back from: the query of the return URL we gave the acquirer, which appends its own fields. */
export const RedirectReturnQuery = Type.Object({
  payment_id: Type.String({ maxLength: 64 }),
  svc_token: Type.String({ maxLength: 200 }),
  redirectResult: Type.Optional(Type.String({ maxLength: 20_000 })),
});
export type RedirectReturnQuery = Static<typeof RedirectReturnQuery>;

/** What an acquirer may form-post with the buyer's return (Adyen: redirectResult, or MD and PaRes of 3-D Secure 1). */
export const RedirectReturnForm = Type.Object({
  redirectResult: Type.Optional(Type.String({ maxLength: 20_000 })),
  MD: Type.Optional(Type.String({ maxLength: 20_000 })),
  PaRes: Type.Optional(Type.String({ maxLength: 20_000 })),
});
export type RedirectReturnForm = Static<typeof RedirectReturnForm>;

export const HppParams = Type.Object({ payment_id: Type.String({ maxLength: 64 }) });
export const HppQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

export const REGISTRATION_NUMBER_CODES = ['DeHrb', 'DeHra', 'DeVr', 'vat'] as const;

/** One body for both mandate types; which members are required depends on type (checked by the service). */
export const MandateBody = Type.Object(
  {
    type: StringEnum(['consumer', 'business'] as const),
    first_name: Type.Optional(Name({ minLength: 2, maxLength: 50 })),
    last_name: Type.Optional(Name({ minLength: 2, maxLength: 50 })),
    birth_date: Type.Optional(DateString()),
    birth_place: Type.Optional(Type.Object({ city: PlainLine({ minLength: 1, maxLength: 100 }), country: Country() }, { additionalProperties: false })),
    company_name: Type.Optional(Name({ minLength: 2, maxLength: 300 })),
    registration_number_code: Type.Optional(StringEnum(REGISTRATION_NUMBER_CODES)),
    registration_number: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    district_court_code: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    postal_address: Address,
  },
  { additionalProperties: false, examples: [{ type: 'consumer', first_name: 'Erika', last_name: 'Mustermann', birth_date: '1985-04-12', birth_place: { city: 'Köln', country: 'DE' }, postal_address: { line1: 'Heidestraße', number: 17, town_city: 'Köln', zip: '51147', country: 'DE' } }] },
);
export type MandateBody = Static<typeof MandateBody>;

export const MandateRequirements = Type.Object({
  type: Type.Optional(StringEnum(['consumer', 'business'] as const)),
  registration_numbers: Type.Optional(
    Type.Array(Type.Object({ code: Type.String(), name: Type.String(), district_court_code: Type.Object({ required: Type.Boolean() }) })),
  ),
  district_courts: Type.Optional(Type.Array(Type.Object({ code: Type.String(), name: Type.String() }))),
  fields: Type.Optional(Type.Array(Type.String())),
  mandate_legal_mention: Type.Optional(Type.String()),
  countries: Type.Optional(Type.Array(Type.String(), { description: 'The countries of the SEPA scheme (ISO 3166-1 alpha-2), for the address and place of birth' })),
  creditor: Type.Optional(
    Type.Object({ name: Type.String(), address: Type.String(), identifier: Type.String({ description: 'SEPA creditor identifier' }) }, { description: 'Who collects under the mandate' }),
  ),
  mandate_reference: Type.Optional(Type.String({ description: 'The reference the mandate will carry' })),
  account: Type.Optional(Type.Object({ iban: Type.String({ description: 'Masked (DE89 •••• 3000)' }), holder: Nullable(Type.String()) }, { description: 'The verified account' })),
});
export type MandateRequirements = Static<typeof MandateRequirements>;

export const AccountVerificationQuery = Type.Object({
  token: Type.String({ maxLength: 200 }),
  report_id: Type.String({ maxLength: 100, description: 'The verification report; empty when the verification failed (then error, error_reason, message and tracking_id say why)' }),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_reason: Type.Optional(Type.String({ maxLength: 200 })),
  message: Type.Optional(Type.String({ maxLength: 500 })),
  tracking_id: Type.Optional(Type.String({ maxLength: 100 })),
});
export type AccountVerificationQuery = Static<typeof AccountVerificationQuery>;
