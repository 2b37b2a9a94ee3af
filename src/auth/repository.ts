import type { Insertable, Selectable } from 'kysely';
import type { ClientsTable, Db, PlatformsTable, SigningKeysTable } from '../core/db.js';
import type { Environment } from '../core/config.js';
import { ENVIRONMENTS } from '../core/config.js';

export type ClientRow = Selectable<ClientsTable>;
export type SigningKeyRow = Selectable<SigningKeysTable>;

export async function insertPlatform(db: Db, row: Insertable<PlatformsTable>): Promise<void> {
  await db.insertInto('platforms').values(row).execute();
  // The platform account exists in both environments under the same id.
  await db
    .insertInto('accounts')
    .values(ENVIRONMENTS.map((environment) => ({ environment, id: row.id, platform_id: row.id, type: 'platform' as const, display_name: row.name, created_at: row.created_at })))
    .execute();
}

export async function findPlatform(db: Db, id: string) {
  return db.selectFrom('platforms').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertClient(db: Db, row: Insertable<ClientsTable>): Promise<void> {
  await db.insertInto('clients').values(row).execute();
}

export async function findClient(db: Db, id: string): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Revokes the client; answers whether it was active. */
export async function revokeClient(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db.updateTable('clients').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listClients(db: Db, environment?: Environment): Promise<ClientRow[]> {
  let query = db.selectFrom('clients').selectAll().orderBy('created_at');
  if (environment) query = query.where('environment', '=', environment);
  return query.execute();
}

/** The clients of one platform in one environment, oldest first. */
export async function clientsOfPlatform(db: Db, platformId: string, environment: Environment): Promise<ClientRow[]> {
  return db.selectFrom('clients').selectAll().where('platform_id', '=', platformId).where('environment', '=', environment).orderBy('created_at').orderBy('id').execute();
}

export async function listSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  return db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute();
}

/** Inserts a key; a kid collision (never expected) leaves the existing key alone. */
export async function insertSigningKey(db: Db, row: Insertable<SigningKeysTable>): Promise<void> {
  await db.insertInto('signing_keys').values(row).onConflict((oc) => oc.column('kid').doNothing()).execute();
}
