import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { DATABASE, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { ServerProcess } from '../helpers/api-process.js';
import { runScript } from '../helpers/processes.js';
import { generateKey } from '../../src/core/encryption-keys.js';
import { makePayable, payByCard } from '../helpers/money.js';
import { startApplication, step, type StartedApplication } from '../helpers/onboarding.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { dashboardUser } from '../helpers/dashboard.js';
import { schemaErrors } from '../helpers/bank/schemas.js';
import { childrenOf, descend, readXmlTree, type XmlElement } from '../../src/payouts/sepa-file/xml-tree.js';
import { buildCamt053, paidEntry, returnedEntry, type TestStatementEntry } from '../helpers/bank/statement.js';

/**
 * Payouts by SEPA credit-transfer file (SANDBOX_PAYOUT_RAIL=sepa_file), end to end through the HTTP
 * API: the cut-off's pain.001 file (valid against the EPC schema, sums and creditors as the payouts
 * read through the API), the bank's camt.053 statement booking one payout and returning another,
 * the events, the refused payout account, the entries kept as exceptions, the same statement twice,
 * and a crash between claiming a file and recording it written.
 */
const OPERATOR_TOKEN = 'operator-token-for-the-tests-0123456789';
const ENCRYPTION_KEY = generateKey();
const DEBTOR = { PAYOUT_DEBTOR_NAME: 'Zahlungsdienst Müller & Söhne GmbH', PAYOUT_DEBTOR_IBAN: 'DE02 1203 0000 0000 2020 51', PAYOUT_DEBTOR_BIC: 'BYLADEM1001' };
const PLATFORM_IBAN = 'DE75512108001245126199';
const NEW_PLATFORM_IBAN = 'DE12500105170648489890';
const MERCHANT_IBAN = 'DE89370400440532013000'; // what test/helpers/onboarding gives every merchant

/** Twelve hours from now, HH:MM UTC: no daily cut-off falls within the few seconds the tests move the clock. */
function farCutoff(): string {
  const at = new Date(Date.now() + 12 * 3600 * 1000);
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

interface FileTransfer {
  endToEndId: string;
  amount: string;
  creditorName: string;
  creditorIban: string;
  remittance: string;
}

/** What a pain.001 says: its header's sums and each credit transfer. */
function readPain001(text: string) {
  const document = descend(readXmlTree(text, 'pain.001'), 'CstmrCdtTrfInitn')!;
  const at = (element: XmlElement | undefined, ...names: string[]) => descend(element, ...names)?.text;
  const infos = childrenOf(document, 'PmtInf');
  const transfers: FileTransfer[] = infos.flatMap((info) =>
    childrenOf(info, 'CdtTrfTxInf').map((tx) => ({
      endToEndId: at(tx, 'PmtId', 'EndToEndId')!,
      amount: at(tx, 'Amt', 'InstdAmt')!,
      creditorName: at(tx, 'Cdtr', 'Nm')!,
      creditorIban: at(tx, 'CdtrAcct', 'Id', 'IBAN')!,
      remittance: at(tx, 'RmtInf', 'Ustrd')!,
    })),
  );
  return {
    messageId: at(document, 'GrpHdr', 'MsgId'),
    count: at(document, 'GrpHdr', 'NbOfTxs'),
    controlSum: at(document, 'GrpHdr', 'CtrlSum'),
    debtorIban: at(infos[0], 'DbtrAcct', 'Id', 'IBAN'),
    debtorName: at(infos[0], 'Dbtr', 'Nm'),
    transfers,
  };
}

const euros = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

describe('SEPA payout files and bank statements', () => {
  let server: TestServer;
  let platform: TestPlatform;
  let receiver: Receiver;
  let filesDir: string;
  /** The live bank client's folder: a sandbox file must never reach it (the bank would pay it with real money). */
  let bankDir: string;
  let seller: string;
  let application: StartedApplication;
  let statementNumber = 0;

  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(os.tmpdir(), 'payout-files-'));
    bankDir = await mkdtemp(path.join(os.tmpdir(), 'payout-files-bank-'));
    // Jobs run when the sandbox clock moves (POST /simulations/clock/advance): each step is waited for, never slept on.
    server = await startServer({ JOB_WORKER: 'off', SANDBOX_PAYOUT_RAIL: 'sepa_file', ...DEBTOR, PAYOUT_FILES_DIR: bankDir, SANDBOX_PAYOUT_FILES_DIR: filesDir, OPERATOR_TOKEN, PAYOUT_CUTOFF: farCutoff() });
    platform = await server.platform();
    receiver = await startReceiver();
    application = await startApplication(server, platform);
    await makePayable(server, platform, application);
    seller = application.merchantId;
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
    if (bankDir) await rm(bankDir, { recursive: true, force: true });
  });

  const api = async (method: string, pathname: string, body?: unknown, scope?: string) => server.request(method, `/sandbox${pathname}`, { token: await platform.token('sandbox', scope), body });
  const operator = (method: string, pathname: string, options: { raw?: string; token?: string | null } = {}) =>
    server.request(method, `/operator${pathname}`, {
      ...(options.token === null ? {} : { token: options.token ?? OPERATOR_TOKEN }),
      ...(options.raw === undefined ? {} : { raw: options.raw, headers: { 'content-type': 'application/xml' } }),
    });
  /** Runs what is due (the file's writing, the statement's notifications): one second of the sandbox clock. */
  const runDueJobs = async () => expect((await api('POST', '/simulations/clock/advance', { seconds: 1 })).status).toBe(200);
  const runPayouts = async () => {
    const run = await api('POST', '/simulations/payouts/run');
    expect(run.status, run.text).toBe(200);
    await runDueJobs();
    return run.body.data as { id: string; account_id: string; amount_minor: number; status: string; transfers: { transfer_id: string }[] }[];
  };
  const pay = (reference: string) =>
    payByCard(server, platform, {
      amount_minor: 10_000,
      reference,
      urls: { redirect: 'https://shop.example/return', webhook: receiver.url },
      routing: { platform: { amount_minor: 2_000, processing_fee_contribution: 20 }, merchants: [{ type: 'merchant', id: seller, amount_minor: 8_000, processing_fee_contribution: 80 }] },
    });
  const setPlatformAccount = (iban: string) => api('PUT', '/platform/payout-account', { account_number: { type: 'iban', value: iban }, account_owners_name: 'Marktplatz Köln GmbH', currency: 'EUR' });
  const statement = (entries: TestStatementEntry[], messageId = `STMT-${++statementNumber}`) =>
    buildCamt053({ messageId, statementId: `${messageId}-1`, createdAt: server.clock.now(), accountIban: 'DE02120300000000202051', bookingDate: server.clock.now().toISOString().slice(0, 10), entries });
  const eventTypes = async (objectId: string) => (await api('GET', `/events?object_id=${objectId}`)).body.data.map((event: { type: string }) => event.type).sort();
  const writtenFiles = async () => (await operator('GET', '/payout-files?environment=sandbox')).body.data as { id: string; payout_count: number; control_sum_minor: number; status: string; _links: { download: { href: string } } }[];

  /** The file of the run: downloaded through the operator API, the same bytes as in SANDBOX_PAYOUT_FILES_DIR (never in the bank's PAYOUT_FILES_DIR), valid against the EPC schema, its sums and creditors the payouts'. */
  async function expectFileOf(payouts: Awaited<ReturnType<typeof runPayouts>>, creditors: Record<string, { name: string; iban: string }>) {
    const file = (await writtenFiles())[0]!;
    expect(file).toMatchObject({ payout_count: payouts.length, control_sum_minor: payouts.reduce((sum, payout) => sum + payout.amount_minor, 0), status: 'written' });
    const downloaded = await server.request('GET', file._links.download.href, { token: OPERATOR_TOKEN });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toContain('application/xml');
    expect(await readFile(path.join(filesDir, `pain.001-${file.id}.xml`), 'utf8')).toBe(downloaded.text);
    expect(await readdir(bankDir)).toEqual([]);
    expect(await schemaErrors(downloaded.text, 'pain.001.001.09')).toEqual([]);
    const pain = readPain001(downloaded.text);
    expect(pain).toMatchObject({ messageId: file.id, count: String(payouts.length), controlSum: euros(file.control_sum_minor), debtorIban: 'DE02120300000000202051', debtorName: 'Zahlungsdienst Mueller + Soehne GmbH' });
    for (const payout of payouts) {
      const read = (await api('GET', `/payouts/${payout.id}`)).body;
      const transfer = pain.transfers.find((candidate) => candidate.endToEndId === payout.id);
      expect(transfer).toEqual({ endToEndId: read.id, amount: euros(read.amount_minor), creditorName: creditors[read.account_id]!.name, creditorIban: creditors[read.account_id]!.iban, remittance: `Payout ${read.id} Test platform` });
    }
    return file;
  }

  it('pays by file at the cut-off, reconciles the statement, and refuses a returned account until it changes', async () => {
    // Until the platform has a payout account its share waits, as a merchant's does without onboarding.
    expect((await api('GET', '/platform/payout-account')).status).toBe(404);
    const first = await pay('order-1');
    const [merchantPayout, ...others] = await runPayouts();
    expect(others).toEqual([]);
    expect(merchantPayout).toMatchObject({ account_id: seller, amount_minor: 8_000 - 132, status: 'in_transit' });
    await expectFileOf([merchantPayout!], { [seller]: { name: 'Ada Lovelace', iban: MERCHANT_IBAN } });

    const set = await setPlatformAccount(PLATFORM_IBAN);
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ account_id: platform.platformId, account_number: { type: 'iban', value: expect.not.stringContaining('1245126') }, account_owners_name: 'Marktplatz Köln GmbH', currency: 'EUR', refused: null });
    const [platformPayout, ...more] = await runPayouts();
    expect(more).toEqual([]);
    expect(platformPayout).toMatchObject({ account_id: platform.platformId, amount_minor: 2_000 - 33, status: 'in_transit' });
    await expectFileOf([platformPayout!], { [platform.platformId]: { name: 'Marktplatz Koeln GmbH', iban: PLATFORM_IBAN } });
    // Nothing is due any more: a run writes no file, and no payout is ever in two files.
    expect(await runPayouts()).toEqual([]);
    expect(await writtenFiles()).toHaveLength(2);

    // The bank books the merchant's payout, returns the platform's (AC04: account closed), and reports two entries of nobody's.
    const bankStatement = statement([
      paidEntry(merchantPayout!, 'BANK-REF-1'),
      returnedEntry(platformPayout!, 'AC04', 'BANK-REF-2'),
      { amountMinor: 1_250, creditDebit: 'DBIT', reference: 'BANK-FEE-1' },
      { amountMinor: merchantPayout!.amount_minor + 1, creditDebit: 'DBIT', endToEndId: merchantPayout!.id, reference: 'BANK-REF-3' },
    ]);
    expect(await schemaErrors(bankStatement, 'camt.053.001.08')).toEqual([]);
    const imported = await operator('POST', '/bank-statements', { raw: bankStatement });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ duplicate: false, entries: 4, paid: 1, returned: 1, exceptions: 2 });
    await runDueJobs();

    expect((await api('GET', `/payouts/${merchantPayout!.id}`)).body).toMatchObject({ status: 'paid', completed_at: expect.any(String) });
    expect((await api('GET', `/payouts/${platformPayout!.id}`)).body).toMatchObject({ status: 'failed' });
    const merchantTransfer = merchantPayout!.transfers[0]!.transfer_id;
    const platformTransfer = platformPayout!.transfers[0]!.transfer_id;
    expect(await eventTypes(merchantTransfer)).toEqual(['transfer_completed', 'transfer_started', 'transfer_updated']);
    expect(await eventTypes(platformTransfer)).toEqual(['transfer_started', 'transfer_updated']);
    const failed = (await api('GET', `/events?object_id=${platformPayout!.id}`)).body.data;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ type: 'payout_failed', data: { payout_id: platformPayout!.id, account_id: platform.platformId, amount_minor: 1_967, currency: 'EUR', reason: 'AC04', payout_account_refused: true, transfer_ids: [platformTransfer] } });
    await eventually(async () => receiver.received.some((entry) => JSON.parse(entry.body).type === 'payout_failed'));
    // The returned transfer waits again: no payout of the payment carries it.
    expect((await api('GET', `/payouts?payment_id=${first}`)).body.data.map((payout: { id: string }) => payout.id)).toEqual([merchantPayout!.id]);
    expect((await api('GET', '/platform/payout-account')).body).toMatchObject({ refused: 'AC04' });

    // Kept for the operator, never guessed: the fee, and the debit of the wrong amount.
    const exceptions = (await operator('GET', '/bank-statement-exceptions')).body.data;
    expect(exceptions.map((exception: { reason: string }) => exception.reason).sort()).toEqual(['amount_differs', 'no_end_to_end_id']);
    expect(exceptions.find((exception: { reason: string }) => exception.reason === 'amount_differs')).toMatchObject({ end_to_end_id: merchantPayout!.id, amount_minor: merchantPayout!.amount_minor + 1, credit_debit: 'DBIT', statement_id: imported.body.statement_id });

    // The same statement again changes nothing: the same file, or its entries re-sent in another statement.
    expect((await operator('POST', '/bank-statements', { raw: bankStatement })).body).toMatchObject({ duplicate: true, statement_id: imported.body.statement_id, paid: 0, returned: 0, exceptions: 0 });
    const resent = await operator('POST', '/bank-statements', { raw: bankStatement.replace(/STMT-1/g, 'STMT-1-COPY') });
    expect(resent.body).toMatchObject({ duplicate: false, paid: 0, returned: 0, exceptions: 0 });
    await runDueJobs();
    expect(await eventTypes(merchantTransfer)).toEqual(['transfer_completed', 'transfer_started', 'transfer_updated']);
    expect((await api('GET', `/events?object_id=${platformPayout!.id}`)).body.data).toHaveLength(1);
    expect((await operator('GET', '/bank-statement-exceptions')).body.data).toHaveLength(2);

    // While refused, the platform's share waits; a new account lets it go, both transfers in one payout.
    const second = await pay('order-2');
    const [onlyMerchant, ...none] = await runPayouts();
    expect(none).toEqual([]);
    expect(onlyMerchant).toMatchObject({ account_id: seller });

    // The dashboard shows the refusal; a viewer cannot change the account, a developer sets a new one there.
    const { client: viewer } = await dashboardUser(server, platform.platformId, 'viewer');
    const seen = await viewer.get('/dashboard/payouts');
    expect(seen.text).toContain('Refused by the bank (AC04)');
    expect(seen.text).not.toContain('action="/dashboard/payouts/payout-account"');
    expect((await viewer.post('/dashboard/payouts/payout-account', { iban: NEW_PLATFORM_IBAN, owner: 'Marktplatz Köln GmbH', currency: 'EUR' })).status).toBe(403);
    const { client: developer } = await dashboardUser(server, platform.platformId, 'developer');
    await developer.get('/dashboard/payouts');
    const wrong = await developer.post('/dashboard/payouts/payout-account', { iban: 'DE00 0000', owner: 'Marktplatz Köln GmbH', currency: 'EUR' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('/account_number/value');
    const saved = await developer.post('/dashboard/payouts/payout-account', { iban: NEW_PLATFORM_IBAN, owner: 'Marktplatz Köln GmbH', currency: 'EUR' });
    expect(saved.status, saved.text).toBe(303);
    const after = await developer.get(saved.location!);
    expect(after.text).toContain('Payout account saved.');
    expect(after.text).not.toContain('Refused by the bank');
    expect((await api('GET', '/platform/payout-account')).body).toMatchObject({ refused: null, account_number: { value: expect.stringMatching(/9890$/) } });
    const [again, ...rest] = await runPayouts();
    expect(rest).toEqual([]);
    expect(again).toMatchObject({ account_id: platform.platformId, amount_minor: 2 * 1_967 });
    expect(again!.transfers.map((transfer) => transfer.transfer_id)).toContain(platformTransfer);
    await expectFileOf([again!], { [platform.platformId]: { name: 'Marktplatz Koeln GmbH', iban: NEW_PLATFORM_IBAN } });
    expect((await api('GET', `/payouts?payment_id=${second}`)).body.data).toHaveLength(2);

    // The merchant's next payout comes back too (AC01: wrong IBAN): its account is refused until the merchant gives another.
    const refused = await operator('POST', '/bank-statements', { raw: statement([returnedEntry(onlyMerchant!, 'AC01', 'BANK-REF-4')]) });
    expect(refused.body).toMatchObject({ returned: 1 });
    await runDueJobs();
    expect((await api('GET', `/payouts/${onlyMerchant!.id}`)).body.status).toBe('failed');
    expect((await viewer.get('/dashboard/payouts')).text).toMatch(/<li>[^<]*: Refused by the bank \(AC01\)/);
    await pay('order-3');
    expect((await runPayouts()).map((payout) => payout.account_id)).toEqual([platform.platformId]);
    const changed = await step(server, application, 'PUT', '/payout-account', { account_number: { type: 'iban', value: 'DE02500105170137075030' }, account_owners_name: 'Ada Lovelace', currency: 'EUR' });
    expect(changed.status, changed.text).toBe(200);
    expect((await viewer.get('/dashboard/payouts')).text).not.toContain('Refused by the bank (AC01)');
    const [merchantAgain, ...nothingElse] = await runPayouts();
    expect(nothingElse).toEqual([]);
    expect(merchantAgain).toMatchObject({ account_id: seller, amount_minor: 2 * (8_000 - 132) });
    await expectFileOf([merchantAgain!], { [seller]: { name: 'Ada Lovelace', iban: 'DE02500105170137075030' } });
    // A return may come on a later statement than the booking: the paid payout fails then.
    await operator('POST', '/bank-statements', { raw: statement([paidEntry(merchantAgain!, 'BANK-REF-5')]) });
    await runDueJobs();
    expect((await api('GET', `/payouts/${merchantAgain!.id}`)).body.status).toBe('paid');
    await operator('POST', '/bank-statements', { raw: statement([returnedEntry(merchantAgain!, 'AC04', 'BANK-REF-6')]) });
    await runDueJobs();
    expect((await api('GET', `/payouts/${merchantAgain!.id}`)).body).toMatchObject({ status: 'failed', completed_at: null });
    expect((await api('GET', `/events?object_id=${merchantAgain!.id}`)).body.data.map((event: { type: string; data: { reason: string } }) => [event.type, event.data.reason])).toEqual([['payout_failed', 'AC04']]);
    expect((await runPayouts()).map((payout) => payout.account_id)).toEqual([]);
    // The application is still succeeded; any other change after submit is still refused.
    expect((await api('GET', `/applications/${application.id}`)).body.status).toBe('succeeded');
    expect((await step(server, application, 'POST', '/confirm-representatives')).status).toBe(409);
  });

  it('writes a creditor named in another script (Cyrillic, Greek) transliterated, and keeps a second debit of a paid payout as an exception', async () => {
    // The merchant's account is refused at the end of the test before: only the platform's share is paid.
    const set = await api('PUT', '/platform/payout-account', { account_number: { type: 'iban', value: PLATFORM_IBAN }, account_owners_name: 'Иван Петров ЕООД Αθήνα', currency: 'EUR' });
    expect(set.status, set.text).toBe(200);
    await pay('order-script');
    const [payout, ...others] = await runPayouts();
    expect(others).toEqual([]);
    expect(payout).toMatchObject({ account_id: platform.platformId, status: 'in_transit' });
    await expectFileOf([payout!], { [platform.platformId]: { name: 'Ivan Petrov EOOD Athina', iban: PLATFORM_IBAN } });

    // The bank debits the payout twice (two bookings, on two statements): the second is the operator's to look at.
    expect((await operator('POST', '/bank-statements', { raw: statement([paidEntry(payout!, 'BANK-REF-TWICE-1')]) })).body).toMatchObject({ paid: 1, exceptions: 0 });
    await runDueJobs();
    expect((await api('GET', `/payouts/${payout!.id}`)).body.status).toBe('paid');
    expect((await operator('POST', '/bank-statements', { raw: statement([paidEntry(payout!, 'BANK-REF-TWICE-2')]) })).body).toMatchObject({ paid: 0, exceptions: 1 });
    const [kept] = (await operator('GET', '/bank-statement-exceptions')).body.data;
    expect(kept).toMatchObject({ reason: 'repeated_for_payout', end_to_end_id: payout!.id, credit_debit: 'DBIT', amount_minor: payout!.amount_minor });
    await runDueJobs();
    expect((await api('GET', `/payouts/${payout!.id}`)).body.status).toBe('paid');
    expect(await eventTypes(payout!.id)).toEqual([]);

    // A return of a payout to an account changed since refuses the old account, not the new one.
    await pay('order-changed');
    const [toOld] = await runPayouts();
    expect((await setPlatformAccount(NEW_PLATFORM_IBAN)).status).toBe(200);
    expect((await operator('POST', '/bank-statements', { raw: statement([returnedEntry(toOld!, 'AC04', 'BANK-REF-OLD')]) })).body).toMatchObject({ returned: 1 });
    await runDueJobs();
    expect((await api('GET', `/payouts/${toOld!.id}`)).body.status).toBe('failed');
    expect((await api('GET', `/events?object_id=${toOld!.id}`)).body.data.map((event: { data: { payout_account_refused: boolean } }) => event.data.payout_account_refused)).toEqual([false]);
    expect((await api('GET', '/platform/payout-account')).body).toMatchObject({ refused: null, account_number: { value: expect.stringMatching(/9890$/) } });
    const [toNew] = await runPayouts();
    expect(toNew).toMatchObject({ account_id: platform.platformId, amount_minor: toOld!.amount_minor });
    await expectFileOf([toNew!], { [platform.platformId]: { name: 'Marktplatz Koeln GmbH', iban: NEW_PLATFORM_IBAN } });
  });

  it('refuses what is not a statement, and what is not the operator', async () => {
    const broken = await operator('POST', '/bank-statements', { raw: '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>' });
    expect(broken.status).toBe(422);
    expect(broken.body.detail).toContain('not a camt.053.001.08 statement');
    expect((await operator('GET', '/payout-files', { token: null })).status).toBe(401);
    expect((await operator('GET', '/payout-files', { token: 'not-the-operator-token-at-all' })).status).toBe(401);
    expect((await operator('GET', '/payout-files/PO01NOSUCHFILE')).status).toBe(404);
    // A platform token is not the operator's.
    expect((await operator('GET', '/payout-files', { token: await platform.token() })).status).toBe(401);
  });

  it("sets the platform's payout account with its scope, naming every bad field", async () => {
    const bad = await api('PUT', '/platform/payout-account', { account_number: { type: 'iban', value: 'DE00123' }, account_owners_name: 'X', currency: 'USD' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(['/account_number/value', '/currency']);
    const readOnly = await server.request('PUT', '/sandbox/platform/payout-account', {
      token: await platform.token('sandbox', 'accounts:read'),
      body: { account_number: { type: 'iban', value: PLATFORM_IBAN }, account_owners_name: 'X', currency: 'EUR' },
    });
    expect(readOnly.status).toBe(403);
    expect((await server.request('GET', '/sandbox/platform/payout-account', { token: await platform.token('sandbox', 'accounts:read') })).status).toBe(200);
    // Each environment has its own: live has none.
    expect((await server.request('GET', '/platform/payout-account', { token: await platform.token('live') })).status).toBe(404);
  });

  it('stops the start with one line naming a missing debtor setting', async () => {
    await expect(startServer({ SANDBOX_PAYOUT_RAIL: 'sepa_file', PAYOUT_DEBTOR_NAME: 'Operator GmbH' })).rejects.toThrow('PAYOUT_DEBTOR_IBAN is missing (the sepa_file payout rail needs it)');
  });
});

