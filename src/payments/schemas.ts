import { Type, type Static } from 'typebox';
import { Country, Currency, DateTime, Email, Name, Nullable, PlainLine, StringEnum, Uri } from '../core/formats.js';
import { idPattern } from '../core/ids.js';
import { Page, PageQuery } from '../core/pagination.js';
import { LANGUAGES } from '../core/language.js';

/** The decisions' default upper bound of amount_minor; a deployment sets its own with MAX_AMOUNT_MINOR. */
export const DEFAULT_MAX_AMOUNT_MINOR = 99_999_999;
export const PAYMENT_METHOD_TYPES = ['card', 'sepa_direct_debit', 'user_selected'] as const;
export { PAYMENT_STATUSES } from './states.js';
import { PAYMENT_STATUSES } from './states.js';

const FeeContribution = Type.Integer({ minimum: 0, maximum: 100, description: 'Percentage of the processing fee this party bears' });
const PersonName = Name({ minLength: 2, maxLength: 50 });
const Link = Type.Object({ href: Type.String() });

export const Address = Type.Object(
  {
    line1: Type.Optional(PlainLine({ minLength: 1, maxLength: 100 })),
    line2: Type.Optional(PlainLine({ maxLength: 100 })),
    number: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999, description: 'House number' })),
    town_city: Type.Optional(PlainLine({ minLength: 1, maxLength: 100 })),
    state: Type.Optional(PlainLine({ maxLength: 100 })),
    zip: Type.Optional(PlainLine({ minLength: 1, maxLength: 20 })),
    country: Type.Optional(Country()),
  },
  { additionalProperties: false },
);

export const Customer = Type.Object(
  {
    first_name: Type.Optional(PersonName),
    last_name: Type.Optional(PersonName),
    email: Type.Optional(Email()),
    address: Type.Optional(Address),
  },
  { additionalProperties: false, description: 'Pre-fills the hosted payment page' },
);


/**
 * The request schemas that carry the deployment's upper bound of amount_minor (MAX_AMOUNT_MINOR),
 * so validation, the 400 and the OpenAPI document all state the bound in force.
 */
