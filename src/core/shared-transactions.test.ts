import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import { openDatabase, type Database, type Db } from './db.js';
import { ApiError } from './errors.js';
import { SharedTransactions, writeTogether, writingTogether, type Collector } from './shared-transactions.js';
import { readOf, throughConnection, type RowsRead } from './statements.js';

/**
 * SharedTransactions on the test's database (PGlite, or PostgreSQL with TEST_DATABASE_URL), on a
 * table of its own: counters by key, each change adding to one and telling in which transaction it ran.
 */
interface Counter {
  key: string;
  n: number;
}

let database: Database;
let dataDir: string | undefined;
const schema = `shared_${Date.now().toString(36)}`;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) database = await openDatabase(loadConfig({ DATABASE_URL: url, DATABASE_SCHEMA: schema }));
  else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shared-'));
    database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  }
  await sql`create table counters (key text primary key, n int not null check (n < 100))`.execute(database.db);
  await sql`create table notes (id serial primary key, rank int not null, text text not null)`.execute(database.db);
}, 120_000);

afterAll(async () => {
  if (process.env.TEST_DATABASE_URL) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await sql`truncate counters, notes`.execute(database.db);
  await sql`insert into counters values ('a', 0), ('b', 0), ('c', 0), ('d', 0)`.execute(database.db);
});

function lockCounters(trx: Db, keys: string[]): RowsRead<Map<string, Counter>> {
  return readOf(sql<Counter>`select * from counters where key = any(${keys}) order by key for update`.compile(trx), (rows) => new Map(rows.map((row) => [row.key, row])));
}

/** Changes that add to a counter and answer its new value with the transaction they ran in. */
function counters() {
  const batches = new SharedTransactions(database.db, lockCounters);
  const add = (key: string, by: number) =>
    batches.run(key, async (trx, locked) => {
      if (!locked) throw new ApiError('not_found', { detail: `no counter ${key}` });
      await sql`update counters set n = n + ${by} where key = ${key}`.execute(trx);
      const { rows } = await sql<{ tx: string }>`select pg_current_xact_id()::text as tx`.execute(trx);
      return { n: locked.n + by, tx: rows[0]!.tx };
    });
  return { batches, add };
}

async function values(): Promise<Record<string, number>> {
  const { rows } = await sql<Counter>`select * from counters order by key`.execute(database.db);
  return Object.fromEntries(rows.map((row) => [row.key, row.n]));
}

/** Notes written together, each with its collector's rank. */
function notes(rank: number): Collector<string> {
  return {
    rank,
    async flush(trx, texts) {
      await sql`insert into notes (rank, text) select ${rank}, unnest(${texts}::text[])`.execute(trx);
    },
  };
}