describe('a crash between claiming a file and recording it written', () => {
  const store = () => ({ DATA_DIR: dirs.data, ENCRYPTION_KEY, ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}) });
  const env = async (jobWorker: 'on' | 'off') => ({
    ...store(),
    JOB_WORKER: jobWorker,
    SANDBOX_PAYOUT_RAIL: 'sepa_file',
    ...DEBTOR,
    SANDBOX_PAYOUT_FILES_DIR: dirs.files,
    BANK_STATEMENTS_DIR: dirs.statements,
    OPERATOR_TOKEN,
    PAYOUT_CUTOFF: farCutoff(),
  });
  const schema = `payfile_${Date.now().toString(36)}`;
  let dirs: { files: string; statements: string; data: string };
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    const temporary = (prefix: string) => mkdtemp(path.join(os.tmpdir(), prefix));
    dirs = { files: await temporary('payout-files-'), statements: await temporary('bank-statements-'), data: await temporary('payout-data-') };
  });
  afterAll(async () => {
    await server?.stop();
    for (const dir of Object.values(dirs ?? {})) await rm(dir, { recursive: true, force: true });
    if (process.env.TEST_DATABASE_URL) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });

  const operatorFiles = async () => (await server!.request('GET', '/operator/payout-files', { token: OPERATOR_TOKEN })).body.data as { id: string; status: string; payout_count: number }[];
  const folderFiles = async () => (await readdir(dirs.files)).filter((name) => !name.startsWith('.'));

  it('writes the claimed file once after the restart, and reads statements dropped in the folder once', { timeout: 300_000 }, async () => {
    // The first process claims the run's payouts into a file, and is killed before any job writes it.
    server = await ServerProcess.start({ env: await env('off') });
    const sandbox = async (method: string, pathname: string, body?: unknown) => server!.request(method, `/sandbox${pathname}`, { token: await server!.token(), body });
    expect((await sandbox('PUT', '/platform/payout-account', { account_number: { type: 'iban', value: PLATFORM_IBAN }, account_owners_name: 'Marktplatz Köln GmbH', currency: 'EUR' })).status).toBe(200);
    const payment = await payByCard({ request: (method, pathname, options) => server!.request(method, pathname, options), clock: systemClock }, { token: () => server!.token() }, { amount_minor: 5_000 });
    const run = await sandbox('POST', '/simulations/payouts/run');
    expect(run.status, run.text).toBe(200);
    const [payout] = run.body.data;
    expect(payout).toMatchObject({ amount_minor: 5_000 - 95, status: 'in_transit' });
    expect(await operatorFiles()).toMatchObject([{ status: 'pending', payout_count: 1 }]);
    let beforeCrash: string | undefined;
    if (DATABASE === 'postgres') await holdTheRecording(schema);
    // On PostgreSQL the next process writes the file into the folder and is killed while recording it (held by a trigger).
    await server.kill();
    if (DATABASE === 'postgres') {
      server = await ServerProcess.start({ env: await env('on'), after: server });
      const [before] = await eventually(async () => {
        const names = await folderFiles();
        return names.length === 1 && names;
      }, 120_000);
      beforeCrash = await readFile(path.join(dirs.files, before!), 'utf8');
      expect((await operatorFiles())[0]!.status).toBe('pending');
      await server.kill();
      await releaseTheRecording(schema);
    }

    server = await ServerProcess.start({ env: await env('on'), after: server });
    const [file] = await eventually(async () => {
      const files = await operatorFiles();
      return files[0]?.status === 'written' && files;
    }, 120_000);
    expect(await operatorFiles()).toHaveLength(1);
    expect(await folderFiles()).toEqual([`pain.001-${file!.id}.xml`]);
    const written = await readFile(path.join(dirs.files, `pain.001-${file!.id}.xml`), 'utf8');
    if (beforeCrash !== undefined) expect(written).toBe(beforeCrash);
    expect(readPain001(written).transfers.map((transfer) => transfer.endToEndId)).toEqual([payout.id]);
    expect((await server.request('GET', `/operator/payout-files/${file!.id}`, { token: OPERATOR_TOKEN })).text).toBe(written);
    // A run now finds nothing due: no second file for the same payout.
    expect((await sandbox('POST', '/simulations/payouts/run')).body.data).toEqual([]);
    expect(await operatorFiles()).toHaveLength(1);

    // The bank's statement dropped in BANK_STATEMENTS_DIR is read and moved aside; the same one under another name changes nothing.
    const camt = buildCamt053({ messageId: 'DROP-1', statementId: 'DROP-1-1', createdAt: new Date(), accountIban: 'DE02120300000000202051', bookingDate: new Date().toISOString().slice(0, 10), entries: [paidEntry(payout, 'DROP-REF-1')] });
    await writeFile(path.join(dirs.statements, 'statement-1.xml'), camt);
    await eventually(async () => (await sandbox('GET', `/payouts/${payout.id}`)).body.status === 'paid', 120_000);
    expect(await readdir(path.join(dirs.statements, 'imported'))).toEqual(['statement-1.xml']);
    await writeFile(path.join(dirs.statements, 'copy-of-statement.xml'), camt);
    await eventually(async () => (await readdir(path.join(dirs.statements, 'imported'))).length === 2, 120_000);
    expect(await readdir(dirs.statements)).toEqual(['imported']);
    const transferId = payout.transfers[0].transfer_id;
    const completed = (await sandbox('GET', `/events?object_id=${transferId}`)).body.data.filter((event: { type: string }) => event.type === 'transfer_completed');
    expect(completed).toHaveLength(1);
    expect(completed[0].data).toMatchObject({ payout_id: payout.id, payment_id: payment });

    // The operator's CLI, on the database itself (the embedded one is the server's alone while it runs).
    await server.kill();
    const cli = async (...args: string[]) => {
      const proc = runScript('src/cli/main.ts', args, { ...store(), PAYMENTS_CONFIG: path.join(dirs.data, 'none.json') }, dirs.files);
      return { code: await proc.exited, output: proc.output() };
    };
    const listed = await cli('payout-files', 'list', '--environment', 'sandbox', '--json');
    expect(listed.code, listed.output).toBe(0);
    expect(JSON.parse(listed.output.slice(listed.output.indexOf('[')))).toMatchObject([{ id: file!.id, payout_count: 1, control_sum_minor: payout.amount_minor, written_at: expect.any(String) }]);
    const target = path.join(dirs.data, 'downloaded.xml');
    const downloaded = await cli('payout-files', 'download', file!.id, '--output', target);
    expect(downloaded.code, downloaded.output).toBe(0);
    expect(await readFile(target, 'utf8')).toBe(written);
    const again = await cli('bank-statements', 'import', path.join(dirs.statements, 'imported', 'statement-1.xml'));
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('statement-1.xml: imported before, nothing changed');
    await writeFile(path.join(dirs.data, 'not-a-statement.xml'), written);
    const refused = await cli('bank-statements', 'import', path.join(dirs.data, 'not-a-statement.xml'));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('not a camt.053.001.08 statement');
    const kept = await cli('bank-statements', 'exceptions');
    expect(kept.code, kept.output).toBe(0);
    expect(kept.output).toContain('(none)');
  });
});

/** A trigger that holds the recording of a written file asleep inside the database, so a kill lands between the folder's file and its record. */
async function holdTheRecording(schema: string): Promise<void> {
  await inSchema(schema, async (client) => {
    await client.query(`CREATE FUNCTION hold_recording() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(600); RETURN NEW; END $$`);
    await client.query(`CREATE TRIGGER hold_recording BEFORE UPDATE ON payout_files FOR EACH ROW WHEN (NEW.written_at IS NOT NULL) EXECUTE FUNCTION hold_recording()`);
  });
}

async function releaseTheRecording(schema: string): Promise<void> {
  await inSchema(schema, async (client) => {
    // The killed process's session still sleeps in the database, holding the file's row: end it, its transaction rolls back.
    await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'update%payout_files%' AND pid <> pg_backend_pid() AND state = 'active'`);
    await client.query('DROP TRIGGER hold_recording ON payout_files');
  });
}

async function inSchema(schema: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`SET search_path TO ${pg.escapeIdentifier(schema)}`);
    await work(client);
  } finally {
    await client.end();
  }
}
