import { CompiledQuery, sql, type Expression, type Kysely, type ExpressionBuilder, type Insertable, type SqlBool, type Selectable, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db, Tables, IdempotencyKeysTable, PaymentPartiesTable, PaymentsTable, ScheduledJobsTable, ThreeDsChallengesTable, TransfersTable } from '../core/db.js';
import type { PaymentStatus } from './states.js';
import type { Caller } from '../core/auth.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule } from './fees.js';
import { cipherOf, type Cipher } from '../core/encryption.js';
import { jsonTable, rowsFromJson, rowsJson, type EveryColumn } from '../core/json-rows.js';
import { SharedTransactions, writeTogether, type Collector } from '../core/shared-transactions.js';
import { bothOf, compiledOnce, mapRead, readOf, type RowsRead } from '../core/statements.js';

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

/** A payment to insert: its row, its routing and, optionally, a job due later (its expiry) and the Idempotency-Key answered with it. */
export interface NewPayment {
  payment: Insertable<PaymentsTable>;
  parties: Insertable<PaymentPartiesTable>[];
  job?: Insertable<ScheduledJobsTable>;
  key?: Insertable<IdempotencyKeysTable>;
}

const PAYMENT_COLUMNS = [
  'id', 'environment', 'platform_id', 'amount_minor', 'currency', 'status', 'method_type', 'reference', 'description', 'remittance_info',
  'language', 'cit_mode', 'customer', 'redirect_url', 'webhook_url', 'generate_qr_code', 'resource_token', 'resource_token_hash', 'processing_fee', 'expires_at',
  'created_at', 'updated_at', 'selected_method', 'card_scheme', 'card_last4', 'stored_credential', 'succeeded_at', 'verified_iban',
  'account_holder', 'account_type', 'mandate', 'initial_payment_id', 'authorization_reference', 'authorization_started_at',
  'authorization_request', 'account_verification_url', 'processor', 'processor_reference', 'buyer_digests', 'decline_reason',
] as const satisfies readonly (keyof PaymentsTable)[];
const PARTY_COLUMNS = [
  'payment_id', 'position', 'party_type', 'account_id', 'reference', 'amount_minor', 'fee_contribution', 'fee_share', 'refundable_amount',
] as const satisfies readonly (keyof PaymentPartiesTable)[];
const JOB_COLUMNS = ['environment', 'platform_id', 'kind', 'subject_id', 'due_at', 'state', 'created_at', 'done_at'] as const satisfies readonly (keyof ScheduledJobsTable)[];
const KEY_COLUMNS = [
  'client_id', 'environment', 'route', 'key', 'request_hash', 'state', 'response_status', 'response_headers', 'response_body', 'created_at', 'expires_at', 'awaits',
] as const satisfies readonly (keyof IdempotencyKeysTable)[];
// A column added to a table but not to its list would be left empty: the build fails instead.
true satisfies EveryColumn<PaymentsTable, typeof PAYMENT_COLUMNS>;
true satisfies EveryColumn<PaymentPartiesTable, typeof PARTY_COLUMNS>;
true satisfies EveryColumn<ScheduledJobsTable, typeof JOB_COLUMNS, 'id' | 'real_due_at'>;
true satisfies EveryColumn<IdempotencyKeysTable, typeof KEY_COLUMNS>;

const INSERT_PAYMENTS = `with payment as (${rowsFromJson('payments', PAYMENT_COLUMNS, '$1')}), job as (${rowsFromJson('scheduled_jobs', JOB_COLUMNS, '$3')}), key as (${rowsFromJson('idempotency_keys', KEY_COLUMNS, '$4')}) ${rowsFromJson('payment_parties', PARTY_COLUMNS, '$2')}`;

/**
 * Payments with their routing, jobs and Idempotency-Keys in one statement, whatever their number:
 * one round trip, atomic without a transaction of its own, and part of the caller's if there is
 * one. A key another request holds fails the statement (unique violation): the payment is not
 * written. The rows travel as JSON arrays, so the statement's text (and its prepared plan) is the
 * same for any count.
 */
