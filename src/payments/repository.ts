import { CompiledQuery, type Compilable, type Insertable, type QueryResult, type Selectable, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db, PaymentPartiesTable, PaymentsTable, ScheduledJobsTable, TransfersTable } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule } from './fees.js';

export type PaymentRow = Selectable<PaymentsTable>;
export type PartyRow = Selectable<PaymentPartiesTable>;
type Tenant = Pick<Caller, 'platformId' | 'environment'>;

export async function feeSchedule(db: Db, platformId: string): Promise<FeeSchedule> {
  const row = await db.selectFrom('fee_schedules').selectAll().where('platform_id', '=', platformId).executeTakeFirst();
  if (!row) return DEFAULT_FEE_SCHEDULE;
  return { cardRateBp: row.card_rate_bp, cardFixed: row.card_fixed, sepaRateBp: row.sepa_rate_bp, sepaMinimum: row.sepa_minimum };
}

/** The ids among `ids` that are merchant accounts of this platform in this environment. */
export async function existingMerchants(db: Db, tenant: Tenant, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where('type', '=', 'merchant')
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Payment initiation and read are the hot paths, and Kysely builds the same SQL for every call of
 * the same shape. So their statements are built once per shape (`key`) from placeholders, and each
 * call runs that SQL with its own values, matched to the placeholders by position in `values`.
 */
const statements = new Map<string, { sql: string; slots: number[] }>();
const SLOT = /^\u0000slot(\d+)$/;

async function runCached<Row>(db: Db, key: string, values: readonly unknown[], build: (slot: (index: number) => string) => Compilable): Promise<QueryResult<Row>> {
  let statement = statements.get(key);
  if (!statement) {
    const compiled = build((index) => `\u0000slot${index}`).compile();
    const slots = compiled.parameters.map((parameter) => {
      const match = SLOT.exec(String(parameter));
      if (!match) throw new Error(`statement ${key} has a parameter that is not a placeholder`);
      return Number(match[1]);
    });
    statement = { sql: compiled.sql, slots };
    statements.set(key, statement);
  }
  return db.executeQuery<Row>(CompiledQuery.raw(statement.sql, statement.slots.map((index) => values[index])));
}

/** The columns a row gives a value (Kysely leaves out undefined ones), in key order. */
const given = (row: object) => Object.entries(row).filter(([, value]) => value !== undefined);

/** The same row with placeholders, numbered from `first` on. */
function placeholders<T extends object>(row: T, slot: (index: number) => string, first: number): T {
  return Object.fromEntries(given(row).map(([column], i) => [column, slot(first + i)])) as T;
}

/**
 * The payment, its routing and, optionally, a job due later (its expiry), in one statement: one
 * round trip, atomic without a transaction of its own, and part of the caller's if there is one.
 */
export async function insertPayment(db: Db, payment: Insertable<PaymentsTable>, parties: Insertable<PaymentPartiesTable>[], job?: Insertable<ScheduledJobsTable>): Promise<void> {
  const rows: object[] = [payment, ...parties, ...(job ? [job] : [])];
  const key = `insert:${rows.map((row) => given(row).map(([column]) => column).join(',')).join('|')}:${parties.length}:${job ? 'job' : ''}`;
  const values = rows.flatMap((row) => given(row).map(([, value]) => value));
  await runCached(db, key, values, (slot) => {
    let next = 0;
    const template = <T extends object>(row: T): T => {
      const built = placeholders(row, slot, next);
      next += given(row).length;
      return built;
    };
    const withPayment = db.with('payment', (cte) => cte.insertInto('payments').values(template(payment)));
    const partyRows = parties.map(template);
    const withJob = job ? withPayment.with('job', (cte) => cte.insertInto('scheduled_jobs').values(template(job))) : withPayment;
    return withJob.insertInto('payment_parties').values(partyRows);
  });
}

export async function findPayment(db: Db, tenant: Tenant, id: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What a read payment shows of a transfer. */
export type TransferSummary = Pick<TransferRow, 'id' | 'position' | 'amount_minor' | 'fee_minor' | 'currency'>;
/** The columns a read payment shows (a narrow row parses faster than every column). */
const SHOWN = [
  'id',
  'environment',
  'amount_minor',
  'currency',
  'status',
  'method_type',
  'processing_fee',
  'reference',
  'description',
  'cit_mode',
  'initial_payment_id',
  'resource_token',
  'generate_qr_code',
  'expires_at',
  'created_at',
] as const satisfies readonly (keyof PaymentRow)[];
export type ShownPayment = Pick<PaymentRow, (typeof SHOWN)[number]>;
export type PaymentWithRouting = ShownPayment & { parties: PartyRow[]; transfers: TransferSummary[] };

/** Payments of a tenant with their routing parties and transfers, each payment one row (one round trip). */
function paymentsWithRouting(db: Db, tenant: Tenant) {
  return db
    .selectFrom('payments')
    .select(SHOWN.map((column) => `payments.${column}` as const))
    .select((eb) => [
      jsonArrayFrom(eb.selectFrom('payment_parties').selectAll('payment_parties').whereRef('payment_parties.payment_id', '=', 'payments.id').orderBy('payment_parties.position')).as('parties'),
      jsonArrayFrom(
        eb.selectFrom('transfers').select(['transfers.id', 'transfers.position', 'transfers.amount_minor', 'transfers.fee_minor', 'transfers.currency']).whereRef('transfers.payment_id', '=', 'payments.id'),
      ).as('transfers'),
    ])
    .where('payments.environment', '=', tenant.environment)
    .where('payments.platform_id', '=', tenant.platformId);
}

export async function findPaymentWithRouting(db: Db, tenant: Tenant, id: string): Promise<PaymentWithRouting | undefined> {
  const values = [tenant.environment, tenant.platformId, id];
  const result = await runCached<PaymentWithRouting>(db, 'read', values, (slot) =>
    paymentsWithRouting(db, { environment: slot(0) as Tenant['environment'], platformId: slot(1) }).where('payments.id', '=', slot(2)),
  );
  return result.rows[0];
}

export async function partiesOf(db: Db, paymentIds: string[]): Promise<PartyRow[]> {
  if (paymentIds.length === 0) return [];
  return db.selectFrom('payment_parties').selectAll().where('payment_id', 'in', paymentIds).orderBy('payment_id').orderBy('position').execute();
}

export interface PaymentFilter {
  status?: string;
  reference?: string;
}

export async function listPayments(db: Db, tenant: Tenant, filter: PaymentFilter, limit: number, after: Keyset | undefined): Promise<PaymentWithRouting[]> {
  let query = paymentsWithRouting(db, tenant).where(afterKeyset(after, 'payments'));
  if (filter.status) query = query.where('payments.status', '=', filter.status);
  if (filter.reference) query = query.where('payments.reference', '=', filter.reference);
  return query.orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc').limit(limit).execute();
}

/** The payment, locked until the transaction ends: changes to one payment happen one at a time. */
export async function lockPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updatePayment(db: Db, id: string, patch: Updateable<PaymentsTable>): Promise<void> {
  await db.updateTable('payments').set(patch).where('id', '=', id).execute();
}

/** Where each payment's events go (its webhook URL), and its reference. */
export async function paymentsByIds(db: Db, ids: string[]): Promise<Map<string, Pick<PaymentRow, 'id' | 'webhook_url' | 'reference'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('payments').select(['id', 'webhook_url', 'reference']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export type TransferRow = Selectable<TransfersTable>;

export async function insertTransfers(db: Db, rows: Insertable<TransfersTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('transfers').values(rows).execute();
}

export async function transfersOf(db: Db, paymentIds: string[]): Promise<TransferRow[]> {
  if (paymentIds.length === 0) return [];
  return db.selectFrom('transfers').selectAll().where('payment_id', 'in', paymentIds).execute();
}
