import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { EnvironmentClock } from '../../core/clock.js';
import type { PayoutSettings } from '../../core/config.js';
import type { Tables } from '../../core/db.js';
import type { JobRunner } from '../../core/jobs.js';
import { PollingLoop } from '../../core/polling-loop.js';
import type { PayoutProvider } from '../boundary.js';
import type { AdapterFactory } from '../registry.js';
import { PAYOUT_FILE_JOB, PayoutFiles, SEPA_CURRENCY } from './files.js';
import { BankStatements } from './statements.js';

/** How often BANK_STATEMENTS_DIR is looked at. */
const STATEMENTS_POLL_MS = 5_000;
/** Where a statement read from BANK_STATEMENTS_DIR is moved (a file that is not a statement: `refused`). */
const IMPORTED = 'imported';
const REFUSED = 'refused';

/**
 * The payout rail of SEPA credit-transfer files: each cut-off's EUR payouts go in one pain.001 file
 * for the operator's bank (src/processor/sepa-file/files.ts); a payout answers pending, and ends as
 * the bank's camt.053 statement reports it (statements.ts). Only accounts with a known bank account
 * are paid: the platform's share waits for the platform's payout account.
 */
export function sepaFileAdapter(db: Kysely<Tables>, settings: PayoutSettings, clock: EnvironmentClock, log: FastifyBaseLogger) {
  const files = new PayoutFiles(db, settings);
  const statements = new BankStatements(db, clock);
  const rail: PayoutProvider = {
    needsBankAccounts: true,
    currencies: [SEPA_CURRENCY],
    claimRun: (trx, run) => files.claim(trx, run),
    // The payout is in its cut-off's file already: the bank reports it by its EndToEndId, our id.
    payOut: async (request) => ({ processorReference: request.reference }),
  };
  const factory: AdapterFactory = () => ({ name: 'sepa_file', payouts: rail });
  const watcher = settings.statementsDir ? new PollingLoop(() => importDropped(settings.statementsDir!, statements, log), STATEMENTS_POLL_MS, log, 'bank statements folder') : undefined;
  return {
    factory,
    files,
    statements,
    schedule(jobs: JobRunner): void {
      jobs.register(PAYOUT_FILE_JOB, (trx, fileId, at) => files.write(trx, fileId, at));
    },
    /** Starts reading BANK_STATEMENTS_DIR, when set. */
    start(): void {
      watcher?.start();
    },
    async stop(): Promise<void> {
      await watcher?.stop();
    },
  };
}

export type SepaFileAdapter = ReturnType<typeof sepaFileAdapter>;

/**
 * Imports each statement dropped in `dir` and moves it aside (into `imported`, or `refused` when it
 * is not a statement). Another process reading the folder too may take a file first: the statement
 * is then imported once all the same (recorded once), and the file gone is skipped.
 */
async function importDropped(dir: string, statements: BankStatements, log: FastifyBaseLogger): Promise<void> {
  const names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => entry.name);
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    const text = await readFile(file, 'utf8').catch(unlessGone);
    if (text === undefined) continue;
    let aside = IMPORTED;
    try {
      const result = await statements.import(text, 'directory');
      log.info({ file: name, ...result }, 'bank statement imported');
    } catch (error) {
      if (!isNotAStatement(error)) throw error;
      aside = REFUSED;
      log.warn({ file: name, problem: (error as Error).message }, 'bank statement refused');
    }
    await mkdir(path.join(dir, aside), { recursive: true });
    await rename(file, path.join(dir, aside, name)).catch(unlessGone);
  }
}

function unlessGone(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}

export function isNotAStatement(error: unknown): boolean {
  return error instanceof Error && (error.name === 'StatementError' || error.name === 'XmlFileError');
}
