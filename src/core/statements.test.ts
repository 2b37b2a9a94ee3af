import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { CompiledQuery, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type DatabaseConnection, type Insertable, type UpdateObject, type Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { openDatabase, type Database, type Db, type PaymentsTable, type PayoutFileItemsTable, type Tables } from './db.js';
import { Cipher, keyOf, SealingPlugin } from './encryption.js';
import { bothOf, compiledOnce, keepingStatements, mapRead, readOf, readsOf, readTogether, sentTogether, throughConnection } from './statements.js';

const cipher = new Cipher([keyOf(randomBytes(32))]);

/** A Kysely whose statements are recorded, not sent (answered with no rows), with the sealing plugin as the service's. */
function recording(): { db: Kysely<Tables>; sent: CompiledQuery[] } {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (query) => (sent.push(query), { rows: [] }),
    streamQuery: () => {
      throw new Error('not streamed');
    },
  };
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => ({
        init: async () => undefined,
        acquireConnection: async () => connection,
        beginTransaction: async () => undefined,
        commitTransaction: async () => undefined,
        rollbackTransaction: async () => undefined,
        releaseConnection: async () => undefined,
        destroy: async () => undefined,
      }),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }).withPlugin(new SealingPlugin(cipher));
  return { db, sent };
}

/** A parameter as it would be read back: a sealed one opened (its ciphertext differs each time it is sealed). */
const opened = (parameter: unknown) => {
  if (typeof parameter !== 'string') return parameter;
  if (parameter.startsWith('"encj:')) return { sealed: cipher.open(JSON.parse(parameter)) };
  return parameter.startsWith('enc:') ? { sealed: cipher.open(parameter) } : parameter;
};

const updatePayment = (db: Db, { id, patch }: { id: string; patch: Updateable<PaymentsTable> }) => db.updateTable('payments').set(patch).where('id', '=', id);

