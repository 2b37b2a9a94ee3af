import { createCipheriv, createDecipheriv, createHash, createSecretKey, hash, timingSafeEqual, type KeyObject } from 'node:crypto';
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
import { memoized } from './memo.js';

/**
 * The columns kept encrypted at rest: secrets the service signs with, copies of bearer tokens it must
 * show again, IBANs and personal data (names, e-mails, dates of birth, addresses, phone numbers).
 * `text` columns hold the sealed text; `json` (jsonb) columns hold it as a JSON string. Lookups and
 * SQL operators never use them (a resource token is found by its hash).
 */
export const SEALED_COLUMNS = {
  webhook_secrets: { secret: 'text', previous_secret: 'text' },
  signing_keys: { private_jwk: 'json' },
  server_secrets: { value: 'text' },
  idempotency_keys: { response_body: 'text' },
  accounts: { display_name: 'text' },
  payments: { resource_token: 'text', verified_iban: 'text', mandate: 'json', authorization_request: 'json', account_verification_url: 'text', customer: 'json', account_holder: 'text' },
  applications: { payout_account: 'json', applicant: 'json', applicant_details: 'json', business_prefill: 'json', business_profile: 'json' },
  representatives: { details: 'json' },
  simulator_bank_reports: { iban: 'text', account_holder: 'text' },
  simulator_bank_sessions: { token: 'text', callback_url: 'text' },
  simulator_3ds_challenges: { return_url: 'text', svc_token: 'text', callback_url: 'text' },
  simulator_card_authorizations: { challenge_id: 'text' },
  card_tokens: { card_details: 'json' },
  dashboard_users: { email: 'text' },
  dashboard_sign_ins: { email: 'text', address: 'text' },
  payout_files: { content: 'text' },
  payout_file_items: { creditor_name: 'text', creditor_iban: 'text' },
  platform_payout_accounts: { iban: 'text', owner_name: 'text' },
  bank_statement_exceptions: { details: 'json' },
} as const satisfies Record<string, Record<string, 'text' | 'json'>>;

export type SealedTable = keyof typeof SEALED_COLUMNS;
const SEALED_NAMES = new Set(Object.values(SEALED_COLUMNS).flatMap((columns) => Object.keys(columns)));