export async function insertPayments(db: Db, cipher: Cipher, payments: NewPayment[]): Promise<void> {
  const parameters = [
    rowsJson(
      payments.map((each) => each.payment),
      { cipher, table: 'payments' },
    ),
    rowsJson(payments.flatMap((each) => each.parties)),
    rowsJson(payments.flatMap((each) => (each.job ? [each.job] : []))),
    rowsJson(
      payments.flatMap((each) => (each.key ? [each.key] : [])),
      { cipher, table: 'idempotency_keys' },
    ),
  ];
  await db.executeQuery(CompiledQuery.raw(INSERT_PAYMENTS, parameters));
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

/** Payments with their routing parties and transfers, each payment one row (one round trip). */
function paymentsWithRouting(db: Db) {
  return db
    .selectFrom('payments')
    .select(SHOWN.map((column) => `payments.${column}` as const))
    .select((eb) => [
      jsonArrayFrom(eb.selectFrom('payment_parties').selectAll('payment_parties').whereRef('payment_parties.payment_id', '=', 'payments.id').orderBy('payment_parties.position')).as('parties'),
      jsonArrayFrom(
        eb
          .selectFrom('transfers')
          .select(['transfers.id', 'transfers.position', 'transfers.amount_minor', 'transfers.fee_minor', 'transfers.currency'])
          .whereRef('transfers.payment_id', '=', 'payments.id')
          .where('transfers.reverses_refund_id', 'is', null),
      ).as('transfers'),
    ]);
}

let readStatement: string | undefined;

/** The payments of `wanted`, each if it is its tenant's, in one statement (the answer follows `wanted`'s order). */
export async function findPaymentsWithRouting(db: Db, wanted: { tenant: Tenant; id: string }[]): Promise<(PaymentWithRouting | undefined)[]> {
  const ids = [...new Set(wanted.map((each) => each.id))];
  // The statement is the same for every batch: built by Kysely once, then run with each batch's ids.
  readStatement ??= paymentsWithRouting(db).select('payments.platform_id').where('payments.id', '=', (eb) => eb.fn.any(eb.val(ids))).compile().sql;
  const result = await db.executeQuery<PaymentWithRouting & Pick<PaymentRow, 'platform_id'>>(CompiledQuery.raw(readStatement, [ids]));
  const found = new Map(result.rows.map((row) => [row.id, row]));
  return wanted.map(({ tenant, id }) => {
    const row = found.get(id);
    return row && row.environment === tenant.environment && row.platform_id === tenant.platformId ? row : undefined;
  });
}

const partiesQuery = compiledOnce((db: Db, { ids }: { ids: string[] }) =>
  db.selectFrom('payment_parties').selectAll().where('payment_id', '=', (eb) => eb.fn.any(eb.val(ids))).orderBy('payment_id').orderBy('position'),
);

export async function partiesOf(db: Db, paymentIds: string[]): Promise<PartyRow[]> {
  if (paymentIds.length === 0) return [];
  return (await partiesQuery(db, { ids: paymentIds })).rows;
}

/** The parties of these payments (at least one), by payment, to be read together with other reads (readTogether). */
export function partiesRead(db: Db, paymentIds: string[]): RowsRead<Map<string, PartyRow[]>> {
  return readOf(partiesQuery.statement(db, { ids: paymentIds }), (rows) => {
    const byPayment = new Map<string, PartyRow[]>(paymentIds.map((id) => [id, []]));
    for (const party of rows) byPayment.get(party.payment_id)?.push(party);
    return byPayment;
  });
}

export interface PaymentFilter {
  status?: string;
  reference?: string;
  /** What the buyer paid with, or the method the payment was initiated with until then. */
  method?: 'card' | 'sepa_direct_debit';
  /** Initiated at or after. */
  createdFrom?: Date;
  /** Initiated before. */
  createdBefore?: Date;
  /** A merchant (or seller) of the payment's routing. */
  merchantId?: string;
  /** The amount at least, at most, in the minor units of the currencies named (one entry per number of decimals); a payment in a currency not named never matches. */
  amounts?: { currencies: string[]; from?: number; to?: number }[];
  /**
   * What a person typed in the search box: the payment's id, the start of its reference, its
   * card's last four digits, or the buyer's e-mail or name (found by its digest: buyer-digests.ts).
   */
  search?: { term: string; buyerDigest: string };
}

/** LIKE's own characters in a typed prefix match themselves. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The tenant's payments the filter keeps. */
function matching(tenant: Tenant, filter: PaymentFilter) {
  return (eb: ExpressionBuilder<Tables, 'payments'>) => {
    const conditions: Expression<SqlBool>[] = [eb('payments.environment', '=', tenant.environment), eb('payments.platform_id', '=', tenant.platformId)];
    if (filter.status) conditions.push(eb('payments.status', '=', filter.status as PaymentStatus));
    if (filter.reference) conditions.push(eb('payments.reference', '=', filter.reference));
    if (filter.method) conditions.push(sql<SqlBool>`coalesce(payments.selected_method, payments.method_type) = ${filter.method}`);
    if (filter.createdFrom) conditions.push(eb('payments.created_at', '>=', filter.createdFrom));
    if (filter.createdBefore) conditions.push(eb('payments.created_at', '<', filter.createdBefore));
    if (filter.amounts) {
      const inCurrency = filter.amounts.map(({ currencies, from, to }) =>
        eb.and([
          eb('payments.currency', '=', eb.fn.any(eb.val(currencies))),
          ...(from === undefined ? [] : [eb('payments.amount_minor', '>=', from)]),
          ...(to === undefined ? [] : [eb('payments.amount_minor', '<=', to)]),
        ]),
      );
      conditions.push(eb.or(inCurrency));
    }
    if (filter.merchantId) {
      const merchantId = filter.merchantId;
      conditions.push(
        eb.exists(eb.selectFrom('payment_parties').select('payment_parties.payment_id').whereRef('payment_parties.payment_id', '=', 'payments.id').where('payment_parties.position', '>', 0).where('payment_parties.account_id', '=', merchantId)),
      );
    }
    if (filter.search) {
      const { term, buyerDigest } = filter.search;
      conditions.push(
        eb.or([
          eb('payments.id', '=', term),
          eb('payments.reference', 'like', likePrefix(term)),
          ...(/^\d{4}$/.test(term) ? [eb('payments.card_last4', '=', term)] : []),
          sql<SqlBool>`payments.buyer_digests @> ARRAY[${buyerDigest}]::text[]`,
        ]),
      );
    }
    return eb.and(conditions);
  };
}

export async function listPayments(db: Db, tenant: Tenant, filter: PaymentFilter, limit: number, after: Keyset | undefined): Promise<PaymentWithRouting[]> {
  return paymentsWithRouting(db)
    .where(matching(tenant, filter))
    .where(afterKeyset(after, 'payments'))
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(limit)
    .execute();
}

/** A page of the filter's payments by its number (the dashboard's pages: counted, with a previous one). */
export async function pageOfPayments(db: Db, tenant: Tenant, filter: PaymentFilter, limit: number, offset: number): Promise<PaymentWithRouting[]> {
  // The page's ids first: the rows skipped are never given their routing.
  const page = db.selectFrom('payments').select('payments.id').where(matching(tenant, filter)).orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc').limit(limit).offset(offset);
  return paymentsWithRouting(db).where('payments.id', 'in', page).orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc').execute();
}

export async function countPayments(db: Db, tenant: Tenant, filter: PaymentFilter): Promise<number> {
  const row = await db.selectFrom('payments').select((eb) => eb.fn.countAll<string>().as('count')).where(matching(tenant, filter)).executeTakeFirstOrThrow();
  return Number(row.count);
}

const EXPORTED = ['id', 'created_at', 'status', 'method_type', 'selected_method', 'currency', 'amount_minor', 'processing_fee', 'reference', 'description', 'card_scheme', 'card_last4', 'succeeded_at'] as const;
/** A payment as an export lists it: nothing sealed (an export never opens personal data), its merchants as `acc_…:amount` pairs. */
export type ExportedPayment = Pick<PaymentRow, (typeof EXPORTED)[number]> & { merchants: string | null };

/** The filter's payments, newest first, a batch at a time after the last one given (an export of any size). */
export async function batchOfPayments(db: Db, tenant: Tenant, filter: PaymentFilter, limit: number, after: Pick<PaymentRow, 'created_at' | 'id'> | undefined): Promise<ExportedPayment[]> {
  const query = db
    .selectFrom('payments')
    .select(EXPORTED.map((column) => `payments.${column}` as const))
    .select(
      sql<string | null>`(select string_agg(p.account_id || ':' || p.amount_minor, ' ' order by p.position) from payment_parties p where p.payment_id = payments.id and p.position > 0)`.as('merchants'),
    )
    .where(matching(tenant, filter));
  return query
    .where(afterKeyset(after && { createdAt: after.created_at, id: after.id }, 'payments'))
    .orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc').limit(limit).execute();
}

export async function paymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The payment whose open authorization attempt has this reference. */
export async function paymentByAttempt(db: Db, reference: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('authorization_reference', '=', reference).executeTakeFirst();
}

const lockPaymentQuery = compiledOnce((db: Db, { id }: { id: string }) => db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate());

/** The payment, locked until the transaction ends: changes to one payment happen one at a time. */
export async function lockPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return (await lockPaymentQuery(db, { id })).rows[0];
}

