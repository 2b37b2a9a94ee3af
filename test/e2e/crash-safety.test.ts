import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { LocalAdyen, TEST_ADYEN } from '../helpers/adyen/server.js';
import { DATABASE, createDataStore, requester, type DataStore } from '../helpers/harness.js';
import { payByCard } from '../helpers/money.js';
import { runApi, stopStarted, type Started } from '../helpers/processes.js';
import { eventually } from '../helpers/receiver.js';

/**
 * The server killed with SIGKILL at the worst instants of a keyed request: while its transaction
 * commits (the change is durable, the answer never sent) and before it commits (nothing is). The
 * window is held open inside the database, so the kill lands in it every time: at commit, and in
 * the writes sent with the COMMIT (one round trip: they commit all the same), by a trigger that
 * sleeps; before them, by a lock on the payment that the test holds, which the request's
 * transaction waits for once begun. PostgreSQL only: the embedded database lives and dies with the process. Run with the
 * simulator, and with cards taken by a local Adyen answering 300 ms late (PROCESSOR=adyen), whose
 * books must then show each charge and each refund once.
 */
const CLIENT = { id: 'sandbox_crash', secret: 'crash-test-secret-1234567890' };
const SLEEP_SECONDS = 4;

let store: DataStore;
let database: pg.Client;
/** The processor's settings of the servers started: none for the simulator. */
let processorEnv: Record<string, string> = {};

beforeAll(async () => {
  database = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await database.connect();
});
afterAll(async () => {
  await database?.end();
});
afterEach(async () => {
  await stopStarted();
  await store?.remove();
});

interface RunningServer {
  proc: Started;
  request: ReturnType<typeof requester>;
  token(): Promise<string>;
}

async function startServerProcess(): Promise<RunningServer> {
  const env = { ...store.env, LOG_LEVEL: 'info', SANDBOX_CLIENT_ID: CLIENT.id, SANDBOX_CLIENT_SECRET: CLIENT.secret, ...processorEnv };
  const { proc, port, url } = await runApi(env, store.dataDir);
  await proc.waitFor(/^Payments API on /m);
  const request = requester(url);
  const token = async () => {
    const issued = await request('POST', '/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: CLIENT.id, client_secret: CLIENT.secret, audience: `http://localhost:${port}/sandbox` },
    });
    expect(issued.status, issued.text).toBe(200);
    return issued.body.access_token as string;
  };
  return { proc, request, token };
}

const windowName = () => `crash-window:${store.schema}`;

/** Triggers that hold a statement of rows with these references asleep inside the database: at commit, or in the writes sent with it. */
async function installCrashWindows(): Promise<void> {
  await database.query(`SET search_path TO ${pg.escapeIdentifier(store.schema)}`);
  // The sleeping backend names this store's window: other tests on the same PostgreSQL may sleep too.
  await database.query(
    `CREATE FUNCTION crash_window() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM set_config('application_name', ${pg.escapeLiteral(windowName())}, true); PERFORM pg_sleep(${SLEEP_SECONDS}); RETURN NEW; END $$`,
  );
  for (const table of ['payments', 'refunds']) {
    await database.query(`CREATE CONSTRAINT TRIGGER ${table}_at_commit AFTER INSERT ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.reference = 'crash-at-commit') EXECUTE FUNCTION crash_window()`);
  }
  // In the refund's writes, which go to the database with its COMMIT: killed there, it commits all the same.
  await database.query(`CREATE TRIGGER refunds_in_writes BEFORE INSERT ON refunds FOR EACH ROW WHEN (NEW.reference = 'crash-in-writes') EXECUTE FUNCTION crash_window()`);
}

/** A window: a backend of the server held in it (waiting), and how it is let go once the server is killed. */
interface CrashWindow {
  held(): Promise<boolean>;
  release(): Promise<void>;
}

/** At commit, or in the writes sent with it: the trigger's sleep. */
const triggered = (): CrashWindow => ({
  held: async () => (await database.query(`SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND application_name = $1`, [windowName()])).rows.length > 0,
  release: async () => undefined,
});

/** Before commit: the payment's row locked by the test, which a transaction of the server waits for (its backend blocked by the test's). */
async function beforeCommit(paymentId: string): Promise<CrashWindow> {
  const holder = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await holder.connect();
  await holder.query('BEGIN');
  const locked = await holder.query(`SELECT pg_backend_pid() AS pid FROM ${pg.escapeIdentifier(store.schema)}.payments WHERE id = $1 FOR UPDATE`, [paymentId]);
  const holderPid = (locked.rows[0] as { pid: number }).pid;
  return {
    held: async () => (await database.query(`SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND $1 = ANY(pg_blocking_pids(pid))`, [holderPid])).rows.length > 0,
    release: () => holder.end(),
  };
}

