/**
 * The plans of the statements that find due work on the per-platform sandbox clocks (issue 31), on
 * PostgreSQL: 200 platforms (20 with their clock ahead), 100,000 pending jobs, 200,000 done ones and
 * 100,000 pending webhook deliveries over 30 days. The job claim, a lease's followers and the
 * delivery claim read one range of an index on real_due_at (each clock's due time in real time);
 * an advance moves its platform's pending rows through the platform's partial index.
 *
 *   npm run bench:clocks     (DATABASE_URL defaults to the local test database)
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/core/config.js';
import { openDatabase } from '../src/core/db.js';

const schema = `explain_${Date.now().toString(36)}`;
const config = loadConfig({ DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'explain-')), DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' });
const database = await openDatabase(config);
const { db } = database;
// 200 platforms, 100k pending jobs and 100k pending deliveries spread over them and over 30 days, a few platforms ahead.
await sql`INSERT INTO platforms (id, name, created_at) SELECT 'plt_' || g, 'p' || g, now() FROM generate_series(1, 200) g`.execute(db);
await sql`INSERT INTO platform_clocks (platform_id, offset_ms) SELECT 'plt_' || g, g * 3600000 FROM generate_series(1, 20) g`.execute(db);
await sql`INSERT INTO scheduled_jobs (environment, platform_id, kind, subject_id, due_at, state, created_at)
  SELECT 'sandbox', 'plt_' || (g % 200 + 1), 'test.kind', 's' || g, now() + (g % 43200) * interval '1 minute', 'pending', now() FROM generate_series(1, 100000) g`.execute(db);
await sql`INSERT INTO scheduled_jobs (environment, platform_id, kind, subject_id, due_at, state, created_at, done_at)
  SELECT 'sandbox', 'plt_' || (g % 200 + 1), 'test.kind', 'd' || g, now() - interval '1 day', 'done', now(), now() FROM generate_series(1, 200000) g`.execute(db);
await sql`INSERT INTO events (id, environment, platform_id, type, object_id, data, occurred_at, created_at) SELECT 'evt_' || g, 'sandbox', 'plt_' || (g % 200 + 1), 'payment_succeeded', 'pay_' || g, '{}', now(), now() FROM generate_series(1, 100000) g`.execute(db);
await sql`INSERT INTO webhook_deliveries (event_id, environment, platform_id, url, state, next_attempt_at, created_at) SELECT 'evt_' || g, 'sandbox', 'plt_' || (g % 200 + 1), 'http://r.example/h', 'pending', now() + (g % 43200) * interval '1 minute', now() FROM generate_series(1, 100000) g`.execute(db);
await sql`ANALYZE`.execute(db);
const explain = async (label: string, text: string, params: unknown[] = []) => {
  const compiled = sql.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`);
  const rows = await db.executeQuery({ sql: `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, parameters: params, query: compiled.toOperationNode() } as never);
  console.log(`--- ${label}\n${(rows.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n')}`);
};
const now = new Date();
await explain('job claim (runNext)', `SELECT * FROM scheduled_jobs WHERE state = 'pending' AND real_due_at <= $1 ORDER BY real_due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`, [now]);
await explain('job followers', `SELECT id, kind FROM scheduled_jobs WHERE state = 'pending' AND real_due_at <= $1 AND environment = 'sandbox' AND platform_id = 'plt_5' AND (real_due_at, id) > ($2, 0) ORDER BY real_due_at, id LIMIT 31`, [new Date(now.getTime() + 86400000), now]);
await explain('delivery claim (claimDue)', `WITH due AS (SELECT d.id FROM webhook_deliveries d WHERE d.state = 'pending' AND d.real_due_at <= $1 AND (d.lease_until IS NULL OR d.lease_until <= $1) ORDER BY d.real_due_at LIMIT 100 FOR UPDATE OF d SKIP LOCKED) SELECT count(*) FROM due`, [now]);
await sql`BEGIN`.execute(db);
await explain('advance: jobs of one platform moved', `UPDATE scheduled_jobs SET real_due_at = real_due_at - 86400000 * interval '1 millisecond' WHERE environment = 'sandbox' AND platform_id = 'plt_7' AND state = 'pending'`);
await explain('advance: deliveries of one platform moved', `UPDATE webhook_deliveries SET real_due_at = real_due_at - 86400000 * interval '1 millisecond' WHERE environment = 'sandbox' AND platform_id = 'plt_7' AND state = 'pending'`);
await sql`ROLLBACK`.execute(db);
await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db);
await database.close();
