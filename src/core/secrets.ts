import type { Db } from './db.js';
import { randomSecret } from './ids.js';

/**
 * A secret shared by every process of the service (cursor signing, for instance): created by the
 * first process that asks, read by all the others.
 */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomSecret() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
