import type { Compilable, CompiledQuery, KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { Environment } from '../../src/core/config.js';
import type { EventType } from '../../src/events/outbox.js';
import { DeliveryWorker, type WorkerOptions } from '../../src/events/worker.js';
import { HttpSender, MAX_SOCKETS_PER_HOST, type Sender } from '../../src/events/sender.js';
import type { Database } from '../../src/core/db.js';
import { RETRY_DELAYS_SECONDS } from '../../src/events/retry.js';
import { startServer, apiPath, freePort, type TestServer, type TestPlatform } from '../helpers/harness.js';
import { startReceiver, eventually, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
let receiver: Receiver;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
});
afterAll(() => server?.close());
afterEach(() => receiver?.close());

type EmitOptions = { destination?: string | null; environment?: Environment; type?: EventType; objectId?: string; of?: TestPlatform };

/** A test event, as a service hands it to the outbox. */
function eventOf(options: EmitOptions = {}) {
  const objectId = options.objectId ?? 'pay_01JABCDEFGHJKMNPQRSTVWXYZ0';
  return {
    environment: options.environment ?? 'sandbox',
    platformId: (options.of ?? platform).platformId,
    type: options.type ?? 'payment_succeeded',
    objectId,
    data: { id: objectId, status: 'captured', reference: 'order-1' },
    occurredAt: server.clock.now(),
    destination: options.destination === undefined ? receiver.url : options.destination,
  };
}

async function emit(options: EmitOptions = {}) {
  return server.app.database.db.transaction().execute((trx) => server.app.services.outbox.record(trx, eventOf(options)));
}

/** The server's database, on which the statements `refused` picks fail (an error of their data, not the database away: not tried again). */
function refusingStatements(refused: (node: RootOperationNode) => boolean): Database {
  const refusing: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (refused(node)) throw new Error('value too long');
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const db = server.app.database.db.withPlugin(refusing);
  // A statement compiled beforehand (CompiledQuery.raw) passes no plugin: its node is looked at here.
  const execute = db.executeQuery.bind(db);
  db.executeQuery = ((query: CompiledQuery | Compilable) => ('query' in query && refused(query.query) ? Promise.reject(new Error('value too long')) : execute(query))) as typeof db.executeQuery;
  return { ...server.app.database, db };
}

const ownWorker = (sender: Sender, options?: WorkerOptions, database: Pick<Database, 'db' | 'listen'> = server.app.database) =>
  new DeliveryWorker(database, server.app.environmentClock, sender, server.app.app.log, options);

/** Runs `steps` while `worker` alone delivers (the server's own worker stopped meanwhile), then stops it. */
async function deliveringAlone(worker: DeliveryWorker, steps: () => Promise<void>): Promise<void> {
  await server.app.services.worker.stop();
  try {
    await steps();
  } finally {
    await worker.stop();
    await server.app.services.worker.start();
  }
}

async function readEvent(id: string, environment: Environment = 'sandbox') {
  const response = await server.request('GET', apiPath(environment, `/events/${id}`), { token: await platform.token(environment) });
  expect(response.status).toBe(200);
  return response.body;
}

async function secret(environment: Environment = 'sandbox'): Promise<string> {
  return (await server.request('GET', apiPath(environment, '/webhook-secret'), { token: await platform.token(environment) })).body.secret;
}

function verifyWith(secretValue: string, delivery: { headers: Record<string, unknown>; body: string }) {
  return new Webhook(secretValue).verify(delivery.body, delivery.headers as Record<string, string>);
}

