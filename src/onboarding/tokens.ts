import { tokenHash } from '../core/encryption.js';
import type { EnvironmentClock } from '../core/clock.js';
import type { Db } from '../core/db.js';
import { invalidToken } from '../core/auth.js';
import { randomSecret } from '../core/ids.js';
import { addSeconds } from '../core/time.js';
import * as repo from './repository.js';

export const ONBOARDING_TOKEN_TTL_SECONDS = 24 * 60 * 60;

// Onboarding tokens are kept only as digests: a copy of the table opens no application.

/** Issues a new onboarding token for the application, revoking the previous one. */
export async function issueToken(trx: Db, applicationId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomSecret();
  const expiresAt = addSeconds(now, ONBOARDING_TOKEN_TTL_SECONDS);
  await repo.replaceToken(trx, { token_hash: tokenHash(token), application_id: applicationId, created_at: now, expires_at: expiresAt, revoked_at: null });
  return { token, expiresAt };
}

/** The application an onboarding token opens, or 401 for an unknown, revoked or expired token (on the application's platform's clock). */
export async function applicationOfToken(db: Db, token: string, clock: EnvironmentClock): Promise<string> {
  const row = await repo.findToken(db, tokenHash(token));
  if (!row) throw invalidToken('The onboarding token is not valid');
  if (row.revoked_at) throw invalidToken('The onboarding token was replaced by a newer link; ask the platform for the current one');
  if (clock.now(row.environment, row.platform_id) >= row.expires_at) throw invalidToken('The onboarding token expired; ask the platform for a new link');
  return row.application_id;
}
