import { readFile, writeFile } from 'node:fs/promises';
import type { Environment } from '../core/config.js';
import type { PayoutFiles } from '../processor/sepa-file/files.js';
import type { BankStatements } from '../processor/sepa-file/statements.js';
import { parseCommandArgs, runSubcommand, type Command } from './command.js';
import { CliFailure, UsageError, type CliContext } from './context.js';
import { withDatabase } from './database.js';
import { money, table } from './format.js';

type Rail = { files: PayoutFiles; statements: BankStatements };

/** Works with the sepa_file rail's files and statements on the database itself (modules loaded when a subcommand runs, see withDatabase). */
async function onRail<T>(work: (rail: Rail) => Promise<T>): Promise<T> {
  const [{ PayoutFiles: Files }, { BankStatements: Statements }, { EnvironmentClock, systemClock }] = await Promise.all([
    import('../processor/sepa-file/files.js'),
    import('../processor/sepa-file/statements.js'),
    import('../core/clock.js'),
  ]);
  return withDatabase(async (database, config) => {
    const clock = new EnvironmentClock(systemClock);
    await clock.start(database);
    try {
      return await work({ files: new Files(database.db, config.payouts), statements: new Statements(database.db, clock) });
    } finally {
      await clock.stop();
    }
  });
}

function limitOf(value: string | undefined): number {
  const limit = Number(value ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be a whole number from 1 to 1000');
  return limit;
}

async function list(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs(args, { environment: { type: 'string' }, limit: { type: 'string' } }, { min: 0, max: 0 });
  if (values.environment !== undefined && !['sandbox', 'live'].includes(values.environment)) throw new UsageError('--environment must be sandbox or live');
  const limit = limitOf(values.limit);
  const files = await onRail((rail) => rail.files.list({ environment: values.environment as Environment | undefined, limit }));
  context.output(files, () =>
    table(files, [
      { header: 'FILE', value: (file) => file.id },
      { header: 'ENVIRONMENT', value: (file) => file.environment },
      { header: 'CREATED', value: (file) => file.created_at.toISOString() },
      { header: 'PAYOUTS', value: (file) => file.payout_count },
      { header: 'SUM', value: (file) => money(file.control_sum_minor, file.currency), right: true },
      { header: 'STATUS', value: (file) => (file.written_at ? 'written' : 'pending') },
    ]),
  );
  return 0;
}

async function download(args: string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { output: { type: 'string', short: 'o' } }, { min: 1, max: 1 });
  const file = await onRail((rail) => rail.files.content(positionals[0]!));
  if (!file) throw new CliFailure(`No written payout file ${positionals[0]} (see \`payout-files list\`)`);
  const target = values.output ?? file.name;
  await writeFile(target, file.xml, { mode: 0o600 });
  context.print(`Wrote ${target}`);
  return 0;
}

/** The operator's pain.001 files (README, "Paying merchants out by SEPA Credit Transfer"); on the database itself. */
export const payoutFilesCommand: Command = {
  name: 'payout-files',
  summary: 'List and download the pain.001 payout files for the bank (SEPA credit transfers)',
  usage: `Usage:
  payments payout-files list [--environment sandbox|live] [--limit N]
      The files written at the cut-offs, newest first: message id, payouts, control sum, status
      (pending: claimed, its XML about to be written).
  payments payout-files download FILE_ID [--output PATH]
      Writes the file's XML (default: pain.001-FILE_ID.xml in this folder), to upload to the bank.

Opens the database itself (DATABASE_URL or DATA_DIR, .env read), as \`clients\` does.`,
  run: (args, context) => runSubcommand(args, context, { list, download }),
};

async function importStatements(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 100 });
  const texts = await Promise.all(positionals.map(async (name) => ({ name, xml: await readFile(name, 'utf8') })));
  const { isNotAStatement } = await import('../processor/sepa-file/index.js');
  let failed = false;
  await onRail(async ({ statements }) => {
    for (const { name, xml } of texts) {
      try {
        const result = await statements.import(xml, 'cli');
        context.output(result, () => `${name}: ${result.duplicate ? 'imported before, nothing changed' : `${result.entries} entries: ${result.paid} paid, ${result.returned} returned, ${result.exceptions} kept as exceptions`}`);
      } catch (error) {
        if (!isNotAStatement(error)) throw error;
        failed = true;
        context.printError(`${name}: ${(error as Error).message}`);
      }
    }
  });
  return failed ? 1 : 0;
}

async function exceptions(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs(args, { limit: { type: 'string' } }, { min: 0, max: 0 });
  const limit = limitOf(values.limit);
  const rows = await onRail((rail) => rail.statements.exceptions(limit));
  context.output(rows, () =>
    table(rows, [
      { header: 'EXCEPTION', value: (row) => row.id },
      { header: 'REASON', value: (row) => row.reason },
      { header: 'END-TO-END ID', value: (row) => row.end_to_end_id },
      { header: 'AMOUNT', value: (row) => `${row.credit_debit === 'DBIT' ? '-' : '+'}${money(row.amount_minor, row.currency)}`, right: true },
      { header: 'BOOKED', value: (row) => row.booking_date },
      { header: 'STATEMENT', value: (row) => row.statement_id },
    ]),
  );
  return 0;
}

/** The bank's camt.053 statements of the operator's account; on the database itself. */
export const bankStatementsCommand: Command = {
  name: 'bank-statements',
  summary: "Import the bank's camt.053 statements (payouts paid or returned), list the entries kept as exceptions",
  usage: `Usage:
  payments bank-statements import FILE...
      Reconciles each statement with the payouts sent by file: booked payouts become paid
      (transfer_completed), returned ones failed (their transfers wait, the payout account is
      refused until changed, payout_failed); other entries are kept as exceptions. The same
      statement again, under any name, changes nothing. The running server applies the outcomes.
  payments bank-statements exceptions [--limit N]
      Entries that matched no payout, or not its amount, newest first.

Opens the database itself (DATABASE_URL or DATA_DIR, .env read), as \`clients\` does.`,
  run: (args, context) => runSubcommand(args, context, { import: importStatements, exceptions }),
};