/** Waits until a backend of this schema's server is held in the window, then kills the server. */
async function killInsideTheWindow(server: RunningServer, window: CrashWindow, sending: Promise<unknown>): Promise<void> {
  // The client sees the connection end without an answer, maybe before the process's exit is reported.
  const ended = sending.catch(() => undefined);
  const deadline = Date.now() + 60_000;
  while (!(await window.held())) {
    if (Date.now() > deadline) {
      await window.release();
      throw new Error(`no statement reached the crash window; server output:\n${server.proc.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  try {
    await server.proc.kill();
    await ended;
  } finally {
    await window.release();
  }
  // The database finishes what the dead process left: the commit it had asked for, or the rollback of an open transaction.
  while (await window.held()) await new Promise((resolve) => setTimeout(resolve, 50));
}

const refundBody = (paymentId: string, reference: string) => ({ payment_id: paymentId, description: 'Returned goods', reference, routing: { platform: { amount_minor: 700 } } });
const paymentBody = (reference: string) => ({ amount_minor: 2_500, currency: 'EUR', reference, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } });

/** Runs the scenario with the simulator, or against a local Adyen (which it then answers with). */
async function withProcessor<T>(adyenLatency: boolean, run: (adyen: LocalAdyen | undefined) => Promise<T>): Promise<T> {
  store = await createDataStore();
  if (!adyenLatency) {
    processorEnv = {};
    return run(undefined);
  }
  const adyen = await LocalAdyen.start({ ...TEST_ADYEN, latencyMs: 300 });
  processorEnv = adyen.serverEnv();
  try {
    return await run(adyen);
  } finally {
    await stopStarted();
    await adyen.close();
  }
}

describe.skipIf(DATABASE !== 'postgres')('a server killed with SIGKILL in the middle of a keyed request', () => {
  it.each([
    { processor: 'the simulator', adyenLatency: false },
    { processor: 'Adyen answering 300 ms late', adyenLatency: true },
  ])('replays what committed and runs once what did not, at once, for refunds and payment initiations ($processor)', ({ adyenLatency }) => withProcessor(adyenLatency, async (adyen) => {
    let server = await startServerProcess(); // creates the schema and its tables
    await installCrashWindows();
    const platform = { token: server.token };
    const paymentId = await payByCard({ request: server.request, clock: systemClock }, platform, { amount_minor: 5_000 });

    const cases = [
      { path: '/sandbox/refunds', body: refundBody(paymentId, 'crash-at-commit'), committed: true },
      { path: '/sandbox/refunds', body: refundBody(paymentId, 'crash-in-writes'), committed: true },
      { path: '/sandbox/refunds', body: refundBody(paymentId, 'crash-before-commit'), committed: false },
      // An initiation is one statement: killed anywhere in it, it commits whole (with its key) or not at all.
      { path: '/sandbox/payments', body: paymentBody('crash-at-commit'), committed: true },
    ];
    for (const { path, body, committed } of cases) {
      const key = randomUUID();
      const send = async () => server.request('POST', path, { token: await server.token(), body, headers: { 'idempotency-key': key } });
      const window = committed ? triggered() : await beforeCommit(paymentId);
      await killInsideTheWindow(server, window, send());
      server = await startServerProcess();

      const retry = await send();
      expect(retry.status, `${path} ${body.reference}: ${retry.text}`).toBe(201);
      expect(retry.headers.get('idempotent-replayed'), `${path} ${body.reference}`).toBe(committed ? 'true' : null);
      const table = path.endsWith('refunds') ? 'refunds' : 'payments';
      const rows = await database.query(`SELECT id FROM ${table} WHERE reference = $1`, [body.reference]);
      expect(rows.rows.map((row) => row.id), `${path} ${body.reference}`).toEqual([retry.body.id]);
    }

    // Three refunds of 700 in all: no crash took money twice, nor lost one that was answered.
    const payment = await server.request('GET', `/sandbox/payments/${paymentId}`, { token: await server.token() });
    expect(payment.body.routing.platform.refundable_amount).toBe(5_000 - 3 * 700);
    if (!adyen) return;

    // Adyen charged the card once, and is asked for each refund once, by the refund's own reference.
    const refunds = (await database.query(`SELECT id, amount_minor FROM refunds ORDER BY id`)).rows as { id: string; amount_minor: string }[];
    expect(refunds).toHaveLength(3);
    const moved = await eventually(async () => {
      const books = adyen.moved();
      return books.refunds.length >= refunds.length && books;
    }, 60_000);
    expect(moved.payments.filter((charged) => charged.resultCode === 'Authorised').map((charged) => charged.amount)).toEqual([5_000]);
    expect(moved.refunds.map((refund) => ({ id: refund.reference, amount: refund.amount })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      refunds.map((refund) => ({ id: refund.id, amount: Number(refund.amount_minor) })),
    );
    expect(adyen.violations).toEqual([]);
  }), 300_000);
});
