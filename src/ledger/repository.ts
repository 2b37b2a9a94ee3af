import type { Environment } from '../core/config.js';
import { CompiledQuery } from 'kysely';
import type { Db, LedgerEntriesTable, LedgerLinesTable } from '../core/db.js';
import { rowsJson, type EveryColumn } from '../core/json-rows.js';
import { writeTogether, type Collector } from '../core/shared-transactions.js';
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

const ENTRY_COLUMNS = ['environment', 'platform_id', 'kind', 'currency', 'payment_id', 'refund_id', 'payout_id', 'transfer_id', 'created_at'] as const satisfies readonly (keyof LedgerEntriesTable)[];
const LINE_COLUMNS = ['environment', 'platform_id', 'currency', 'account', 'amount_minor'] as const satisfies readonly (keyof LedgerLinesTable)[];
true satisfies EveryColumn<LedgerEntriesTable, typeof ENTRY_COLUMNS, 'id'>;
true satisfies EveryColumn<LedgerLinesTable, typeof LINE_COLUMNS, 'entry_id'>;

/**
 * The entries and their lines in one statement. A line names its entry by position (1 for the
 * first); identity values are drawn row by row in the order the entries are inserted, so the
 * entries' ids in ascending order are theirs in that order.
 */
const POST_ENTRIES = `with entry as (
  insert into ledger_entries (${ENTRY_COLUMNS.join(', ')}) select ${ENTRY_COLUMNS.join(', ')}
  from json_populate_recordset(null::ledger_entries, $1::text::json) with ordinality order by ordinality returning id
), numbered as (select id, row_number() over (order by id) as position from entry)
insert into ledger_lines (entry_id, ${LINE_COLUMNS.join(', ')}) select numbered.id, ${LINE_COLUMNS.map((column) => `line.${column}`).join(', ')}
from json_populate_recordset(null::ledger_lines, $2::text::json) as line join numbered on numbered.position = line.entry_id`;

/** Writes entries in the caller's transaction (with those of a shared one's other changes: writeTogether); the database refuses to commit one that does not balance. */
export async function postEntries(trx: Db, context: EntryContext, entries: EntryDraft[]): Promise<void> {
  if (entries.length === 0) return;
  const { environment, platformId, currency } = context;
  const rows = entries.map((entry) => ({
    environment,
    platform_id: platformId,
    kind: entry.kind,
    currency,
    payment_id: context.paymentId ?? null,
    refund_id: context.refundId ?? null,
    payout_id: context.payoutId ?? null,
    transfer_id: entry.transferId ?? null,
    created_at: context.at,
  }));
  const lines = entries.flatMap((entry, index) =>
    entry.postings.map((posting) => ({ entry_id: index + 1, environment, platform_id: platformId, currency, account: posting.account, amount_minor: posting.amount })),
  );
  await writeTogether(trx, ledgerWrites, [{ rows, lines }]);
}

type Movement = { rows: object[]; lines: { entry_id: number }[] };

/** Movements written together: each line's entry position moved past the entries of the movements before it. */
const ledgerWrites: Collector<Movement> = {
  rank: 2,
  async flush(trx, movements) {
    let before = 0;
    const lines = movements.flatMap((movement) => {
      const moved = movement.lines.map((line) => ({ ...line, entry_id: line.entry_id + before }));
      before += movement.rows.length;
      return moved;
    });
    await trx.executeQuery(CompiledQuery.raw(POST_ENTRIES, [rowsJson(movements.flatMap((movement) => movement.rows)), rowsJson(lines)]));
  },
};

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
