import { CompiledQuery, type Insertable, type Kysely, type Selectable, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import { inOrderOf } from '../core/batcher.js';
import { SharedTransactions, writeTogether, type Collector } from '../core/shared-transactions.js';
import type { Caller } from '../core/auth.js';
import type { Db, RefundDrawsTable, RefundPartsTable, RefundsTable, Tables } from '../core/db.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';
import { jsonTable, rowsJson } from '../core/json-rows.js';
import { bothOf, compiledOnce, mapRead, readOf, readTogether, type RowsRead } from '../core/statements.js';
import { partiesRead, paymentsLocked, type PartyRow, type PaymentRow, type TransferRow } from '../payments/repository.js';

export type RefundRow = Selectable<RefundsTable>;
export type RefundPartRow = Selectable<RefundPartsTable>;
export type RefundDrawRow = Selectable<RefundDrawsTable>;
type Tenant = Pick<Caller, 'platformId' | 'environment'>;

const lockTransfersQuery = compiledOnce((db: Db, { ids }: { ids: string[] }) =>
  db.selectFrom('transfers').selectAll().where('payment_id', '=', (eb) => eb.fn.any(eb.val(ids))).orderBy('payment_id').orderBy('position').orderBy('created_at').orderBy('id').forUpdate(),
);

/** A payment's routing, its parties' own transfers and the reversal transfers of its failed refunds (in the order they were made). */
export interface Money {
  parties: PartyRow[];
  transfers: TransferRow[];
  reversals: TransferRow[];
}

/** The money of these payments (SharedTransactions locks the payments of a batch of refunds with theirs), each payment's transfers locked against a payout taking them meanwhile. */
function moneyLocked(trx: Db, paymentIds: string[]): RowsRead<Map<string, Money>> {
  const transfers = readOf(lockTransfersQuery.statement(trx, { ids: paymentIds }), (rows) => rows);
  return mapRead(bothOf(partiesRead(trx, paymentIds), transfers), ([parties, transferRows]) => {
    const money = new Map<string, Money>(paymentIds.map((id) => [id, { parties: parties.get(id)!, transfers: [], reversals: [] }]));
    for (const transfer of transferRows) {
      const of = money.get(transfer.payment_id)!;
      (transfer.reverses_refund_id === null ? of.transfers : of.reversals).push(transfer);
    }
    return money;
  });
}

/** A payment locked with its money, for a refund. */
export interface PaymentWithMoney {
  payment: PaymentRow;
  money: Money;
}

/** Refunds asked for in one turn, in one transaction (SharedTransactions): their payments locked with their money, three statements in one round trip. */
export function refundChanges(db: Kysely<Tables>): SharedTransactions<PaymentWithMoney> {
  return new SharedTransactions(db, (trx, ids) =>
    mapRead(bothOf(paymentsLocked(trx, ids), moneyLocked(trx, ids)), ([payments, money]) => new Map([...payments].map(([id, payment]) => [id, { payment, money: money.get(id)! }]))),
  );
}

/** A payment's money, locked. */
export async function lockMoneyOf(trx: Db, paymentId: string): Promise<Money> {
  return (await readTogether(trx, moneyLocked(trx, [paymentId]))).get(paymentId)!;
}

/**
 * What a refund takes off one transfer: net money and fee off a waiting transfer, or net money
 * received back from the party once the transfer was paid out (fee then 0: it stays as paid out).
 */
export interface TransferTake {
  net: number;
  fee: number;
  fromCreditor: boolean;
}

/** What a refund part does to its party and its own transfer: less refundable; a smaller transfer, or more received back (with a shared transaction's others: writeTogether). */
export async function applyPart(trx: Db, paymentId: string, position: number, amount: number, take: TransferTake): Promise<void> {
  await writeTogether(trx, partTakes, [{ payment_id: paymentId, position, amount, take }]);
}

type PartTake = { payment_id: string; position: number; amount: number; take: TransferTake };

/**
 * Parts written together, in one statement: each party's and own transfer's takes summed first
 * (an update changes a row once, whatever else it matches).
 */
const partTakes: Collector<PartTake> = {
  rank: 1.5,
  async flush(trx, parts) {
    const summed = new Map<string, { payment_id: string; position: number; amount: number; less: number; less_fee: number; returned: number }>();
    for (const { payment_id, position, amount, take } of parts) {
      const key = `${payment_id}/${position}`;
      const sum = summed.get(key) ?? { payment_id, position, amount: 0, less: 0, less_fee: 0, returned: 0 };
      sum.amount += amount;
      if (take.fromCreditor) sum.returned += take.net;
      else {
        sum.less += take.net;
        sum.less_fee += take.fee;
      }
      summed.set(key, sum);
    }
    await trx.executeQuery(CompiledQuery.raw(APPLY_PARTS, [rowsJson([...summed.values()])]));
  },
};

const APPLY_PARTS = `with take as ${jsonTable('$1', { columns: 'payment_id text, position int, amount bigint, less bigint, less_fee bigint, returned bigint' })},
  party as (update payment_parties set refundable_amount = refundable_amount - take.amount from take where payment_parties.payment_id = take.payment_id and payment_parties.position = take.position)
  update transfers set amount_minor = amount_minor - take.less, fee_minor = fee_minor - take.less_fee, returned_minor = returned_minor + take.returned
  from take where transfers.payment_id = take.payment_id and transfers.position = take.position and transfers.reverses_refund_id is null`;

/** What a refund part draws from a reversal transfer: a smaller reversal, or more received back from it. */
export async function applyDraw(trx: Db, transferId: string, take: TransferTake): Promise<void> {
  const transfer = trx.updateTable('transfers').where('id', '=', transferId);
  if (take.fromCreditor) await transfer.set((eb) => ({ returned_minor: eb('returned_minor', '+', take.net) })).execute();
  else await transfer.set((eb) => ({ amount_minor: eb('amount_minor', '-', take.net), fee_minor: eb('fee_minor', '-', take.fee) })).execute();
}

export async function drawsOf(db: Db, refundId: string): Promise<RefundDrawRow[]> {
  return db.selectFrom('refund_draws').selectAll().where('refund_id', '=', refundId).orderBy('position').orderBy('transfer_id').execute();
}

/** The refund with its parts and draws; in a shared transaction with its other refunds (writeTogether), the refunds and parts of all in one statement. */
export async function insertRefund(trx: Db, refund: Insertable<RefundsTable>, parts: Insertable<RefundPartsTable>[], draws: Insertable<RefundDrawsTable>[]): Promise<void> {
  await writeTogether(trx, refundInserts, [{ refund, parts, draws }]);
}

const insertRefundsQuery = compiledOnce((trx: Db, { refunds, parts }: { refunds: Insertable<RefundsTable>[]; parts: Insertable<RefundPartsTable>[] }) =>
  trx
    .with('refund', (db) => db.insertInto('refunds').values(refunds).returning('id'))
    .insertInto('refund_parts')
    .values(parts),
);

const refundInserts: Collector<{ refund: Insertable<RefundsTable>; parts: Insertable<RefundPartsTable>[]; draws: Insertable<RefundDrawsTable>[] }> = {
  rank: 1.5,
  async flush(trx, refunds) {
    await insertRefundsQuery(trx, { refunds: refunds.map(({ refund }) => refund), parts: refunds.flatMap(({ parts }) => parts) });
    const draws = refunds.flatMap((each) => each.draws);
    if (draws.length > 0) await trx.insertInto('refund_draws').values(draws).execute();
  },
};

export async function findRefund(db: Db, tenant: Tenant, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('environment', '=', tenant.environment).where('platform_id', '=', tenant.platformId).where('id', '=', id).executeTakeFirst();
}

export async function refundById(db: Db, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockRefund(trx: Db, id: string): Promise<RefundRow | undefined> {
  return trx.selectFrom('refunds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function completeRefund(trx: Db, id: string, at: Date, processorReference: string | null): Promise<void> {
  await trx.updateTable('refunds').set({ status: 'completed', completed_at: at, processor_reference: processorReference }).where('id', '=', id).execute();
}

export async function failRefund(trx: Db, id: string, reason: string | null, processorReference: string | null): Promise<void> {
  await trx.updateTable('refunds').set({ status: 'failed', completed_at: null, failure_reason: reason, processor_reference: processorReference }).where('id', '=', id).execute();
}

export async function setRefundProcessorReference(trx: Db, id: string, processorReference: string): Promise<void> {
  await writeTogether(trx, processorReferences, [{ id, processor_reference: processorReference }]);
}

/** The partner's references of refunds sent together (a lease's answers), in one statement. */
const processorReferences: Collector<{ id: string; processor_reference: string }> = {
  rank: 1,
  async flush(trx, references) {
    await trx.executeQuery(CompiledQuery.raw(SET_PROCESSOR_REFERENCES, [rowsJson(references)]));
  },
};

const SET_PROCESSOR_REFERENCES = `update refunds set processor_reference = sent.processor_reference
  from ${jsonTable('$1', { columns: 'id text, processor_reference text' })} as sent
  where refunds.id = sent.id and refunds.processor_reference is null`;

/** Refunds to send, with what the processor needs of their payments: the partner that took it, the method, and the partner's reference of it; in the ids' order. */
export async function refundsToSend(db: Db, ids: string[]) {
  const rows = await db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select(['refunds.id', 'refunds.status', 'refunds.environment', 'refunds.platform_id', 'refunds.amount_minor', 'refunds.currency', 'payments.processor', 'payments.selected_method', 'payments.processor_reference'])
    .where('refunds.id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .execute();
  return inOrderOf(ids, rows, (row) => row.id);
}

/** The refund a processor's notification is about, locked: by our id when the processor echoes it, else by its reference. */
export async function lockRefundNotified(trx: Db, reference: string | null, processorReference: string): Promise<RefundRow | undefined> {
  return trx
    .selectFrom('refunds')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', reference ?? ''), eb('processor_reference', '=', processorReference)]))
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Where a failed refund's part goes back: to the payout it was received back from (less received
 * back from it), to its party's waiting transfer, or, its transfer having left in a payout since,
 * to the party's refundable amount only (a reversal transfer carries the money).
 */
export type RestoredTo = 'payout' | 'waiting_transfer' | 'party_only';

/** A failed refund's part given back to its party: refundable again, and what it took off the party's own transfer where `to` says. */
export async function restorePart(trx: Db, paymentId: string, position: number, amount: number, taken: TransferTake, to: RestoredTo): Promise<void> {
  const party = (db: Pick<Db, 'updateTable'>) =>
    db
      .updateTable('payment_parties')
      .set((eb) => ({ refundable_amount: eb('refundable_amount', '+', amount) }))
      .where('payment_id', '=', paymentId)
      .where('position', '=', position);
  if (to === 'party_only') return void (await party(trx).execute());
  const transfer = trx
    .with('party', (db) => party(db).returning('position'))
    .updateTable('transfers')
    .where('payment_id', '=', paymentId)
    .where('position', '=', position)
    .where('reverses_refund_id', 'is', null);
  await giveBack(transfer, taken, to);
}

/** What a failed refund had drawn from a reversal transfer, given back where `to` says (party_only: nothing to write here). */
export async function restoreDraw(trx: Db, transferId: string, taken: TransferTake, to: RestoredTo): Promise<void> {
  if (to !== 'party_only') await giveBack(trx.updateTable('transfers').where('id', '=', transferId), taken, to);
}

/**
 * Money given back to a transfer: less received back while it is in the payout it came from, else
 * back on the waiting transfer (a take received back from a payout the bank sent back since has fee 0:
 * that fee was never taken off).
 */
async function giveBack(transfer: UpdateQueryBuilder<Tables, 'transfers', 'transfers', UpdateResult>, taken: TransferTake, to: Exclude<RestoredTo, 'party_only'>): Promise<void> {
  if (to === 'payout') await transfer.set((eb) => ({ returned_minor: eb('returned_minor', '-', taken.net) })).execute();
  else await transfer.set((eb) => ({ amount_minor: eb('amount_minor', '+', taken.net), fee_minor: eb('fee_minor', '+', taken.fee) })).execute();
}

export async function partsOf(db: Db, refundIds: string[]): Promise<RefundPartRow[]> {
  if (refundIds.length === 0) return [];
  return db.selectFrom('refund_parts').selectAll().where('refund_id', 'in', refundIds).orderBy('refund_id').orderBy('position').execute();
}

export async function listRefunds(db: Db, tenant: Tenant, paymentId: string | undefined, limit: number, after: Keyset | undefined): Promise<RefundRow[]> {
  let query = db.selectFrom('refunds').selectAll().where('environment', '=', tenant.environment).where('platform_id', '=', tenant.platformId).where(afterKeyset(after));
  if (paymentId) query = query.where('payment_id', '=', paymentId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