describe('what works', () => {
  it('delivers a committed event promptly, signed per Standard Webhooks, with the envelope', async () => {
    receiver = await startReceiver();
    const id = await emit();
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.headers['webhook-id']).toBe(id);
    expect(delivery!.headers['content-type']).toBe('application/json');
    const payload = verifyWith(await secret(), delivery!);
    expect(payload).toEqual({
      event_id: id,
      type: 'payment_succeeded',
      occurred_at: server.clock.now().toISOString(),
      data: { id: 'pay_01JABCDEFGHJKMNPQRSTVWXYZ0', status: 'captured', reference: 'order-1' },
    });
    const event = await eventually(async () => {
      const read = await readEvent(id);
      return read.deliveries[0].status === 'succeeded' && read;
    });
    expect(event.deliveries[0]).toMatchObject({ url: receiver.url, attempt_count: 1, next_attempt_at: null });
    expect(event.deliveries[0].attempts).toEqual([expect.objectContaining({ status_code: 200, error: null })]);
  });

  it('retries a failing receiver on the clock until it answers 2xx, exactly one success', async () => {
    receiver = await startReceiver();
    receiver.answers.push({ status: 500 }, { status: 500 });
    const id = await emit();
    await receiver.waitFor(1);
    const pending = await eventually(async () => {
      const read = await readEvent(id);
      return read.deliveries[0].attempt_count === 1 && read;
    });
    expect(pending.deliveries[0].status).toBe('pending');
    // The retry waits its delay (±10 %) from the end of the failed attempt (the answer's times in whole milliseconds: ±1).
    const [failed] = pending.deliveries[0].attempts;
    const due = Date.parse(pending.deliveries[0].next_attempt_at) - (Date.parse(failed.attempted_at) + failed.duration_ms);
    expect(due).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[0]! * 900 - 1);
    expect(due).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[0]! * 1100 + 1);

    await server.app.services.worker.runDue();
    expect(receiver.received).toHaveLength(1); // not due yet: the clock has not moved
    // Once the clock passes the retry time, this pass or the background worker's next one sends it.
    server.clock.advance(RETRY_DELAYS_SECONDS[0]! * 1.1);
    await server.app.services.worker.runDue();
    await receiver.waitFor(2);
    await eventually(async () => (await readEvent(id)).deliveries[0].attempt_count === 2 || undefined);
    server.clock.advance(RETRY_DELAYS_SECONDS[1]! * 1.1);
    await server.app.services.worker.runDue();
    await receiver.waitFor(3);

    const event = await eventually(async () => {
      const read = await readEvent(id);
      return read.deliveries[0].status === 'succeeded' && read;
    });
    expect(event.deliveries[0].attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 500, 200]);
    server.clock.advance(3 * 24 * 3600);
    await server.app.services.worker.runDue();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([id]));
  });

  it('honours Retry-After when it asks for longer than the schedule', async () => {
    receiver = await startReceiver();
    receiver.answers.push({ status: 429, headers: { 'retry-after': '120' } });
    const id = await emit();
    const event = await eventually(async () => {
      const read = await readEvent(id);
      return read.deliveries[0].attempt_count === 1 && read;
    });
    const [attempt] = event.deliveries[0].attempts;
    // Retry-After counts from the answer: the end of the attempt.
    expect(Date.parse(event.deliveries[0].next_attempt_at) - (Date.parse(attempt.attempted_at) + attempt.duration_ms)).toBe(120_000);
  });

  it('marks a delivery failed after the last retry, about three days later', async () => {
    receiver = await startReceiver();
    receiver.answers.push(...Array.from({ length: RETRY_DELAYS_SECONDS.length + 1 }, () => ({ status: 500 })));
    const id = await emit();
    await receiver.waitFor(1);
    // Each round waits for the attempt to be recorded (by this pass or the background worker's), then moves the clock past the next one.
    for (const [index, delay] of RETRY_DELAYS_SECONDS.entries()) {
      await eventually(async () => (await readEvent(id)).deliveries[0].attempt_count === index + 1 || undefined);
      server.clock.advance(delay * 1.1);
      await server.app.services.worker.runDue();
    }
    const event = await eventually(async () => {
      const read = await readEvent(id);
      return read.deliveries[0].status !== 'pending' && read;
    });
    expect(event.deliveries[0]).toMatchObject({ status: 'failed', attempt_count: RETRY_DELAYS_SECONDS.length + 1, next_attempt_at: null });
    const total = RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    expect(total / 86400).toBeGreaterThan(2.9);
    expect(total / 86400).toBeLessThan(3.1);
  });

  it('times out a receiver that never answers and records the attempt', async () => {
    receiver = await startReceiver();
    receiver.answers.push('hang');
    const worker = ownWorker(new HttpSender(300));
    await deliveringAlone(worker, async () => {
      const id = await emit();
      await worker.runDue();
      const event = await readEvent(id);
      expect(event.deliveries[0].attempts[0]).toMatchObject({ status_code: null, error: expect.stringMatching(/no answer within 0.3 s/) });
      expect(event.deliveries[0].attempts[0].duration_ms).toBeGreaterThanOrEqual(290);
      expect(event.deliveries[0].status).toBe('pending');
    });
  });

  it('keeps delivering to others while a receiver hangs until the timeout', async () => {
    receiver = await startReceiver();
    receiver.answers.push('hang');
    const healthy = await startReceiver();
    const worker = ownWorker(new HttpSender(3_000), { pollMs: 60_000 }); // a 3 s timeout, no polling to speak of
    await deliveringAlone(worker, async () => {
      await worker.start();
      const hanging = await emit();
      await receiver.waitFor(1);
      const started = performance.now();
      const other = await emit({ destination: healthy.url });
      const [delivery] = await healthy.waitFor(1, 2_000);
      expect(delivery!.headers['webhook-id']).toBe(other);
      expect(delivery!.at - started).toBeLessThan(2_000);
      const recorded = await eventually(async () => {
        const read = await readEvent(other);
        return read.deliveries[0].status === 'succeeded' && read;
      }, 2_000);
      expect(recorded.deliveries[0].attempts).toHaveLength(1);
      // The hanging one is still in flight: nothing recorded for it yet.
      expect((await readEvent(hanging)).deliveries[0].attempt_count).toBe(0);
    }).finally(() => healthy.close());
  });

  it('claims nothing more once told to stop, sees the attempts in flight through, and stops', async () => {
    receiver = await startReceiver();
    receiver.answers.push(...Array<'hang'>(20).fill('hang'));
    const worker = ownWorker(new HttpSender(1_000), { pollMs: 100 }); // a 1 s timeout, polling every 100 ms
    await deliveringAlone(worker, async () => {
      await worker.start();
      const first = await emit();
      await receiver.waitFor(1);
      const stopped = worker.stop();
      const later = [];
      for (let i = 0; i < 5; i++) {
        later.push(await emit());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await stopped;
      expect(receiver.received.map((delivery) => delivery.headers['webhook-id'])).toEqual([first]);
      const [attempt] = (await readEvent(first)).deliveries[0].attempts;
      expect(attempt).toMatchObject({ status_code: null, error: expect.stringMatching(/no answer/) }); // recorded before stopping
      for (const id of later) expect((await readEvent(id)).deliveries[0].attempt_count).toBe(0);
    });
  });

  it('waits for a retry from the end of the attempt: after a timeout, the first retry still waits its 5 s', async () => {
    receiver = await startReceiver();
    const timedOut = { send: async () => ({ statusCode: null, durationMs: 10_000, error: 'no answer within 10 s', retryAfter: undefined }) };
    const worker = ownWorker(timedOut);
    await deliveringAlone(worker, async () => {
      const id = await emit();
      await worker.runDue();
      const [delivery] = (await readEvent(id)).deliveries;
      const wait = Date.parse(delivery.next_attempt_at) - Date.parse(delivery.attempts[0].attempted_at);
      expect(wait).toBeGreaterThanOrEqual(10_000 + RETRY_DELAYS_SECONDS[0]! * 900);
    });
  });

  it('goes on when recording outcomes fails: the deliveries are sent again once their leases run out', async () => {
    receiver = await startReceiver();
    const failing = refusingStatements((node) => JSON.stringify(node).includes('INSERT INTO webhook_attempts'));
    const worker = ownWorker(new HttpSender(1_000), {}, failing);
    await deliveringAlone(worker, async () => {
      const id = await emit();
      expect(await worker.runDue()).toBe(1); // answers instead of throwing
      await receiver.waitFor(1);
      expect((await readEvent(id)).deliveries[0].attempt_count).toBe(0); // not recorded: left to its lease
    });
  });

  it("attempts the deliveries it admitted when giving back those over a receiver's share fails", async () => {
    receiver = await startReceiver();
    const failing = refusingStatements((node) => node.kind === 'UpdateQueryNode'); // releasing leases: the only one the worker makes
    const worker = ownWorker(new HttpSender(5_000), { batchSize: 100 }, failing);
    await deliveringAlone(worker, async () => {
      const ids = await server.app.database.db.transaction().execute(async (trx) => Promise.all(Array.from({ length: 100 }, () => server.app.services.outbox.record(trx, eventOf()))));
      await worker.runDue(); // answers instead of throwing
      const mine = new Set<string>(ids);
      // A receiver's share is attempted; the rest stay leased (their give-back failed) until their leases run out.
      expect(receiver.received.filter((delivery) => mine.has(String(delivery.headers['webhook-id'])))).toHaveLength(MAX_SOCKETS_PER_HOST);
      // Out of the way of later tests, whose receivers may get this one's port.
      await server.app.database.db.updateTable('webhook_deliveries').set({ state: 'failed', next_attempt_at: null, lease_until: null }).where('event_id', 'in', ids).where('state', '=', 'pending').execute();
    });
  });

  it('keeps a slow receiver with a backlog to its share of the slots: a healthy one is served at once', async () => {
    receiver = await startReceiver();
    receiver.answers.push(...Array<'hang'>(300).fill('hang'));
    const healthy = await startReceiver();
    const worker = ownWorker(new HttpSender(4_000), { pollMs: 60_000 }); // a 4 s timeout, 200 slots
    await deliveringAlone(worker, async () => {
      await server.app.database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 300; i++) await server.app.services.outbox.record(trx, eventOf());
      });
      await worker.start();
      await receiver.waitFor(MAX_SOCKETS_PER_HOST); // the slow receiver's connections are all taken
      const started = performance.now();
      const other = await emit({ destination: healthy.url });
      const [delivery] = await healthy.waitFor(1, 1_500); // before the slow ones time out
      expect(delivery!.headers['webhook-id']).toBe(other);
      expect(delivery!.at - started).toBeLessThan(1_500);
      expect(receiver.received.length).toBe(MAX_SOCKETS_PER_HOST); // no more than its connections at once
    }).finally(() => healthy.close());
  });

  it('never sends a delivery twice at once, even when the clock jumps past its lease', async () => {
    receiver = await startReceiver();
    receiver.answers.push('hang');
    await server.app.services.worker.stop();
    // The hanging attempt outlasts the second worker's pass, which also runs the retries of earlier tests that the jump made due
    // (seconds on a loaded machine: with 3 s, the attempt had timed out and its retry fallen due before that pass ended).
    const [first, second] = [0, 1].map(() => ownWorker(new HttpSender(12_000), { pollMs: 60_000 }));
    try {
      const id = await emit();
      const running = first!.runDue();
      await receiver.waitFor(1);
      server.clock.advance(3600); // the sandbox clock moves an hour while the attempt is in flight
      await second!.runDue(); // retries of earlier tests fall due too; this one is leased
      expect(receiver.received).toHaveLength(1);
      await running;
      // Once the hanging attempt is recorded its retry is due on the moved clock: sent after it, not beside it.
      const attempts = (await readEvent(id)).deliveries[0].attempts;
      expect(attempts[0]).toMatchObject({ status_code: null, error: expect.stringMatching(/no answer within 12 s/) });
      expect(receiver.received).toHaveLength(attempts.length);
    } finally {
      server.clock.advance(-3600);
      await server.app.services.worker.start();
    }
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    receiver = await startReceiver();
    receiver.answers.push({ status: 301, headers: { location: 'http://127.0.0.1:1/elsewhere' } });
    const id = await emit();
    const event = await eventually(async () => {
      const read = await readEvent(id);
      return read.deliveries[0].attempt_count === 1 && read;
    });
    expect(event.deliveries[0].attempts[0]).toMatchObject({ status_code: 301, error: 'answered 301' });
    expect(receiver.received).toHaveLength(1);
  });

  it('redelivers an event on request, with the same webhook-id', async () => {
    receiver = await startReceiver();
    const id = await emit();
    await receiver.waitFor(1);
    const response = await server.request('POST', `/sandbox/events/${id}/redeliver`, { token: await platform.token() });
    expect(response.status).toBe(202);
    expect(response.body.deliveries).toHaveLength(2);
    const received = await receiver.waitFor(2);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([id, id]);
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    receiver = await startReceiver();
    const before = await secret();
    const rotated = await server.request('POST', '/sandbox/webhook-secret/rotate', { token: await platform.token() });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(before);
    expect(Date.parse(rotated.body.previous_secret_expires_at) - server.clock.now().getTime()).toBe(24 * 3600 * 1000);
    // Each event's delivery found by its webhook-id: a delivery left by an earlier test to a receiver
    // whose port this one reuses may fall due when the clock moves, and arrive here too.
    const received = async (eventId: string) => eventually(async () => receiver.received.find((each) => each.headers['webhook-id'] === eventId));
    const first = await emit();
    const delivery = await received(first);
    // Recorded before the clock jumps: a delivery still in flight then would be leased out again and sent twice.
    await eventually(async () => (await readEvent(first)).deliveries[0].status === 'succeeded');
    expect(String(delivery!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verifyWith(before, delivery!)).not.toThrow();
    expect(() => verifyWith(rotated.body.secret, delivery!)).not.toThrow();
    expect(() => verifyWith('whsec_' + Buffer.from('another secret of 24 bytes').toString('base64'), delivery!)).toThrow();

    // 24 hours later the previous secret no longer signs: one signature, by the new secret only.
    server.clock.advance(24 * 3600);
    try {
      expect((await server.request('GET', '/sandbox/webhook-secret', { token: await platform.token() })).body.previous_secret_expires_at).toBeNull();
      const later = await received(await emit());
      expect(String(later!.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(() => verifyWith(rotated.body.secret, later!)).not.toThrow();
      expect(() => verifyWith(before, later!)).toThrow();
    } finally {
      server.clock.advance(-24 * 3600);
    }
  });

  it("records a change's many events together, in their order, each with its delivery, past the rows one statement takes", async () => {
    receiver = await startReceiver();
    const objectIds = Array.from({ length: 1_001 }, (_, index) => `tra_01JABCDEFGHJKMNPQRST${String(index).padStart(6, '0')}`);
    const ids = await server.app.database.db.transaction().execute((trx) =>
      server.app.services.outbox.recordAll(trx, objectIds.map((objectId, index) => eventOf({ type: 'transfer_started', objectId, destination: index % 2 === 0 ? receiver.url : null }))),
    );
    expect(ids).toHaveLength(1_001);
    const { db } = server.app.database;
    const stored = await db.selectFrom('events').select(['id', 'object_id']).where('id', 'in', ids).execute();
    expect(new Map(stored.map((row) => [row.id, row.object_id]))).toEqual(new Map(ids.map((id, index) => [id, objectIds[index]])));
    const deliveries = await db.selectFrom('webhook_deliveries').select('event_id').where('event_id', 'in', ids).execute();
    expect(deliveries.map((row) => row.event_id).sort()).toEqual(ids.filter((_, index) => index % 2 === 0).sort());
    await receiver.waitFor(501);
  });

  it('lists events newest first, filtered by type and object id', async () => {
    receiver = await startReceiver();
    const first = await emit({ type: 'refund_initiated', objectId: 'rfd_01JABCDEFGHJKMNPQRSTVWXYZ1' });
    const second = await emit({ type: 'refund_completed', objectId: 'rfd_01JABCDEFGHJKMNPQRSTVWXYZ1' });
    const token = await platform.token();
    const byObject = await server.request('GET', '/sandbox/events?object_id=rfd_01JABCDEFGHJKMNPQRSTVWXYZ1', { token });
    expect(byObject.body.data.map((event: { event_id: string }) => event.event_id)).toEqual([second, first]);
    const byType = await server.request('GET', '/sandbox/events?type=refund_completed', { token });
    expect(byType.body.data.map((event: { event_id: string }) => event.event_id)).toEqual([second]);
    expect(byType.body.data[0]).toMatchObject({ type: 'refund_completed', delivery_status: expect.any(String) });
  });
});

describe('what is refused', () => {
  it('emits nothing when the transaction that records the event rolls back', async () => {
    receiver = await startReceiver();
    const other = await server.platform();
    await expect(
      server.app.database.db.transaction().execute(async (trx) => {
        await server.app.services.outbox.record(trx, {
          environment: 'sandbox',
          platformId: other.platformId,
          type: 'payment_failed',
          objectId: 'pay_01JABCDEFGHJKMNPQRSTVWXYZ2',
          data: {},
          occurredAt: server.clock.now(),
          destination: receiver.url,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await server.app.services.worker.runDue();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(0);
    const events = await server.request('GET', '/sandbox/events', { token: await other.token() });
    expect(events.body).toEqual({ data: [] });
  });

  it('refuses to deliver a live event to a loopback address and records why', async () => {
    receiver = await startReceiver();
    const https = await emit({ environment: 'live', destination: receiver.url.replace('http://', 'https://') });
    const plain = await emit({ environment: 'live', destination: receiver.url });
    // A name is checked on the address it resolves to at delivery, the one connected to (DNS rebinding).
    const named = await emit({ environment: 'live', destination: receiver.url.replace('http://127.0.0.1', 'https://localhost') });
    for (const [id, error] of [
      [https, /127\.0\.0\.1 is not allowed for live webhooks/],
      [plain, /must use https/],
      [named, /^localhost resolves to an address not allowed for live webhooks/],
    ] as const) {
      const event = await eventually(async () => {
        const read = await readEvent(id, 'live');
        return read.deliveries[0].attempt_count === 1 && read;
      });
      expect(event.deliveries[0].attempts[0]).toMatchObject({ status_code: null, error: expect.stringMatching(error) });
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('tells the platform why an attempt failed, naming the host it gave, never the address that host resolved to', async () => {
    receiver = await startReceiver();
    const closed = await freePort();
    const id = await emit({ destination: `http://localhost:${closed}/webhooks` });
    const event = await eventually(async () => {
      const read = await readEvent(id);
      return read.deliveries[0].attempt_count === 1 && read;
    });
    const { error } = event.deliveries[0].attempts[0];
    expect(error).toBe(`localhost:${closed} refused the connection`);
    expect(error).not.toMatch(/127\.0\.0\.1|::1|ECONNREFUSED/);
  });

  it('answers 409 when redelivering an event that had no webhook URL', async () => {
    receiver = await startReceiver();
    const id = await emit({ destination: null });
    const response = await server.request('POST', `/sandbox/events/${id}/redeliver`, { token: await platform.token() });
    expect(response.status).toBe(409);
  });
});

describe('who may not see it', () => {
  it('hides events of another platform and of the other environment (404)', async () => {
    receiver = await startReceiver();
    const id = await emit();
    const other = await server.platform();
    expect((await server.request('GET', `/sandbox/events/${id}`, { token: await other.token() })).status).toBe(404);
    expect((await server.request('POST', `/sandbox/events/${id}/redeliver`, { token: await other.token() })).status).toBe(404);
    expect((await server.request('GET', `/events/${id}`, { token: await platform.token('live') })).status).toBe(404);
  });

  it('requires the events:read scope', async () => {
    const narrowed = await platform.token('sandbox', 'payments:read');
    const response = await server.request('GET', '/sandbox/events', { token: narrowed });
    expect(response.status).toBe(403);
    expect((await server.request('GET', '/sandbox/webhook-secret', { token: narrowed })).status).toBe(403);
  });

  it('keeps one secret per platform and environment', async () => {
    const other = await server.platform();
    const mine = await secret('sandbox');
    const theirs = (await server.request('GET', '/sandbox/webhook-secret', { token: await other.token() })).body.secret;
    expect(mine).not.toBe(theirs);
    expect(await secret('live')).not.toBe(mine);
  });
});
