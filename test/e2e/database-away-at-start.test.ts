import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey } from '../../src/core/encryption-keys.js';
import { ServerProcess } from '../helpers/api-process.js';
import { POSTGRES_BIN, PostgresInstance, waitUntil } from '../helpers/postgres-instance.js';
import { runScript } from '../helpers/processes.js';
import { purchase } from '../helpers/purchase.js';
import { startReceiver } from '../helpers/receiver.js';

/**
 * A process whose database is away while it starts (stopped before it, or killed `-m immediate`
 * during its migrations) waits for it: the API listens at once and answers readiness 503 until
 * the database is back, the worker waits without ending; then both start and work.
 *
 * The file brings its own server (initdb), so it runs in one pass of the suite only: the
 * embedded-database pass (TEST_DATABASE_URL unset). It is skipped where PostgreSQL is missing.
 */
const RUNS = POSTGRES_BIN !== undefined && !process.env.TEST_DATABASE_URL;

/** Generous: start-up of a child process on a loaded two-core machine. */
const SLOW_MS = 60_000;
const WAITING = /the database is not reachable while starting; trying again/;

/** Error lines (level 50 and up) and a crash's report (`Connection terminated unexpectedly`, a stack trace). */
function troubleLines(process: ServerProcess) {
  return process.logLines().filter((line) => Number(line.level) >= 50 || /Error|terminated|^\s+at /.test(String(line.text ?? '')));
}

describe.skipIf(!RUNS)('starting while the database is away', () => {
  let server: PostgresInstance;

  beforeAll(async () => {
    server = await PostgresInstance.create({ name: 'away-at-start' });
    await server.start();
  }, SLOW_MS);
  afterAll(async () => {
    await server?.remove();
  });

  it(
    'the API listens at once, answers readiness 503 while it waits, and serves once the database is back',
    async () => {
      const url = await server.createDatabase('api_waits');
      await server.stop('immediate');
      const api = await ServerProcess.start({ env: { DATABASE_URL: url }, startedWhen: WAITING, startTimeoutMs: SLOW_MS });
      try {
        const ready = await api.request('GET', '/readyz');
        expect(ready.status).toBe(503);
        expect(ready.headers.get('retry-after')).toBe('2');
        expect(ready.body.code).toBe('service_unavailable');
        expect((await api.request('GET', '/healthz')).status).toBe(200);
        const early = await api.request('POST', '/oauth/token', { body: {} });
        expect(early.status).toBe(503);
        // Tried again, one line per attempt, with a wait that grows.
        await api.waitFor(/"attempt":3/, SLOW_MS);

        await server.start();
        await waitUntil(async () => (await api.request('GET', '/readyz')).status === 200, SLOW_MS, 'the API ready');
        const token = await api.token();
        const created = await api.request('POST', '/sandbox/payments', {
          token,
          body: { amount_minor: 500, currency: 'EUR', reference: 'after-start', integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } },
        });
        expect(created.status, created.text).toBe(201);
        expect(api.alive).toBe(true);
        expect(troubleLines(api), api.output()).toEqual([]);
      } finally {
        await api.stop();
      }
    },
    3 * SLOW_MS,
  );

  it(
    '`migrate --wait` waits for the database, one line per attempt, and migrates once it is back',
    async () => {
      const url = await server.createDatabase('migrate_waits');
      await server.stop('immediate');
      const folder = await mkdtemp(path.join(os.tmpdir(), 'migrate-waits-'));
      try {
        const migrate = runScript('src/cli/main.ts', ['migrate', '--wait'], { DATABASE_URL: url, ENCRYPTION_KEY: generateKey(), DATA_DIR: folder }, folder);
        await migrate.waitFor(/attempt 2, again in/, SLOW_MS);
        await server.start();
        expect(await migrate.exited, migrate.output()).toBe(0);
        expect(migrate.output()).toMatch(/The database schema is up to date: \d+ migrations applied/);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    3 * SLOW_MS,
  );

  it(
    'the worker outlives its database killed during its migrations, starts once it is back, then runs jobs and delivers webhooks',
    async () => {
      const url = await server.createDatabase('worker_waits');
      const worker = await ServerProcess.start({ script: 'src/worker.ts', env: { DATABASE_URL: url }, startedWhen: /./, startTimeoutMs: SLOW_MS });
      const receiver = await startReceiver();
      let api: ServerProcess | undefined;
      try {
        // Killed as soon as the worker's migrations began (or, on a fast machine, a little later in its start).
        await waitUntil(async () => (await server.query(`SELECT 1 FROM schema_migrations LIMIT 1`, [], 'worker_waits')).length > 0, SLOW_MS, 'migrations begun');
        await server.stop('immediate');
        await worker.waitFor(/not reachable while starting|worker started/, SLOW_MS);
        expect(worker.alive, worker.output()).toBe(true);

        await server.start();
        await worker.waitFor(/worker started/, SLOW_MS);
        // The API runs neither jobs nor deliveries: the payment's capture and its webhook are the worker's.
        api = await ServerProcess.start({ env: { DATABASE_URL: url, WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' }, startTimeoutMs: SLOW_MS });
        const token = await api.token();
        const id = await purchase(api, token, 'worker-after-start', receiver.url);
        const succeeded = () => receiver.received.map((each) => JSON.parse(each.body)).filter((event) => event.type === 'payment_succeeded');
        await waitUntil(() => succeeded().length > 0, SLOW_MS, 'payment_succeeded delivered');
        expect(succeeded()[0]).toMatchObject({ data: { id } });
        expect(worker.alive).toBe(true);
        expect(troubleLines(worker), worker.output()).toEqual([]);
      } finally {
        await api?.stop();
        await worker.stop();
        await receiver.close();
      }
    },
    3 * SLOW_MS,
  );
});
