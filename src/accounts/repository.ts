import type { Selectable } from 'kysely';
import type { AccountsTable, Db } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';

export type AccountRow = Selectable<AccountsTable>;

export async function findAccount(db: Db, tenant: Pick<Caller, 'platformId' | 'environment'>, id: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listAccounts(db: Db, tenant: Pick<Caller, 'platformId' | 'environment'>, limit: number, after: Keyset | undefined): Promise<AccountRow[]> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where(afterKeyset(after))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
