import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { EncryptionSettings } from './config.js';
import type { Tables } from './db.js';
import { Cipher, DecryptionError, KEY_BYTES, keyOf, SEALED_COLUMNS, sealedValue, type EncryptionKey } from './encryption.js';

/**
 * The server secret whose sealed value proves, at start, that the keys given open the data. It
 * holds a digest of the sealed columns' list: a start whose list differs (a column sealed since)
 * seals what that column holds.
 */
const CHECK = 'encryption_check';
const CHECK_TEXT = `sealed columns ${createHash('sha256').update(JSON.stringify(SEALED_COLUMNS)).digest('hex').slice(0, 16)}`;
const BATCH = 500;
/** The server secret naming the key every stored document is sealed with (src/documents/sealing.ts). */
export const DOCUMENTS_KEY = 'documents_key';

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

/** Serializes the starts of one database's processes while they settle its key (any number, on any machine). */
const KEY_LOCK = 7_217_001;

/**
 * The cipher of this database's data: the keys given (ENCRYPTION_KEY and ENCRYPTION_PREVIOUS_KEYS),
 * else those of the key file. The first start of a database without encrypted data makes the key
 * file; a database whose data the keys cannot open refuses to start, naming the key it needs. One
 * process at a time decides, so two first starts never seal with two keys.
 */
export async function openCipher(db: Kysely<Tables>, settings: EncryptionSettings): Promise<OpenedCipher> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${KEY_LOCK})`.execute(trx);
    const check = await checkValue(trx);
    let keys = settings.keys.map(keyOf);
    let generated: OpenedCipher['generated'];
    if (keys.length === 0) keys = await keysOfFile(settings);
    if (keys.length === 0) {
      if (check !== undefined) {
        throw new EncryptionKeyError(
          `The database holds encrypted data but no encryption key was given: set ENCRYPTION_KEY (or ENCRYPTION_KEY_FILE), or put back ${settings.keyFile}`,
        );
      }
      if (await createKeyFile(settings.keyFile)) generated = { file: settings.keyFile, key: (await readFile(settings.keyFile, 'utf8')).trim() };
      keys = await keysOfFile(settings);
    }
    const cipher = new Cipher(keys);
    if (check !== undefined && verifyCheck(cipher, check) === CHECK_TEXT) return { cipher, generated };
    // The key is proven first, then data an earlier version wrote in clear is sealed with it.
    if (check === undefined) await trx.insertInto('server_secrets').values({ name: CHECK, value: cipher.seal(CHECK_TEXT) }).execute();
    await resealAll(trx, cipher).catch((error: unknown) => {
      throw error instanceof DecryptionError ? new EncryptionKeyError(`Data in the database does not open with the keys given: ${error.message}`) : error;
    });
    return { cipher, generated };
  });
}

async function checkValue(db: Kysely<Tables>): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', CHECK).executeTakeFirst();
  return row?.value;
}

/** Makes the key file with a new key unless it exists (another process of this data directory made it): whether this call made it. */
async function createKeyFile(file: string): Promise<boolean> {
  await mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${randomBytes(8).toString('hex')}.draft`;
  await writeFile(draft, `${generateKey()}\n`, { mode: 0o600, flag: 'wx' });
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

/** The check's text, or a clear refusal when the keys do not open it. */
function verifyCheck(cipher: Cipher, check: string): unknown {
  try {
    return cipher.open(check);
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
    throw new EncryptionKeyError(
      `The encryption keys given (${cipher.keyIds.join(', ')}) do not open this database's data: ${error.message}. Start with the key the data was written with (ENCRYPTION_KEY, ENCRYPTION_PREVIOUS_KEYS or the key file)`,
    );
  }
}

/** Whether some data or documents are still sealed with a key other than the current one (rotation not run yet). */
export async function needsRotation(db: Kysely<Tables>, cipher: Cipher): Promise<boolean> {
  const raw = db.withoutPlugins();
  const check = await checkValue(raw);
  if (check !== undefined && !cipher.isCurrent(check)) return true;
  const documents = await raw.selectFrom('server_secrets').select('value').where('name', '=', DOCUMENTS_KEY).executeTakeFirst();
  return documents !== undefined && cipher.open(documents.value) !== cipher.current.id;
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
  await db.updateTable('server_secrets').set({ value: cipher.seal(CHECK_TEXT) }).where('name', '=', CHECK).execute();
  return counts;
}

async function resealColumn(db: Kysely<Tables>, cipher: Cipher, table: string, column: string, kind: 'text' | 'json'): Promise<number> {
  const current = `${kind === 'json' ? '"encj' : 'enc'}:1:${cipher.current.id}:%`;
  let total = 0;
  // One pass through the table in its physical order: each batch starts after the last row seen.
  let after = '(0,0)';
  for (;;) {
    const { rows } = await sql<{ at: string; stored: string }>`
      SELECT ctid::text AS at, ${sql.ref(column)}::text AS stored FROM ${sql.table(table)}
      WHERE ctid > ${after}::tid AND ${sql.ref(column)} IS NOT NULL AND ${sql.ref(column)}::text NOT LIKE ${current} AND ${sql.ref(column)}::text <> 'null'
      ORDER BY ctid LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) return total;
    after = rows.at(-1)!.at;
    const sealed = rows.map(({ stored }) => {
      const plain = kind === 'json' ? cipher.open(JSON.parse(stored)) : cipher.open(stored);
      return String(sealedValue(cipher, table, column, plain));
    });
    const cast = kind === 'json' ? sql`::jsonb` : sql``;
    // A value changed meanwhile is not overwritten: its writer sealed it with the current key.
    const updated = await sql`
      UPDATE ${sql.table(table)} t SET ${sql.ref(column)} = v.sealed${cast}
      FROM unnest(${rows.map((row) => row.at)}::tid[], ${rows.map((row) => row.stored)}::text[], ${sealed}::text[]) AS v(at, stored, sealed)
      WHERE t.ctid = v.at AND t.${sql.ref(column)}::text = v.stored`.execute(db);
    total += Number(updated.numAffectedRows ?? 0);
  }
}

/** The lines that show a key made at this start, once, whichever process made it (the API, the worker, the CLI). */
export function generatedKeyLines(generated: OpenedCipher['generated']): string[] {
  if (!generated) return [];
  return [`Encryption key made for this data in ${generated.file} (shown only now; keep a copy apart from the data, which cannot be read without it):`, `  ${generated.key}`];
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
