import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparingPool } from './db.js';

/**
 * PreparingPool is the PostgreSQL server's path (PGlite has its own pool), so it is tested against
 * the server in both passes of the suite: the one CI starts, or TEST_DATABASE_URL.
 */
const URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `prepare_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: URL });
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
    const pool = new PreparingPool(new pg.Pool({ connectionString: URL, max: 1, options: `-c search_path=${SCHEMA}` }));
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
