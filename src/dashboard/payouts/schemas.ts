import { Type, type Static } from 'typebox';
import { PAYOUT_ID_PATTERN } from '../../core/ids.js';
import { ConfirmationKey } from '../confirmations.js';
import { Csrf, DateField, oneOf } from '../schemas.js';
import { PAYOUT_STATUSES } from '../../payouts/schemas.js';

export const PayoutsQuery = Type.Object(
  {
    account: Type.Optional(Type.String({ pattern: '^(|acc_[0-9A-Za-z]{26})$' })),
    status: Type.Optional(oneOf(PAYOUT_STATUSES)),
    from: Type.Optional(DateField),
    to: Type.Optional(DateField),
    after: Type.Optional(Type.String({ maxLength: 1024 })),
    /** Back from saving the platform's payout account. */
    saved: Type.Optional(Type.Literal('1')),
  },
  { additionalProperties: false },
);
export type PayoutsQuery = Static<typeof PayoutsQuery>;
export type PayoutFilters = Omit<PayoutsQuery, 'after' | 'saved'>;

export const PayoutParams = Type.Object({ id: Type.String({ pattern: PAYOUT_ID_PATTERN }) });

export const BuyerRefundForm = Type.Object({
  _csrf: Csrf,
  /** As typed: "12.50" or "12,50". */
  amount: Type.String({ maxLength: 20 }),
  confirm: Type.Optional(Type.Literal('yes')),
  once: Type.Optional(ConfirmationKey),
});

export const PayoutAccountForm = Type.Object({
  _csrf: Csrf,
  iban: Type.String({ maxLength: 50 }),
  owner: Type.String({ maxLength: 300 }),
  currency: Type.String({ maxLength: 3 }),
});
export type PayoutAccountForm = Static<typeof PayoutAccountForm>;
