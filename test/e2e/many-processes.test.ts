import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectDeploymentHeld, runDeployment } from '../helpers/many-processes.js';
import { POSTGRES_BIN, PostgresInstance } from '../helpers/postgres-instance.js';

/**
 * Three API processes and two background workers on one PostgreSQL server, paid through under
 * load; one API and one worker are SIGKILLed midway. The processes that live on answer every
 * request (a client whose API went away sends its next payment to another: a refused connection
 * is the only failure it sees), each payment is captured once, each event is delivered (once,
 * or again only when the killed worker had it in flight), and a sandbox clock advance made
 * through one API is seen by all.
 *
 * The file brings its own server (initdb), so it runs in one pass of the suite only: the
 * embedded-database pass (TEST_DATABASE_URL unset). It is skipped where PostgreSQL is missing.
 */
const RUNS = POSTGRES_BIN !== undefined && !process.env.TEST_DATABASE_URL;
const SLOW_MS = 60_000;

describe.skipIf(!RUNS)('many processes on one database', () => {
  let server: PostgresInstance;

  beforeAll(async () => {
    server = await PostgresInstance.create({ name: 'many-processes' });
    await server.start();
  }, SLOW_MS);
  afterAll(async () => {
    await server?.remove();
  });

  it(
    'three APIs and two workers, one of each killed under load: no failed request at the others, each payment captured and announced once, the clock advance seen by all',
    async () => {
      const report = await runDeployment({ databaseUrl: server.url, checkUrl: server.url, apis: 3, workers: 2, buyers: 6, paymentsPerBuyer: 6, slowMs: SLOW_MS });
      expectDeploymentHeld(report, 6 * 6);
    },
    5 * SLOW_MS,
  );
});
