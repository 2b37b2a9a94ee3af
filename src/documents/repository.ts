import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, DocumentsTable } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';

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
