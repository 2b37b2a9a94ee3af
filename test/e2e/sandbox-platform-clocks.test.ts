import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataStore, DATABASE, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { payByCard, paySepa } from '../helpers/money.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';

const DAY = 24 * 3600;
let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  // The sandbox's daily cut-off (real time) half a day from now: only a platform's own cut-off, on its moved clock, pays out here.
  const cutoff = new Date(Date.now() + 12 * 3600 * 1000);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  server = await startServer({ PAYOUT_CUTOFF: `${twoDigits(cutoff.getUTCHours())}:${twoDigits(cutoff.getUTCMinutes())}` });
  receiver = await startReceiver();
  // Every webhook of this file fails: each delivery stays pending with retries scheduled on its platform's clock.
  receiver.answers.push(...Array.from({ length: 1_000 }, () => ({ status: 503 })));
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

async function get(platform: TestPlatform, path: string) {
  const response = await server.request('GET', `/sandbox${path}`, { token: await platform.token() });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function advance(platform: TestPlatform, seconds: number) {
  const moved = await server.request('POST', '/sandbox/simulations/clock/advance', { token: await platform.token(), body: { seconds } });
  expect(moved.status, moved.text).toBe(200);
  return moved.body;
}

/** A platform's SEPA payment (settles two days after it is collected), a card payment partly refunded (the refund reaches the buyer a day later, the rest is paid out at the next cut-off), and their webhooks. */
async function objectsOf(platform: TestPlatform) {
  const urls = { redirect: 'https://shop.example/return', webhook: receiver.url };
  const sepa = await paySepa(server, platform, { amount_minor: 2_000, urls });
  const card = await payByCard(server, platform, { amount_minor: 3_000, reference: 'card', urls });
  const refunded = await server.request('POST', '/sandbox/refunds', {
    token: await platform.token(),
    body: { payment_id: card, description: 'Returned', routing: { platform: { amount_minor: 1_000 } }, urls: { webhook: receiver.url } },
  });
  expect(refunded.status, refunded.text).toBe(201);
  const [event] = (await get(platform, `/events?object_id=${card}`)).data;
  // The first attempt failed: a retry waits five seconds on the platform's clock.
  await eventually(async () => (await get(platform, `/events/${event.event_id}`)).deliveries[0].attempt_count === 1 || undefined);
  return { sepa, card, refund: refunded.body.id as string, event: event.event_id as string };
}

const attemptsOf = async (platform: TestPlatform, eventId: string) => (await get(platform, `/events/${eventId}`)).deliveries[0].attempt_count as number;

it(`moves a platform's own sandbox clock, objects, jobs and webhook retries, and nothing of another platform's (${DATABASE})`, async () => {
  const a = await server.platform();
  const b = await server.platform();
  const aObjects = await objectsOf(a);
  const bObjects = await objectsOf(b);
  const realNow = Date.now();
  // A new platform's clock starts at real time.
  for (const platform of [a, b]) expect(Math.abs(Date.parse((await get(platform, '/simulations/clock')).now) - realNow)).toBeLessThan(60_000);

  const moved = await advance(a, 3 * DAY);
  expect(moved.jobs_run).toBeGreaterThanOrEqual(3); // the collection's settlement, the refund's arrival, and what they scheduled
  expect(Date.parse((await get(a, '/simulations/clock')).now) - Date.now()).toBeGreaterThan(3 * DAY * 1000 - 60_000);
  expect(Math.abs(Date.parse((await get(b, '/simulations/clock')).now) - Date.now())).toBeLessThan(60_000);

  // A's objects moved on A's clock, before the answer.
  expect((await get(a, `/payments/${aObjects.sepa}`)).status).toBe('completed');
  expect((await get(a, `/refunds/${aObjects.refund}`)).status).toBe('completed');
  // A's daily payout cut-off ran on A's clock: what the card payment left after its partial refund is paid out.
  expect((await get(a, `/payouts?payment_id=${aObjects.card}`)).data.length).toBeGreaterThan(0);
  // A's webhook retries within the three days ran (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 10 h, 14 h: nine of them).
  await eventually(async () => (await attemptsOf(a, aObjects.event)) >= 9 || undefined, 30_000);

  // B's did not move: its collection unsettled, its refund on its way, its webhook still waiting for its first retry.
  expect((await get(b, `/payments/${bObjects.sepa}`)).status).toBe('authorized');
  expect((await get(b, `/refunds/${bObjects.refund}`)).status).toBe('initiated');
  expect(await attemptsOf(b, bObjects.event)).toBe(1);
  expect((await get(b, `/payouts?payment_id=${bObjects.card}`)).data).toEqual([]);
  const bPending = await server.app.database.db.selectFrom('scheduled_jobs').select('due_at').where('platform_id', '=', b.platformId).where('state', '=', 'pending').execute();
  expect(bPending.length).toBeGreaterThan(0);
  for (const job of bPending) expect(job.due_at.getTime()).toBeGreaterThan(Date.now() - 60_000); // due on B's clock (real time), none overdue

  // B's own advance moves B's, and A's clock stays where A put it.
  const aBefore = Date.parse((await get(a, '/simulations/clock')).now);
  await advance(b, 3 * DAY);
  expect((await get(b, `/payments/${bObjects.sepa}`)).status).toBe('completed');
  expect((await get(b, `/payouts?payment_id=${bObjects.card}`)).data.length).toBeGreaterThan(0);
  expect((await get(b, `/refunds/${bObjects.refund}`)).status).toBe('completed');
  await eventually(async () => (await attemptsOf(b, bObjects.event)) >= 9 || undefined, 30_000);
  const aAfter = Date.parse((await get(a, '/simulations/clock')).now);
  expect(aAfter - aBefore).toBeLessThan(60_000);
});

it(`stamps each platform's objects with its own clock's time (${DATABASE})`, async () => {
  const ahead = await server.platform();
  const behind = await server.platform();
  await advance(ahead, 10 * DAY);
  const urls = { redirect: 'https://shop.example/return' };
  const aheadPayment = await payByCard(server, ahead, { amount_minor: 1_000, reference: 'ahead', urls });
  const behindPayment = await payByCard(server, behind, { amount_minor: 1_000, reference: 'behind', urls });
  const createdAt = async (platform: TestPlatform, id: string) => Date.parse((await get(platform, `/payments/${id}`)).initiated_at);
  const gap = (await createdAt(ahead, aheadPayment)) - (await createdAt(behind, behindPayment));
  expect(gap).toBeGreaterThan(10 * DAY * 1000 - 60_000);
  expect(gap).toBeLessThan(10 * DAY * 1000 + 60_000);
});

it(`answers 401 to a live token on the sandbox clock (${DATABASE})`, async () => {
  const platform = await server.platform();
  const refused = await server.request('POST', '/sandbox/simulations/clock/advance', { token: await platform.token('live'), body: { seconds: 60 } });
  expect(refused.status).toBe(401);
});

describe.skipIf(DATABASE !== 'postgres')('across processes', () => {
  it("follows another process's advance of a platform's clock (NOTIFY), and only that platform's", async () => {
    const store = await createDataStore();
    const first = await startServer({}, { store });
    const second = await startServer({}, { store });
    try {
      const moving = await first.platform();
      const still = await first.platform();
      const moved = await first.request('POST', '/sandbox/simulations/clock/advance', { token: await moving.token(), body: { seconds: 5 * DAY } });
      expect(moved.status, moved.text).toBe(200);
      const clock = second.app.environmentClock;
      await eventually(async () => clock.now('sandbox', moving.platformId).getTime() - Date.now() > 5 * DAY * 1000 - 60_000 || undefined);
      expect(Math.abs(clock.now('sandbox', still.platformId).getTime() - Date.now())).toBeLessThan(60_000);
      expect(clock.now('live', moving.platformId).getTime() - Date.now()).toBeLessThan(60_000); // live ignores the platform
    } finally {
      await second.close();
      await first.close();
      await store.remove();
    }
  }, 120_000);
});
