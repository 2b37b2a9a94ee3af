import { Type, type Static } from 'typebox';
import { DateTime, Nullable, PlainLine, StringEnum, Uri } from '../core/formats.js';
import { idPattern } from '../core/ids.js';
import { Page, PageQuery } from '../core/pagination.js';

/** The SEPA character set (decisions section 5): letters, digits, space and / - ? : ( ) . , ' + */
export const SEPA_TEXT_PATTERN = "^[A-Za-z0-9 /?:().,'+-]*$";

// Bounded by what each party has left to refund, whatever MAX_AMOUNT_MINOR a deployment sets.
const MAX_REFUND_MINOR = Number.MAX_SAFE_INTEGER;
const PartAmount = Type.Integer({ minimum: 0, maximum: MAX_REFUND_MINOR, description: "Taken from this party; at most its remaining refundable_amount" });

/** Also the dashboard's refund form's. */
export const RefundDescription = Type.String({ minLength: 1, maxLength: 100, pattern: SEPA_TEXT_PATTERN, description: "Shown on the buyer's bank statement: letters, digits, space and / - ? : ( ) . , ' +" });

export const RefundRouting = Type.Object(
  {
    platform: Type.Optional(Type.Object({ amount_minor: PartAmount }, { additionalProperties: false })),
    merchants: Type.Optional(Type.Array(Type.Object({ id: Type.String({ pattern: idPattern('acc') }), amount_minor: PartAmount }, { additionalProperties: false }), { maxItems: 50 })),
  },
  { additionalProperties: false, description: 'The creditors the refund takes its funds from; the refund amount is the sum. Without it the whole payment is refunded' },
);
export type RefundRouting = Static<typeof RefundRouting>;

export const InitiateRefund = Type.Object(
  {
    payment_id: Type.String({ pattern: idPattern('pay') }),
    description: RefundDescription,
    reference: Type.Optional(PlainLine({ minLength: 1, maxLength: 50 })),
    routing: Type.Optional(RefundRouting),
    urls: Type.Optional(Type.Object({ webhook: Type.Optional(Uri()) }, { additionalProperties: false })),
  },
  { additionalProperties: false, examples: [{ payment_id: 'pay_01JD3V6Q2W8X9Y0Z1A2B3C4D5E', description: 'Refund order 42', reference: 'refund-42' }] },
);
export type InitiateRefund = Static<typeof InitiateRefund>;

export const BuyerRefund = Type.Object({ amount_minor: Type.Integer({ minimum: 1, maximum: MAX_REFUND_MINOR }) }, { additionalProperties: false, examples: [{ amount_minor: 1000 }] });
export type BuyerRefund = Static<typeof BuyerRefund>;

export const REFUND_STATUSES = ['initiated', 'completed', 'failed'] as const;

const Link = Type.Object({ href: Type.String() });

export const Refund = Type.Object({
  id: Type.String({ pattern: idPattern('rfd') }),
  initiated_at: DateTime(),
  status: StringEnum(REFUND_STATUSES),
  payment_id: Type.String(),
  amount_minor: Type.Integer(),
  currency: Type.String(),
  description: Nullable(Type.String()),
  reference: Nullable(Type.String()),
  origin: StringEnum(['platform', 'buyer'] as const, { description: "buyer: started by the buyer's bank (a SEPA Direct Debit return, a card chargeback)" }),
  completed_at: Nullable(DateTime()),
  routing: Type.Object({
    platform: Type.Object({ amount_minor: Type.Integer() }),
    merchants: Type.Array(Type.Object({ id: Type.String(), amount_minor: Type.Integer() })),
  }),
  _links: Type.Object({ self: Link, payment: Link }),
});
export type Refund = Static<typeof Refund>;

export const RefundParams = Type.Object({ refund_id: Type.String({ pattern: idPattern('rfd') }) });
export const RefundListQuery = PageQuery({ payment_id: Type.Optional(Type.String({ pattern: idPattern('pay') })) });
export const RefundPage = Page(Refund);
