import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, PaymentPartiesTable, PaymentsTable, TransfersTable } from '../core/db.js';
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

export async function insertPayment(db: Db, payment: Insertable<PaymentsTable>, parties: Insertable<PaymentPartiesTable>[]): Promise<void> {
  await db.insertInto('payments').values(payment).execute();
  await db.insertInto('payment_parties').values(parties).execute();
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

export async function partiesOf(db: Db, paymentIds: string[]): Promise<PartyRow[]> {
  if (paymentIds.length === 0) return [];
  return db.selectFrom('payment_parties').selectAll().where('payment_id', 'in', paymentIds).orderBy('payment_id').orderBy('position').execute();
}

export interface PaymentFilter {
  status?: string;
  reference?: string;
}

export async function listPayments(db: Db, tenant: Tenant, filter: PaymentFilter, limit: number, after: Keyset | undefined): Promise<PaymentRow[]> {
  let query = db
    .selectFrom('payments')
    .selectAll()
    .where('environment', '=', tenant.environment)
    .where('platform_id', '=', tenant.platformId)
    .where(afterKeyset(after));
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.reference) query = query.where('reference', '=', filter.reference);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
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
