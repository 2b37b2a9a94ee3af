import { Type, type Static } from 'typebox';
import { DateTime } from '../core/formats.js';
import { idPattern } from '../core/ids.js';
import { Page, PageQuery } from '../core/pagination.js';

export const AccountId = Type.String({ pattern: idPattern('acc'), description: 'Account identifier (acc_)' });

export const Account = Type.Object({
  id: AccountId,
  type: Type.Union([Type.Literal('platform'), Type.Literal('merchant')]),
  name: Type.String(),
  created_at: DateTime(),
});
export type Account = Static<typeof Account>;

export const AccountParams = Type.Object({ account_id: Type.String() });
export const AccountListQuery = PageQuery();
export const AccountPage = Page(Account);
