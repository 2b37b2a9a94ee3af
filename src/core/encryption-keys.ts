import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { EncryptionSettings } from './config.js';
import type { Tables } from './db.js';
import { Cipher, DecryptionError, KEY_BYTES, keyOf, SEALED_COLUMNS, sealedValue, type EncryptionKey } from './encryption.js';

/** The server secret whose sealed value proves, at start, that the keys given open the data. */
const CHECK = 'encryption_check';
const BATCH = 500;

export class EncryptionKeyError extends Error {}

/** A new key in the form ENCRYPTION_KEY takes. */
export function generateKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

/** A key written as base64 (or base64url) of 32 bytes; `what` names it in the error. */
export function parseKey(text: string, what: string): Buffer {
  const bytes = Buffer.from(text.trim(), 'base64');
  if (bytes.length !== KEY_BYTES || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text.trim())) {
    throw new EncryptionKeyError(`${what} must be ${KEY_BYTES} random bytes in base64 (make one with \`npm run cli -- keys generate\` or \`openssl rand -base64 32\`)`);
  }
  return bytes;
}

export interface OpenedCipher {
  cipher: Cipher;
  /** The key made at this start, when the data had none (the embedded default's first start). */
  generated?: { file: string; key: string };
}

/**
 * The cipher of this database's data: the keys given (ENCRYPTION_KEY and ENCRYPTION_PREVIOUS_KEYS),
 * else those of the key file. The first start of a database without encrypted data makes the key
 * file; a database whose data the keys cannot open refuses to start, naming the key it needs.
 */
export async function openCipher(db: Kysely<Tables>, settings: EncryptionSettings): Promise<OpenedCipher> {
  const check = await checkValue(db);
  let keys = settings.keys.map(keyOf);
  let generated: OpenedCipher['generated'];
  if (keys.length === 0) keys = await keysOfFile(settings);
  if (keys.length === 0) {
    if (check !== undefined) {
      throw new EncryptionKeyError(
        `The database holds encrypted data but no encryption key was given: set ENCRYPTION_KEY (or ENCRYPTION_KEY_FILE), or put back ${settings.keyFile}`,
      );
    }
    const key = generateKey();
    if (await createKeyFile(settings.keyFile, key)) generated = { file: settings.keyFile, key };
    keys = await keysOfFile(settings);
  }
  const cipher = new Cipher(keys);
  if (check === undefined) {
    await resealAll(db, cipher);
    await db.insertInto('server_secrets').values({ name: CHECK, value: cipher.seal(CHECK) }).onConflict((oc) => oc.column('name').doNothing()).execute();
  }
  // Read again: a process that started at the same time with another key may have been first.
  verifyCheck(cipher, (await checkValue(db))!);
  return { cipher, generated };
}

/** Writes the key file unless another process just did (then its key is used): false if one existed. */
async function createKeyFile(file: string, key: string): Promise<boolean> {
  await mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.draft`;
  await writeFile(draft, `${key}\n`, { mode: 0o600 });
  try {
    // A link appears whole or not at all: no process reads a half-written key file.
    await link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft);
  }
}

async function checkValue(db: Kysely<Tables>): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', CHECK).executeTakeFirst();
  return row?.value;
}

async function keysOfFile(settings: EncryptionSettings): Promise<EncryptionKey[]> {
  let text: string;
  try {
    text = await readFile(settings.keyFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !settings.keyFileGiven) return [];
    throw new EncryptionKeyError(`The encryption key file ${settings.keyFile} cannot be read: ${(error as Error).message}`);
  }
  // One key per line, the current one first, then the previous ones still needed to read.
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  return lines.map((line) => keyOf(parseKey(line, `Each key of ${settings.keyFile}`)));
}

function verifyCheck(cipher: Cipher, check: string): void {
  try {
    cipher.open(check);
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
    throw new EncryptionKeyError(
      `The encryption keys given (${cipher.keyIds.join(', ')}) do not open this database's data: ${error.message}. Start with the key the data was written with (ENCRYPTION_KEY, ENCRYPTION_PREVIOUS_KEYS or the key file)`,
    );
  }
}

/** Whether some data is still sealed with a key other than the current one (rotation not run yet). */
export async function needsRotation(db: Kysely<Tables>, cipher: Cipher): Promise<boolean> {
  const check = await checkValue(db);
  return check !== undefined && !cipher.isCurrent(check);
}

export type ResealCounts = Record<string, number>;

/**
 * Seals with the current key every sealed column's value that is not (still in clear, or sealed
 * with a previous key), in batches, then the check value. Safe beside running processes that have
 * the current key: a value changed meanwhile is left to the next pass.
 */
export async function resealAll(db: Kysely<Tables>, cipher: Cipher): Promise<ResealCounts> {
  const counts: ResealCounts = {};
  for (const [table, columns] of Object.entries(SEALED_COLUMNS)) {
    for (const [column, kind] of Object.entries(columns)) {
      const resealed = await resealColumn(db, cipher, table, column, kind);
      if (resealed > 0) counts[`${table}.${column}`] = resealed;
    }
  }
  await db.updateTable('server_secrets').set({ value: cipher.seal(CHECK) }).where('name', '=', CHECK).execute();
  return counts;
}

async function resealColumn(db: Kysely<Tables>, cipher: Cipher, table: string, column: string, kind: 'text' | 'json'): Promise<number> {
  const current = `${kind === 'json' ? '"encj' : 'enc'}:1:${cipher.current.id}:%`;
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ at: string; stored: string }>`
      SELECT ctid::text AS at, ${sql.ref(column)}::text AS stored FROM ${sql.table(table)}
      WHERE ${sql.ref(column)} IS NOT NULL AND ${sql.ref(column)}::text NOT LIKE ${current} AND ${sql.ref(column)}::text <> 'null'
      LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) return total;
    const sealed = rows.map(({ stored }) => {
      const plain = kind === 'json' ? cipher.open(JSON.parse(stored)) : cipher.open(stored);
      return String(sealedValue(cipher, table, column, plain));
    });
    const cast = kind === 'json' ? sql`::jsonb` : sql``;
    await sql`
      UPDATE ${sql.table(table)} t SET ${sql.ref(column)} = v.sealed${cast}
      FROM unnest(${rows.map((row) => row.at)}::tid[], ${rows.map((row) => row.stored)}::text[], ${sealed}::text[]) AS v(at, stored, sealed)
      WHERE t.ctid = v.at AND t.${sql.ref(column)}::text = v.stored`.execute(db);
    total += rows.length;
  }
}

/** Starts a process; a key problem (none, wrong, malformed) ends it with its message alone, exit code 1. */
export async function startingWithKeys<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (!(error instanceof EncryptionKeyError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