describe('compiledOnce', () => {
  it('sends the SQL and parameters Kysely would, sealed columns sealed, and builds each shape once', async () => {
    const { db, sent } = recording();
    let built = 0;
    const cached = compiledOnce((db: Db, args: { id: string; patch: Updateable<PaymentsTable> }) => (built++, updatePayment(db, args)));
    const calls: { id: string; patch: Updateable<PaymentsTable> }[] = [
      { id: 'pay_1', patch: { status: 'started' as const, updated_at: new Date(1), account_verification_url: 'https://bank.example/v/1' } },
      { id: 'pay_2', patch: { status: 'authorized' as const, updated_at: new Date(2), account_verification_url: null } },
      { id: 'pay_3', patch: { authorization_request: { amount: 10, nested: { a: [1, 2] } }, processor: 'simulator', updated_at: new Date(3), customer: undefined } },
      { id: 'pay_4', patch: { authorization_request: { amount: 20 }, processor: 'simulator', updated_at: new Date(4) } },
    ];
    for (const args of calls) {
      await cached(db, args);
      const [ours] = sent.splice(0);
      await db.executeQuery(updatePayment(db, args).compile());
      const [kysely] = sent.splice(0);
      expect(ours!.sql).toBe(kysely!.sql);
      expect(ours!.parameters.map(opened)).toEqual(kysely!.parameters.map(opened));
    }
    expect(built).toBe(2); // two shapes of the patch: (status, updated_at, account_verification_url) and (authorization_request, processor, updated_at)
    expect(sent).toEqual([]);


    const withExpressions = compiledOnce((db: Db, { id, patch }: { id: string; patch: UpdateObject<Tables, 'payments'> }) => (built++, db.updateTable('payments').set(patch).where('id', '=', id)));
    await withExpressions(db, { id: 'pay_5', patch: { status: 'started', updated_at: sql<Date>`now()` } });
    await withExpressions(db, { id: 'pay_6', patch: { status: 'started', updated_at: sql<Date>`now() - interval '1 day'` } });
    expect(sent.map((query) => [query.sql, query.parameters])).toEqual([
      ['update "payments" set "status" = $1, "updated_at" = now() where "id" = $2', ['started', 'pay_5']],
      ['update "payments" set "status" = $1, "updated_at" = now() - interval \'1 day\' where "id" = $2', ['started', 'pay_6']],
    ]);
    expect(built).toBe(4); // an expression is part of the text: built for its call
  });

  it('takes an array of rows as rows, each count its own shape, sealed columns sealed in every row', async () => {
    const { db, sent } = recording();
    let built = 0;
    const insertItems = (db: Db, { items }: { items: Insertable<PayoutFileItemsTable>[] }) => db.insertInto('payout_file_items').values(items);
    const cached = compiledOnce((db: Db, args: { items: Insertable<PayoutFileItemsTable>[] }) => (built++, insertItems(db, args)));
    const item = (n: number) => ({ payout_id: `po_${n}`, file_id: 'pf_1', amount_minor: n * 100, currency: 'EUR', creditor_name: `Creditor ${n}`, creditor_iban: `DE0000000000000000000${n}`, remittance: `r${n}` });
    // A row without a column (Kysely writes DEFAULT there): a shape of its own.
    const withoutRemittance = { ...item(7), remittance: undefined } as unknown as Insertable<PayoutFileItemsTable>;
    for (const items of [[item(1), item(2)], [item(3), item(4)], [item(5)], [item(6), withoutRemittance]]) {
      await cached(db, { items });
      const [ours] = sent.splice(0);
      await db.executeQuery(insertItems(db, { items }).compile());
      const [kysely] = sent.splice(0);
      expect(ours!.sql).toBe(kysely!.sql);
      expect(ours!.parameters.map(opened)).toEqual(kysely!.parameters.map(opened));
      expect(ours!.parameters.filter((parameter) => typeof parameter === 'string' && parameter.startsWith('enc:'))).toHaveLength(2 * items.length);
    }
    expect(built).toBe(3); // two rows, one row, two rows of which one without remittance
  });

  it('takes a list as one parameter, and constants as Kysely built them', async () => {
    const { db, sent } = recording();
    const cached = compiledOnce((db: Db, { ids, since }: { ids: string[]; since: Date }) =>
      db.selectFrom('payments').select('id').where('id', '=', (eb) => eb.fn.any(eb.val(ids))).where('status', '=', 'captured').where('created_at', '>', since).limit(5),
    );
    await cached(db, { ids: ['pay_1', 'pay_2'], since: new Date(0) });
    await cached(db, { ids: ['pay_3'], since: new Date(1) });
    expect(sent.map((query) => query.sql)).toEqual(Array(2).fill('select "id" from "payments" where "id" = any($1) and "status" = $2 and "created_at" > $3 limit $4'));
    expect(sent.map((query) => query.parameters)).toEqual([
      [['pay_1', 'pay_2'], 'captured', new Date(0), 5],
      [['pay_3'], 'captured', new Date(1), 5],
    ]);
  });
});

