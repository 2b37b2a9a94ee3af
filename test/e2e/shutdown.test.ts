import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { scheduleJob } from '../../src/core/jobs.js';
import { DATABASE, createDataStore, requester, startServer, type DataStore } from '../helpers/harness.js';
import { runApi, runScript, stopStarted, type Started } from '../helpers/processes.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { recordEvent } from '../helpers/events.js';

const receivers: Receiver[] = [];
const stores: DataStore[] = [];
afterEach(async () => {
  await stopStarted();
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  for (const store of stores.splice(0)) await store.remove();
});

async function newStore(): Promise<DataStore> {
  const store = await createDataStore();
  stores.push(store);
  return store;
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function answerOf(outgoing: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body }));
    });
  });
}

/** A GET through `agent` (false: a connection of its own). */
function get(url: string, agent: http.Agent | false, token?: string): Promise<Answer> {
  const outgoing = http.get(url, { agent, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return answerOf(outgoing);
}

/** A POST whose body is sent up to its last byte; finish() sends that byte. */
function halfSent(url: string, token: string, body: unknown): { finish(): void; answered: Promise<Answer> } {
  const bytes = Buffer.from(JSON.stringify(body));
  const outgoing = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': bytes.length },
  });
  const answered = answerOf(outgoing);
  outgoing.write(bytes.subarray(0, -1));
  return { finish: () => outgoing.end(bytes.subarray(-1)), answered };
}

const PAYMENT = {
  amount_minor: 2_500,
  currency: 'EUR',
  reference: 'order-in-flight',
  integration: { type: 'hosted' },
  urls: { redirect: 'https://shop.example/return', webhook: 'https://shop.example/webhooks' },
};

/** `npm start` on a fresh store, with its printed sandbox credentials exchanged for a token. */
async function startApi(store: DataStore, env: Record<string, string>) {
  const { proc, port, url } = await runApi({ ...store.env, LOG_LEVEL: 'info', ...env }, store.dataDir);
  await proc.waitFor(/^Get a token: .*$/m);
  const [, clientId] = await proc.waitFor(/^\s+client_id:\s+(\S+)$/m);
  const [, clientSecret] = await proc.waitFor(/^\s+client_secret:\s+(\S+)$/m);
  const issued = await requester(url)('POST', '/oauth/token', {
    body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, audience: `http://localhost:${port}/sandbox` },
  });
  return { proc, url, token: issued.body.access_token as string };
}

/** Sends the payment creation in two parts and waits until the server has it in hand. */
async function paymentInFlight(api: { proc: Started; url: string; token: string }) {
  const request = halfSent(`${api.url}/sandbox/payments`, api.token, PAYMENT);
  await api.proc.waitFor(/"url":"\/sandbox\/payments".*"msg":"incoming request"/);
  return request;
}

/**
 * A kept-alive client sending requests back to back on its connection, before and after SIGTERM,
 * until an answer says the connection ends (the server is stopping); answers every answer it got.
 */
async function keepSending(url: string, token: string, agent: http.Agent, sent: { count: number }): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (;;) {
    const answer = await get(`${url}/sandbox/accounts`, agent, token);
    sent.count += 1;
    answers.push(answer);
    if (answer.connection === 'close') return answers;
  }
}

/** Whether a new connection is refused (once the listener is closed). */
async function refused(url: string): Promise<boolean> {
  return get(url, false).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );
}

