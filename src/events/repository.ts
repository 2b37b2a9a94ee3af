import { CompiledQuery, sql, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { Db, DeliveryState, EventsTable, InjectedFault, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookFaultsTable, WebhookSecretsTable } from '../core/db.js';
import type { Environment } from '../core/config.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';
import { jsonTable, rowsFromJson, rowsJson, type EveryColumn } from '../core/json-rows.js';

export type EventRow = Selectable<EventsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;
export type SecretRow = Selectable<WebhookSecretsTable>;
export interface Tenant {
  platformId: string;
  environment: Environment;
}

export const OUTBOX_CHANNEL = 'webhook_outbox';
export const EVENTS_CHANNEL = 'events_recorded';

/** Events per statement: the JSON parameter of a payout's thousands of events stays a few hundred kilobytes. */
const EVENTS_PER_STATEMENT = 1_000;

const EVENT_COLUMNS = ['id', 'environment', 'platform_id', 'type', 'object_id', 'data', 'occurred_at', 'created_at'] as const satisfies readonly (keyof EventsTable)[];
const DELIVERY_COLUMNS = ['event_id', 'environment', 'platform_id', 'url', 'state', 'next_attempt_at', 'lease_until', 'lease_token', 'created_at', 'completed_at', 'injected'] as const satisfies readonly (keyof WebhookDeliveriesTable)[];
true satisfies EveryColumn<EventsTable, typeof EVENT_COLUMNS, 'tx_id'>;
true satisfies EveryColumn<WebhookDeliveriesTable, typeof DELIVERY_COLUMNS, 'id' | 'attempt_count' | 'real_due_at'>;

/**
 * The events, their deliveries and the wake-ups in one statement. pg_notify wakes, once the
 * transaction commits, the listeners of each channel in every process: the delivery workers
 * (OUTBOX_CHANNEL), the event streams (EVENTS_CHANNEL).
 */
const WRITE_OUTBOX = `with event as (${rowsFromJson('events', EVENT_COLUMNS, '$1')}), delivery as (${rowsFromJson('webhook_deliveries', DELIVERY_COLUMNS, '$2')}) select pg_notify(channel, '') from json_array_elements_text($3::text::json) as channel`;

/**
 * Writes events and deliveries (of those events, or of events already written) and wakes the
 * channels' listeners, in the caller's transaction: one statement per thousand events.
 */
export async function writeOutbox(db: Db, events: Insertable<EventsTable>[], deliveries: Insertable<WebhookDeliveriesTable>[], channels: readonly string[]): Promise<void> {
  for (let start = 0; start === 0 || start < events.length; start += EVENTS_PER_STATEMENT) {
    const chunk = events.slice(start, start + EVENTS_PER_STATEMENT);
    const last = start + EVENTS_PER_STATEMENT >= events.length;
    const ids = new Set(chunk.map((event) => event.id));
    const theirs = events.length <= EVENTS_PER_STATEMENT ? deliveries : deliveries.filter((delivery) => ids.has(delivery.event_id));
    await db.executeQuery(CompiledQuery.raw(WRITE_OUTBOX, [rowsJson(chunk), rowsJson(theirs), JSON.stringify(last ? channels : [])]));
  }
}

export async function findEvent(db: Db, tenant: Tenant, id: string): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('platform_id', '=', tenant.platformId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Where an event's latest webhook delivery stands: delivered, pending (not tried yet), failing (failed, or retrying after a failure), none (no webhook URL). */
export const DELIVERY_FILTERS = ['delivered', 'pending', 'failing', 'none'] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

export interface EventFilter {
  type?: string;
  objectId?: string;
  delivery?: DeliveryFilter;
}

/** The condition on the event's latest delivery (the one its delivery_status reports). */
function deliveryCondition(filter: DeliveryFilter) {
  if (filter === 'none') return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = events.id)`;
  const state = {
    delivered: sql`d.state = 'succeeded'`,
    pending: sql`d.state = 'pending' AND d.attempt_count = 0`,
    failing: sql`(d.state = 'failed' OR (d.state = 'pending' AND d.attempt_count > 0))`,
  }[filter];
  return sql<SqlBool>`EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = events.id AND d.id = (SELECT max(l.id) FROM webhook_deliveries l WHERE l.event_id = events.id) AND ${state})`;
}

export async function listEvents(db: Db, tenant: Tenant, filter: EventFilter, limit: number, after: Keyset | undefined) {
  let query = db
    .selectFrom('events')
    .selectAll('events')
    .select((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('state')
        .whereRef('webhook_deliveries.event_id', '=', 'events.id')
        .orderBy('webhook_deliveries.id', 'desc')
        .limit(1)
        .as('delivery_state'),
    )
    .where('events.platform_id', '=', tenant.platformId)
    .where('events.environment', '=', tenant.environment)
    .where(afterKeyset(after, 'events'));
  if (filter.type) query = query.where('events.type', '=', filter.type);
  if (filter.objectId) query = query.where('events.object_id', '=', filter.objectId);
  if (filter.delivery) query = query.where(deliveryCondition(filter.delivery));
  return query.orderBy('events.created_at', 'desc').orderBy('events.id', 'desc').limit(limit).execute();
}

export async function deliveriesOf(db: Db, eventId: string): Promise<DeliveryRow[]> {
  return db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).orderBy('id', 'desc').execute();
}

export async function attemptsOf(db: Db, deliveryIds: number[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('id').execute();
}

export interface ClaimedDelivery {
  id: number;
  event_id: string;
  url: string;
  attempt_count: number;
  /** When it fell due on its platform's clock. */
  next_attempt_at: Date;
  /** Until when this worker holds it: its outcome is recorded only while it still does. */
  lease_until: Date;
  environment: Environment;
  platform_id: string;
  type: string;
  occurred_at: Date;
  data: Record<string, unknown>;
  secret: string | null;
  previous_secret: string | null;
  previous_expires_at: Date | null;
  /** The sandbox's webhook fault that made or moved it: its attempts are marked so. */
  injected: InjectedFault | null;
}

/** A webhook URL's receiver (host and port), as the agents pool their connections: read alike here and in SQL. */
const RECEIVER_PATTERN = '^[A-Za-z]+://([^/?#]+)';

export function receiverOf(url: string): string {
  return new RegExp(RECEIVER_PATTERN).exec(url)?.[1] ?? url;
}

/** The webhook faults of these sandbox platforms, or of every platform that set any (those that set none have no row). */
export async function webhookFaultsOf(db: Db, platformIds?: string[]) {
  let query = db.selectFrom('webhook_faults').select(['platform_id', 'duplicate_ratio', 'reorder_ratio', 'reorder_window_seconds', 'delay_ratio', 'delay_seconds']);
  if (platformIds) query = query.where('platform_id', 'in', platformIds);
  return query.execute();
}

/** Sets a sandbox platform's webhook faults (all of them at once), every process told on commit (`channel`, the platform as payload). */
export async function putWebhookFaults(db: Db, platformId: string, faults: Omit<Selectable<WebhookFaultsTable>, 'platform_id'>, channel: string): Promise<void> {
  await db
    .insertInto('webhook_faults')
    .values({ platform_id: platformId, ...faults })
    .onConflict((conflict) => conflict.column('platform_id').doUpdateSet(faults))
    .execute();
  await sql`SELECT pg_notify(${channel}, ${platformId})`.execute(db);
}

/** Deliveries claimed but not attempted go back to the others at once. */
export async function releaseLeases(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.updateTable('webhook_deliveries').set({ lease_until: null, lease_token: null }).where('id', 'in', ids).execute();
}

/** Gives back whatever the claims with these tokens leased and nobody attempts: their answers were lost. */
export async function releaseClaims(db: Db, tokens: string[]): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ lease_until: null, lease_token: null }).where('lease_token', 'in', tokens).where('state', '=', 'pending').execute();
}

export interface Lease {
  /** The real time now: leases guard real work, whatever clock schedules the attempts. */
  now: Date;
  until: Date;
  /** This claim's own (a UUID): what it leased can be given back even if its answer is lost. */
  token: string;
}

/**
 * Leases up to `limit` deliveries due now on their platform's clock to this worker: due at `now`
 * in real time (the clocks' base; real_due_at, which an advance moves for its platform's deliveries), one range of the index
 * webhook_deliveries_due for every clock. SKIP LOCKED lets any number of workers claim side by side
 * without waiting on each other; the lease (on the real clock, longer than a delivery may take)
 * keeps a claimed delivery away from the others until its outcome is recorded, even when a test or
 * the sandbox moves the clock meanwhile.
 */
export async function claimDue(db: Db, now: Date, lease: Lease, limit: number, busyReceivers: string[] = []): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.state = 'pending' AND d.real_due_at <= ${now}
        AND (d.lease_until IS NULL OR d.lease_until <= ${lease.now})
        AND substring(d.url from ${RECEIVER_PATTERN}) <> ALL(${busyReceivers}::text[])
      ORDER BY d.real_due_at
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries d SET lease_until = ${lease.until}, lease_token = ${lease.token}::uuid
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.event_id, d.url, d.attempt_count, d.next_attempt_at, d.lease_until, d.injected
    )
    SELECT c.id, c.event_id, c.url, c.attempt_count, c.next_attempt_at, c.lease_until, c.injected, e.environment, e.platform_id, e.type, e.occurred_at, e.data,
           s.secret, s.previous_secret, s.previous_expires_at
    FROM claimed c
    JOIN events e ON e.id = c.event_id
    LEFT JOIN webhook_secrets s ON s.platform_id = e.platform_id AND s.environment = e.environment`.execute(db);
  return result.rows;
}

