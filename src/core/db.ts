import { readdir, readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, sql, type Generated, type Transaction } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGlitePool } from './pglite-pool.js';
import type { Config, Environment } from './config.js';

export interface PlatformsTable {
  id: string;
  name: string;
  primary_color: Generated<string>;
  secondary_color: Generated<string>;
  created_at: Date;
}

export interface AccountsTable {
  environment: Environment;
  id: string;
  platform_id: string;
  type: 'platform' | 'merchant';
  name: string;
  created_at: Date;
}

export interface ClientsTable {
  id: string;
  platform_id: string;
  environment: Environment;
  secret_hash: string;
  scopes: string[];
  name: Generated<string>;
  created_at: Date;
  revoked_at: Date | null;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
  created_at: Date;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface IdempotencyKeysTable {
  client_id: string;
  environment: Environment;
  route: string;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  created_at: Date;
  expires_at: Date;
}

export interface DocumentsTable {
  id: string;
  environment: Environment;
  platform_id: string;
  type: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  tags: Generated<string[]>;
  blob_key: string;
  uploaded_at: Date;
  created_at: Date;
}

export interface Tables {
  platforms: PlatformsTable;
  accounts: AccountsTable;
  clients: ClientsTable;
  signing_keys: SigningKeysTable;
  server_secrets: ServerSecretsTable;
  idempotency_keys: IdempotencyKeysTable;
  documents: DocumentsTable;
}

/** The database or a transaction: repositories take either, so services can compose writes. */
export type Db = Kysely<Tables> | Transaction<Tables>;

export interface Database {
  db: Kysely<Tables>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7_340_017; // pg_advisory_lock key shared by every process of this service

/** int8 values are money and counters within the safe-integer range; parse them as numbers. */
function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`int8 value ${value} is outside the safe-integer range`);
  return parsed;
}

function postgresPool(config: Config): pg.Pool {
  const schema = config.databaseSchema;
  return new pg.Pool({
    connectionString: config.databaseUrl,
    max: 20,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
}

async function embeddedPool(config: Config, inMemory: boolean): Promise<PGlitePool> {
  if (inMemory) return new PGlitePool(await PGlite.create());
  const dir = path.join(config.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return new PGlitePool(await PGlite.create(dir));
}

export interface OpenOptions {
  /** Embedded database kept in memory only (tests). */
  inMemory?: boolean;
}

export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind === 'postgres' && config.databaseSchema) await ensureSchema(config);
  const pool = kind === 'postgres' ? postgresPool(config) : await embeddedPool(config, options.inMemory ?? false);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  await migrate(db);
  return { db, kind, close: () => db.destroy() };
}

async function ensureSchema(config: Config): Promise<void> {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(config.databaseSchema!)}`);
  } catch (error) {
    // Two processes creating the same schema at once: the loser sees a unique violation.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

/** Applies every numbered migration not yet applied, under a lock so processes can start together. */
export async function migrate(db: Kysely<Tables>): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_.+\.sql$/.test(name)).sort();
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(connection);
      const applied = new Set(
        (await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(connection)).rows.map((row) => row.version),
      );
      const pending = files.filter((file) => !applied.has(file));
      for (const file of pending) {
        const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
        await connection.transaction().execute(async (trx) => {
          for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
          await sql`INSERT INTO schema_migrations (version) VALUES (${file})`.execute(trx);
        });
      }
      return pending;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}

/**
 * Splits a migration into statements at semicolons that end a line. Migrations keep to that
 * layout (no function bodies with inner semicolons at line ends), so both drivers can run them
 * through the extended protocol one statement at a time.
 */
function splitStatements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.length > 0);
}