const lockPaymentsQuery = compiledOnce((db: Db, { ids }: { ids: string[] }) => db.selectFrom('payments').selectAll().where('id', '=', (eb) => eb.fn.any(eb.val(ids))).orderBy('id').forUpdate());

/** The payments of these ids, locked in the ids' order until the transaction ends (SharedTransactions), by id. */
export function paymentsLocked(db: Db, ids: string[]): RowsRead<Map<string, PaymentRow>> {
  const statement = ids.length === 1 ? lockPaymentQuery.statement(db, { id: ids[0]! }) : lockPaymentsQuery.statement(db, { ids });
  return readOf(statement, (rows) => new Map(rows.map((row) => [row.id, row])));
}

/** A payment locked with its routing's parties (an attempt's outcome creates their transfers). */
export interface PaymentWithParties {
  payment: PaymentRow;
  parties: PartyRow[];
}

/**
 * Outcomes recorded in one turn, in one transaction (SharedTransactions): their payments locked, then
 * their parties read, two statements for the batch in one round trip. (Read in the locking statement,
 * the parties would be those of its snapshot, older than a payment row it waited for; the statement
 * after it takes a snapshot of its own.)
 */
export function outcomeChanges(db: Kysely<Tables>): SharedTransactions<PaymentWithParties> {
  return new SharedTransactions(db, (trx, ids) =>
    mapRead(bothOf(paymentsLocked(trx, ids), partiesRead(trx, ids)), ([payments, parties]) => new Map([...payments].map(([id, payment]) => [id, { payment, parties: parties.get(id)! }]))),
  );
}

