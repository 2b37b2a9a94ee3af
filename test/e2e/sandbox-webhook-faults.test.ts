import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyWebhook } from '../../packages/client/src/webhooks.js';
import { dashboardUser } from '../helpers/dashboard.js';
import { DATABASE, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { payByCard } from '../helpers/money.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let receiver: Receiver;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  receiver = await startReceiver();
  platform = await server.platform();
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const OFF = { duplicate_ratio: 0, reorder_ratio: 0, reorder_window_seconds: 0, delay_ratio: 0, delay_seconds: 0 };

async function setFaults(body: Record<string, number>, token?: string) {
  return server.request('PUT', '/sandbox/simulations/webhook-faults', { token: token ?? (await platform.token()), body });
}

/** A paid card payment whose payment_succeeded webhook goes to the receiver; answers that event's id. */
async function paidEvent(reference: string): Promise<string> {
  const paymentId = await payByCard(server, platform, { amount_minor: 1_000, reference, urls: { redirect: 'https://shop.example/return', webhook: receiver.url } });
  const [event] = (await server.request('GET', `/sandbox/events?object_id=${paymentId}`, { token: await platform.token() })).body.data;
  return event.event_id;
}

async function readEvent(id: string) {
  const response = await server.request('GET', `/sandbox/events/${id}`, { token: await platform.token() });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const received = (eventId: string) => receiver.received.filter((webhook) => webhook.headers['webhook-id'] === eventId);

async function advance(seconds: number) {
  const moved = await server.request('POST', '/sandbox/simulations/clock/advance', { token: await platform.token(), body: { seconds } });
  expect(moved.status, moved.text).toBe(200);
}

it(`is off by default, set and read back per platform, and refused in live (${DATABASE})`, async () => {
  const read = await server.request('GET', '/sandbox/simulations/webhook-faults', { token: await platform.token() });
  expect(read.status).toBe(200);
  expect(read.body).toEqual(OFF);
  const set = await setFaults({ duplicate_ratio: 0.25, delay_ratio: 0.5, delay_seconds: 30 });
  expect(set.status, set.text).toBe(200);
  expect(set.body).toEqual({ ...OFF, duplicate_ratio: 0.25, delay_ratio: 0.5, delay_seconds: 30 });
  expect((await server.request('GET', '/sandbox/simulations/webhook-faults', { token: await platform.token() })).body).toEqual(set.body);
  // Another platform's stay off.
  const other = await server.platform();
  expect((await server.request('GET', '/sandbox/simulations/webhook-faults', { token: await other.token() })).body).toEqual(OFF);
  // A live token on the sandbox's routes is refused; live has no such route.
  expect((await setFaults({ duplicate_ratio: 1 }, await platform.token('live'))).status).toBe(401);
  expect((await server.request('PUT', '/simulations/webhook-faults', { token: await platform.token('live'), body: { duplicate_ratio: 1 } })).status).toBe(404);
  expect((await setFaults(OFF)).status).toBe(200);
});

it(`refuses faults out of bounds, naming every bad field (${DATABASE})`, async () => {
  const outOfBounds = await setFaults({ duplicate_ratio: 1.5, reorder_ratio: -0.1, delay_seconds: 86_401, extra: 1 });
  expect(outOfBounds.status).toBe(400);
  expect(outOfBounds.body.errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(['/delay_seconds', '/duplicate_ratio', '/extra', '/reorder_ratio']);
  const nothingToDo = await setFaults({ reorder_ratio: 0.5, delay_ratio: 1 });
  expect(nothingToDo.status).toBe(400);
  expect(nothingToDo.body.errors).toEqual([
    expect.objectContaining({ pointer: '/reorder_window_seconds', code: 'too_small' }),
    expect.objectContaining({ pointer: '/delay_seconds', code: 'too_small' }),
  ]);
  expect((await server.request('GET', '/sandbox/simulations/webhook-faults', { token: await platform.token() })).body).toEqual(OFF);
});

it(`sends each event twice, both signed, the second attempt marked injected (${DATABASE})`, async () => {
  expect((await setFaults({ duplicate_ratio: 1 })).status).toBe(200);
  const eventId = await paidEvent('duplicated');
  await eventually(async () => received(eventId).length === 2 || undefined);
  const { secret } = (await server.request('GET', '/sandbox/webhook-secret', { token: await platform.token() })).body;
  for (const webhook of received(eventId)) expect(verifyWebhook(webhook.body, webhook.headers as Record<string, string>, secret).event_id).toBe(eventId);
  const event = await eventually(async () => {
    const read = await readEvent(eventId);
    return read.deliveries.every((delivery: { status: string }) => delivery.status === 'succeeded') && read;
  });
  const marks = event.deliveries.map((delivery: { attempts: { injected?: string }[] }) => delivery.attempts.map((attempt) => attempt.injected ?? null)).flat().sort();
  expect(marks).toEqual(['duplicate', null]);
  // The dashboard's event page marks the injected attempt.
  const { client } = await dashboardUser(server, platform.platformId, 'developer');
  const page = await client.get(`/dashboard/events/${eventId}`);
  expect(page.status).toBe(200);
  expect(page.text.match(/<span class="status status-injected">Injected: duplicate<\/span>/g)).toHaveLength(1);
  expect((await setFaults(OFF)).status).toBe(200);
});

it(`delivers a reordered event after one written later, and a delayed one late by its seconds, on the platform's clock (${DATABASE})`, async () => {
  expect((await setFaults({ reorder_ratio: 1, reorder_window_seconds: 30 })).status).toBe(200);
  const heldBack = await paidEvent('held-back');
  expect((await setFaults({ delay_ratio: 1, delay_seconds: 600 })).status).toBe(200);
  const late = await paidEvent('late');
  expect((await setFaults(OFF)).status).toBe(200);
  const onTime = await paidEvent('on-time');
  await eventually(async () => received(onTime).length === 1 || undefined);
  expect(received(heldBack)).toHaveLength(0);
  expect(received(late)).toHaveLength(0);

  // Within the window the reordered one arrives, after the event written after it; the delayed one waits its ten minutes.
  await advance(31);
  await eventually(async () => received(heldBack).length === 1 || undefined);
  expect(received(late)).toHaveLength(0);
  const order = receiver.received.map((webhook) => webhook.headers['webhook-id']);
  expect(order.indexOf(heldBack)).toBeGreaterThan(order.indexOf(onTime));

  await advance(600);
  await eventually(async () => received(late).length === 1 || undefined);
  const reordered = await eventually(async () => (await readEvent(heldBack)).deliveries[0].attempts[0]);
  expect(reordered.injected).toBe('reordered');
  const delayed = await eventually(async () => {
    const read = await readEvent(late);
    return read.deliveries[0].attempts[0] && read;
  });
  expect(delayed.deliveries[0].attempts[0].injected).toBe('delayed');
  const lateBy = (Date.parse(delayed.deliveries[0].attempts[0].attempted_at) - Date.parse(delayed.occurred_at)) / 1000;
  expect(lateBy).toBeGreaterThanOrEqual(600);
  expect(lateBy).toBeLessThan(660);
  // An event sent without faults carries no mark.
  expect((await readEvent(onTime)).deliveries[0].attempts[0].injected).toBeUndefined();
});
