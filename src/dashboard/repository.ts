import { sql, type Insertable, type Selectable } from 'kysely';
import type { DashboardRole, DashboardSessionsTable, DashboardUsersTable, Db } from '../core/db.js';
import type { Environment } from '../core/config.js';
import type { Tenant } from '../events/repository.js';

export type UserRow = Selectable<DashboardUsersTable>;
export type SessionRow = Selectable<DashboardSessionsTable>;

export async function platformExists(db: Db, platformId: string): Promise<boolean> {
  return (await db.selectFrom('platforms').select('id').where('id', '=', platformId).executeTakeFirst()) !== undefined;
}

export async function platformBrand(db: Db, platformId: string) {
  return db.selectFrom('platforms').select(['name', 'primary_color', 'secondary_color']).where('id', '=', platformId).executeTakeFirstOrThrow();
}

export async function insertUser(db: Db, row: Insertable<DashboardUsersTable>): Promise<void> {
  await db.insertInto('dashboard_users').values(row).execute();
}

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('dashboard_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function userBySetupToken(db: Db, digest: string): Promise<UserRow | undefined> {
  return db.selectFrom('dashboard_users').selectAll().where('setup_token_digest', '=', digest).executeTakeFirst();
}

/** Sets the password and spends the setup link, if the link is still the user's; answers whether it was. */
export async function setPassword(db: Db, userId: string, setupDigest: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('dashboard_users')
    .set({ password_hash: passwordHash, setup_token_digest: null, setup_expires_at: null })
    .where('id', '=', userId)
    .where('setup_token_digest', '=', setupDigest)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSession(db: Db, row: Insertable<DashboardSessionsTable>): Promise<void> {
  await db.insertInto('dashboard_sessions').values(row).execute();
}

/** The session of a cookie's digest with its user, if it has not expired. */
export async function sessionWithUser(db: Db, digest: string, now: Date) {
  return db
    .selectFrom('dashboard_sessions')
    .innerJoin('dashboard_users', 'dashboard_users.id', 'dashboard_sessions.user_id')
    .select(['dashboard_sessions.digest', 'dashboard_sessions.csrf_token', 'dashboard_sessions.environment', 'dashboard_users.id as user_id', 'dashboard_users.email', 'dashboard_users.role', 'dashboard_users.platform_id'])
    .where('dashboard_sessions.digest', '=', digest)
    .where('dashboard_sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function setSessionEnvironment(db: Db, digest: string, environment: Environment): Promise<void> {
  await db.updateTable('dashboard_sessions').set({ environment }).where('digest', '=', digest).execute();
}

export async function deleteSession(db: Db, digest: string): Promise<void> {
  await db.deleteFrom('dashboard_sessions').where('digest', '=', digest).execute();
}

/** Deletes every session of the user: each of their browsers is signed out at its next request. */
export async function deleteSessionsOf(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('dashboard_sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recordSignIn(db: Db, row: { email: string; address: string; userId: string | null; succeeded: boolean; at: Date }): Promise<void> {
  await db.insertInto('dashboard_sign_ins').values({ email: row.email, address: row.address, user_id: row.userId, succeeded: row.succeeded, attempted_at: row.at }).execute();
}

/** Failed sign-ins since `since` for the email and from the address. */
export async function recentFailures(db: Db, email: string, address: string, since: Date): Promise<{ email: number; address: number }> {
  const row = await db
    .selectFrom('dashboard_sign_ins')
    .select([
      sql<number>`count(*) FILTER (WHERE email = ${email})::int`.as('email'),
      sql<number>`count(*) FILTER (WHERE address = ${address})::int`.as('address'),
    ])
    .where('succeeded', '=', false)
    .where('attempted_at', '>', since)
    .where((eb) => eb.or([eb('email', '=', email), eb('address', '=', address)]))
    .executeTakeFirstOrThrow();
  return row;
}

export interface DayTotals {
  day: string;
  currency: string;
  count: number;
  succeeded: number;
  volume_minor: number;
  /** Succeeded or failed for good (declined, not completed, canceled). */
  decided: number;
}

/** Per day (UTC) and currency since `since`: payments initiated, how many succeeded or were decided, and their succeeded volume. */
export async function dailyTotals(db: Db, tenant: Tenant, since: Date, statuses: { succeeded: readonly string[]; failed: readonly string[] }): Promise<DayTotals[]> {
  const ok = sql`status = ANY(${sql.val([...statuses.succeeded])})`;
  const decided = sql`status = ANY(${sql.val([...statuses.succeeded, ...statuses.failed])})`;
  return db
    .selectFrom('payments')
    .select([
      sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
      'currency',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`(count(*) FILTER (WHERE ${ok}))::int`.as('succeeded'),
      sql<number>`coalesce(sum(amount_minor) FILTER (WHERE ${ok}), 0)::float8`.as('volume_minor'),
      sql<number>`(count(*) FILTER (WHERE ${decided}))::int`.as('decided'),
    ])
    .where('platform_id', '=', tenant.platformId)
    .where('environment', '=', tenant.environment)
    .where('created_at', '>=', since)
    .groupBy(['day', 'currency'])
    .orderBy('day')
    .execute();
}

export interface FailingEndpoint {
  url: string;
  attempts: number;
  failed: number;
  last_failure: Date;
}

/** The webhook URLs of the tenant's events with a failed attempt (no 2xx answer) since `since`, the latest failure first. */
export async function failingEndpoints(db: Db, tenant: Tenant, since: Date): Promise<FailingEndpoint[]> {
  const failed = sql`(webhook_attempts.status_code IS NULL OR webhook_attempts.status_code NOT BETWEEN 200 AND 299)`;
  return db
    .selectFrom('webhook_attempts')
    .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
    .innerJoin('events', 'events.id', 'webhook_deliveries.event_id')
    .select([
      'webhook_deliveries.url',
      sql<number>`count(*)::int`.as('attempts'),
      sql<number>`(count(*) FILTER (WHERE ${failed}))::int`.as('failed'),
      sql<Date>`max(webhook_attempts.attempted_at) FILTER (WHERE ${failed})`.as('last_failure'),
    ])
    .where('events.platform_id', '=', tenant.platformId)
    .where('events.environment', '=', tenant.environment)
    .where('webhook_attempts.attempted_at', '>=', since)
    .groupBy('webhook_deliveries.url')
    .having(sql<boolean>`count(*) FILTER (WHERE ${failed}) > 0`)
    .orderBy('last_failure', 'desc')
    .limit(10)
    .execute();
}

/** The tenant's onboarding applications not yet succeeded, counted per status. */
export async function waitingApplications(db: Db, tenant: Tenant): Promise<{ status: string; count: number }[]> {
  return db
    .selectFrom('applications')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .where('platform_id', '=', tenant.platformId)
    .where('environment', '=', tenant.environment)
    .where('status', '!=', 'succeeded')
    .groupBy('status')
    .orderBy('status')
    .execute();
}

/** The platform's users with how many sessions each has open. */
export async function usersOf(db: Db, platformId: string, now: Date) {
  return db
    .selectFrom('dashboard_users')
    .select((eb) => [
      'dashboard_users.id',
      'dashboard_users.email',
      'dashboard_users.role',
      'dashboard_users.created_at',
      sql<boolean>`dashboard_users.password_hash IS NOT NULL`.as('has_password'),
      eb.selectFrom('dashboard_sessions').select(sql<number>`count(*)::int`.as('count')).whereRef('dashboard_sessions.user_id', '=', 'dashboard_users.id').where('dashboard_sessions.expires_at', '>', now).as('sessions'),
    ])
    .where('platform_id', '=', platformId)
    .orderBy('email')
    .execute();
}

export async function userOfPlatform(db: Db, platformId: string, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('dashboard_users').selectAll().where('platform_id', '=', platformId).where('id', '=', userId).executeTakeFirst();
}

/** Locks the platform's users (for a change that must leave it an admin) and answers them. */
export async function lockUsersOf(db: Db, platformId: string): Promise<Pick<UserRow, 'id' | 'email' | 'role'>[]> {
  return db.selectFrom('dashboard_users').select(['id', 'email', 'role']).where('platform_id', '=', platformId).orderBy('id').forUpdate().execute();
}

export async function setRole(db: Db, userId: string, role: DashboardRole): Promise<void> {
  await db.updateTable('dashboard_users').set({ role }).where('id', '=', userId).execute();
}

/** Deletes the user; its sessions go with it (the sign-in audit keeps its rows). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('dashboard_users').where('id', '=', userId).execute();
}
