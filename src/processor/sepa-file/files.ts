import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { Environment, PayoutSettings } from '../../core/config.js';
import type { Db, PayoutFilesTable, Tables } from '../../core/db.js';
import { scheduleJob } from '../../core/jobs.js';
import { newMessageId, payoutRemittance, writePain001 } from '../../payouts/sepa-file/pain001.js';
import type { PayoutDebtor } from '../../payouts/sepa-file/config.js';
import type { PayoutRun } from '../boundary.js';

/** Writes a claimed file's XML (subject: the file's id, its message id). */
export const PAYOUT_FILE_JOB = 'sepa_file.write';

/** SEPA Credit Transfer pays euros only. */
export const SEPA_CURRENCY = 'EUR';

/** A file as listed: everything but its XML. */
export type PayoutFileSummary = Omit<Selectable<PayoutFilesTable>, 'content'>;

/**
 * The pain.001 files of the sepa_file rail. A cut-off's payouts are claimed into one file row in
 * the cut-off's own transaction; the job writes its XML after that commits, from the claim alone
 * (same message id, same creation time, same payouts), so a crash before or while writing it
 * writes that same file again, never a second one. The XML is kept sealed at rest and, when
 * PAYOUT_FILES_DIR is set, a live file is also put there whole (a temporary name, then a rename);
 * a sandbox file only in SANDBOX_PAYOUT_FILES_DIR.
 */
export class PayoutFiles {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly settings: PayoutSettings,
  ) {}

  private get debtor(): PayoutDebtor {
    if (!this.settings.debtor) throw new Error('the sepa_file payout rail needs PAYOUT_DEBTOR_NAME and PAYOUT_DEBTOR_IBAN');
    return this.settings.debtor;
  }

  async claim(trx: Db, run: PayoutRun): Promise<void> {
    const payouts = run.payouts.filter((payout) => payout.currency === SEPA_CURRENCY);
    if (payouts.length === 0) return;
    const id = newMessageId();
    const controlSum = payouts.reduce((sum, payout) => sum + payout.amountMinor, 0);
    await trx
      .insertInto('payout_files')
      .values({ id, environment: run.environment, created_at: run.at, payout_count: payouts.length, control_sum_minor: controlSum, currency: SEPA_CURRENCY, content: null, written_at: null })
      .execute();
    await trx
      .insertInto('payout_file_items')
      .values(
        payouts.map((payout) => ({
          payout_id: payout.reference,
          file_id: id,
          amount_minor: payout.amountMinor,
          currency: payout.currency,
          creditor_name: payout.creditor.name,
          creditor_iban: payout.creditor.iban,
          remittance: payoutRemittance(payout.reference, payout.platformName),
        })),
      )
      .execute();
    await scheduleJob(trx, { environment: run.environment, platformId: run.platformId, kind: PAYOUT_FILE_JOB, subjectId: id, dueAt: run.at }, run.at);
  }

  /** The job: the claimed file's XML, kept and put in its environment's folder; a file written already is left as it is. */
  async write(trx: Db, fileId: string, at: Date): Promise<void> {
    const file = await trx.selectFrom('payout_files').selectAll().where('id', '=', fileId).forUpdate().executeTakeFirst();
    if (!file || file.written_at) return;
    const items = await trx.selectFrom('payout_file_items').selectAll().where('file_id', '=', fileId).orderBy('payout_id').execute();
    const xml = writePain001({
      messageId: file.id,
      createdAt: file.created_at,
      debtor: this.debtor,
      requestedExecutionDate: file.created_at.toISOString().slice(0, 10),
      payments: items.map((item) => ({ endToEndId: item.payout_id, amountMinor: item.amount_minor, currency: item.currency, creditorName: item.creditor_name, creditorIban: item.creditor_iban, remittance: item.remittance })),
    });
    // Put in the folder before the row says written: a crash between puts the same bytes there again.
    const folder = this.folderOf(file.environment);
    if (folder) await putWhole(folder, fileName(file.id), xml);
    await trx.updateTable('payout_files').set({ content: xml, written_at: at }).where('id', '=', fileId).execute();
  }

  /**
   * Where an environment's files are put: the live ones in PAYOUT_FILES_DIR, for the bank client;
   * the sandbox's apart (SANDBOX_PAYOUT_FILES_DIR, or nowhere), as the bank would pay them with real
   * money from the same debtor account.
   */
  private folderOf(environment: Environment): string | undefined {
    return environment === 'live' ? this.settings.filesDir : this.settings.sandboxFilesDir;
  }

  /** The files, newest first, optionally of one environment. */
  async list(options: { environment?: Environment | undefined; limit: number }): Promise<PayoutFileSummary[]> {
    let query = this.db.selectFrom('payout_files').select(['id', 'environment', 'created_at', 'payout_count', 'control_sum_minor', 'currency', 'written_at']);
    if (options.environment) query = query.where('environment', '=', options.environment);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  }

  /** A written file's XML; undefined when there is no such file or it is not written yet. */
  async content(id: string): Promise<{ name: string; xml: string } | undefined> {
    const file = await this.db.selectFrom('payout_files').select(['id', 'content']).where('id', '=', id).executeTakeFirst();
    return file?.content ? { name: fileName(file.id), xml: file.content } : undefined;
  }
}

export function fileName(messageId: string): string {
  return `pain.001-${messageId}.xml`;
}

/** Writes `text` as `dir/name` whole or not at all: a bank client picking files up never reads half of one. */
export async function putWhole(dir: string, name: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const draft = path.join(dir, `.${name}.${process.pid}.part`);
  await writeFile(draft, text, { mode: 0o600 });
  await rename(draft, path.join(dir, name));
}
