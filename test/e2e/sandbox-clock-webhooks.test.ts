import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { RETRY_DELAYS_SECONDS } from '../../src/events/retry.js';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { payByCard } from '../helpers/money.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // The daily payout cut-off half a day from now: the first test's three hours never reach it, whatever
  // the time of day (the cut-off's transfer events would go to the payment's receiver and take its answers).
  const cutoff = new Date(Date.now() + 12 * 3600 * 1000);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  server = await startServer({ PAYOUT_CUTOFF: `${twoDigits(cutoff.getUTCHours())}:${twoDigits(cutoff.getUTCMinutes())}` });
  platform = await server.platform();
});
afterAll(() => server?.close());
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function failingReceiver(failures: number): Promise<Receiver> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  receiver.answers.push(...Array.from({ length: failures }, () => ({ status: 503 })));
  return receiver;
}

async function readEvent(id: string, environment: 'sandbox' | 'live' = 'sandbox') {
  const response = await server.request('GET', `${environment === 'sandbox' ? '/sandbox' : ''}/events/${id}`, { token: await platform.token(environment) });
  expect(response.status).toBe(200);
  return response.body;
}

async function advance(seconds: number) {
  const moved = await server.request('POST', '/sandbox/simulations/clock/advance', { token: await platform.token(), body: { seconds } });
  expect(moved.status, moved.text).toBe(200);
}

const receivedOf = (receiver: Receiver, eventId: string) => receiver.received.filter((received) => received.headers['webhook-id'] === eventId);

const secondsBetween = (attempts: { attempted_at: string }[]) =>
  attempts.slice(1).map((attempt, i) => (Date.parse(attempt.attempted_at) - Date.parse(attempts[i]!.attempted_at)) / 1000);

it("advancing the sandbox clock runs the webhook retries due in the time it moved over, each recorded, and leaves live's alone", async () => {
  // Four failures (the first attempt and three retries), then the receiver recovers.
  const receiver = await failingReceiver(4);
  const live = await failingReceiver(0);
  const paymentId = await payByCard(server, platform, { amount_minor: 1_000, reference: 'retried', urls: { redirect: 'https://shop.example/return', webhook: receiver.url } });
  const liveEvent = await server.app.database.db.transaction().execute((trx) =>
    server.app.services.outbox.record(trx, {
      environment: 'live',
      platformId: platform.platformId,
      type: 'payment_succeeded',
      objectId: paymentId,
      data: { id: paymentId },
      occurredAt: server.clock.now(),
      destination: live.url,
    }),
  );
  await receiver.waitFor(1);
  const [event] = (await server.request('GET', `/sandbox/events?object_id=${paymentId}`, { token: await platform.token() })).body.data;
  await eventually(async () => (await readEvent(event.event_id)).deliveries[0].attempt_count === 1);
  // A live webhook to a loopback address is refused (an attempt recorded, retried later), never sent.
  const liveBefore = await eventually(async () => {
    const [latest] = (await readEvent(liveEvent, 'live')).deliveries;
    return latest.attempt_count === 1 && latest;
  });
  expect(liveBefore).toMatchObject({ status: 'pending', attempts: [{ status_code: null }] });

  // The retries after 5 s, 5 min, 30 min and 2 h (each ±10 %) all fall within three hours.
  await advance(3 * 3600);
  const delivery = await eventually(async () => {
    const [latest] = (await readEvent(event.event_id)).deliveries;
    return latest.status === 'succeeded' && latest;
  }, 20_000);
  expect(delivery.attempt_count).toBe(5);
  expect(delivery.attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([503, 503, 503, 503, 200]);
  // Each retry waited its delay (±10 % jitter) on the sandbox clock after the attempt before.
  secondsBetween(delivery.attempts).forEach((waited, i) => {
    expect(waited).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[i]! * 0.9);
    expect(waited).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[i]! * 1.1 + 1);
  });
  expect(receivedOf(receiver, event.event_id)).toHaveLength(5);

  // Live follows real time: its retry is where it was, unattempted.
  expect((await readEvent(liveEvent, 'live')).deliveries[0]).toEqual(liveBefore);
  expect(live.received).toHaveLength(0);
});

it('advancing past the whole schedule runs every retry and gives up', async () => {
  const receiver = await failingReceiver(100);
  const paymentId = await payByCard(server, platform, { amount_minor: 1_000, reference: 'given-up', urls: { redirect: 'https://shop.example/return', webhook: receiver.url } });
  await receiver.waitFor(1);
  const [event] = (await server.request('GET', `/sandbox/events?object_id=${paymentId}`, { token: await platform.token() })).body.data;
  await advance(4 * 24 * 3600);
  const delivery = await eventually(async () => {
    const [latest] = (await readEvent(event.event_id)).deliveries;
    return latest.status === 'failed' && latest;
  }, 30_000);
  expect(delivery.attempt_count).toBe(RETRY_DELAYS_SECONDS.length + 1);
  expect(receivedOf(receiver, event.event_id)).toHaveLength(RETRY_DELAYS_SECONDS.length + 1);
});