/** Changes of payments made in one transaction with those of the same turn of the event loop, each on its payment locked. */
export type PaymentChanges = SharedTransactions<PaymentRow>;

export function paymentChanges(db: Kysely<Tables>): PaymentChanges {
  return new SharedTransactions(db, paymentsLocked);
}

const updatePaymentQuery = compiledOnce((db: Db, { id, patch }: { id: string; patch: Updateable<PaymentsTable> }) => db.updateTable('payments').set(patch).where('id', '=', id));

/** Changes a payment; in a shared transaction (writeTogether), with the batch's other payments' changes, one statement per set of columns. */
export async function updatePayment(db: Db, id: string, patch: Updateable<PaymentsTable>): Promise<void> {
  await writeTogether(db, paymentUpdates, [{ id, patch }]);
}

type PaymentPatch = Record<string, unknown>;

/**
 * Payment changes written together: each payment's patches merged in order (the later wins), then
 * one statement per set of columns, its rows as one JSON parameter (sealed columns sealed here).
 * A single payment's change is the statement Kysely builds.
 */
const paymentUpdates: Collector<{ id: string; patch: Updateable<PaymentsTable> }> = {
  rank: -1,
  async flush(trx, updates) {
    const merged = new Map<string, PaymentPatch>();
    for (const { id, patch } of updates) merged.set(id, { ...merged.get(id), ...definedOnly(patch) });
    if (merged.size === 1) {
      const [id, patch] = [...merged][0]!;
      await updatePaymentQuery(trx, { id, patch });
      return;
    }
    const byColumns = new Map<string, PaymentPatch[]>();
    for (const [id, patch] of merged) {
      const columns = Object.keys(patch).sort().join(',');
      byColumns.set(columns, [...(byColumns.get(columns) ?? []), { ...patch, id }]);
    }
    const cipher = cipherOf(trx);
    for (const [columns, rows] of byColumns) {
      const sets = columns.split(',').map((column) => `"${column}" = changed."${column}"`);
      const json = rowsJson(rows, cipher && { cipher, table: 'payments' });
      await trx.executeQuery(CompiledQuery.raw(`update payments set ${sets.join(', ')} from ${jsonTable('$1', { table: 'payments' })} as changed where payments.id = changed.id`, [json]));
    }
  },
};

