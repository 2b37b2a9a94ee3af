import { sql, type Selectable } from 'kysely';
import type { AccountsTable, ApplicationsTable, Db } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';

/** An account with the onboarding state of its application (merchant accounts; null for the platform's own). */
export type AccountRow = Selectable<AccountsTable> & {
  application_id: string | null;
  application_status: ApplicationsTable['status'] | null;
  has_payout_account: boolean | null;
};

type Tenant = Pick<Caller, 'platformId' | 'environment'>;

function accountsWithOnboarding(db: Db, tenant: Tenant) {
  return db
    .selectFrom('accounts')
    .leftJoin('applications', (join) => join.onRef('applications.environment', '=', 'accounts.environment').onRef('applications.merchant_id', '=', 'accounts.id'))
    .selectAll('accounts')
    .select([
      'applications.id as application_id',
      'applications.status as application_status',
      sql<boolean | null>`applications.payout_account IS NOT NULL`.as('has_payout_account'),
    ])
    .where('accounts.environment', '=', tenant.environment)
    .where('accounts.platform_id', '=', tenant.platformId);
}

export async function findAccount(db: Db, tenant: Tenant, id: string): Promise<AccountRow | undefined> {
  return accountsWithOnboarding(db, tenant).where('accounts.id', '=', id).executeTakeFirst();
}

export async function listAccounts(db: Db, tenant: Tenant, limit: number, after: Keyset | undefined): Promise<AccountRow[]> {
  return accountsWithOnboarding(db, tenant)
    .where(afterKeyset(after, 'accounts'))
    .orderBy('accounts.created_at', 'desc')
    .orderBy('accounts.id', 'desc')
    .limit(limit)
    .execute();
}
