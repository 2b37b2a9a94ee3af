import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDeploymentHeld, runDeployment } from '../helpers/many-processes.js';
import { PGBOUNCER, PgBouncer } from '../helpers/pgbouncer.js';
import { POSTGRES_BIN, PostgresInstance } from '../helpers/postgres-instance.js';

/**
 * The many-processes run (smaller) with PgBouncer in transaction mode in front of PostgreSQL:
 * DATABASE_URL is the pooler, DATABASE_DIRECT_URL the server (LISTEN, the migrations' advisory
 * lock). Statements go unnamed through the pooler: a named one prepared on one server connection
 * would be missing on the next, and requests would fail.
 *
 * It brings its own server (initdb) and pooler, so it runs in the embedded-database pass only
 * (TEST_DATABASE_URL unset); skipped where PostgreSQL or PgBouncer is not installed.
 */
const RUNS = POSTGRES_BIN !== undefined && PGBOUNCER !== undefined && !process.env.TEST_DATABASE_URL;
if (!process.env.TEST_DATABASE_URL && PGBOUNCER === undefined) console.warn('pgbouncer.test.ts skipped: PgBouncer is not installed (apt-get install pgbouncer)');
const SLOW_MS = 60_000;

describe.skipIf(!RUNS)('behind PgBouncer in transaction mode', () => {
  let server: PostgresInstance;
  let bouncer: PgBouncer;

  beforeAll(async () => {
    // Fewer server connections than the processes' pools hold: the pooler shares them out per transaction.
    server = await PostgresInstance.create({ name: 'behind-pgbouncer', settings: { max_connections: 40 } });
    await server.start();
    bouncer = await PgBouncer.start(server, 10);
  }, SLOW_MS);
  afterAll(async () => {
    await bouncer?.stop();
    await server?.remove();
  });

  it(
    'two APIs and two workers through the pooler, one of each killed under load: the same guarantees as on the server itself',
    async () => {
      const report = await runDeployment({
        databaseUrl: bouncer.urlOf('postgres'),
        directUrl: server.url,
        checkUrl: server.url,
        apis: 2,
        workers: 2,
        buyers: 4,
        paymentsPerBuyer: 5,
        slowMs: SLOW_MS,
      });
      const context = expectDeploymentHeld(report, 4 * 5, bouncer.output());
      // The requests did go through the pooler: it counted their transactions.
      const stats = await bouncer.admin('SHOW STATS');
      const transactions = stats.filter((row) => row.database === 'postgres').reduce((sum, row) => sum + Number(row.total_xact_count), 0);
      expect(transactions, context).toBeGreaterThan(100);
    },
    5 * SLOW_MS,
  );
});
