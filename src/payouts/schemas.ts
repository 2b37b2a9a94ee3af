import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../core/formats.js';
import { idPattern, PAYOUT_ID_PATTERN } from '../core/ids.js';
import { Page, PageQuery } from '../core/pagination.js';

/** in_transit until the money arrived, then paid (transfer_completed). */
export const PAYOUT_STATUSES = ['in_transit', 'paid', 'failed'] as const;

const Money = Type.Object({ amount_minor: Type.Integer(), currency: Type.String() });
const SelfLink = Type.Object({ self: Type.Object({ href: Type.String(), methods: Type.Array(Type.String()) }) });

export const PayoutTransfer = Type.Object({
  transfer_id: Type.String(),
  payment_id: Type.String(),
  amount_minor: Type.Integer({ description: 'What the transfer sent: the party amount net of its fee share and of refunds made before the payout' }),
  currency: Type.String(),
  processing_fee: Money,
  reference: Nullable(Type.String()),
});

export const Payout = Type.Object({
  id: Type.String({ pattern: PAYOUT_ID_PATTERN }),
  account_id: Type.String(),
  created_at: DateTime(),
  amount_minor: Type.Integer({ description: 'The sum of the transfers: the bank-statement line' }),
  currency: Type.String(),
  status: StringEnum(PAYOUT_STATUSES, { description: 'paid once the money arrived (transfer_completed); failed when the bank sent it back (its transfers then wait for the next payout)' }),
  completed_at: Nullable(DateTime()),
  transfers: Type.Array(PayoutTransfer),
  _links: SelfLink,
});
export type Payout = Static<typeof Payout>;

export const PayoutSummary = Type.Object({ id: Type.String(), account_id: Type.String(), _links: SelfLink });
export type PayoutSummary = Static<typeof PayoutSummary>;

export const PayoutParams = Type.Object({ payout_id: Type.String({ pattern: PAYOUT_ID_PATTERN }) });
export const PayoutListQuery = PageQuery({ payment_id: Type.String({ pattern: idPattern('pay'), description: 'The payment whose transfers the payouts carry (required)' }) });
export const PayoutPage = Page(PayoutSummary);
export const PayoutRunResult = Type.Object({ data: Type.Array(Payout) });

export const PlatformPayoutAccountBody = Type.Object(
  {
    account_number: Type.Object({ type: StringEnum(['iban'] as const), value: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false }),
    account_owners_name: Type.String({ minLength: 1, maxLength: 300, pattern: '^[^\\r\\n]*$' }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  },
  { additionalProperties: false, examples: [{ account_number: { type: 'iban', value: 'DE89370400440532013000' }, account_owners_name: 'Ticketwelt Marketplace GmbH', currency: 'EUR' }] },
);
export type PlatformPayoutAccountBody = Static<typeof PlatformPayoutAccountBody>;

export const PlatformPayoutAccount = Type.Object({
  account_id: Type.String({ description: "The platform's own account" }),
  account_number: Type.Object({ type: StringEnum(['iban'] as const), value: Type.String({ description: 'Masked: the country, the check digits and the last four characters' }) }),
  account_owners_name: Type.String(),
  currency: Type.String(),
  refused: Nullable(Type.String({ description: "The bank's return reason (AC04 closed account, AC01 wrong IBAN…) when it sent a payout to this account back: the platform's transfers wait until the account is changed" })),
  updated_at: DateTime(),
});
export type PlatformPayoutAccount = Static<typeof PlatformPayoutAccount>;
