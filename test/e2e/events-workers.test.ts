import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/core/db.js';
import { claimDue, recordAttempts, type AttemptResult, type ClaimedDelivery } from '../../src/events/repository.js';
import { DeliveryWorker } from '../../src/events/worker.js';
import { HttpSender, type Sender } from '../../src/events/sender.js';
import { startServer, DATABASE, type TestServer } from '../helpers/harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { recordEvent } from '../helpers/events.js';

let server: TestServer;
let receiver: Receiver;
let second: Database;

beforeAll(async () => {
  server = await startServer({ WEBHOOK_WORKER: 'off' });
  receiver = await startReceiver();
  // On PostgreSQL the second worker has its own connections, as a second process would.
  second = DATABASE === 'postgres' ? await openDatabase(server.config) : server.app.database;
});
afterAll(async () => {
  if (second !== server.app.database) await second.close();
  await receiver.close();
  await server.close();
});

/** A sender that counts what it sent and notices two sends of one event at the same time. */
function countingSender(inFlight: Set<string>, overlaps: string[], sent: string[]): Sender {
  const http = new HttpSender();
  return {
    async send(request) {
      const id = request.headers['webhook-id']!;
      if (inFlight.has(id)) overlaps.push(id);
      inFlight.add(id);
      try {
        return await http.send(request);
      } finally {
        inFlight.delete(id);
        sent.push(id);
      }
    },
  };
}

it(`two workers deliver 1,000 events on ${DATABASE}: none lost, none delivered twice`, async () => {
  const platform = await server.platform();
  const { db } = server.app.database;
  const ids: string[] = [];
  for (let batch = 0; batch < 10; batch++) {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 100; i++) {
        ids.push(
          await server.app.services.outbox.record(trx, {
            environment: 'sandbox',
            platformId: platform.platformId,
            type: 'payment_succeeded',
            objectId: `pay_${String(batch * 100 + i).padStart(26, '0')}`,
            data: { n: batch * 100 + i },
            occurredAt: server.clock.now(),
            destination: receiver.url,
          }),
        );
      }
    });
  }
  const inFlight = new Set<string>();
  const overlaps: string[] = [];
  const sentA: string[] = [];
  const sentB: string[] = [];
  const workers = [
    new DeliveryWorker(server.app.database, server.app.environmentClock, countingSender(inFlight, overlaps, sentA), server.app.app.log, { batchSize: 50 }),
    new DeliveryWorker(second, server.app.environmentClock, countingSender(inFlight, overlaps, sentB), server.app.app.log, { batchSize: 50 }),
  ];
  await Promise.all(workers.map((worker) => worker.start()));
  try {
    await receiver.waitFor(1000, 60_000);
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
  const received = receiver.received.map((delivery) => String(delivery.headers['webhook-id']));
  expect(received).toHaveLength(1000);
  expect(new Set(received)).toEqual(new Set(ids));
  expect(overlaps).toEqual([]);
  expect(sentA.length + sentB.length).toBe(1000);
  expect(sentA.length).toBeGreaterThan(0);
  expect(sentB.length).toBeGreaterThan(0);
  const states = await db.selectFrom('webhook_deliveries').select(['state', 'attempt_count']).execute();
  expect(states).toHaveLength(1000);
  expect(states.every((row) => row.state === 'succeeded' && row.attempt_count === 1)).toBe(true);
});

it(`wakes a worker in another connection as soon as an event commits (${DATABASE === 'postgres' ? 'LISTEN/NOTIFY' : 'in-process wake-up'}), not at its next poll`, async () => {
  const platform = await server.platform();
  const sent: string[] = [];
  // Polls once a minute: a delivery within twenty seconds (a margin for a loaded machine) can only come from the wake-up.
  const worker = new DeliveryWorker(second, server.app.environmentClock, countingSender(new Set(), [], sent), server.app.app.log, { pollMs: 60_000 });
  await worker.start();
  try {
    await new Promise((resolve) => setTimeout(resolve, 300)); // the pass at start has found nothing to do
    const before = receiver.received.length;
    for (let round = 0; round < 3; round++) {
      const id = await recordEvent(server, {
        platformId: platform.platformId,
        objectId: `pay_${String(round).padStart(26, '0')}`,
        data: { round },
        destination: receiver.url,
      });
      const committed = performance.now();
      const received = await receiver.waitFor(before + round + 1, 20_000);
      expect(received.at(-1)!.headers['webhook-id']).toBe(id);
      expect(received.at(-1)!.at - committed).toBeLessThan(20_000);
    }
    // The sender counts a delivery once the receiver's answer is in, a moment after the receiver has the request.
    await expect.poll(() => sent.length).toBe(3);
  } finally {
    await worker.stop();
  }
});

it(`records an attempt only under the lease it was made with: after another worker took the delivery, or a second time, it changes nothing (${DATABASE})`, async () => {
  const platform = await server.platform();
  const eventId = await recordEvent(server, { platformId: platform.platformId, destination: receiver.url });
  const { db } = server.app.database;
  const now = server.clock.now();
  const claim = async (realNow: Date) => {
    const claimed = await claimDue(db, now, { now: realNow, until: new Date(realNow.getTime() + 60_000), token: randomUUID() }, 100);
    return claimed.find((delivery) => delivery.event_id === eventId)!;
  };
  const outcome = (delivery: ClaimedDelivery): AttemptResult => ({
    deliveryId: delivery.id,
    leaseUntil: delivery.lease_until,
    attemptedAt: now,
    statusCode: 410,
    durationMs: 5,
    error: 'answered 410',
    state: 'failed',
    nextAttemptAt: null,
  });
  const row = () => db.selectFrom('webhook_deliveries').select(['state', 'attempt_count', 'lease_until']).where('event_id', '=', eventId).executeTakeFirstOrThrow();
  const attempts = (delivery: ClaimedDelivery) => db.selectFrom('webhook_attempts').select('status_code').where('delivery_id', '=', delivery.id).execute();

  const first = await claim(new Date());
  // Its lease runs out before its outcome is recorded, and another worker takes the delivery.
  const second = await claim(new Date(Date.now() + 120_000));
  expect(second.id).toBe(first.id);
  await recordAttempts(db, [outcome(first)]);
  expect(await row()).toEqual({ state: 'pending', attempt_count: 0, lease_until: second.lease_until });
  expect(await attempts(first)).toEqual([]);

  await recordAttempts(db, [outcome(second)]);
  await recordAttempts(db, [outcome(second)]); // as after a commit whose answer was lost
  expect(await row()).toEqual({ state: 'failed', attempt_count: 1, lease_until: null });
  expect(await attempts(second)).toEqual([{ status_code: 410 }]);
});