describe('SharedTransactions', () => {
  it('runs the changes of one turn in one transaction, each on its locked row, and answers each its own result', async () => {
    const { add } = counters();
    const results = await Promise.all([add('a', 1), add('b', 2), add('c', 3)]);
    expect(results.map((result) => result.n)).toEqual([1, 2, 3]);
    expect(new Set(results.map((result) => result.tx)).size).toBe(1);
    expect(await values()).toEqual({ a: 1, b: 2, c: 3, d: 0 });
  });

  it('gives a change of the same row later in the batch the row as the change before it left it', async () => {
    const { add } = counters();
    const results = await Promise.all([add('a', 1), add('a', 10), add('a', 100 - 12)]);
    expect(results.map((result) => result.n)).toEqual([1, 11, 99]);
    expect(await values()).toMatchObject({ a: 99 });
  });

  it('answers a change refused by a rule before it wrote with its own error, the others committed together', async () => {
    const { add } = counters();
    const results = await Promise.allSettled([add('a', 1), add('missing', 1), add('b', 2)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    const [first, , third] = results as PromiseFulfilledResult<{ tx: string }>[];
    expect(first!.value.tx).toBe(third!.value.tx);
    expect(await values()).toMatchObject({ a: 1, b: 2 });
  });

  it('runs every change again alone when one fails at the database, so that only that one fails', async () => {
    const { add } = counters();
    const results = await Promise.allSettled([add('a', 1), add('b', 500), add('c', 3)]); // 500 breaks the check
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const [first, , third] = results as PromiseFulfilledResult<{ tx: string }>[];
    expect(first!.value.tx).not.toBe(third!.value.tx); // each committed in a transaction of its own
    expect(await values()).toEqual({ a: 1, b: 0, c: 3, d: 0 });
  });

  it('rolls back what a change wrote before its rule refused it, and runs the others again alone', async () => {
    const batches = new SharedTransactions(database.db, lockCounters);
    const writesThenRefuses = batches.run('a', async (trx) => {
      await sql`update counters set n = 50 where key = 'a'`.execute(trx);
      throw new ApiError('conflict', { detail: 'refused after writing' });
    });
    const good = batches.run('b', async (trx) => sql`update counters set n = 7 where key = 'b'`.execute(trx));
    const [refused, done] = await Promise.allSettled([writesThenRefuses, good]);
    expect(refused.status).toBe('rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(done.status).toBe('fulfilled');
    expect(await values()).toMatchObject({ a: 0, b: 7 });
  });

  it('writes the rows changes write together in one statement per collector, lowest rank first, only for the changes that succeed', async () => {
    const [late, early] = [notes(2), notes(1)];
    const batches = new SharedTransactions(database.db, lockCounters);
    const note = (key: string, refuse: boolean) =>
      batches.run(key, async (trx) => {
        await writeTogether(trx, late, [`late ${key}`]);
        await writeTogether(trx, early, [`early ${key}`]);
        if (refuse) throw new ApiError('conflict', { detail: 'refused' });
      });
    const results = await Promise.allSettled([note('a', false), note('b', true), note('c', false)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const { rows } = await sql<{ rank: number; text: string }>`select rank, text from notes order by id`.execute(database.db);
    expect(rows).toEqual([
      { rank: 1, text: 'early a' },
      { rank: 1, text: 'early c' },
      { rank: 2, text: 'late a' },
      { rank: 2, text: 'late c' },
    ]);
  });

  it('writes at once outside a shared transaction, and at the end of writingTogether', async () => {
    const collector = notes(1);
    await writeTogether(database.db, collector, ['now']);
    expect((await sql`select * from notes`.execute(database.db)).rows).toHaveLength(1);
    await database.db.transaction().execute((trx) =>
      writingTogether(trx, async () => {
        await writeTogether(trx, collector, ['later']);
        expect((await sql`select * from notes`.execute(trx)).rows).toHaveLength(1);
      }),
    );
    expect((await sql`select * from notes`.execute(database.db)).rows).toHaveLength(2);
  });

  it('reads what the changes of a batch need with one call of each reader, once their rows are locked, and again for a row handed out again', async () => {
    const calls: string[][] = [];
    const doubled = (trx: Db, keys: string[]) => {
      calls.push(keys);
      return readOf(sql<Counter>`select * from counters where key = any(${keys})`.compile(trx), (rows) => keys.map((key) => 2 * rows.find((row) => row.key === key)!.n));
    };
    const batches = new SharedTransactions(database.db, lockCounters);
    const add = (key: string, by: number) =>
      batches.run(
        key,
        async (trx, _locked, twice: number) => {
          await writeTogether(trx, notes(1), [`${key} +${by}`]);
          await sql`update counters set n = n + ${by} where key = ${key}`.execute(trx);
          return twice;
        },
        { read: doubled, input: key },
      );
    expect(await Promise.all([add('a', 1), add('b', 2), add('a', 3)])).toEqual([0, 0, 2]);
    expect(calls).toEqual([['a', 'b', 'a'], ['a']]);
    expect(await add('c', 4)).toBe(0); // alone: read with its one input
    expect(calls).toEqual([['a', 'b', 'a'], ['a'], ['c']]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('reads what a change needs after its row is locked: what the lock waited for is seen (PostgreSQL: PGlite has one connection)', async () => {
    const notesOf = (trx: Db, keys: string[]) => readOf(sql<{ n: number }>`select count(*)::int as n from notes where text = any(${keys})`.compile(trx), (rows) => keys.map(() => rows[0]!.n));
    const batches = new SharedTransactions(database.db, lockCounters);
    let release!: () => void;
    const holding = database.db.transaction().execute(async (trx) => {
      await sql`select * from counters where key = 'a' for update`.execute(trx);
      await new Promise<void>((resolve) => (release = resolve));
      await sql`insert into notes (rank, text) values (1, 'a')`.execute(trx);
    });
    await vi.waitFor(() => expect(release).toBeDefined(), { timeout: 30_000 });
    const seen = batches.run('a', async (_trx, _locked, notes: number) => notes, { read: notesOf, input: 'a' });
    // The batch's round trip waits for the lock: its read of the notes must follow it.
    const waiting = sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'select * from counters where key = any%for update'`;
    await vi.waitFor(async () => expect((await waiting.execute(database.db)).rows[0]!.n).toBe(1), { timeout: 30_000, interval: 20 });
    release();
    await holding;
    expect(await seen).toBe(1);
  });

  it('sends BEGIN with the locks and what the changes need, and COMMIT with the rows written together: a batch of two takes two round trips', async () => {
    const sent: string[] = [];
    const counting = throughConnection(database.db, (connection) => ({
      executeQuery: (query) => (sent.push(query.sql), connection.executeQuery(query)),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    }));
    const batches = new SharedTransactions(counting, lockCounters);
    const plusOne = (trx: Db, keys: string[]) => readOf(sql<{ n: number }>`select n + 1 as n from counters where key = any(${keys}) order by key`.compile(trx), (rows) => rows.map((row) => row.n));
    const note = (key: string) => batches.run(key, async (trx, locked, next: number) => (await writeTogether(trx, notes(1), [key]), [locked?.n, next]), { read: plusOne, input: key });
    expect(await Promise.all([note('a'), note('b')])).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^begin;\n[^]*^select \* from counters where key = any\(\$1\) order by key for update;\n[^]*^select n \+ 1 as n from counters/m);
    expect(sent[1]).toMatch(/^insert into notes [^]*^commit$/m);
    expect((await sql`select text from notes order by text`.execute(database.db)).rows).toEqual([{ text: 'a' }, { text: 'b' }]);
  });
});