export interface AttemptResult {
  deliveryId: number;
  /** The lease the attempt was made under (ClaimedDelivery.lease_until). */
  leaseUntil: Date;
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  state: DeliveryState;
  nextAttemptAt: Date | null;
}

/**
 * Records a batch of attempts and moves their deliveries on, in one statement, each only while its
 * delivery is still under the lease its attempt was made with: recorded a second time (its commit's
 * answer lost) or after another worker has taken the delivery, an attempt changes nothing.
 */
export async function recordAttempts(db: Db, results: AttemptResult[]): Promise<void> {
  if (results.length === 0) return;
  const rows = results.map((r) => ({
    id: r.deliveryId,
    lease_until: r.leaseUntil,
    attempted_at: r.attemptedAt,
    status_code: r.statusCode,
    duration_ms: r.durationMs,
    error: r.error,
    state: r.state,
    next_attempt_at: r.nextAttemptAt,
  }));
  await db.executeQuery(CompiledQuery.raw(RECORD_ATTEMPTS, [rowsJson(rows)]));
}

const RECORD_ATTEMPTS = `
  WITH v AS ${jsonTable('$1', { columns: 'id bigint, lease_until timestamptz, attempted_at timestamptz, status_code integer, duration_ms integer, error text, state text, next_attempt_at timestamptz' })},
  moved AS (
    UPDATE webhook_deliveries d SET
      state = v.state,
      attempt_count = d.attempt_count + 1,
      next_attempt_at = v.next_attempt_at,
      lease_until = NULL,
      lease_token = NULL,
      completed_at = CASE WHEN v.state = 'pending' THEN NULL ELSE v.attempted_at END
    FROM v
    WHERE d.id = v.id AND d.lease_until = v.lease_until
    RETURNING d.id, d.injected
  )
  INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, error, injected)
  SELECT v.id, v.attempted_at, v.status_code, v.duration_ms, v.error, moved.injected FROM v JOIN moved ON moved.id = v.id`;