describe('what works', () => {
  it(
    'on SIGTERM: readiness 503 at once, kept-alive and new requests served through the drain, the request in flight answered, exit 0; later signals change nothing',
    async () => {
      const store = await newStore();
      const api = await startApi(store, { SHUTDOWN_DRAIN_SECONDS: '5' });
      const busy = new http.Agent({ keepAlive: true, maxSockets: 4 });
      const idle = new http.Agent({ keepAlive: true, maxSockets: 2 });
      try {
        // Two connections left idle, four kept busy, and a payment whose body is not complete yet.
        const warmUp = await Promise.all([get(`${api.url}/healthz`, idle), get(`${api.url}/healthz`, idle)]);
        expect(warmUp.map((answer) => answer.status)).toEqual([200, 200]);
        const inFlight = await paymentInFlight(api);
        const sent = { count: 0 };
        const clients = Array.from({ length: 4 }, () => keepSending(api.url, api.token, busy, sent));
        await eventually(async () => sent.count >= 8, 30_000);

        api.proc.child.kill('SIGTERM');
        // Right after the signal (the server may not have seen it yet), on the connections left idle.
        const onIdle = () => Promise.all([get(`${api.url}/sandbox/accounts`, idle, api.token), get(`${api.url}/sandbox/accounts`, idle, api.token)]);
        expect((await onIdle()).map((answer) => answer.status)).toEqual([200, 200]);
        await api.proc.waitFor(/"msg":"shutting down"/);
        // Once it has: served, and told to close the connection.
        expect(await onIdle()).toEqual([expect.objectContaining({ status: 200, connection: 'close' }), expect.objectContaining({ status: 200, connection: 'close' })]);
        const readiness = await get(`${api.url}/readyz`, false);
        expect(readiness.status).toBe(503);
        expect(JSON.parse(readiness.body)).toMatchObject({ code: 'service_unavailable', detail: expect.stringMatching(/shutting down/) });
        expect((await get(`${api.url}/healthz`, false)).status).toBe(200); // a new connection, during the drain
        for (const answers of await Promise.all(clients)) {
          expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
        }

        api.proc.child.kill('SIGTERM');
        api.proc.child.kill('SIGINT');
        await api.proc.waitFor(/already shutting down[\s\S]*already shutting down/);
        // After the drain: no new connection, the payment still in flight.
        await api.proc.waitFor(/closing the listener/);
        await eventually(() => refused(`${api.url}/healthz`), 30_000);
        expect(api.proc.child.exitCode).toBeNull();
        inFlight.finish();
        const created = await inFlight.answered;
        expect(created.status, created.body).toBe(201);
        expect(created.connection).toBe('close');
        expect(await api.proc.exited).toBe(0); // before SHUTDOWN_TIMEOUT_SECONDS (10 s), which would end it with 1
      } finally {
        busy.destroy();
        idle.destroy();
      }
    },
  );

  it.each([
    { command: 'npm start', script: 'src/main.ts' as const, started: /^Get a token: /m },
    ...(DATABASE === 'postgres' ? [{ command: 'npm run worker', script: 'src/worker.ts' as const, started: /background worker started/ }] : []),
  ])(
    '$command: a webhook receiver that hangs holds no shutdown; its delivery is given back, due again at once for another worker',
    async ({ script, started }) => {
      const store = await newStore();
      const receiver = await startReceiver();
      receivers.push(receiver);
      receiver.answers.push('hang');
      const seeding = await startServer({ WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' }, { store });
      const platform = await seeding.platform();
      const eventId = await recordEvent(seeding, { platformId: platform.platformId, destination: receiver.url });
      await seeding.close();

      const env = { ...store.env, LOG_LEVEL: 'info', SHUTDOWN_WEBHOOK_WAIT_SECONDS: '1' };
      const proc = script === 'src/main.ts' ? (await runApi(env, store.dataDir)).proc : runScript(script, [], env, store.dataDir);
      await receiver.waitFor(1, 120_000); // the process starts first
      await proc.waitFor(started);
      proc.child.kill('SIGTERM');
      expect(await proc.exited, proc.output()).toBe(0);
      // Given back after its second, unrecorded: neither the receiver's timeout nor its answer was waited for.
      expect(proc.output()).toMatch(/webhook attempts still running after 1 s given back to the queue/);

      const next = await startServer({ WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' }, { store });
      try {
        const delivery = await next.app.database.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
        expect(delivery).toMatchObject({ state: 'pending', lease_until: null, attempt_count: 0 });
        // Another worker sends it at once, not once the abandoned lease (a minute) has run out.
        await next.app.services.worker.start();
        const [, again] = await receiver.waitFor(2, 30_000);
        expect(again!.headers['webhook-id']).toBe(eventId);
      } finally {
        await next.close();
      }
    },
  );

  it('lets the scheduled job running finish in its transaction and claims no other once stopped', async () => {
    const server = await startServer({ JOB_WORKER: 'off' });
    try {
      const { jobs } = server.app.services;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const running: string[] = [];
      jobs.register('test.slow', async (_trx, subjectId) => {
        running.push(subjectId);
        await held;
      });
      const longAgo = new Date(server.clock.now().getTime() - 86_400_000); // before anything else due
      await server.app.database.db.transaction().execute(async (trx) => {
        for (const subjectId of ['first', 'second']) await scheduleJob(trx, { environment: 'sandbox', platformId: null, kind: 'test.slow', subjectId, dueAt: longAgo }, server.clock.now());
      });
      jobs.start();
      await eventually(async () => running.length === 1, 30_000);
      const stopped = jobs.stop();
      release();
      await stopped;
      const states = await server.app.database.db.selectFrom('scheduled_jobs').select(['subject_id', 'state']).where('kind', '=', 'test.slow').orderBy('subject_id').execute();
      expect(states).toEqual([
        { subject_id: 'first', state: 'done' },
        { subject_id: 'second', state: 'pending' },
      ]);
      expect(running).toEqual(['first']);
    } finally {
      await server.close();
    }
  });
});

describe('what is refused', () => {
  it(
    'ends with exit code 1 once SHUTDOWN_TIMEOUT_SECONDS is over when a request never finishes, naming what it waited for',
    async () => {
      const store = await newStore();
      const api = await startApi(store, { SHUTDOWN_TIMEOUT_SECONDS: '2' });
      const inFlight = await paymentInFlight(api);
      inFlight.answered.catch(() => {}); // the process goes away without answering
      const signalled = Date.now();
      api.proc.child.kill('SIGTERM');
      expect(await api.proc.exited).toBe(1);
      const elapsed = Date.now() - signalled;
      expect(elapsed).toBeGreaterThanOrEqual(1_900);
      expect(elapsed).toBeLessThan(10_000);
      expect(api.proc.output()).toMatch(/"waiting_for":\["HTTP requests in flight"\].*"msg":"shutdown still waiting after 2 s; exiting"/);
    },
  );

});
