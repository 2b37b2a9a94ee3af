import { sql, type Insertable, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DashboardRole, DashboardSessionsTable, DashboardSignInsTable, DashboardUsersTable, Db, PayoutsTable, RefundsTable, Tables, TransfersTable } from '../core/db.js';
import { afterKeyset } from '../core/pagination.js';
import { notFound } from '../core/errors.js';
import { settingsPrefix, type ScryptSettings } from '../core/scrypt.js';
import type { Environment } from '../core/config.js';
import type { Tenant } from '../events/repository.js';
import type { PaymentStatus } from '../payments/states.js';

export type UserRow = Selectable<DashboardUsersTable>;
export type SessionRow = Selectable<DashboardSessionsTable>;

export async function platformExists(db: Db, platformId: string): Promise<boolean> {
  return (await db.selectFrom('platforms').select('id').where('id', '=', platformId).executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, row: Insertable<DashboardUsersTable>): Promise<void> {
  await db.insertInto('dashboard_users').values(row).execute();
}

/** The users of every platform with the e-mail (by its digest), the oldest first. */
export async function usersByEmail(db: Db, emailDigest: string): Promise<UserRow[]> {
  return db.selectFrom('dashboard_users').selectAll().where('email_digest', '=', emailDigest).orderBy('created_at').orderBy('id').execute();
}

export async function userOfPlatformByEmail(db: Db, platformId: string, emailDigest: string): Promise<UserRow | undefined> {
  return db.selectFrom('dashboard_users').selectAll().where('platform_id', '=', platformId).where('email_digest', '=', emailDigest).executeTakeFirst();
}

/** Replaces a password's hash by one of the same password, unless the password changed meanwhile. */
export async function setPasswordHash(db: Db, userId: string, previous: string, next: string): Promise<void> {
  await db.updateTable('dashboard_users').set({ password_hash: next }).where('id', '=', userId).where('password_hash', '=', previous).execute();
}

/** Whether some user's password hash was made with other settings than these. */
export async function earlierPasswordHashes(db: Db, settings: ScryptSettings): Promise<boolean> {
  const row = await db
    .selectFrom('dashboard_users')
    .select('id')
    .where('password_hash', 'is not', null)
    .where('password_hash', 'not like', `${settingsPrefix(settings)}%`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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

/** Deletes every session of the users: each of their browsers is signed out at its next request. */
export async function deleteSessionsOf(db: Db, userIds: string[]): Promise<number> {
  const result = await db.deleteFrom('dashboard_sessions').where('user_id', 'in', userIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The (two-key) advisory lock classes of one email's and one address's sign-ins. */
const EMAIL_LOCK = 7_350_001;
const ADDRESS_LOCK = 7_350_002;

/**
 * Waits for the sign-in attempts of the email and of the address being reserved, and holds both
 * until the transaction ends. Every caller takes the email's first, so none waits in a circle.
 */
export async function lockSignIns(db: Db, digests: { email: string; address: string }): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${EMAIL_LOCK}, hashtext(${digests.email}))`.execute(db);
  await sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${digests.address}))`.execute(db);
}

export async function insertSignIn(db: Db, row: Insertable<DashboardSignInsTable>): Promise<number> {
  const inserted = await db.insertInto('dashboard_sign_ins').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function decideSignIn(db: Db, id: number, userId: string | null, succeeded: boolean): Promise<void> {
  await db.updateTable('dashboard_sign_ins').set({ user_id: userId, succeeded }).where('id', '=', id).execute();
}

/** Sign-in attempts since `since` that failed or are being checked, for the email and from the address (by their digests). */
export async function recentFailures(db: Db, digests: { email: string; address: string }, since: Date): Promise<{ email: number; address: number }> {
  return db
    .selectFrom('dashboard_sign_ins')
    .select([
      sql<number>`count(*) FILTER (WHERE email_digest = ${digests.email})::int`.as('email'),
      sql<number>`count(*) FILTER (WHERE address_digest = ${digests.address})::int`.as('address'),
    ])
    .where(sql<boolean>`succeeded IS NOT TRUE`)
    .where('attempted_at', '>', since)
    .where((eb) => eb.or([eb('email_digest', '=', digests.email), eb('address_digest', '=', digests.address)]))
    .executeTakeFirstOrThrow();
}

const DIGEST_BATCH = 500;

/** Writes the digests of the users and sign-in attempts recorded before they had any (the rows of earlier versions). */
export async function digestUndigested(db: Db, digestOf: (kind: 'email' | 'address', text: string) => string): Promise<void> {
  for (;;) {
    const users = await db.selectFrom('dashboard_users').select(['id', 'email']).where('email_digest', 'is', null).limit(DIGEST_BATCH).execute();
    if (users.length === 0) break;
    await sql`
      UPDATE dashboard_users u SET email_digest = v.digest
      FROM unnest(${users.map((user) => user.id)}::text[], ${users.map((user) => digestOf('email', user.email))}::text[]) AS v(id, digest)
      WHERE u.id = v.id`.execute(db);
  }
  for (;;) {
    const attempts = await db.selectFrom('dashboard_sign_ins').select(['id', 'email', 'address']).where('email_digest', 'is', null).limit(DIGEST_BATCH).execute();
    if (attempts.length === 0) break;
    await sql`
      UPDATE dashboard_sign_ins s SET email_digest = v.email, address_digest = v.address
      FROM unnest(${attempts.map((attempt) => attempt.id)}::bigint[], ${attempts.map((attempt) => digestOf('email', attempt.email))}::text[],
                  ${attempts.map((attempt) => digestOf('address', attempt.address))}::text[]) AS v(id, email, address)
      WHERE s.id = v.id`.execute(db);
  }
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

/** The days a chart covers (`since` included, `until` not), and the merchant whose payments it counts, if one. */
export interface ChartScope {
  since: Date;
  until: Date;
  merchantId?: string;
}

/** The tenant's payments of the scope: those routed to the merchant when one is named. */
function paymentsIn(db: Db, tenant: Tenant, scope: ChartScope) {
  let query = db
    .selectFrom('payments')
    .where('payments.platform_id', '=', tenant.platformId)
    .where('payments.environment', '=', tenant.environment)
    .where('payments.created_at', '>=', scope.since)
    .where('payments.created_at', '<', scope.until);
  if (scope.merchantId) {
    const merchantId = scope.merchantId;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('payment_parties').select('payment_parties.payment_id').whereRef('payment_parties.payment_id', '=', 'payments.id').where('payment_parties.account_id', '=', merchantId)),
    );
  }
  return query;
}

/** Per day (UTC) and currency of the scope: payments initiated, how many succeeded or were decided, and their succeeded volume. */
export async function dailyTotals(db: Db, tenant: Tenant, scope: ChartScope, statuses: { succeeded: readonly string[]; failed: readonly string[] }): Promise<DayTotals[]> {
  const ok = sql`status = ANY(${sql.val([...statuses.succeeded])})`;
  const decided = sql`status = ANY(${sql.val([...statuses.succeeded, ...statuses.failed])})`;
  return paymentsIn(db, tenant, scope)
    .select([
      sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
      'currency',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`(count(*) FILTER (WHERE ${ok}))::int`.as('succeeded'),
      sql<number>`coalesce(sum(amount_minor) FILTER (WHERE ${ok}), 0)::bigint`.as('volume_minor'),
      sql<number>`(count(*) FILTER (WHERE ${decided}))::int`.as('decided'),
    ])
    .groupBy(['day', 'currency'])
    .orderBy('day')
    .execute();
}

export interface Failure {
  status: string;
  reason: string | null;
  count: number;
}

/** How many of the scope's payments ended in each way of failing: by status, and a decline by its reason. */
export async function failures(db: Db, tenant: Tenant, scope: ChartScope, failed: readonly PaymentStatus[]): Promise<Failure[]> {
  return paymentsIn(db, tenant, scope)
    .select(['status', 'decline_reason as reason', sql<number>`count(*)::int`.as('count')])
    .where('status', '=', (eb) => eb.fn.any(eb.val([...failed])))
    .groupBy(['status', 'decline_reason'])
    .orderBy('count', 'desc')
    .orderBy('status')
    .orderBy('decline_reason')
    .execute();
}

/** Per day (UTC) and currency, the refunds made in the scope (of the merchant's payments when one is named). */
export async function dailyRefunds(db: Db, tenant: Tenant, scope: ChartScope): Promise<{ day: string; currency: string; count: number; amount_minor: number }[]> {
  let query = db
    .selectFrom('refunds')
    .select([
      sql<string>`to_char(refunds.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
      'refunds.currency',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`sum(refunds.amount_minor)::bigint`.as('amount_minor'),
    ])
    .where('refunds.platform_id', '=', tenant.platformId)
    .where('refunds.environment', '=', tenant.environment)
    .where('refunds.created_at', '>=', scope.since)
    .where('refunds.created_at', '<', scope.until);
  if (scope.merchantId) {
    const merchantId = scope.merchantId;
    query = query.where((eb) => eb.exists(eb.selectFrom('payment_parties').select('payment_parties.payment_id').whereRef('payment_parties.payment_id', '=', 'refunds.payment_id').where('payment_parties.account_id', '=', merchantId)));
  }
  return query.groupBy(['day', 'refunds.currency']).orderBy('day').execute();
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

/** The period of an export: created at or after `from`, before `before`. */
export interface ExportPeriod {
  from?: Date;
  before?: Date;
}

type Keyed = { created_at: Date; id: string } | undefined;

/** A batch of an export: the tenant's rows of the table in the period, newest first, after `after`. */
function exportBatch<O>(query: SelectQueryBuilder<Tables, 'refunds' | 'payouts' | 'transfers', O>, table: string, tenant: Tenant, period: ExportPeriod, size: number, after: Keyed) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return query
    .where(sql<SqlBool>`${column('environment')} = ${tenant.environment} and ${column('platform_id')} = ${tenant.platformId}`)
    .where(period.from ? sql<SqlBool>`${column('created_at')} >= ${period.from}` : sql<SqlBool>`true`)
    .where(period.before ? sql<SqlBool>`${column('created_at')} < ${period.before}` : sql<SqlBool>`true`)
    .where(afterKeyset(after && { createdAt: after.created_at, id: after.id }, table))
    .orderBy(sql`${column('created_at')} desc, ${column('id')} desc`)
    .limit(size)
    .execute();
}

const REFUND_COLUMNS = ['id', 'created_at', 'status', 'origin', 'payment_id', 'currency', 'amount_minor', 'reference', 'description', 'completed_at'] as const;
export type ExportedRefund = Pick<Selectable<RefundsTable>, (typeof REFUND_COLUMNS)[number]>;

export function batchOfRefunds(db: Db, tenant: Tenant, period: ExportPeriod, size: number, after: Keyed): Promise<ExportedRefund[]> {
  return exportBatch(db.selectFrom('refunds').select(REFUND_COLUMNS), 'refunds', tenant, period, size, after);
}

const PAYOUT_COLUMNS = ['id', 'created_at', 'status', 'account_id', 'currency', 'amount_minor', 'completed_at'] as const;
export type ExportedPayout = Pick<Selectable<PayoutsTable>, (typeof PAYOUT_COLUMNS)[number]> & { transfers: string | null };

/** Payouts with the ids of the transfers they carry. */
export function batchOfPayouts(db: Db, tenant: Tenant, period: ExportPeriod, size: number, after: Keyed): Promise<ExportedPayout[]> {
  const query = db
    .selectFrom('payouts')
    .select(PAYOUT_COLUMNS.map((column) => `payouts.${column}` as const))
    .select(sql<string | null>`(select string_agg(t.id, ' ' order by t.id) from transfers t where t.payout_id = payouts.id)`.as('transfers'));
  return exportBatch(query, 'payouts', tenant, period, size, after);
}

const TRANSFER_COLUMNS = ['id', 'created_at', 'payment_id', 'account_id', 'currency', 'amount_minor', 'fee_minor', 'returned_minor', 'payout_id', 'reference'] as const;
export type ExportedTransfer = Pick<Selectable<TransfersTable>, (typeof TRANSFER_COLUMNS)[number]>;

export function batchOfTransfers(db: Db, tenant: Tenant, period: ExportPeriod, size: number, after: Keyed): Promise<ExportedTransfer[]> {
  return exportBatch(db.selectFrom('transfers').select(TRANSFER_COLUMNS), 'transfers', tenant, period, size, after);
}

/** The tenant's transfer of this id, with its payment; 404 for none. */
export async function transferOf(db: Db, tenant: Tenant, id: string) {
  const transfer = await db.selectFrom('transfers').select(['id', 'payment_id']).where('environment', '=', tenant.environment).where('platform_id', '=', tenant.platformId).where('id', '=', id).executeTakeFirst();
  if (!transfer) throw notFound(`Transfer ${id}`);
  return transfer;
}