describe('compiledOnce on the database', () => {
  const url = process.env.TEST_DATABASE_URL;
  const schema = `statements_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  let database: Database;
  beforeAll(async () => {
    database = url ? await openDatabase(loadConfig({ DATABASE_URL: url, DATABASE_SCHEMA: schema })) : await openDatabase(loadConfig({}), { inMemory: true });
  });
  afterAll(async () => {
    if (url) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(database.db);
    await database?.close();
  });

  it('keeps a sealed column sealed at rest and opens it when read', async () => {
    const insert = compiledOnce((db: Db, { row }: { row: Tables['signing_keys'] }) => db.insertInto('signing_keys').values(row).returningAll());
    const rows = [1, 2].map((n) => ({ kid: `kid_${n}`, alg: 'ES256', private_jwk: { d: `secret ${n}` }, public_jwk: { x: `public ${n}` }, created_at: new Date(n * 1000) }));
    for (const row of rows) expect((await insert(database.db, { row })).rows).toEqual([row]);
    const stored = await database.db.withoutPlugins().selectFrom('signing_keys').selectAll().where('kid', 'like', 'kid_%').orderBy('kid').execute();
    expect(stored.map((row) => row.public_jwk)).toEqual([{ x: 'public 1' }, { x: 'public 2' }]);
    for (const [index, row] of stored.entries()) {
      expect(row.private_jwk).toMatch(/^encj:1:[0-9a-f]{12}:/);
      expect(database.cipher.open(row.private_jwk)).toEqual(rows[index]!.private_jwk);
    }
    const read = await database.db.selectFrom('signing_keys').selectAll().where('kid', 'like', 'kid_%').orderBy('kid').execute();
    expect(read).toEqual(rows);
  });

  it('sends statements together with their values written in: read back as each would have been sent alone', async () => {
    await sql`CREATE TABLE together (id int PRIMARY KEY, label text, amount bigint, at timestamptz, data jsonb, tags text[], raw bytea, flag boolean)`.execute(database.db);
    type Row = { id: number; label: string | null; amount: number; at: Date; data: unknown; tags: string[]; raw: Buffer; flag: boolean };
    const rows: Row[] = [
      { id: 1, label: "it's $1 and $2, a \\ backslash, \"quotes\"", amount: 9_007_199_254_740_991, at: new Date('2026-11-27T10:11:12.345Z'), data: { nested: ["o'k", '\\', null, 1.5], text: '$1' }, tags: ['a', 'b,c', 'd"e', "f'g"], raw: Buffer.from([0, 1, 254, 255]), flag: true },
      { id: 2, label: null, amount: -5, at: new Date(0), data: [], tags: [], raw: Buffer.alloc(0), flag: false },
    ];
    const statements: CompiledQuery[] = [];
    const keeping = keepingStatements(database.db, statements);
    for (const row of rows) {
      await sql`INSERT INTO together VALUES (${row.id}, ${row.label}, ${row.amount}, ${row.at}, ${JSON.stringify(row.data)}, ${row.tags}, ${row.raw}, ${row.flag})`.execute(keeping);
    }
    await sql`UPDATE together SET amount = amount - ${1} WHERE id = ANY(${[2]})`.execute(keeping);
    expect(await sql`SELECT count(*)::int AS n FROM together`.execute(database.db)).toMatchObject({ rows: [{ n: 0 }] }); // kept, not sent
    await database.db.executeQuery(sentTogether(statements));
    const read = await sql<Row>`SELECT * FROM together ORDER BY id`.execute(database.db);
    expect(read.rows.map((row) => ({ ...row, amount: Number(row.amount), raw: Buffer.from(row.raw) }))).toEqual([rows[0], { ...rows[1], amount: -6 }]);
  });

  it('writes any text and bytes in as the very ones they were: quotes, backslashes, dollars, any character, whatever standard_conforming_strings says', async () => {
    await sql`CREATE TABLE together_texts (id int PRIMARY KEY, text text NOT NULL, raw bytea)`.execute(database.db);
    const tricky = fc.oneof(fc.string({ unit: 'grapheme' }), fc.stringMatching(/^[\\'"$1E\n;]*$/));
    const texts = fc.sample(tricky, 200).filter((text) => !text.includes('\0')); // PostgreSQL's text holds no NUL
    const statements: CompiledQuery[] = [];
    const keeping = keepingStatements(database.db, statements);
    const raw = (text: string) => Buffer.from(text);
    for (const [id, text] of texts.entries()) await sql`INSERT INTO together_texts VALUES (${id}, ${text}, ${raw(text)})`.execute(keeping);
    // Also where a server reads backslashes in a plain literal as escapes.
    await database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL standard_conforming_strings = off`.execute(trx);
      await trx.executeQuery(sentTogether(statements));
    });
    const read = await sql<{ text: string; raw: Uint8Array }>`SELECT text, raw FROM together_texts ORDER BY id`.execute(database.db);
    expect(read.rows.map((row) => row.text)).toEqual(texts);
    expect(read.rows.map((row) => Buffer.from(row.raw).toString())).toEqual(texts);
  });

  it('refuses a text with a NUL character as PostgreSQL refuses it as a parameter, and leaves a text sent together already as it is', async () => {
    await sql`CREATE TABLE together_nul (text text)`.execute(database.db);
    const statements: CompiledQuery[] = [];
    await sql`INSERT INTO together_nul VALUES (${'a\0b'})`.execute(keepingStatements(database.db, statements));
    await expect(database.db.executeQuery(sentTogether(statements))).rejects.toMatchObject({ code: '22021' });
    const already = sentTogether([CompiledQuery.raw(`INSERT INTO together_nul VALUES ($1)`, ['costs $1 ($10)'])]);
    await database.db.executeQuery(sentTogether([CompiledQuery.raw('SELECT 1', []), already]));
    expect((await sql`SELECT text FROM together_nul`.execute(database.db)).rows).toEqual([{ text: 'costs $1 ($10)' }]);
  });

  it('fails as a whole, at the first statement that fails', async () => {
    await sql`CREATE TABLE together_fails (id int PRIMARY KEY)`.execute(database.db);
    const statements: CompiledQuery[] = [];
    const keeping = keepingStatements(database.db, statements);
    for (const id of [1, 1, 2]) await sql`INSERT INTO together_fails VALUES (${id})`.execute(keeping);
    await expect(database.db.transaction().execute((trx) => trx.executeQuery(sentTogether(statements)))).rejects.toMatchObject({ code: '23505' });
    expect(await sql`SELECT count(*)::int AS n FROM together_fails`.execute(database.db)).toMatchObject({ rows: [{ n: 0 }] });
  });

  it('reads together in one round trip: each statement its own rows, typed and with sealed columns opened as alone', async () => {
    await sql`CREATE TABLE together_reads (id int PRIMARY KEY, amount bigint, at timestamptz)`.execute(database.db);
    await sql`INSERT INTO together_reads VALUES (1, 10, '2026-01-02T03:04:05Z'), (2, 20, NULL)`.execute(database.db);
    const insert = compiledOnce((db: Db, { row }: { row: Tables['signing_keys'] }) => db.insertInto('signing_keys').values(row));
    const key = { kid: 'kid_together', alg: 'ES256', private_jwk: { d: 'secret' }, public_jwk: { x: 'public' }, created_at: new Date(5_000) };
    await insert(database.db, { row: key });
    const keyQuery = compiledOnce((db: Db, { kid }: { kid: string }) => db.selectFrom('signing_keys').selectAll().where('kid', '=', kid));
    const sent: CompiledQuery[] = [];
    type Read = { id: number; amount: number; at: Date | null };
    const read = await database.db.transaction().execute((trx) =>
      readTogether(
        throughConnection(trx, (connection) => ({ executeQuery: (query) => (sent.push(query), connection.executeQuery(query)), streamQuery: (query, size) => connection.streamQuery(query, size) })),
        bothOf(
          mapRead(readOf(keyQuery.statement(trx, { kid: key.kid }), (rows) => rows), (rows) => rows[0]),
          readsOf([
            readOf(sql<Read>`SELECT * FROM together_reads ORDER BY id FOR UPDATE`.compile(trx), (rows) => rows),
            readOf(sql<Read>`SELECT * FROM together_reads WHERE id > 5`.compile(trx), (rows) => rows),
          ]),
        ),
      ),
    );
    expect(sent).toHaveLength(1);
    expect(read).toEqual([
      key,
      [
        [
          { id: 1, amount: 10, at: new Date('2026-01-02T03:04:05Z') },
          { id: 2, amount: 20, at: null },
        ],
        [],
      ],
    ]);
    // One statement alone goes as it is; a failing one fails the read.
    expect(await readTogether(database.db, readOf(keyQuery.statement(database.db, { kid: key.kid }), (rows) => rows.map((row) => row.private_jwk)))).toEqual([{ d: 'secret' }]);
    await expect(readTogether(database.db, readsOf([readOf(sql`SELECT 1`.compile(database.db), (rows) => rows), readOf(sql`SELECT * FROM no_such_table`.compile(database.db), (rows) => rows)]))).rejects.toMatchObject({ code: '42P01' });
  });
});
