import type { Insertable, Selectable } from 'kysely';
import type { ChargebacksTable, Db } from '../core/db.js';

export type ChargebackRow = Selectable<ChargebacksTable>;

/** The chargeback, unless the processor's event of it was recorded already: answers whether it is new. */
export async function insertChargeback(trx: Db, row: Insertable<ChargebacksTable>): Promise<boolean> {
  const inserted = await trx
    .insertInto('chargebacks')
    .values(row)
    .onConflict((conflict) => conflict.columns(['processor', 'processor_reference', 'stage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setChargebackRefund(trx: Db, id: string, refundId: string): Promise<void> {
  await trx.updateTable('chargebacks').set({ refund_id: refundId }).where('id', '=', id).execute();
}

/** A payment's chargebacks, oldest first. */
export async function chargebacksOf(db: Db, paymentId: string): Promise<ChargebackRow[]> {
  return db.selectFrom('chargebacks').selectAll().where('payment_id', '=', paymentId).orderBy('created_at').orderBy('id').execute();
}
