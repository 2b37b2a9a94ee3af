import type { Environment } from '../core/config.js';
import type { Db } from '../core/db.js';
import type { EntryDraft } from './postings.js';

/** What every entry of one movement shares: whose money, in which currency, about which objects. */
export interface EntryContext {
  environment: Environment;
  platformId: string;
  currency: string;
  paymentId?: string;
  refundId?: string;
  payoutId?: string;
  at: Date;
}

/** Writes entries in the caller's transaction; the database refuses to commit one that does not balance. */
export async function postEntries(trx: Db, context: EntryContext, entries: EntryDraft[]): Promise<void> {
  if (entries.length === 0) return;
  const inserted = await trx
    .insertInto('ledger_entries')
    .values(
      entries.map((entry) => ({
        environment: context.environment,
        platform_id: context.platformId,
        kind: entry.kind,
        currency: context.currency,
        payment_id: context.paymentId ?? null,
        refund_id: context.refundId ?? null,
        payout_id: context.payoutId ?? null,
        transfer_id: entry.transferId ?? null,
        created_at: context.at,
      })),
    )
    .returning('id')
    .execute();
  // Identity values are drawn row by row in the order of the VALUES list, so ascending ids match the entries.
  const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
  const { environment, platformId, currency } = context;
  await trx
    .insertInto('ledger_lines')
    .values(entries.flatMap((entry, i) => entry.postings.map((posting) => ({ entry_id: ids[i]!, environment, platform_id: platformId, currency, account: posting.account, amount_minor: posting.amount }))))
    .execute();
}

export interface Balance {
  account: string;
  currency: string;
  balance: number;
}

/** Every account's balance of a platform in an environment, derived from the entries. */
export async function balances(db: Db, environment: Environment, platformId: string): Promise<Balance[]> {
  const rows = await db
    .selectFrom('ledger_lines')
    .select(['account', 'currency', (eb) => eb.fn.sum<string | number>('amount_minor').as('balance')])
    .where('environment', '=', environment)
    .where('platform_id', '=', platformId)
    .groupBy(['account', 'currency'])
    .orderBy('account')
    .execute();
  return rows.map((row) => ({ account: row.account, currency: row.currency, balance: Number(row.balance) }));
}
