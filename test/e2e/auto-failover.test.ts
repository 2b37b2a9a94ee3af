import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess, type TimedResponse } from '../helpers/api-process.js';
import { AutoFailoverFormation, PG_AUTOCTL } from '../helpers/auto-failover.js';
import { POSTGRES_BIN, waitUntil } from '../helpers/postgres-instance.js';

/**
 * Automatic failover with pg_auto_failover: a monitor, a primary and its synchronous secondary.
 * The API and a worker run on the multi-host URL (target_session_attrs=read-write); under load
 * the primary's machine is lost (its keeper and PostgreSQL SIGKILLed); the monitor promotes the
 * secondary and the service goes on with it, no process restarted, every payment it answered
 * 201 still there (synchronous replication: acknowledged means on both nodes).
 *
 * It brings its own servers, so it runs in the embedded-database pass only (TEST_DATABASE_URL
 * unset); skipped where PostgreSQL or pg_auto_failover is not installed.
 */
const RUNS = POSTGRES_BIN !== undefined && PG_AUTOCTL !== undefined && !process.env.TEST_DATABASE_URL;
if (!process.env.TEST_DATABASE_URL && PG_AUTOCTL === undefined) console.warn('auto-failover.test.ts skipped: pg_auto_failover is not installed (apt-get install pg-auto-failover-cli postgresql-15-auto-failover)');
const SLOW_MS = 60_000;

const paymentBody = (reference: string) => ({ amount_minor: 700, currency: 'EUR', reference, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } });

describe.skipIf(!RUNS)('automatic failover with pg_auto_failover', () => {
  let formation: AutoFailoverFormation;

  beforeAll(async () => {
    formation = await AutoFailoverFormation.create(2 * SLOW_MS);
  }, 3 * SLOW_MS);
  afterAll(async () => {
    await formation?.remove();
  });

  it(
    'the primary lost under load: the secondary is promoted by the monitor, the API and the worker go on without a restart, no acknowledged payment lost',
    async () => {
      const env = { DATABASE_URL: formation.url, RATE_LIMIT_PER_SECOND: '0', WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' };
      const api = await ServerProcess.start({ env, startTimeoutMs: SLOW_MS });
      const worker = await ServerProcess.start({ script: 'src/worker.ts', env: { DATABASE_URL: formation.url }, startTimeoutMs: SLOW_MS });
      try {
        const token = await api.token();
        const acknowledged = new Map<string, string>(); // payment id → reference
        const unexpected: string[] = [];
        let sequence = 0;
        let running = true;
        const client = async () => {
          while (running) {
            const reference = `failover-${++sequence}`;
            const answer: TimedResponse | undefined = await api.request('POST', '/sandbox/payments', { token, body: paymentBody(reference), headers: { 'idempotency-key': reference } }).catch((error: unknown) => {
              unexpected.push(`${reference}: no answer (${String(error)})`);
              return undefined;
            });
            if (answer?.status === 201) acknowledged.set(answer.body.id, reference);
            else if (answer && !(answer.status === 503 && answer.headers.get('retry-after'))) unexpected.push(`${reference}: ${answer.status} ${answer.text}`);
            await new Promise((resolve) => setTimeout(resolve, answer?.status === 503 ? 200 : 10));
          }
        };
        const clients = Array.from({ length: 3 }, client);
        await waitUntil(() => acknowledged.size >= 20, SLOW_MS, 'payments before the failover');

        await formation.kill('node1');
        const lostAt = acknowledged.size;
        await waitUntil(async () => (await formation.states()).node2 === 'wait_primary' || (await formation.states()).node2 === 'primary', 2 * SLOW_MS, 'node2 promoted');
        await waitUntil(() => acknowledged.size >= lostAt + 20, 2 * SLOW_MS, 'payments after the failover');
        running = false;
        await Promise.all(clients);

        expect(unexpected, formation.output()).toEqual([]);
        expect(api.alive && worker.alive, `${api.output()}\n${worker.output()}`).toBe(true);
        // Every payment answered 201 is on the promoted node.
        const promoted = new pg.Client({ connectionString: formation.urlOf('node2') });
        await promoted.connect();
        try {
          const { rows } = await promoted.query<{ id: string; reference: string }>('SELECT id, reference FROM payments WHERE id = ANY($1)', [[...acknowledged.keys()]]);
          expect(new Map(rows.map((row) => [row.id, row.reference]))).toEqual(acknowledged);
        } finally {
          await promoted.end();
        }
        // And the API reads them back through the same URL, without a restart.
        const [firstId, firstReference] = [...acknowledged][0]!;
        const read = await api.request('GET', `/sandbox/payments/${firstId}`, { token });
        expect(read.status, read.text).toBe(200);
        expect(read.body.reference).toBe(firstReference);
        const logs = [...api.logLines(), ...worker.logLines()];
        expect(logs.filter((line) => Number(line.level) >= 50), `${api.output()}\n${worker.output()}`).toEqual([]);
      } finally {
        await api.stop();
        await worker.stop();
      }
    },
    5 * SLOW_MS,
  );
});
