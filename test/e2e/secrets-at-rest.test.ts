import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { openDatabase, type Database } from '../../src/core/db.js';
import { DOCUMENTS_KEY, generateKey, needsRotation } from '../../src/core/encryption-keys.js';
import { SEALED_COLUMNS } from '../../src/core/encryption.js';
import { sharedSecret } from '../../src/core/secrets.js';
import type { SimulatorDb } from '../../src/processor/simulator/store.js';
import { createDataStore, DATABASE, freePort, startServer, type DataStore, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { download, PDF, PNG, upload } from '../helpers/documents.js';
import { completeSteps, startApplication, step, uploadOnboardingDocument } from '../helpers/onboarding.js';
import { DashboardClient, dashboardUser } from '../helpers/dashboard.js';
import { consumerMandate } from '../helpers/payments.js';
import { ROOT, runScript, stopStarted } from '../helpers/processes.js';

const IBAN = 'DE89370400440532013000';
const BUYER = { first_name: 'Grace', last_name: 'Hopper', email: 'grace.hopper@example.com' };
const REPRESENTATIVE = { first_name: 'Charles', last_name: 'Babbage', email: 'charles.babbage@example.com', roles: ['director'], date_of_birth: '1971-12-26', pep: false };

/** Every row of every table of the server's schema as JSON text: what a logical dump (pg_dump) holds. */
async function dumpOf(database: Database): Promise<string> {
  const db = database.db.withoutPlugins();
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['payments', 'webhook_secrets', 'signing_keys', 'idempotency_keys', 'simulator_bank_reports']));
  const lines: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ line: string }>`SELECT row_to_json(t)::text AS line FROM ${sql.table(name)} t`.execute(db);
    lines.push(...rows.map((row) => row.line));
  }
  return lines.join('\n');
}

