import net from 'node:net';
import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { MOST_PREPARED, openDatabase, PreparingPool } from './db.js';
import { isDatabaseUnavailable } from './database-errors.js';
import { sentTogether } from './statements.js';
import { eventually } from '../../test/helpers/receiver.js';

/**
 * PreparingPool is the PostgreSQL server's path (PGlite has its own pool), so it is tested against
 * the server in both passes of the suite: the one CI starts, or TEST_DATABASE_URL.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `prepare_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${SCHEMA}`);
  await admin.query(`CREATE TABLE ${SCHEMA}.items (id int PRIMARY KEY, name text)`);
  await admin.query(`INSERT INTO ${SCHEMA}.items VALUES (1, 'one')`);
});
afterAll(async () => {
  await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await admin.end();
});

describe('PreparingPool', () => {
  it('prepares a parameterised statement once per connection, leaves one without parameters alone, and survives a migration that changes its result', async () => {
    const pool = new PreparingPool(new pg.Pool({ connectionString: SERVER_URL, max: 1, options: `-c search_path=${SCHEMA}` }));
    const client = await pool.connect();
    try {
      const select = 'SELECT * FROM items WHERE id = $1';
      expect((await client.query(select, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
      expect((await client.query(select, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
      const prepared = await client.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements', []);
      expect(prepared.rows).toEqual([{ name: expect.stringMatching(/^k[\w-]{27}_0$/), statement: select }]);

      // Another process migrates: the cached plan's row type no longer matches.
      await admin.query(`ALTER TABLE ${SCHEMA}.items ADD COLUMN price int DEFAULT 5`);
      expect((await client.query(select, [1])).rows).toEqual([{ id: 1, name: 'one', price: 5 }]);
      const names = (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name', [])).rows.map((row) => row.name);
      expect(names.map((name) => name.slice(-2)).sort()).toEqual(['_0', '_1']);
    } finally {
      client.release();
      await pool.end();
    }
  });
});

describe('PreparingPool, texts without end', () => {
  it('keeps at most MOST_PREPARED statements per connection, the least recently used deallocated, also after a failed transaction', async () => {
    const pool = new PreparingPool(new pg.Pool({ connectionString: SERVER_URL, max: 1, options: `-c search_path=${SCHEMA}` }));
    const client = await pool.connect();
    const text = (n: number) => `SELECT $1::int + ${n} AS sum`;
    const sum = async (n: number) => (await client.query<{ sum: number }>(text(n), [1])).rows[0]!.sum;
    const preparedCount = async () => Number((await client.query<{ count: string }>('SELECT count(*) AS count FROM pg_prepared_statements', [])).rows[0]!.count);
    try {
      for (let n = 0; n < MOST_PREPARED; n++) await sum(n);
      await sum(0); // now the most recently used
      for (let n = MOST_PREPARED; n < MOST_PREPARED + 5; n++) expect(await sum(n)).toBe(n + 1);
      expect(await preparedCount()).toBe(MOST_PREPARED);
      expect(await sum(0)).toBe(1);
      expect(await sum(1)).toBe(2); // deallocated, prepared again
      expect(await preparedCount()).toBe(MOST_PREPARED);

      await client.query('BEGIN', []);
      await expect(client.query('SELECT 1 / $1::int', [0])).rejects.toThrow(/division by zero/);
      await expect(sum(MOST_PREPARED + 10)).rejects.toThrow(/current transaction is aborted/);
      await client.query('ROLLBACK', []);
      for (let n = 0; n < MOST_PREPARED + 20; n++) expect(await sum(n)).toBe(n + 1);
      expect(await preparedCount()).toBe(MOST_PREPARED);
    } finally {
      client.release();
      await pool.end();
    }
  });
});

describe('PreparingPool, statements sent together', () => {
  type Client = Awaited<ReturnType<PreparingPool['connect']>>;
  /** Runs `work` on the one connection of a pool of its own. */
  const onOneConnection = async (work: (client: Client) => Promise<void>, settings: pg.PoolConfig = {}) => {
    const pool = new PreparingPool(new pg.Pool({ connectionString: SERVER_URL, max: 1, options: `-c search_path=${SCHEMA}`, ...settings }));
    const client = await pool.connect();
    try {
      await client.query('TRUNCATE together_items', []);
      await work(client);
    } finally {
      client.release();
      await pool.end();
    }
  };
  const insert = (id: number, name: string) => CompiledQuery.raw('INSERT INTO together_items VALUES ($1, $2)', [id, name]);
  const names = () => CompiledQuery.raw('SELECT string_agg(name, \',\' ORDER BY id) AS names FROM together_items WHERE id > $1', [0]);
  const send = async (client: Client, statements: CompiledQuery[]) => {
    const together = sentTogether(statements);
    return (await client.query<{ names: string }>(together.sql, together.parameters)).rows;
  };
  const preparedCount = async (client: Client) =>
    Number((await client.query<{ count: string }>('SELECT count(*) AS count FROM pg_prepared_statements', [])).rows[0]!.count);

  beforeAll(() => admin.query(`CREATE TABLE ${SCHEMA}.together_items (id int PRIMARY KEY, name text NOT NULL)`));

  it('prepares each parameterised statement once per connection and answers the last statement\'s rows', async () => {
    await onOneConnection(async (client) => {
      expect(await send(client, [CompiledQuery.raw('BEGIN', []), insert(1, 'one'), insert(2, "it's $1"), names(), CompiledQuery.raw('COMMIT', [])])).toEqual([]);
      expect(await preparedCount(client)).toBe(2);
      expect(await send(client, [insert(3, 'three'), names()])).toEqual([{ names: "one,it's $1,three" }]);
      expect(await preparedCount(client)).toBe(2);
    });
  });

  it('runs nothing after the statement that fails, and the connection sends the same statements again, whether the failure came at execution or at parsing', async () => {
    const broken = CompiledQuery.raw('INSERT INTO together_items VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNIN id', [9, 'nine']);
    await onOneConnection(async (client) => {
      await expect(send(client, [insert(1, 'one'), insert(1, 'again'), insert(2, 'two'), names()])).rejects.toMatchObject({ code: '23505' });
      await expect(send(client, [insert(3, 'three'), broken, insert(4, 'four')])).rejects.toMatchObject({ code: '42601' });
      await client.query('BEGIN', []);
      await expect(send(client, [insert(5, 'five'), insert(5, 'again'), CompiledQuery.raw('COMMIT', [])])).rejects.toMatchObject({ code: '23505' });
      await client.query('ROLLBACK', []);
      expect(await send(client, [insert(1, 'one'), insert(2, 'two'), names()])).toEqual([{ names: 'one,two' }]);
      expect(await preparedCount(client)).toBe(2);
    });
  });

  it('forgets the statements a failed group never had parsed without deallocating them, so that making room later fails no transaction', async () => {
    const twoRows = CompiledQuery.raw('INSERT INTO together_items VALUES ($1, $2), ($3, $4)', [7, 'seven', 8, 'eight']);
    const sum = (n: number) => CompiledQuery.raw(`SELECT $1::int + ${n} AS names`, [1]);
    await onOneConnection(async (client) => {
      await expect(send(client, [CompiledQuery.raw('BEGIN', []), insert(1, 'one'), insert(1, 'again'), twoRows, CompiledQuery.raw('COMMIT', [])])).rejects.toMatchObject({ code: '23505' });
      await client.query('ROLLBACK', []);
      for (let n = 0; n < MOST_PREPARED - 1; n++) await send(client, [sum(n)]);
      await client.query('BEGIN', []);
      // Room made for these: the insert's name deallocated, then the two rows' name, never parsed, only forgotten.
      expect(await send(client, [sum(MOST_PREPARED)])).toEqual([{ names: MOST_PREPARED + 1 }]);
      expect(await send(client, [sum(MOST_PREPARED + 1)])).toEqual([{ names: MOST_PREPARED + 2 }]);
      await client.query('COMMIT', []);
      expect(await preparedCount(client)).toBe(MOST_PREPARED);
    });
  });

  it('knows the names a group had parsed once pg gave up waiting for it (query_timeout): the server went on and parsed them', async () => {
    const sleeping = CompiledQuery.raw('SELECT pg_sleep($1)', [2]);
    await onOneConnection(
      async (client) => {
        await expect(send(client, [sleeping, insert(10, 'ten')])).rejects.toThrow(/timeout/i);
        await eventually(async () => (await admin.query(`SELECT 1 FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%' AND state = 'active'`)).rows.length === 0);
        expect(await send(client, [insert(11, 'eleven'), insert(12, 'twelve'), names()])).toEqual([{ names: 'ten,eleven,twelve' }]);
      },
      { query_timeout: 1_000 },
    );
  });

  it('fails on a value it cannot send before sending anything, and prepares again under new names once a migration changed a result', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await onOneConnection(async (client) => {
      await expect(send(client, [insert(1, 'one'), CompiledQuery.raw('SELECT $1::jsonb', [circular])])).rejects.toThrow(/circular/i);
      const read = CompiledQuery.raw('SELECT * FROM together_items WHERE id = $1', [1]);
      expect(await send(client, [insert(1, 'one'), read])).toEqual([{ id: 1, name: 'one' }]);
      await admin.query(`ALTER TABLE ${SCHEMA}.together_items ADD COLUMN price int DEFAULT 5`);
      await expect(send(client, [insert(2, 'two'), read])).rejects.toMatchObject({ code: '0A000' });
      expect(await send(client, [insert(2, 'two'), read])).toEqual([{ id: 1, name: 'one', price: 5 }]);
    });
  });
});

