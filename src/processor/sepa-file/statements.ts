import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { EnvironmentClock } from '../../core/clock.js';
import type { Environment } from '../../core/config.js';
import type { BankStatementExceptionsTable, Db, Tables } from '../../core/db.js';
import type { StatementImportResult } from './schemas.js';
import { newId } from '../../core/ids.js';
import { parseCamt053, type StatementEntry } from '../../payouts/sepa-file/camt053.js';
import { decidedKey, reconcile, type PayoutOutcome, type StatementException } from '../../payouts/sepa-file/reconcile.js';
import type { ProcessorNotification } from '../boundary.js';
import { receiveNotifications } from '../inbox.js';
import { payoutAccounts } from '../../payouts/repository.js';

export type StatementSource = 'api' | 'cli' | 'directory';

export type StatementImport = Static<typeof StatementImportResult>;

/** An exception as listed: without the entry as read (sealed) and its key. */
export type ExceptionSummary = Omit<Selectable<BankStatementExceptionsTable>, 'entry_key' | 'details'>;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** A payout as its file sent it, with its environment and account. */
interface SentByFile {
  payoutId: string;
  amountMinor: number;
  currency: string;
  creditorIban: string;
  environment: Environment;
  platformId: string;
  accountId: string;
}

/**
 * camt.053 statements of the operator's account, reconciled with the payouts sent by file: each
 * booked entry once (its key, digested: it names the account), a payout's outcome as the rail's
 * notification through the inbox (applied by the job runner, like any partner's), an entry that
 * matches nothing or not its payout's amount kept as an exception for the operator.
 */
