import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AccountsTable, ApplicationDocumentsTable, ApplicationsTable, Db, OnboardingTokensTable, RepresentativesTable } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import type { Environment } from '../core/config.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';

export type ApplicationRow = Selectable<ApplicationsTable>;
export type RepresentativeRow = Selectable<RepresentativesTable>;
export type OnboardingTokenRow = Selectable<OnboardingTokensTable>;
export type ApplicationDocumentRow = Selectable<ApplicationDocumentsTable>;
type Tenant = Pick<Caller, 'platformId' | 'environment'>;

export async function insertApplication(db: Db, account: Insertable<AccountsTable>, application: Insertable<ApplicationsTable>): Promise<void> {
  await db.insertInto('accounts').values(account).execute();
  await db.insertInto('applications').values(application).execute();
}

export async function findApplication(db: Db, tenant: Tenant, id: string): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('applications')
    .selectAll()
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findApplicationById(db: Db, id: string): Promise<ApplicationRow> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The application, locked until the transaction ends: steps on one application happen one at a time. */
export async function lockApplication(db: Db, id: string): Promise<ApplicationRow> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

export async function updateApplication(db: Db, id: string, patch: Updateable<ApplicationsTable>): Promise<void> {
  await db.updateTable('applications').set(patch).where('id', '=', id).execute();
}

export async function renameAccount(db: Db, application: ApplicationRow, name: string): Promise<void> {
  await db.updateTable('accounts').set({ display_name: name }).where('environment', '=', application.environment).where('id', '=', application.merchant_id).execute();
}

export interface ApplicationFilter {
  status?: string;
  reference?: string;
}

export async function listApplications(db: Db, tenant: Tenant, filter: ApplicationFilter, limit: number, after: Keyset | undefined): Promise<ApplicationRow[]> {
  let query = db
    .selectFrom('applications')
    .selectAll()
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where(afterKeyset(after));
  if (filter.status) query = query.where('status', '=', filter.status as ApplicationRow['status']);
  if (filter.reference) query = query.where('reference', '=', filter.reference);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Revokes every live token of the application and stores the new one. */
export async function replaceToken(db: Db, row: Insertable<OnboardingTokensTable>): Promise<void> {
  await db
    .updateTable('onboarding_tokens')
    .set({ revoked_at: row.created_at })
    .where('application_id', '=', row.application_id)
    .where('revoked_at', 'is', null)
    .execute();
  await db.insertInto('onboarding_tokens').values(row).execute();
}

/** An onboarding token with the environment of its application, whose clock decides its expiry. */
export async function findToken(db: Db, tokenHash: string): Promise<(OnboardingTokenRow & { environment: Environment; platform_id: string }) | undefined> {
  return db
    .selectFrom('onboarding_tokens')
    .innerJoin('applications', 'applications.id', 'onboarding_tokens.application_id')
    .selectAll('onboarding_tokens')
    .select(['applications.environment', 'applications.platform_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function representativesOf(db: Db, applicationId: string): Promise<RepresentativeRow[]> {
  return db.selectFrom('representatives').selectAll().where('application_id', '=', applicationId).orderBy('created_at').orderBy('id').execute();
}

export async function insertRepresentative(db: Db, row: Insertable<RepresentativesTable>): Promise<void> {
  await db.insertInto('representatives').values(row).execute();
}

/** Replaces the details of a representative of the application; answers whether it has one of that id. */
export async function updateRepresentative(db: Db, applicationId: string, id: string, details: RepresentativesTable['details']): Promise<boolean> {
  const result = await db.updateTable('representatives').set({ details }).where('application_id', '=', applicationId).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Answers whether a representative of the application was deleted. */
export async function deleteRepresentative(db: Db, applicationId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('representatives').where('application_id', '=', applicationId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertDocument(db: Db, row: Insertable<ApplicationDocumentsTable>): Promise<void> {
  await db.insertInto('application_documents').values(row).execute();
}

export async function documentsOf(db: Db, applicationId: string): Promise<ApplicationDocumentRow[]> {
  return db.selectFrom('application_documents').selectAll().where('application_id', '=', applicationId).orderBy('created_at').orderBy('id').execute();
}

export async function findDocument(db: Db, applicationId: string, id: string): Promise<ApplicationDocumentRow | undefined> {
  return db.selectFrom('application_documents').selectAll().where('application_id', '=', applicationId).where('id', '=', id).executeTakeFirst();
}

/** Deletes a document of the application; answers its blob key, or nothing if the application has no such document. */
export async function deleteDocument(db: Db, applicationId: string, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('application_documents').where('application_id', '=', applicationId).where('id', '=', id).returning('blob_key').executeTakeFirst();
  return row?.blob_key;
}
