import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/helpers/receiver.js';
import { loadConfig } from './config.js';
import { openDatabase, type Database, type Db } from './db.js';
import { jsonTable } from './json-rows.js';
import { PASS_LOCK, StatisticsKeeper } from './statistics.js';

/** Plans on the test's database (PGlite, or PostgreSQL with TEST_DATABASE_URL), in a schema of its own with the migrations run. */
const url = process.env.TEST_DATABASE_URL;
const schema = `plans_${Date.now().toString(36)}`;
let database: Database;

beforeAll(async () => {
  database = url ? await openDatabase(loadConfig({ DATABASE_URL: url, DATABASE_SCHEMA: schema })) : await openDatabase(loadConfig({}), { inMemory: true });
  await sql`create table keyed (id text primary key, n int not null)`.execute(database.db);
  await sql`insert into keyed select 'k' || n, 0 from generate_series(1, 5000) n`.execute(database.db);
}, 120_000);

afterAll(async () => {
  if (url) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
  await database?.close();
});

const planOf = async (statement: string, db: Db = database.db) => (await sql.raw<{ 'QUERY PLAN': string }>(`explain ${statement}`).execute(db)).rows.map((row) => row['QUERY PLAN']).join('\n');

describe('rows given as JSON', () => {
  const rows = `'${JSON.stringify([{ id: 'k1' }, { id: 'k2' }, { id: 'k3' }])}'`;
  const update = (from: string) => `update keyed set n = n + 1 from ${from} where keyed.id = wanted.id`;

  it('are joined to a table by its index, where json_to_recordset alone (planned as 100 rows) reads the whole table', async () => {
    await sql`analyze keyed`.execute(database.db);
    expect(await planOf(update(`json_to_recordset(${rows}::text::json) as wanted(id text)`))).toMatch(/Seq Scan on keyed/);
    const plan = await planOf(update(`${jsonTable(rows, { columns: 'id text' })} as wanted`));
    expect(plan).toMatch(/Index Scan using keyed_pkey/);
    expect(plan).not.toMatch(/Seq Scan on keyed/);
  });

  it('are joined by the index in a generic plan too (a prepared statement run many times)', async () => {
    const plan = await database.db.transaction().execute(async (trx) => {
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
      await sql.raw(`prepare json_join (text) as ${update(`${jsonTable('$1', { columns: 'id text' })} as wanted`)}`).execute(trx);
      const explained = await planOf(`execute json_join(${rows})`, trx);
      await sql`deallocate json_join`.execute(trx);
      return explained;
    });
    expect(plan).toMatch(/Index Scan using keyed_pkey/);
  });

  it('of a table type are its columns, typed as the table', async () => {
    const { rows: found } = await sql.raw<{ id: string; n: number }>(`select * from ${jsonTable(`'[{"id":"x","n":"7"}]'`, { table: 'keyed' })} as row`).execute(database.db);
    expect(found).toEqual([{ id: 'x', n: 7 }]);
  });
});

describe('lookups by payment', () => {
  // With sequential scans priced out, a plan still reads the whole table only when no index fits.
  const indexed = async (statement: string) =>
    database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return planOf(statement, trx);
    });

  it("lock a payment's transfers, reversals included, through an index", async () => {
    expect(await indexed(`select * from transfers where payment_id = any('{pay_a,pay_b}') for update`)).toMatch(/Index Scan using transfers_payment|Bitmap Index Scan on transfers_payment /);
  });

  it("find a payment's pending challenges through an index", async () => {
    expect(await indexed(`update three_ds_challenges set state = 'superseded' where payment_id = 'pay_a' and state = 'pending'`)).toMatch(/three_ds_challenges_pending/);
  });
});

describe('StatisticsKeeper', () => {
  const keeper = (pollMs?: number) => new StatisticsKeeper(database.db, !url, pino({ level: 'silent' }), pollMs);
  const stats = async () =>
    (
      await sql<{ analysed: Date | null; inserted: string; changed: string }>`select coalesce(last_analyze, last_autoanalyze) as analysed, n_tup_ins::text as inserted, n_mod_since_analyze::text as changed
        from pg_stat_user_tables where schemaname = current_schema() and relname = 'keyed'`.execute(database.db)
    ).rows[0];
  /** Whether the database analyses its tables itself (a PostgreSQL server with autovacuum on). */
  const autovacuumRuns = async () => Boolean(url) && (await sql<{ on: boolean }>`select current_setting('autovacuum') = 'on' as on`.execute(database.db)).rows[0]!.on;
  /** `keyed` analysed, then changed in all its rows: more than the 50 + a tenth of the table that call for an ANALYZE. */
  const changedSinceAnalysed = async () => {
    // The database counts changes with a delay of its own (flushed about every second): the insert's count lands first.
    await eventually(async () => Number((await stats())?.inserted) >= 5_000);
    await sql`analyze keyed`.execute(database.db);
    const before = await eventually(async () => (await stats())?.analysed ?? undefined);
    await sql`update keyed set n = n + 1 where id in ('k1', 'k2', 'k3')`.execute(database.db);
    return before;
  };
  /** Every row of `keyed` changed, and counted as changed. */
  const changeAll = async () => {
    await sql`update keyed set n = n + 1`.execute(database.db);
    await eventually(async () => Number((await stats())?.changed) >= 5_000);
  };

  beforeAll(async () => {
    // Out of a server's autovacuum's way, which would analyse it first.
    if (url) await sql`alter table keyed set (autovacuum_enabled = false)`.execute(database.db);
  });

  it('analyses a table once enough of its rows changed since its last ANALYZE, and leaves it alone until then', async (context) => {
    if (await autovacuumRuns()) context.skip();
    const before = await changedSinceAnalysed();
    expect(await keeper().analyzeChanged()).not.toContain('keyed');
    await changeAll();
    expect(await keeper().analyzeChanged()).toContain('keyed');
    expect((await stats())!.analysed!.getTime()).toBeGreaterThan(before.getTime());
  });

  it('leaves the tables to autovacuum on a server where it runs', async (context) => {
    if (!(await autovacuumRuns())) context.skip();
    await changedSinceAnalysed();
    await changeAll();
    expect(await keeper().analyzeChanged()).toEqual([]);
  });

  it('makes one pass at a time among the processes on a server', async (context) => {
    if (!url || (await autovacuumRuns())) context.skip();
    await changedSinceAnalysed();
    await changeAll();
    const elsewhere = await database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${PASS_LOCK}))`.execute(trx);
      return keeper().analyzeChanged();
    });
    expect(elsewhere).toEqual([]);
    expect(await keeper().analyzeChanged()).toContain('keyed');
  });

  it('runs on its own on the embedded database, which has no autovacuum', async (context) => {
    if (url) context.skip();
    const before = (await changedSinceAnalysed()).getTime();
    await changeAll();
    const running = keeper(50);
    running.start();
    try {
      await eventually(async () => ((await stats())?.analysed?.getTime() ?? 0) > before);
    } finally {
      await running.stop();
    }
  });
});