export async function findSecret(db: Db, tenant: Tenant): Promise<SecretRow | undefined> {
  return db
    .selectFrom('webhook_secrets')
    .selectAll()
    .where('platform_id', '=', tenant.platformId)
    .where('environment', '=', tenant.environment)
    .executeTakeFirst();
}

/** Creates the tenant's secret unless it exists; answers the stored one. */
export async function ensureSecret(db: Db, tenant: Tenant, secret: string, now: Date): Promise<SecretRow> {
  await db
    .insertInto('webhook_secrets')
    .values({ platform_id: tenant.platformId, environment: tenant.environment, secret, created_at: now, previous_secret: null, previous_expires_at: null })
    .onConflict((oc) => oc.columns(['platform_id', 'environment']).doNothing())
    .execute();
  return (await findSecret(db, tenant))!;
}

export async function rotateSecret(db: Db, tenant: Tenant, secret: string, now: Date, previousExpiresAt: Date): Promise<SecretRow> {
  return db
    .updateTable('webhook_secrets')
    .set((eb) => ({ previous_secret: eb.ref('secret'), previous_expires_at: previousExpiresAt, secret, created_at: now }))
    .where('platform_id', '=', tenant.platformId)
    .where('environment', '=', tenant.environment)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A place in the event stream's order: after the event `id` written by transaction `tx_id`. */
export interface StreamPosition {
  tx_id: string;
  id: string;
}

export type StreamedEvent = Pick<EventRow, 'id' | 'type' | 'occurred_at' | 'data'> & StreamPosition;

/** Where a stream starting now begins: before every transaction still running. */
export async function streamHead(db: Db): Promise<StreamPosition> {
  const result = await sql<{ tx_id: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS tx_id`.execute(db);
  return { tx_id: result.rows[0]!.tx_id, id: '' };
}

export async function streamPositionOf(db: Db, tenant: Tenant, eventId: string): Promise<StreamPosition | undefined> {
  return db
    .selectFrom('events')
    .select([sql<string>`tx_id::text`.as('tx_id'), 'id'])
    .where('platform_id', '=', tenant.platformId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/**
 * The tenant's events after `after`, in stream order, written by transactions that have all
 * ended (older than the oldest one running): none can join them later.
 */
export async function eventsAfter(db: Db, tenant: Tenant, after: StreamPosition, types: readonly string[] | undefined, limit: number): Promise<StreamedEvent[]> {
  const typeFilter = types ? sql`AND type = ANY(${types}::text[])` : sql``;
  const result = await sql<StreamedEvent>`
    SELECT id, type, occurred_at, data, tx_id::text AS tx_id FROM events
    WHERE platform_id = ${tenant.platformId} AND environment = ${tenant.environment}
      AND (tx_id, id) > (${after.tx_id}::xid8, ${after.id})
      AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
      ${typeFilter}
    ORDER BY tx_id, id
    LIMIT ${limit}`.execute(db);
  return result.rows;
}
