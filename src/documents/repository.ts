import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, DocumentsTable } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';
import { DOCUMENTS_KEY } from '../core/encryption-keys.js';

export type DocumentRow = Selectable<DocumentsTable>;
type Tenant = Pick<Caller, 'platformId' | 'environment'>;

export type NewDocument = Omit<Insertable<DocumentsTable>, 'tags'> & { tags: string[] };

export async function insertDocument(db: Db, row: NewDocument): Promise<void> {
  // jsonb: sent as JSON text, since the driver would send a JS array as a PostgreSQL array literal.
  await db.insertInto('documents').values({ ...row, tags: sql<string[]>`${JSON.stringify(row.tags)}::jsonb` }).execute();
}

export async function findDocument(db: Db, tenant: Tenant, id: string): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listDocuments(db: Db, tenant: Tenant, filter: { type?: string }, limit: number, after: Keyset | undefined): Promise<DocumentRow[]> {
  let query = db
    .selectFrom('documents')
    .selectAll()
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where(afterKeyset(after));
  if (filter.type) query = query.where('type', '=', filter.type);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The tables whose rows name a blob: the platform's documents and the applicants'. */
export const BLOB_TABLES = ['documents', 'application_documents'] as const;
export type BlobTable = (typeof BLOB_TABLES)[number];

/** The next rows of a table, by id, with the blob each names. */
export async function blobsAfter(db: Db, table: BlobTable, after: string, limit: number): Promise<{ id: string; blob_key: string }[]> {
  return db.selectFrom(table).select(['id', 'blob_key']).where('id', '>', after).orderBy('id').limit(limit).execute();
}

export async function blobRowExists(db: Db, table: BlobTable, id: string): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The id of the key every stored document is sealed with, once a pass sealed them all. */
export async function documentsKey(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', DOCUMENTS_KEY).executeTakeFirst();
  return row?.value;
}

export async function recordDocumentsKey(db: Db, keyId: string): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name: DOCUMENTS_KEY, value: keyId })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: keyId }))
    .execute();
}