export class BankStatements {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: EnvironmentClock,
  ) {}

  /** Imports the statement in `xml`; throws StatementError or XmlFileError (nothing kept) for a file that is not one. */
  async import(xml: string, source: StatementSource): Promise<StatementImport> {
    const statement = parseCamt053(xml);
    const accounts = [...new Set(statement.entries.map((entry) => entry.accountIban))].sort();
    const row = { id: newId('bst'), digest: digest(xml), statement_key: digest(`${accounts.join(',')}\n${statement.messageId}`), source, imported_at: this.clock.now('live', null), entries: statement.entries.length, outcomes: 0, exceptions: 0 };
    return this.db.transaction().execute(async (trx) => {
      const stored = await trx.insertInto('bank_statements').values(row).onConflict((conflict) => conflict.doNothing()).returning('id').executeTakeFirst();
      if (!stored) return { statement_id: await this.knownId(trx, row.digest, row.statement_key), duplicate: true, entries: row.entries, paid: 0, returned: 0, exceptions: 0 };
      const result = await this.reconcileEntries(trx, row.id, statement.entries);
      await trx.updateTable('bank_statements').set({ outcomes: result.paid + result.returned, exceptions: result.exceptions }).where('id', '=', row.id).execute();
      return { statement_id: row.id, duplicate: false, entries: row.entries, ...result };
    });
  }

  private async knownId(trx: Db, contentDigest: string, statementKey: string): Promise<string> {
    const known = await trx.selectFrom('bank_statements').select('id').where((eb) => eb.or([eb('digest', '=', contentDigest), eb('statement_key', '=', statementKey)])).executeTakeFirstOrThrow();
    return known.id;
  }

  private async reconcileEntries(trx: Db, statementId: string, entries: StatementEntry[]) {
    const keyed = entries.map((entry) => ({ ...entry, entryKey: digest(entry.entryKey) }));
    const recorded = await this.recordedKeys(trx, keyed.map((entry) => entry.entryKey));
    const sent = await this.sentPayouts(trx, keyed.flatMap((entry) => (entry.endToEndId ? [entry.endToEndId] : [])));
    const { outcomes, exceptions } = reconcile(keyed, [...sent.values()], recorded, await this.decidedBefore(trx, [...sent.keys()]));
    const rows = [
      ...outcomes.map((outcome) => ({ entry_key: outcome.entryKey, statement_id: statementId, payout_id: outcome.payoutId, outcome: outcome.outcome })),
      ...exceptions.map((exception) => ({ entry_key: exception.entry.entryKey, statement_id: statementId, payout_id: null, outcome: 'exception' as const })),
    ];
    if (rows.length > 0) await trx.insertInto('bank_statement_entries').values(rows).execute();
    await this.keepExceptions(trx, statementId, exceptions);
    await this.notify(trx, outcomes, sent);
    return { paid: outcomes.filter((outcome) => outcome.outcome === 'paid').length, returned: outcomes.filter((outcome) => outcome.outcome === 'returned').length, exceptions: exceptions.length };
  }

  private async recordedKeys(trx: Db, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await trx.selectFrom('bank_statement_entries').select('entry_key').where('entry_key', 'in', keys).execute();
    return new Set(rows.map((row) => row.entry_key));
  }

  /** What earlier statements booked for these payouts (paid, returned). */
  private async decidedBefore(trx: Db, payoutIds: string[]): Promise<Set<string>> {
    if (payoutIds.length === 0) return new Set();
    const rows = await trx.selectFrom('bank_statement_entries').select(['payout_id', 'outcome']).where('payout_id', 'in', payoutIds).where('outcome', '<>', 'exception').execute();
    return new Set(rows.map((row) => decidedKey(row.payout_id!, row.outcome as 'paid' | 'returned')));
  }

  /** The payouts sent by file that the entries name: what the file said (amount, creditor IBAN), their environment, platform (whose clock applies their outcome) and account. */
  private async sentPayouts(trx: Db, payoutIds: string[]): Promise<Map<string, SentByFile>> {
    if (payoutIds.length === 0) return new Map();
    const rows = await trx
      .selectFrom('payout_file_items')
      .innerJoin('payout_files', 'payout_files.id', 'payout_file_items.file_id')
      .innerJoin('payouts', 'payouts.id', 'payout_file_items.payout_id')
      .select(['payout_file_items.payout_id', 'payout_file_items.amount_minor', 'payout_file_items.currency', 'payout_file_items.creditor_iban', 'payout_files.environment', 'payouts.platform_id', 'payouts.account_id'])
      .where('payout_file_items.payout_id', 'in', payoutIds)
      .execute();
    return new Map(
      rows.map((row) => [
        row.payout_id,
        { payoutId: row.payout_id, amountMinor: row.amount_minor, currency: row.currency, creditorIban: row.creditor_iban, environment: row.environment, platformId: row.platform_id, accountId: row.account_id },
      ]),
    );
  }

  private async keepExceptions(trx: Db, statementId: string, exceptions: StatementException[]): Promise<void> {
    if (exceptions.length === 0) return;
    const at = this.clock.now('live', null);
    await trx
      .insertInto('bank_statement_exceptions')
      .values(
        exceptions.map(({ entry, reason, expected }) => ({
          id: newId('bsx'),
          statement_id: statementId,
          entry_key: entry.entryKey,
          reason,
          end_to_end_id: entry.endToEndId ?? null,
          amount_minor: entry.amountMinor,
          currency: entry.currency,
          credit_debit: entry.creditDebit,
          booking_date: entry.bookingDate ?? null,
          details: { entry: { ...entry }, expected: expected ?? null },
          created_at: at,
        })),
      )
      .execute();
  }

  /** Each payout's outcome as the rail's notification; a payout paid and returned on the same statement ends returned (its return comes last). */
  private async notify(trx: Db, outcomes: PayoutOutcome[], sent: Map<string, SentByFile>): Promise<void> {
    const last = new Map(outcomes.map((outcome) => [outcome.payoutId, outcome]));
    for (const outcome of last.values()) {
      const payout = sent.get(outcome.payoutId)!;
      const accountRefused = outcome.outcome === 'returned' && (await this.stillPaidTo(trx, payout));
      await receiveNotifications(trx, 'sepa_file', [notificationOf(outcome, accountRefused)], { environment: payout.environment, platformId: payout.platformId }, this.clock.now(payout.environment, payout.platformId));
    }
  }

  /** Whether the account's payout account is still the IBAN the file paid: a return refuses that IBAN, not one the account gave since. */
  private async stillPaidTo(trx: Db, payout: SentByFile): Promise<boolean> {
    const accounts = await payoutAccounts(trx, payout.environment, payout.platformId, [payout.accountId]);
    return accounts.get(payout.accountId)?.iban === payout.creditorIban;
  }

  async exceptions(limit: number): Promise<ExceptionSummary[]> {
    return this.db
      .selectFrom('bank_statement_exceptions')
      .select(['id', 'statement_id', 'reason', 'end_to_end_id', 'amount_minor', 'currency', 'credit_debit', 'booking_date', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}

function notificationOf(outcome: PayoutOutcome, accountRefused: boolean): ProcessorNotification {
  const common = { eventKey: outcome.entryKey, kind: outcome.outcome, object: 'payout' as const, reference: outcome.payoutId, processorReference: outcome.payoutId };
  if (outcome.outcome === 'paid') return { ...common, outcome: 'succeeded' };
  return { ...common, outcome: 'failed', reason: outcome.reason ?? 'returned', accountRefused };
}