function definedOnly(patch: object): PaymentPatch {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

/** Where each payment's events go (its webhook URL), and its reference. */
export async function paymentsByIds(db: Db, ids: string[]): Promise<Map<string, Pick<PaymentRow, 'id' | 'webhook_url' | 'reference'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('payments').select(['id', 'webhook_url', 'reference']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The payment whose authorization or collection the partner knows by this reference. */
export async function paymentByProcessorReference(db: Db, processorReference: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('processor_reference', '=', processorReference).forUpdate().executeTakeFirst();
}

/** The payment's pending challenge of this authorization, answered (by the acquirer's notification); none if there is none. */
export async function answerPendingChallenge(db: Db, paymentId: string, processorReference: string) {
  return db
    .updateTable('three_ds_challenges')
    .set({ state: 'answered' })
    .where('payment_id', '=', paymentId)
    .where('processor_reference', '=', processorReference)
    .where('state', '=', 'pending')
    .returning(['scheme', 'last4'])
    .executeTakeFirst();
}

export async function insertChallenge(db: Db, row: Insertable<ThreeDsChallengesTable>): Promise<void> {
  await db.insertInto('three_ds_challenges').values(row).execute();
}

export type TransferRow = Selectable<TransfersTable>;

const insertTransfersQuery = compiledOnce((db: Db, { rows }: { rows: Insertable<TransfersTable>[] }) => db.insertInto('transfers').values(rows));

export async function insertTransfers(db: Db, rows: Insertable<TransfersTable>[]): Promise<void> {
  if (rows.length > 0) await insertTransfersQuery(db, { rows });
}

/** A payment's new transfers, with a shared transaction's others (writeTogether): nothing in the transaction reads them before it commits. */
export async function insertTransfersTogether(db: Db, rows: Insertable<TransfersTable>[]): Promise<void> {
  await writeTogether(db, transferWrites, rows);
}

const transferWrites: Collector<Insertable<TransfersTable>> = { rank: 1, flush: insertTransfers };

/** What a payment's buyer is searched by, for the payments after `afterId` (in id order) that name a customer or an account holder. */
export async function buyersAfter(db: Db, afterId: string, limit: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'customer', 'account_holder', 'buyer_digests'])
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('customer', 'is not', null), eb('account_holder', 'is not', null)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Sets the buyer digests of these payments, in one statement. */
export async function setBuyerDigests(db: Db, rows: { id: string; digests: string[] }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`UPDATE payments SET buyer_digests = given.digests
    FROM jsonb_to_recordset(${rowsJson(rows)}::jsonb) AS given(id text, digests text[])
    WHERE payments.id = given.id`.execute(db);
}
