import { createHmac } from 'node:crypto';
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

/**
 * A keyed digest (HMAC-SHA256, hex) of a sealed value, to find or count it by: equal values have
 * equal digests, and without the key (a shared secret, itself sealed) a copy of the data cannot
 * tell which e-mail or address a digest is of by trying them.
 */
export function keyedDigest(key: string, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}
