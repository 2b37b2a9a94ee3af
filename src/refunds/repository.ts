import type { Insertable, Selectable, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Caller } from '../core/auth.js';
import type { Db, RefundDrawsTable, RefundPartsTable, RefundsTable, Tables } from '../core/db.js';
import { afterKeyset, type Keyset } from '../core/pagination.js';
import { compiledOnce } from '../core/statements.js';
import type { PartyRow, TransferRow } from '../payments/repository.js';

export type RefundRow = Selectable<RefundsTable>;
export type RefundPartRow = Selectable<RefundPartsTable>;
export type RefundDrawRow = Selectable<RefundDrawsTable>;
type Tenant = Pick<Caller, 'platformId' | 'environment'>;

const partiesQuery = compiledOnce((db: Db, { paymentId }: { paymentId: string }) => db.selectFrom('payment_parties').selectAll().where('payment_id', '=', paymentId).orderBy('position'));
const lockTransfersQuery = compiledOnce((db: Db, { paymentId }: { paymentId: string }) =>
  db.selectFrom('transfers').selectAll().where('payment_id', '=', paymentId).orderBy('position').orderBy('created_at').orderBy('id').forUpdate(),
);

/**
 * A payment's routing, its parties' transfers and the reversal transfers of its failed refunds (in
 * the order they were made), all locked against a payout taking them meanwhile.
 */
export async function lockMoneyOf(trx: Db, paymentId: string): Promise<{ parties: PartyRow[]; transfers: TransferRow[]; reversals: TransferRow[] }> {
  const parties = (await partiesQuery(trx, { paymentId })).rows;
  const all = (await lockTransfersQuery(trx, { paymentId })).rows;
  return { parties, transfers: all.filter((row) => row.reverses_refund_id === null), reversals: all.filter((row) => row.reverses_refund_id !== null) };
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

/** What a refund part does to its party and its own transfer, in one statement: less refundable; a smaller transfer, or more received back. */
export async function applyPart(trx: Db, paymentId: string, position: number, amount: number, take: TransferTake): Promise<void> {
  const args = { paymentId, position, amount, net: take.net, fee: take.fee };
  await (take.fromCreditor ? applyPartReceivedQuery(trx, args) : applyPartWaitingQuery(trx, args));
}

interface PartArgs {
  paymentId: string;
  position: number;
  amount: number;
  net: number;
  fee: number;
}

/** The party's refundable amount lowered, and its own transfer to be changed. */
function partTransfer(trx: Db, { paymentId, position, amount }: PartArgs) {
  return trx
    .with('party', (db) =>
      db
        .updateTable('payment_parties')
        .set((eb) => ({ refundable_amount: eb('refundable_amount', '-', amount) }))
        .where('payment_id', '=', paymentId)
        .where('position', '=', position)
        .returning('position'),
    )
    .updateTable('transfers')
    .where('payment_id', '=', paymentId)
    .where('position', '=', position)
    .where('reverses_refund_id', 'is', null);
}

const applyPartReceivedQuery = compiledOnce((db: Db, args: PartArgs) => partTransfer(db, args).set((eb) => ({ returned_minor: eb('returned_minor', '+', args.net) })));
const applyPartWaitingQuery = compiledOnce((db: Db, args: PartArgs) =>
  partTransfer(db, args).set((eb) => ({ amount_minor: eb('amount_minor', '-', args.net), fee_minor: eb('fee_minor', '-', args.fee) })),
);

/** What a refund part draws from a reversal transfer: a smaller reversal, or more received back from it. */
export async function applyDraw(trx: Db, transferId: string, take: TransferTake): Promise<void> {
  const transfer = trx.updateTable('transfers').where('id', '=', transferId);
  if (take.fromCreditor) await transfer.set((eb) => ({ returned_minor: eb('returned_minor', '+', take.net) })).execute();
  else await transfer.set((eb) => ({ amount_minor: eb('amount_minor', '-', take.net), fee_minor: eb('fee_minor', '-', take.fee) })).execute();
}

export async function insertDraws(trx: Db, draws: Insertable<RefundDrawsTable>[]): Promise<void> {
  if (draws.length > 0) await trx.insertInto('refund_draws').values(draws).execute();
}

export async function drawsOf(db: Db, refundId: string): Promise<RefundDrawRow[]> {
  return db.selectFrom('refund_draws').selectAll().where('refund_id', '=', refundId).orderBy('position').orderBy('transfer_id').execute();
}

const insertRefundQuery = compiledOnce((trx: Db, { refund, parts }: { refund: Insertable<RefundsTable>; parts: Insertable<RefundPartsTable>[] }) =>
  trx
    .with('refund', (db) => db.insertInto('refunds').values(refund).returning('id'))
    .insertInto('refund_parts')
    .values(parts),
);

/** The refund and its parts, in one statement. */
export async function insertRefund(trx: Db, refund: Insertable<RefundsTable>, parts: Insertable<RefundPartsTable>[]): Promise<void> {
  await insertRefundQuery(trx, { refund, parts });
}

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
  await trx.updateTable('refunds').set({ processor_reference: processorReference }).where('id', '=', id).where('processor_reference', 'is', null).execute();
}

/** A refund to send, with what the processor needs of its payment: the partner that took it, the method, and the partner's reference of it. */
export async function refundToSend(db: Db, id: string) {
  return db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select(['refunds.id', 'refunds.status', 'refunds.environment', 'refunds.platform_id', 'refunds.amount_minor', 'refunds.currency', 'payments.processor', 'payments.selected_method', 'payments.processor_reference'])
    .where('refunds.id', '=', id)
    .executeTakeFirst();
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