const VERSION = '1';
const TEXT_PREFIX = `enc:${VERSION}:`;
const JSON_PREFIX = `encj:${VERSION}:`;
const SEALED = /^encj?:1:([0-9a-f]{12}):([A-Za-z0-9_-]+)$/;
// Sealed bytes start with a NUL, which no text document holds, and no binary format starts with.
const BYTES_PREFIX = `\0encb:${VERSION}:`;
const SEALED_BYTES = /^\0encb:1:([0-9a-f]{12}):/;
const BYTES_HEADER = BYTES_PREFIX.length + 13;
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
  /** Each key imported once, by its id: a cipher set up from a KeyObject skips copying and checking the key's bytes (a third of a token's seal). */
  private readonly byId: Map<string, KeyObject>;

  constructor(keys: readonly EncryptionKey[]) {
    if (keys.length === 0) throw new Error('a cipher needs at least one key');
    this.current = keys[0]!;
    this.byId = new Map(keys.map((key) => [key.id, createSecretKey(key.secret)]));
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

  /**
   * The text or JSON value a sealed value holds; anything else is returned as it is. `remember`:
   * the text is kept for the values opened lately (REMEMBERED_WHEN_OPENED), instead of being
   * opened again on each read.
   */
  open(value: unknown, remember = false): unknown {
    if (!isSealedText(value)) return value;
    const text = remember ? this.rememberedText(value) : this.openedText(value);
    return value.startsWith(JSON_PREFIX) ? JSON.parse(text) : text;
  }

  private openedText(sealed: string): string {
    const match = SEALED.exec(sealed);
    if (!match) throw new DecryptionError('a sealed value is malformed');
    return this.decrypt('a value', match[1]!, Buffer.from(match[2]!, 'base64url')).toString('utf8');
  }

  /** The last 4,096 texts opened with `remember`, by their sealed value (of at most 1,024 characters). */
  private readonly rememberedText = memoized((sealed: string) => this.openedText(sealed), 4_096, 1_024);

  /** Whether a sealed value is sealed with the current key. */
  isCurrent(sealed: string): boolean {
    return SEALED.exec(sealed)?.[1] === this.current.id;
  }

  /**
   * Bytes sealed: `\0encb:1:<key id>:` then nonce, tag and ciphertext. `context` (where they are
   * kept) is authenticated with them: sealed bytes copied to another place do not open there.
   */
  sealBytes(bytes: Buffer, context: string): Buffer {
    return Buffer.concat([Buffer.from(`${BYTES_PREFIX}${this.current.id}:`, 'latin1'), this.encrypt(bytes, context)]);
  }

  /** The bytes sealed bytes hold; bytes not sealed (kept before sealing existed) are returned as they are. */
  openBytes(stored: Buffer, context: string): Buffer {
    const keyId = sealedBytesKey(stored);
    return keyId === undefined ? stored : this.decrypt('a document', keyId, stored.subarray(BYTES_HEADER), context);
  }

  /** Whether bytes are sealed with the current key. */
  isCurrentBytes(stored: Buffer): boolean {
    return sealedBytesKey(stored) === this.current.id;
  }

  /** Nonce, tag and ciphertext of `plain` under the current key. */
  private encrypt(plain: Buffer | string, context?: string): Buffer {
    const iv = pooledRandomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.byId.get(this.current.id)!, iv);
    if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([typeof plain === 'string' ? cipher.update(plain, 'utf8') : cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
  }

  private decrypt(what: string, keyId: string, bytes: Buffer, context?: string): Buffer {
    const key = this.byId.get(keyId);
    if (!key) throw new DecryptionError(`${what} is sealed with encryption key ${keyId}, which this process was not given`);
    try {
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('too short');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new DecryptionError(`${what} sealed with encryption key ${keyId} does not open with it (altered, or another key with the same id)`);
    }
  }

  private sealAs(prefix: string, text: string): string {
    return `${prefix}${this.current.id}:${this.encrypt(text).toString('base64url')}`;
  }
}

/** The id of the key bytes are sealed with, or nothing for bytes not sealed. */
function sealedBytesKey(stored: Buffer): string | undefined {
  return SEALED_BYTES.exec(stored.subarray(0, BYTES_HEADER).toString('latin1'))?.[1];
}

function sealedKind(table: string, column: string): 'text' | 'json' | undefined {
  return (SEALED_COLUMNS as Record<string, Record<string, 'text' | 'json'>>)[table]?.[column];
}

/**
 * A parameter of a statement compiled once (statements.ts): its value, a call's argument (or a
 * column of a row argument, of its `row`th row for a rows argument), is given when the statement
 * runs, and sealed then if `sealedIn` says so.
 */
export class StatementParameter {
  constructor(
    readonly argument: string,
    readonly column?: string,
    readonly row?: number,
    readonly sealedIn?: { table: string; column: string },
  ) {}
}

/** A column's value as a statement parameter: sealed for a sealed column (a jsonb one as JSON text), as it is otherwise and for NULL. */
export function sealedValue(cipher: Cipher, table: string, column: string, value: unknown): unknown {
  const kind = sealedKind(table, column);
  if (kind === undefined || value === null || value === undefined) return value;
  if (value instanceof StatementParameter) return new StatementParameter(value.argument, value.column, value.row, { table, column });
  const sealed = sealAs(cipher, kind, value);
  return kind === 'json' ? JSON.stringify(sealed) : sealed;
}

function sealAs(cipher: Cipher, kind: 'text' | 'json', value: unknown): string {
  return kind === 'json' ? cipher.sealJson(value) : cipher.seal(String(value));
}

/** A column's value as a row of a JSON array parameter (json-rows.ts) holds it: sealed for a sealed column of `table` (a jsonb one as a JSON string), as it is otherwise and for NULL. */
export function sealedColumn(cipher: Cipher, table: SealedTable, column: string, value: unknown): unknown {
  const kind = (SEALED_COLUMNS[table] as Record<string, 'text' | 'json'>)[column];
  return kind === undefined || value === null || value === undefined ? value : sealAs(cipher, kind, value);
}

/** The cipher of the SealingPlugin the database or transaction writes through, for statements that seal their own values (none without one). */
export function cipherOf(db: { getExecutor(): { readonly plugins: readonly KyselyPlugin[] } }): Cipher | undefined {
  return db.getExecutor().plugins.find((plugin): plugin is SealingPlugin => plugin instanceof SealingPlugin)?.cipher;
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
    openSealedColumns(this.cipher, result.rows);
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

/** The rows' sealed columns, each opened when first read (openWhenRead). */
export function openSealedColumns(cipher: Cipher, rows: readonly UnknownRow[]): void {
  for (const row of rows) {
    for (const name in row) {
      const value = row[name];
      if (SEALED_NAMES.has(name) && isSealedText(value)) openWhenRead(row, name, cipher, value);
    }
  }
}

function isSealedText(value: unknown): value is string {
  return typeof value === 'string' && (value.startsWith(TEXT_PREFIX) || value.startsWith(JSON_PREFIX));
}

/**
 * The sealed columns whose opened text is remembered (Cipher.open): a payment's page token, a copy of
 * a bearer token that every read of its payment shows in its page link (opening it was a tenth of a
 * read's CPU). No other secret or personal data stays in the heap longer than its request.
 */
const REMEMBERED_WHEN_OPENED = new Set(['resource_token']);

/**
 * Makes a row's sealed column open on its first read (then kept opened): most reads of a row never
 * look at its sealed columns (a payment locked for its status), and AES-GCM on every read showed in
 * the profile. The row looks the same to every reader (a spread, JSON, an equality check read the
 * plain value); a value that does not open throws where it is read.
 */
function openWhenRead(row: UnknownRow, name: string, cipher: Cipher, sealed: string): void {
  Object.defineProperty(row, name, {
    enumerable: true,
    configurable: true,
    get(this: UnknownRow) {
      const value = cipher.open(sealed, REMEMBERED_WHEN_OPENED.has(name));
      Object.defineProperty(this, name, { value, writable: true, enumerable: true, configurable: true });
      return value;
    },
    set(this: UnknownRow, value: unknown) {
      Object.defineProperty(this, name, { value, writable: true, enumerable: true, configurable: true });
    },
  });
}

/** A shallow copy of a row that leaves its sealed columns unopened until read (a spread would open them). */
export function copyOfRow<Row extends object>(row: Row): Row {
  const copy: Record<string, unknown> = {};
  for (const name in row) {
    const unopened = SEALED_NAMES.has(name) ? Object.getOwnPropertyDescriptor(row, name) : undefined;
    if (unopened?.get) Object.defineProperty(copy, name, unopened);
    else copy[name] = row[name];
  }
  return copy as Row;
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
  return hash('sha256', token, 'hex');
}

/** Whether `token` is the one whose digest is `expectedHash`, in constant time. */
export function tokenMatches(token: string, expectedHash: string | undefined): boolean {
  const given = Buffer.from(tokenHash(token), 'hex');
  const expected = Buffer.from(expectedHash ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