/** Every value of every sealed column is NULL or sealed, whichever the test wrote. */
async function expectEverySealedColumnSealed(database: Database): Promise<void> {
  const db = database.db.withoutPlugins();
  for (const [table, columns] of Object.entries(SEALED_COLUMNS)) {
    for (const column of Object.keys(columns)) {
      const { rows } = await sql<{ stored: string }>`SELECT ${sql.ref(column)}::text AS stored FROM ${sql.table(table)} WHERE ${sql.ref(column)} IS NOT NULL`.execute(db);
      for (const { stored } of rows) expect(stored, `${table}.${column}`).toMatch(/^"?encj?:1:[0-9a-f]{12}:/);
    }
  }
}

describe('a dump of the database', () => {
  let server: TestServer;
  let platform: TestPlatform;
  beforeAll(async () => {
    server = await startServer({ JOB_WORKER: 'off', TRUST_PROXY: 'true' });
    platform = await server.platform();
  });
  afterAll(() => server?.close());

  const keyed = (key: string) => ({ 'idempotency-key': key });
  const local = (url: string) => url.replace(server.config.baseUrl, '');
  const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  async function newPayment(method: string, key: string): Promise<{ id: string; token: string }> {
    const created = await server.request('POST', '/sandbox/payments', {
      token: await platform.token(),
      headers: keyed(key),
      body: { amount_minor: 2_500, currency: 'EUR', reference: key, payment_method: { type: method }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/back' }, customer: BUYER },
    });
    expect(created.status, created.text).toBe(201);
    return { id: created.body.id, token: new URL(created.body._links.hosted_page.href).searchParams.get('token')! };
  }
  const hpp = (payment: { id: string; token: string }, method: string, suffix: string, body?: unknown) =>
    server.request(method, `/hpp/payments/${payment.id}${suffix}`, { token: payment.token, body });

  /** A card payment left in its 3-D Secure challenge: the simulator holds the page's address, token included. */
  async function challengedCard(): Promise<{ id: string; token: string }> {
    const payment = await newPayment('card', 'card-3ds');
    expect((await hpp(payment, 'POST', '/start', {})).status).toBe(200);
    const card = await hpp(payment, 'POST', '/tokenize', { type: 'card', value: '4000000000003220', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } });
    expect(card.status, card.text).toBe(201);
    const authorized = await hpp(payment, 'POST', '/authorize', { token: card.body.token });
    expect(authorized.body._links.challenge, authorized.text).toBeDefined();
    return payment;
  }

  /** A SEPA payment through the simulated bank's verification to its mandate. */
  async function sepaWithMandate(): Promise<{ id: string; token: string; bankToken: string }> {
    const payment = await newPayment('sepa_direct_debit', 'sepa');
    const start = await hpp(payment, 'POST', '/start', {});
    const bankToken = new URL(start.body._links.account_verification.href).searchParams.get('token')!;
    const verified = await server.request('POST', '/simulator/bank/verify', form({ token: bankToken, iban: IBAN, account_holder: 'Erika Musterfrau', account_type: 'consumer' }));
    expect((await server.request('GET', local(verified.headers.get('location')!))).status).toBe(303);
    const mandate = await hpp(payment, 'POST', '/mandate', consumerMandate);
    expect(mandate.body.status, mandate.text).toBe('authorized');
    return { ...payment, bankToken };
  }

  it('holds no secret, token or full IBAN in clear, and the API still shows and uses them', async () => {
    const token = await platform.token();
    const firstSecret = (await server.request('GET', '/sandbox/webhook-secret', { token })).body.secret as string;
    const rotated = await server.request('POST', '/sandbox/webhook-secret/rotate', { token, headers: keyed('rotate') });
    expect(rotated.status).toBe(200);
    const card = await challengedCard();
    const sepa = await sepaWithMandate();
    const application = { applicant: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }, integration: { type: 'hosted' }, urls: { redirect: 'https://platform.example/done' } };
    const created = await server.request('POST', '/sandbox/applications', { token, headers: keyed('application'), body: application });
    expect(created.status).toBe(201);
    const onboardingToken = new URL(created.body._links.onboarding.href).searchParams.get('token')!;
    const applicant = await startApplication(server, platform);
    await completeSteps(server, applicant);
    expect((await step(server, applicant, 'POST', '/representatives', REPRESENTATIVE)).status).toBe(200);
    const identity = await uploadOnboardingDocument(server, applicant, { type: 'passport', side: 'front', file: { bytes: PNG, filename: 'passport.png', contentType: 'image/png' } });
    const terms = await upload(server, token, { type: 'other', file: { bytes: PDF, filename: 'terms.pdf', contentType: 'application/pdf' } });
    expect(terms.status, terms.text).toBe(201);
    const { applicant: person } = (await step(server, applicant, 'GET', '')).body;
    const { email: dashboardEmail } = await dashboardUser(server, platform.platformId, 'viewer');
    const signIn = { email: 'someone.else@example.org', address: '198.51.100.203' };
    expect((await new DashboardClient(server.url, { 'x-forwarded-for': signIn.address }).signIn(signIn.email, 'a wrong password')).status).toBe(401);
    const firstPage = await server.request('GET', '/sandbox/payments?first=1', { token });
    expect(firstPage.body.cursor).toBeDefined(); // signed with a server secret

    const db = server.app.database.db;
    const privateKeys = (await db.selectFrom('signing_keys').select('private_jwk').execute()).map((row) => String(row.private_jwk.d));
    const simulator = db as unknown as SimulatorDb;
    const svcTokens = (await simulator.selectFrom('simulator_3ds_challenges').select('svc_token').execute()).map((row) => row.svc_token);
    const challengeIds = (await simulator.selectFrom('simulator_card_authorizations').select('challenge_id').where('challenge_id', 'is not', null).execute()).map((row) => row.challenge_id!);
    const serverSecrets = (await db.selectFrom('server_secrets').select(['name', 'value']).where('name', 'not in', ['encryption_check', DOCUMENTS_KEY]).execute()).map((row) => row.value);
    const secrets: Record<string, string[]> = {
      'client secrets': [platform.sandbox.clientSecret, platform.live.clientSecret],
      'webhook signing secrets': [firstSecret, rotated.body.secret],
      'JWT private keys': privateKeys,
      'server secrets': serverSecrets,
      'resource tokens': [card.token, sepa.token],
      'onboarding token': [onboardingToken],
      '3-D Secure tokens and challenge addresses': [...svcTokens, ...challengeIds],
      'bank session token': [sepa.bankToken],
      IBAN: [IBAN],
      "dashboard users' and sign-ins' e-mails and addresses": [dashboardEmail, signIn.email, signIn.address],
      "the applicant's name, e-mail and date of birth": ['Lovelace', 'ada@example.com', person.date_of_birth],
      "the representative's name, e-mail and date of birth": [REPRESENTATIVE.last_name, REPRESENTATIVE.email, REPRESENTATIVE.date_of_birth],
      "the buyer's name and e-mail": [BUYER.last_name, BUYER.email],
      'the SEPA account holder': ['Musterfrau'],
      'the business address': ['Leopoldstraße'],
    };
    expect(person).toMatchObject({ last_name: 'Lovelace', date_of_birth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(privateKeys.length).toBeGreaterThan(0);
    expect(svcTokens.length).toBe(1);
    expect(challengeIds.length).toBe(1);
    expect(serverSecrets.length).toBeGreaterThan(0);

    const dump = await dumpOf(server.app.database);
    await expectEverySealedColumnSealed(server.app.database);
    const inClear = Object.entries(secrets).flatMap(([what, values]) => values.flatMap((value, index) => (dump.includes(value) ? [`${what} #${index + 1}`] : [])));
    expect(inClear, 'in clear').toEqual([]);
    expect(dump).toContain(`"enc:1:${server.app.database.cipher.current.id}:`);

    // What the product needs in clear, it still reads: the page's link, the stored answer's replay, the mandate's IBAN.
    const read = await server.request('GET', `/sandbox/payments/${sepa.id}`, { token });
    expect(read.body._links.hosted_page.href).toContain(`token=${sepa.token}`);
    const replay = await server.request('POST', '/sandbox/applications', { token, headers: keyed('application'), body: application });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body._links.onboarding.href).toContain(onboardingToken);
    const payment = await db.selectFrom('payments').select(['verified_iban', 'mandate']).where('id', '=', sepa.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ verified_iban: IBAN, mandate: { iban: IBAN } });
    const state = (await step(server, applicant, 'GET', '')).body;
    expect(state.representatives).toEqual([expect.objectContaining(REPRESENTATIVE)]);
    expect(state.business.profile.registered_address.line1).toBe('Leopoldstraße');
    expect((await server.request('GET', `/sandbox/accounts/${applicant.merchantId}`, { token })).body.name).toBe('Ada Lovelace');
    expect((await db.selectFrom('payments').select(['customer', 'account_holder']).where('id', '=', sepa.id).executeTakeFirstOrThrow())).toEqual({ customer: BUYER, account_holder: 'Erika Musterfrau' });

    // Document bytes: sealed in files only their owner may read, and served as uploaded.
    const blobs = await filesUnder(path.join(server.config.dataDir, 'blobs'));
    expect(blobs.files.length).toBe(2);
    for (const file of blobs.files) {
      const stored = await readFile(file);
      expect(stored.includes(PNG) || stored.includes(PDF.subarray(0, 20)), `${file} in clear`).toBe(false);
      expect((await stat(file)).mode & 0o777, file).toBe(0o600);
    }
    for (const directory of blobs.directories) expect((await stat(directory)).mode & 0o777, directory).toBe(0o700);
    expect((await download(server, token, terms.body.id)).bytes.equals(PDF)).toBe(true);
    const content = await fetch(`${server.url}/smo/application/documents/${identity}/content`, { headers: { authorization: `Bearer ${applicant.token}` } });
    expect(Buffer.from(await content.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

/** The files and directories below a directory (itself included among the directories). */
async function filesUnder(root: string): Promise<{ files: string[]; directories: string[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const full = (entry: { parentPath: string; name: string }) => path.join(entry.parentPath, entry.name);
  return { files: entries.filter((entry) => entry.isFile()).map(full), directories: [root, ...entries.filter((entry) => entry.isDirectory()).map(full)] };
}

describe('the sealed columns', () => {
  it('have names no column of another table carries, so that results are opened only where a sealed value can be', async () => {
    const server = await startServer();
    try {
      const { rows } = await sql<{ table_name: string; column_name: string }>`
        SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`.execute(server.app.database.db.withoutPlugins());
      const sealedNames = new Set(Object.values(SEALED_COLUMNS).flatMap((columns) => Object.keys(columns)));
      const sealed = (table: string, column: string) => column in ((SEALED_COLUMNS as Record<string, Record<string, string>>)[table] ?? {});
      const clashes = rows.filter((row) => sealedNames.has(row.column_name) && !sealed(row.table_name, row.column_name));
      expect(clashes).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('the encryption key', () => {
  let store: DataStore;
  const open = async (env: Record<string, string> = {}) => openDatabase(loadConfig({ ...store.env, LOG_LEVEL: 'silent', ...env }));
  beforeAll(async () => {
    store = await createDataStore();
  });
  afterEach(stopStarted);
  afterAll(() => store?.remove());

  it('is shown once by whichever process makes it: the CLI administering clients on a new database', async () => {
    const fresh = await createDataStore();
    try {
      const cli = runScript('src/cli/main.ts', ['clients', 'create', '--environment', 'sandbox'], fresh.env, ROOT);
      expect(await cli.exited, cli.output()).toBe(0);
      const key = /Encryption key made for this data in (\S+) .*\n\s+(\S+)/.exec(cli.output());
      expect(key?.[1]).toBe(path.join(fresh.dataDir, 'encryption.key'));
      expect((await readFile(key![1]!, 'utf8')).trim()).toBe(key![2]);
    } finally {
      await fresh.remove();
    }
  });

  it('is made into DATA_DIR at the first start, readable by its owner only, and found again at the next', async () => {
    const first = await open();
    expect(first.generatedKey).toMatchObject({ file: path.join(store.dataDir, 'encryption.key') });
    const keyId = first.cipher.current.id;
    const secret = await sharedSecret(first.db, 'a secret');
    await first.close();
    expect((await stat(path.join(store.dataDir, 'encryption.key'))).mode & 0o777).toBe(0o600);

    const again = await open();
    expect(again.generatedKey).toBeUndefined();
    expect(again.cipher.current.id).toBe(keyId);
    expect(await needsRotation(again.db, again.cipher)).toBe(false);
    expect(await sharedSecret(again.db, 'a secret')).toBe(secret);
    await again.close();
  });

  it('refuses to start with a wrong key, a missing key or a malformed one, saying so in one line', async () => {
    await expect(open({ ENCRYPTION_KEY: generateKey() })).rejects.toThrow(/do not open this database's data.*Start with the key the data was written with/);
    await expect(open({ ENCRYPTION_KEY: 'short' })).rejects.toThrow(/ENCRYPTION_KEY must be 32 random bytes in base64/);
    await expect(open({ ENCRYPTION_KEY_FILE: path.join(store.dataDir, 'nowhere.key') })).rejects.toThrow(/cannot be read/);

    const server = runScript('src/main.ts', [], { ...store.env, PORT: '0', ENCRYPTION_KEY: generateKey(), LOG_LEVEL: 'silent' }, ROOT);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^The encryption keys given \([0-9a-f]{12}\) do not open this database's data/);
    expect(server.output()).not.toContain('    at ');

    const keyFile = path.join(store.dataDir, 'encryption.key');
    const kept = await readFile(keyFile, 'utf8');
    await rm(keyFile);
    try {
      await expect(open()).rejects.toThrow(/holds encrypted data but no encryption key was given/);
    } finally {
      await writeFile(keyFile, kept, { mode: 0o600 });
    }
  });

  it('rotates: the new key with the old one as previous reads everything, `keys rotate` seals it again, then the old key can go', async () => {
    const oldKey = (await readFile(path.join(store.dataDir, 'encryption.key'), 'utf8')).trim();
    const before = await open();
    const secret = await sharedSecret(before.db, 'a secret');
    const oldId = before.cipher.current.id;
    await before.close();

    const newKey = generateKey();
    const both = { ENCRYPTION_KEY: newKey, ENCRYPTION_PREVIOUS_KEYS: oldKey };
    const during = await open(both);
    expect(await sharedSecret(during.db, 'a secret')).toBe(secret);
    expect(await needsRotation(during.db, during.cipher)).toBe(true);
    await during.close();

    const rotation = runScript('src/cli/main.ts', ['keys', 'rotate'], { ...store.env, ...both }, ROOT);
    expect(await rotation.exited, rotation.output()).toBe(0);
    expect(rotation.output()).toContain('server_secrets.value:');
    expect(rotation.output()).toMatch(/Everything is sealed with key [0-9a-f]{12}; previous keys may be dropped/);

    const after = await open({ ENCRYPTION_KEY: newKey });
    expect(await sharedSecret(after.db, 'a secret')).toBe(secret);
    expect(await needsRotation(after.db, after.cipher)).toBe(false);
    const dump = await dumpOf(after);
    expect(dump).not.toContain(`enc:1:${oldId}:`);
    expect(dump).toContain(`enc:1:${after.cipher.current.id}:`);
    await after.close();
    await expect(open({ ENCRYPTION_KEY: oldKey })).rejects.toThrow(/do not open/);
  });

  it.runIf(DATABASE === 'postgres')('has one key per database even when processes without one start together', async () => {
    const other = await createDataStore();
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'payments-elsewhere-'));
    try {
      // Two processes on one data directory share the key file it gets; a third with a directory of its own, without the key, is refused.
      const together = await Promise.all([open(other.env), open(other.env)]);
      expect(together[0]!.cipher.current.id).toBe(together[1]!.cipher.current.id);
      await Promise.all(together.map((database) => database.close()));
      await expect(open({ ...other.env, DATA_DIR: elsewhere })).rejects.toThrow(/holds encrypted data but no encryption key was given/);
    } finally {
      await other.remove();
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('seals data written in clear before encryption existed, or before its column was sealed, at the next start', async () => {
    const other = await createDataStore();
    try {
      const config = loadConfig({ ...other.env, LOG_LEVEL: 'silent' });
      const first = await openDatabase(config);
      const raw = first.db.withoutPlugins();
      // As a database of an earlier version holds it: a secret in clear, and no proof of a key.
      await raw.insertInto('server_secrets').values({ name: 'old', value: 'in clear' }).execute();
      await raw.deleteFrom('server_secrets').where('name', '=', 'encryption_check').execute();
      await first.close();
      await rm(path.join(other.dataDir, 'encryption.key'));

      const upgraded = await openDatabase(config);
      expect(upgraded.generatedKey).toBeDefined();
      const stored = await upgraded.db.withoutPlugins().selectFrom('server_secrets').select('value').where('name', '=', 'old').executeTakeFirstOrThrow();
      expect(stored.value).toMatch(/^enc:1:/);
      expect(await sharedSecret(upgraded.db, 'old')).toBe('in clear');

      // A start whose list of sealed columns differs from the one the check names seals the new columns' values.
      const raw2 = upgraded.db.withoutPlugins();
      await raw2.insertInto('server_secrets').values({ name: 'newer', value: 'in clear too' }).execute();
      await raw2.updateTable('server_secrets').set({ value: upgraded.cipher.seal('sealed columns of an earlier version') }).where('name', '=', 'encryption_check').execute();
      await upgraded.close();
      const listChanged = await openDatabase(config);
      const newer = await listChanged.db.withoutPlugins().selectFrom('server_secrets').select('value').where('name', '=', 'newer').executeTakeFirstOrThrow();
      expect(newer.value).toMatch(/^enc:1:/);
      await listChanged.close();
    } finally {
      await other.remove();
    }
  });
});

describe('stored documents', () => {
  it('kept in clear by an earlier version are still served, sealed at the next start, and sealed again by `keys rotate`', { timeout: 180_000 }, async () => {
    const store = await createDataStore();
    // One address for every start: the token's audience names it.
    const port = await freePort();
    let server: TestServer | undefined;
    const restart = async (env: Record<string, string> = {}) => {
      await server?.close();
      server = await startServer(env, { store, port });
      return server;
    };
    try {
      const first = await restart();
      const token = await (await first.platform()).token();
      const uploaded = await upload(first, token, { type: 'other', file: { bytes: PDF, filename: 'terms.pdf', contentType: 'application/pdf' } });
      expect(uploaded.status, uploaded.text).toBe(201);
      const { blob_key: blobKey } = await first.app.database.db.selectFrom('documents').select('blob_key').where('id', '=', uploaded.body.id).executeTakeFirstOrThrow();
      const file = path.join(store.dataDir, 'blobs', blobKey);
      const inClear = async () => (await readFile(file)).includes(PDF.subarray(0, 20));
      // As an earlier version kept it: the bytes in clear, and no record of a pass that sealed the documents.
      await writeFile(file, PDF);
      await first.app.database.db.deleteFrom('server_secrets').where('name', '=', DOCUMENTS_KEY).execute();
      expect((await download(first, token, uploaded.body.id)).bytes.equals(PDF)).toBe(true);

      const upgraded = await restart();
      expect(await inClear()).toBe(false);
      expect((await download(upgraded, token, uploaded.body.id)).bytes.equals(PDF)).toBe(true);

      const oldKey = (await readFile(path.join(store.dataDir, 'encryption.key'), 'utf8')).trim();
      const both = { ENCRYPTION_KEY: generateKey(), ENCRYPTION_PREVIOUS_KEYS: oldKey };
      const during = await restart(both);
      expect(await needsRotation(during.app.database.db, during.app.database.cipher)).toBe(true);
      await during.close();
      server = undefined;
      const rotation = runScript('src/cli/main.ts', ['keys', 'rotate'], { ...store.env, ...both }, ROOT);
      expect(await rotation.exited, rotation.output()).toBe(0);
      expect(rotation.output()).toContain('documents: 1 sealed again');

      // The new key alone opens the document: it was sealed again with it.
      const rotated = await restart({ ENCRYPTION_KEY: both.ENCRYPTION_KEY });
      expect(await needsRotation(rotated.app.database.db, rotated.app.database.cipher)).toBe(false);
      expect(await inClear()).toBe(false);
      expect((await download(rotated, token, uploaded.body.id)).bytes.equals(PDF)).toBe(true);
    } finally {
      await stopStarted();
      await server?.close();
      await store.remove();
    }
  });
});
