import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { Caller } from '../core/auth.js';
import type { Clock } from '../core/clock.js';
import type { Tables } from '../core/db.js';
import { fingerprint, isKeyTaken, keptAnswer, storedKey, type Answer, type KeyedRequest } from '../core/idempotency.js';

/** The confirmation key a confirmation page's form carries (base64url of 18 random bytes). */
export const ConfirmationKey = Type.String({ pattern: '^[A-Za-z0-9_-]{24}$' });

/** A fresh key for a confirmation page: the change it confirms is made once, however often its form is sent. */
export const confirmationKey = (): string => randomBytes(18).toString('base64url');

/** What a confirmed change made: `repeated` when the confirmation had been sent before and nothing more was done. */
export interface Confirmed {
  id: string;
  repeated: boolean;
}

/**
 * Makes a confirmed change that moves money at most once per confirmation key: a reload of its
 * answer or a second click sends the key again. The change keeps the key with its result in its
 * own transaction, as the API keeps an Idempotency-Key (the user's own keys, per route); a key
 * already used answers the id of what its first use made.
 */
export async function confirmOnce<T extends { id: string }>(
  db: Kysely<Tables>,
  clock: Clock,
  caller: Caller,
  change: { route: string; key: string; run: (answer: Answer<T>) => Promise<T> },
): Promise<Confirmed> {
  const keyed: KeyedRequest = { claim: { clientId: caller.clientId, environment: caller.environment, route: `dashboard ${change.route}`, key: change.key }, hash: fingerprint(change.key), now: clock.now(), kept: false };
  try {
    const made = await change.run(keptAnswer(keyed, (result: T) => ({ status: 201, body: JSON.stringify({ id: result.id }) })));
    return { id: made.id, repeated: false };
  } catch (error) {
    const stored = isKeyTaken(error) ? await storedKey(db, keyed.claim) : undefined;
    if (!stored?.response_body) throw error;
    return { id: (JSON.parse(stored.response_body) as { id: string }).id, repeated: true };
  }
}