export function paymentRequestSchemas(maxAmountMinor: number) {
  const amount = { maximum: maxAmountMinor, description: `Integer amount in the minor unit of the currency (ISO 4217), at most ${maxAmountMinor}` };
  const AmountMinor = Type.Integer({ ...amount, minimum: 0 });
  const RoutingRequest = Type.Object(
    {
      platform: Type.Optional(Type.Object({ amount_minor: AmountMinor, processing_fee_contribution: FeeContribution }, { additionalProperties: false })),
      merchants: Type.Optional(
        Type.Array(
          Type.Object(
            {
              type: StringEnum(['seller', 'merchant'] as const),
              id: Type.String({ pattern: idPattern('acc') }),
              reference: Type.Optional(PlainLine({ maxLength: 50 })),
              amount_minor: AmountMinor,
              processing_fee_contribution: FeeContribution,
            },
            { additionalProperties: false },
          ),
          { maxItems: 50 },
        ),
      ),
    },
    { additionalProperties: false },
  );
  const InitiatePayment = Type.Object(
    {
      amount_minor: Type.Integer({ ...amount, minimum: 0, description: `${amount.description}; at least 1 unless cit_mode is initial (0 verifies a card)` }),
      currency: Currency(),
      payment_method: Type.Optional(Type.Object({ type: StringEnum(PAYMENT_METHOD_TYPES, { default: 'user_selected' }) }, { additionalProperties: false })),
      reference: PlainLine({ minLength: 1, maxLength: 50, description: 'Never shown to buyers' }),
      description: Type.Optional(PlainLine({ maxLength: 100, description: 'Shown on the hosted page' })),
      remittance_info: Type.Optional(PlainLine({ maxLength: 140, description: 'Passed to the bank' })),
      integration: Type.Object({ type: StringEnum(['hosted'] as const), generate_qr_code: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      routing: Type.Optional(RoutingRequest),
      urls: Type.Object({ redirect: Uri(), webhook: Type.Optional(Uri()) }, { additionalProperties: false }),
      cit_mode: Type.Optional(StringEnum(['one_off', 'initial'] as const, { default: 'one_off' })),
      customer: Type.Optional(Customer),
      language: Type.Optional(StringEnum(LANGUAGES, { description: 'Language of the hosted page; without it, the buyer\'s browser language (de, en or es, else en)' })),
    },
    {
      additionalProperties: false,
      // A zero amount only verifies a card for later merchant-initiated payments: a one-off payment charges at least 1.
      if: { properties: { cit_mode: { const: 'initial' } }, required: ['cit_mode'] },
      else: { properties: { amount_minor: { minimum: 1, description: 'At least 1 unless cit_mode is initial' } } },
      examples: [{ amount_minor: 4990, currency: 'EUR', reference: 'order-42', description: 'Concert ticket, row 7', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return', webhook: 'https://shop.example/webhooks' }, language: 'en' }],
    },
  );
  const AuthorizeMitPayment = Type.Object(
    {
      initial_payment_id: Type.String({ pattern: idPattern('pay'), description: 'The succeeded initial payment (cit_mode initial) whose credential is charged' }),
      amount_minor: Type.Integer({ ...amount, minimum: 1 }),
      currency: Currency(),
      reference: PlainLine({ minLength: 1, maxLength: 50 }),
      description: Type.Optional(PlainLine({ maxLength: 100 })),
      routing: Type.Optional(RoutingRequest),
      urls: Type.Optional(Type.Object({ webhook: Type.Optional(Uri()) }, { additionalProperties: false })),
    },
    { additionalProperties: false, examples: [{ initial_payment_id: 'pay_01JD3V6Q2W8X9Y0Z1A2B3C4D5E', amount_minor: 1990, currency: 'EUR', reference: 'subscription-2026-11' }] },
  );
  return { RoutingRequest, InitiatePayment, AuthorizeMitPayment };
}

const defaultSchemas = paymentRequestSchemas(DEFAULT_MAX_AMOUNT_MINOR);
export type RoutingRequest = Static<typeof defaultSchemas.RoutingRequest>;
export type InitiatePayment = Static<typeof defaultSchemas.InitiatePayment>;
export type AuthorizeMitPayment = Static<typeof defaultSchemas.AuthorizeMitPayment>;

const PaymentLinks = Type.Object({ self: Link, hosted_page: Type.Optional(Link), qr_code: Type.Optional(Link) });
/** A created payment is paid on the hosted page: its link is always there. */
const CreatedLinks = Type.Object({ self: Link, hosted_page: Link, qr_code: Type.Optional(Link) });

export const PaymentCreated = Type.Object({
  id: Type.String({ pattern: idPattern('pay') }),
  status: StringEnum(PAYMENT_STATUSES),
  reference: Type.String(),
  expires_at: DateTime(),
  integration: Type.Object({ type: Type.Literal('hosted') }),
  _links: CreatedLinks,
});
export type PaymentCreated = Static<typeof PaymentCreated>;

const Money = Type.Object({ amount_minor: Type.Integer(), currency: Type.String() });
const Transfer = Nullable(Type.Object({ transfer_id: Type.String(), amount_minor: Type.Integer(), processing_fee: Money }));
const partyFields = {
  amount_minor: Type.Integer(),
  processing_fee_contribution: Type.Integer(),
  refundable_amount: Type.Integer(),
  transfer: Transfer,
};

export const Payment = Type.Object({
  id: Type.String(),
  amount_minor: Type.Integer(),
  currency: Type.String(),
  initiated_at: DateTime(),
  expires_at: DateTime(),
  status: StringEnum(PAYMENT_STATUSES),
  payment_method: Type.Object({ type: StringEnum(PAYMENT_METHOD_TYPES) }),
  processing_fee: Nullable(Money),
  routing: Type.Object({
    platform: Type.Object({ id: Type.String(), ...partyFields }),
    merchants: Type.Array(Type.Object({ id: Type.String(), type: StringEnum(['seller', 'merchant'] as const), reference: Nullable(Type.String()), ...partyFields })),
  }),
  succeeded: Type.Boolean(),
  reference: Type.String(),
  description: Nullable(Type.String()),
  cit_mode: StringEnum(['one_off', 'initial', 'merchant_initiated'] as const),
  initial_payment_id: Nullable(Type.String()),
  _links: PaymentLinks,
});
export type Payment = Static<typeof Payment>;

export const PaymentParams = Type.Object({ payment_id: Type.String({ maxLength: 64 }) });
export const PaymentListQuery = PageQuery({ status: Type.Optional(StringEnum(PAYMENT_STATUSES)), reference: Type.Optional(Type.String({ maxLength: 50 })) });
export const PaymentPage = Page(Payment);


export const MitPaymentResult = Type.Object({
  id: Type.String(),
  status: StringEnum(PAYMENT_STATUSES),
  reference: Type.String(),
  initial_payment_id: Type.String(),
  _links: Type.Object({ self: Link }),
});
export type MitPaymentResult = Static<typeof MitPaymentResult>;
