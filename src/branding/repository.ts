import type { Insertable, Selectable } from 'kysely';
import type { AccountBrandingTable, Db, DocumentsTable } from '../core/db.js';
import type { Caller } from '../core/auth.js';

export type BrandingRow = Selectable<AccountBrandingTable>;
type Tenant = Pick<Caller, 'platformId' | 'environment'>;

/** The account's type with what it set (undefined: no such account of the tenant). */
export async function findAccountBranding(db: Db, tenant: Tenant, accountId: string) {
  return db
    .selectFrom('accounts')
    .leftJoin('account_branding', (join) => join.onRef('account_branding.environment', '=', 'accounts.environment').onRef('account_branding.account_id', '=', 'accounts.id'))
    .select(['accounts.id', 'accounts.type', 'accounts.display_name'])
    .select([
      'account_branding.name',
      'account_branding.primary_color',
      'account_branding.secondary_color',
      'account_branding.format',
      'account_branding.logo_document_id',
    ])
    .where('accounts.environment', '=', tenant.environment)
    .where('accounts.platform_id', '=', tenant.platformId)
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}

/** What the platform's own account set, if anything, and the platform's name and colours it inherits. */
export async function platformBranding(db: Db, tenant: Tenant) {
  const platform = await db.selectFrom('platforms').select(['name', 'primary_color', 'secondary_color']).where('id', '=', tenant.platformId).executeTakeFirstOrThrow();
  const own = await db
    .selectFrom('account_branding')
    .innerJoin('accounts', (join) => join.onRef('accounts.environment', '=', 'account_branding.environment').onRef('accounts.id', '=', 'account_branding.account_id'))
    .selectAll('account_branding')
    .where('account_branding.environment', '=', tenant.environment)
    .where('account_branding.platform_id', '=', tenant.platformId)
    .where('accounts.type', '=', 'platform')
    .executeTakeFirst();
  return { platform, own };
}

/** What a merchant account set, if anything. */
export async function merchantBranding(db: Db, environment: Tenant['environment'], accountId: string): Promise<BrandingRow | undefined> {
  return db.selectFrom('account_branding').selectAll().where('environment', '=', environment).where('account_id', '=', accountId).executeTakeFirst();
}

export async function saveBranding(db: Db, row: Insertable<AccountBrandingTable>): Promise<void> {
  const { environment: _environment, account_id: _account, platform_id: _platform, ...changes } = row;
  await db
    .insertInto('account_branding')
    .values(row)
    .onConflict((conflict) => conflict.columns(['environment', 'account_id']).doUpdateSet(changes))
    .execute();
}

/** A document some branding shows as its logo (only those are served without a token). */
export async function findShownLogo(db: Db, documentId: string): Promise<Selectable<DocumentsTable> | undefined> {
  return db
    .selectFrom('documents')
    .selectAll('documents')
    .where('documents.id', '=', documentId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('account_branding')
          .select('account_branding.account_id')
          .whereRef('account_branding.logo_document_id', '=', 'documents.id')
          .whereRef('account_branding.environment', '=', 'documents.environment')
          .whereRef('account_branding.platform_id', '=', 'documents.platform_id'),
      ),
    )
    .executeTakeFirst();
}
