import { Type, type Static } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../core/formats.js';
import { APPLICATION_STATUSES } from '../onboarding/schemas.js';
import { idPattern } from '../core/ids.js';
import { Page, PageQuery } from '../core/pagination.js';

export const AccountId = Type.String({ pattern: idPattern('acc'), description: 'Account identifier (acc_)' });

export const Account = Type.Object({
  id: AccountId,
  type: Type.Union([Type.Literal('platform'), Type.Literal('merchant')]),
  name: Type.String(),
  created_at: DateTime(),
  /** A merchant account's onboarding application and its status; null for the platform account. */
  onboarding: Nullable(
    Type.Object({
      application_id: Type.String({ description: 'The application (app_) that onboards the merchant' }),
      status: StringEnum(APPLICATION_STATUSES, { description: 'succeeded and action_required are the compliance outcomes after submitted' }),
    }),
  ),
  payouts_enabled: Type.Boolean({ description: "True once the merchant's application succeeded and a payout account is set; false for the platform account" }),
});
export type Account = Static<typeof Account>;

export const AccountParams = Type.Object({ account_id: Type.String() });
export const AccountListQuery = PageQuery();
export const AccountPage = Page(Account);
