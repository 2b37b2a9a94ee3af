import { createCipheriv, createDecipheriv, createHash, timingSafeEqual } from 'node:crypto';
import {
  ColumnNode,
  ColumnUpdateNode,
  InsertQueryNode,
  OnConflictNode,
  PrimitiveValueListNode,
  UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { pooledRandomBytes } from './ids.js';

/**
 * The columns kept encrypted at rest: secrets the service signs with, copies of bearer tokens it must
 * show again, and IBANs. `text` columns hold the sealed text; `json` (jsonb) columns hold it as a JSON
 * string. Lookups never use them (a resource token is found by its hash).
 */
export const SEALED_COLUMNS = {
  webhook_secrets: { secret: 'text', previous_secret: 'text' },
  signing_keys: { private_jwk: 'json' },
  server_secrets: { value: 'text' },
  idempotency_keys: { response_body: 'text' },
  payments: { resource_token: 'text', verified_iban: 'text', mandate: 'json', authorization_request: 'json', account_verification_url: 'text' },
  applications: { payout_account: 'json' },
  simulator_bank_reports: { iban: 'text' },
  simulator_bank_sessions: { token: 'text', callback_url: 'text' },
  simulator_3ds_challenges: { return_url: 'text', svc_token: 'text', callback_url: 'text' },
  simulator_card_authorizations: { challenge_id: 'text' },
  dashboard_users: { email: 'text' },
  dashboard_sign_ins: { email: 'text', address: 'text' },
} as const satisfies Record<string, Record<string, 'text' | 'json'>>;

export type SealedTable = keyof typeof SEALED_COLUMNS;
const SEALED_NAMES = new Set(Object.values(SEALED_COLUMNS).flatMap((columns) => Object.keys(columns)));

const VERSION = '1';
const TEXT_PREFIX = `enc:${VERSION}:`;
const JSON_PREFIX = `encj:${VERSION}:`;
const SEALED = /^encj?:1:([0-9a-f]{12}):([A-Za-z0-9_-]+)$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export interface EncryptionKey {
  id: string;
  secret: Buffer;
}

/** A key's identifier: a digest of it, so the same key has the same id on every process. */
export function keyOf(secret: Buffer): EncryptionKey {
  return { id: createHash('sha256').update('encryption key id:').update(secret).digest('hex').slice(0, 12), secret };
}

export class DecryptionError extends Error {}

/**
 * AES-256-GCM with a key ring: seals with the current key (the first), opens with any. A sealed
 * value names its key: `enc:1:<key id>:<base64url of nonce, tag, ciphertext>`.
 */
export class Cipher {
  readonly current: EncryptionKey;
  private readonly byId: Map<string, EncryptionKey>;

  constructor(keys: readonly EncryptionKey[]) {
    if (keys.length === 0) throw new Error('a cipher needs at least one key');
    this.current = keys[0]!;
    this.byId = new Map(keys.map((key) => [key.id, key]));
  }

  get keyIds(): string[] {
    return [...this.byId.keys()];
  }

  seal(text: string): string {
    return this.sealAs(TEXT_PREFIX, text);
  }

  /** The sealed JSON of `value`: a jsonb column holds it as a JSON string. */
  sealJson(value: unknown): string {
    return this.sealAs(JSON_PREFIX, JSON.stringify(value));
  }

  /** The text or JSON value a sealed value holds; anything else is returned as it is. */
  open(value: unknown): unknown {
    if (typeof value !== 'string' || !(value.startsWith(TEXT_PREFIX) || value.startsWith(JSON_PREFIX))) return value;
    const match = SEALED.exec(value);
    if (!match) throw new DecryptionError('a sealed value is malformed');
    const key = this.byId.get(match[1]!);
    if (!key) throw new DecryptionError(`a value is sealed with encryption key ${match[1]}, which this process was not given`);
    const bytes = Buffer.from(match[2]!, 'base64url');
    let text: string;
    try {
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('too short');
      const decipher = createDecipheriv('aes-256-gcm', key.secret, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new DecryptionError(`a value sealed with encryption key ${key.id} does not open with it (altered, or another key with the same id)`);
    }
    return value.startsWith(JSON_PREFIX) ? JSON.parse(text) : text;
  }

  /** Whether a sealed value is sealed with the current key. */
  isCurrent(sealed: string): boolean {
    return SEALED.exec(sealed)?.[1] === this.current.id;
  }

  private sealAs(prefix: string, text: string): string {
    const iv = pooledRandomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.secret, iv);
    const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `${prefix}${this.current.id}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
  }
}

function sealedKind(table: string, column: string): 'text' | 'json' | undefined {
  return (SEALED_COLUMNS as Record<string, Record<string, 'text' | 'json'>>)[table]?.[column];
}

/** A column's value as a statement parameter: sealed for a sealed column (a jsonb one as JSON text), as it is otherwise and for NULL. */
export function sealedValue(cipher: Cipher, table: string, column: string, value: unknown): unknown {
  const kind = sealedKind(table, column);
  if (kind === undefined || value === null || value === undefined) return value;
  const sealed = sealAs(cipher, kind, value);
  return kind === 'json' ? JSON.stringify(sealed) : sealed;
}

function sealAs(cipher: Cipher, kind: 'text' | 'json', value: unknown): string {
  return kind === 'json' ? cipher.sealJson(value) : cipher.seal(String(value));
}

/** A row with its sealed columns sealed, for statements that take their rows as JSON (json_populate_recordset). */
export function sealedRow<Row extends object>(cipher: Cipher, table: SealedTable, row: Row): Row {
  const sealed: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const [column, kind] of Object.entries(SEALED_COLUMNS[table])) {
    const value = sealed[column];
    if (value !== null && value !== undefined) sealed[column] = sealAs(cipher, kind, value);
  }
  return sealed as Row;
}

/**
 * Seals the sealed columns in the inserts and updates Kysely builds, and opens them in every
 * result (raw SQL included), so that repositories read and write them as plain values. Writes made
 * with raw SQL seal their values themselves (`sealedValue`).
 */
export class SealingPlugin implements KyselyPlugin {
  constructor(readonly cipher: Cipher) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(node)) return this.sealInsert(node);
    if (UpdateQueryNode.is(node)) return this.sealUpdate(node);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of result.rows) {
      for (const name in row) {
        if (SEALED_NAMES.has(name)) row[name] = this.cipher.open(row[name]);
      }
    }
    return result;
  }

  private sealInsert(node: InsertQueryNode): InsertQueryNode {
    const table = sealedTableOf(node.into?.table.identifier.name);
    if (!table) return node;
    const columns = (node.columns ?? []).map((column) => column.column.name);
    const values =
      node.values && ValuesNode.is(node.values)
        ? ValuesNode.create(node.values.values.map((list) => this.sealList(table, columns, list)))
        : node.values;
    const onConflict = node.onConflict?.updates ? OnConflictNode.cloneWith(node.onConflict, { updates: this.sealUpdates(table, node.onConflict.updates) }) : node.onConflict;
    return InsertQueryNode.cloneWith(node, { values, onConflict });
  }

  private sealList(table: SealedTable, columns: string[], list: ValueListNode | PrimitiveValueListNode): ValueListNode | PrimitiveValueListNode {
    if (PrimitiveValueListNode.is(list)) {
      return PrimitiveValueListNode.create(list.values.map((value, index) => sealedValue(this.cipher, table, columns[index]!, value)));
    }
    return ValueListNode.create(list.values.map((value, index) => this.sealNode(table, columns[index]!, value)));
  }

  private sealUpdate(node: UpdateQueryNode): UpdateQueryNode {
    const table = sealedTableOf(tableNameOf(node.table));
    if (!table || !node.updates) return node;
    return Object.freeze({ ...node, updates: this.sealUpdates(table, node.updates) });
  }

  private sealUpdates(table: SealedTable, updates: readonly ColumnUpdateNode[]): ColumnUpdateNode[] {
    return updates.map((update) => {
      if (!ColumnNode.is(update.column)) return update;
      return ColumnUpdateNode.create(update.column, this.sealNode(table, update.column.column.name, update.value));
    });
  }

  private sealNode(table: SealedTable, column: string, node: OperationNode): OperationNode {
    return ValueNode.is(node) ? Object.freeze({ ...node, value: sealedValue(this.cipher, table, column, node.value) }) : node;
  }
}

function sealedTableOf(name: string | undefined): SealedTable | undefined {
  return name !== undefined && name in SEALED_COLUMNS ? (name as SealedTable) : undefined;
}

function tableNameOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableNameOf((node as unknown as { node: OperationNode }).node);
  return undefined;
}

/** The digest a bearer token is found and checked by: the token itself is never stored in clear. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `token` is the one whose digest is `expectedHash`, in constant time. */
export function tokenMatches(token: string, expectedHash: string | undefined): boolean {
  const given = Buffer.from(tokenHash(token), 'hex');
  const expected = Buffer.from(expectedHash ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