/** A TCP proxy to the database server that can refuse connections and cut the open ones: an outage. */
async function outageProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((incoming) => {
    if (refusing) return incoming.destroy();
    const outgoing = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [[incoming, outgoing], [outgoing, incoming]] as const) {
      sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    down() {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the server connection', () => {
  it('listens again once the server is back from an outage longer than one reconnect try, and outlives its idle connections being cut', async () => {
    const proxy = await outageProxy(new URL(SERVER_URL));
    const schema = `listen_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const database = await openDatabase(loadConfig({ DATABASE_URL: proxy.url, DATABASE_SCHEMA: schema }));
    let notified = 0;
    const unlisten = await database.listen('outage_test', () => notified++);
    try {
      await sql`SELECT 1`.execute(database.db); // an idle pool connection, cut below with the listener's
      const before = notified;
      proxy.down();
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // two reconnect tries refused
      proxy.up();
      await expect.poll(() => notified, { timeout: 5_000 }).toBeGreaterThan(before); // listening again: it catches up at once
      const caughtUp = notified;
      await admin.query(`SELECT pg_notify('outage_test', '')`);
      await expect.poll(() => notified, { timeout: 5_000 }).toBeGreaterThan(caughtUp);
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await unlisten();
      await database.close();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await proxy.close();
    }
  });
});


/** A server that accepts TCP connections and never answers: a machine that hangs. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('connections that fail', () => {
  it('closes a connection that broke while checked out instead of handing it out again, and the process outlives it', async () => {
    const proxy = await outageProxy(new URL(SERVER_URL));
    const serverPool = new pg.Pool({ connectionString: proxy.url, max: 1 });
    serverPool.on('error', () => undefined);
    const pool = new PreparingPool(serverPool);
    const backend = async (client: Awaited<ReturnType<PreparingPool['connect']>>) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', [])).rows[0]!.pid;
    try {
      const first = await pool.connect();
      const pid = await backend(first);
      proxy.down(); // the server goes away under a checked-out connection
      const failure = await first.query('SELECT 1', []).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      first.release();
      proxy.up();
      const second = await pool.connect();
      expect(await backend(second)).not.toBe(pid);
      second.release();
    } finally {
      await pool.end();
      await proxy.close();
    }
  });

  it('gives up on a server that never answers after DATABASE_CONNECT_TIMEOUT_SECONDS, uses the next one listed, and keeps to it', async () => {
    const silent = await silentServer();
    const real = new URL(SERVER_URL);
    const userinfo = real.username ? `${real.username}${real.password ? `:${real.password}` : ''}@` : '';
    const url = `postgres://${userinfo}${silent.address},${real.host}${real.pathname}`;
    const schema = `timeout_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const started = Date.now();
    const database = await openDatabase(loadConfig({ DATABASE_URL: url, DATABASE_SCHEMA: schema, DATABASE_CONNECT_TIMEOUT_SECONDS: '1' }));
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000); // the silent server was tried first, for a second
      const triedSilent = silent.connections();
      expect(triedSilent).toBeGreaterThan(0);
      await Promise.all(Array.from({ length: 5 }, () => sql`SELECT pg_sleep(0.05)`.execute(database.db)));
      expect(silent.connections()).toBe(triedSilent); // new connections go to the server that answered
    } finally {
      await database.close();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await silent.close();
    }
  });

  it('answers a connection attempt to a server that never answers with an unavailable error once the timeout is over', async () => {
    const silent = await silentServer();
    const pool = new PreparingPool(new pg.Pool({ connectionString: `postgres://postgres@${silent.address}/test`, connectionTimeoutMillis: 500 }));
    try {
      const failure = await pool.connect().catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await pool.end();
      await silent.close();
    }
  });
});
