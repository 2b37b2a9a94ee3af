import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db.js';
import { Cipher, keyOf } from './encryption.js';
import { jsonTable, rowsFromJson, rowsJson } from './json-rows.js';

const cipher = new Cipher([keyOf(randomBytes(32))]);

describe('rowsJson', () => {
  it('leaves NULL columns out and writes instants as JSON.stringify does', () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    const rows = [
      { id: 'a', at, again: new Date(at.getTime()), none: null, missing: undefined, list: [], data: { nested: at, empty: null } },
      { id: 'b', at: new Date(Number.NaN), n: 0, flag: false, text: '' },
    ];
    expect(JSON.parse(rowsJson(rows))).toEqual([
      { id: 'a', at: '2026-11-27T10:00:00.123Z', again: '2026-11-27T10:00:00.123Z', list: [], data: { nested: '2026-11-27T10:00:00.123Z', empty: null } },
      { id: 'b', at: null, n: 0, flag: false, text: '' },
    ]);
    const plain = [{ id: 'c', created_at: at, n: 2 }];
    expect(rowsJson(plain)).toBe(JSON.stringify(plain));
  });

  it("seals the table's sealed columns, and only with a cipher given", () => {
    const row = { id: 'pay_1', resource_token: 'tok', customer: { email: 'a@example.com' }, verified_iban: null, reference: 'ref' };
    const [sealed] = JSON.parse(rowsJson([row], { cipher, table: 'payments' })) as Record<string, unknown>[];
    expect(Object.keys(sealed!)).toEqual(['id', 'resource_token', 'customer', 'reference']);
    expect(sealed!.resource_token).not.toBe('tok');
    expect(cipher.open(sealed!.resource_token)).toBe('tok');
    expect(cipher.open(sealed!.customer)).toEqual({ email: 'a@example.com' });
    expect(sealed!.reference).toBe('ref');
    expect(JSON.parse(rowsJson([row]))[0].resource_token).toBe('tok');
    expect(row).toEqual({ id: 'pay_1', resource_token: 'tok', customer: { email: 'a@example.com' }, verified_iban: null, reference: 'ref' });
  });

  it('seals an instant given to a sealed column, as any other value', () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    const [sealed] = JSON.parse(rowsJson([{ id: 'pay_1', mandate: at, created_at: at }], { cipher, table: 'payments' })) as Record<string, unknown>[];
    expect(sealed!.mandate).not.toBe(at.toJSON());
    expect(cipher.open(sealed!.mandate)).toBe(at.toJSON());
    expect(sealed!.created_at).toBe(at.toJSON());
  });
});

/** The statements read a left-out column as NULL (not as the column's default), on the test's database. */
describe('rows given to json_populate_recordset by rowsJson', () => {
  const url = process.env.TEST_DATABASE_URL;
  const schema = `json_rows_${Date.now().toString(36)}`;
  let database: Database;

  beforeAll(async () => {
    database = url ? await openDatabase(loadConfig({ DATABASE_URL: url, DATABASE_SCHEMA: schema })) : await openDatabase(loadConfig({}), { inMemory: true });
    await sql`create table json_rows (id text primary key, note text default 'default', at timestamptz, n bigint)`.execute(database.db);
  }, 120_000);

  afterAll(async () => {
    if (url) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
    await database?.close();
  });

  const at = new Date('2026-11-27T10:00:00.123Z');
  const json = rowsJson([
    { id: 'a', note: null, at, n: 9_007_199_254_740_991 },
    { id: 'b', note: 'kept', at: null, n: null },
  ]);

  it('are read by json_to_recordset with NULL where a column was left out', async () => {
    expect(json).not.toContain('null');
    const { rows } = await sql
      .raw<{ id: string; note: string | null; at: Date | null }>(`select id, note, at from ${jsonTable(`'${json}'`, { columns: 'id text, note text, at timestamptz' })} as given order by id`)
      .execute(database.db);
    expect(rows).toEqual([
      { id: 'a', note: null, at },
      { id: 'b', note: 'kept', at: null },
    ]);
  });

  it('write NULL where a column was left out, and the instants given', async () => {
    await sql.raw(rowsFromJson('json_rows', ['id', 'note', 'at', 'n'], `'${json}'`)).execute(database.db);
    const { rows } = await sql<{ id: string; note: string | null; at: Date | null; n: string | null }>`select id, note, at, n::text as n from json_rows order by id`.execute(database.db);
    expect(rows).toEqual([
      { id: 'a', note: null, at, n: '9007199254740991' },
      { id: 'b', note: 'kept', at: null, n: null },
    ]);
  });
});
