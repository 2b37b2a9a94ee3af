import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { dashboardUser, type DashboardClient } from '../helpers/dashboard.js';
import { payByCard, paySepa } from '../helpers/money.js';

let server: TestServer;
let platform: TestPlatform;
let other: TestPlatform;

const HOUR = 3600;
const DAY = 24 * HOUR;

beforeAll(async () => {
  // Nothing runs on its own: what falls due waits for the clock's advance, and webhook deliveries stay pending.
  server = await startServer({ JOB_WORKER: 'off', WEBHOOK_WORKER: 'off' });
  platform = await server.platform();
  other = await server.platform();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const api = async (method: string, path: string, body?: unknown, tenant = platform) => server.request(method, `/sandbox${path}`, { token: await tenant.token(), body });
const clockNow = async () => {
  const clock = await api('GET', '/simulations/clock');
  expect(clock.status, clock.text).toBe(200);
  return Date.parse(clock.body.now);
};
const db = () => server.app.database.db;

/** The rows of the preview's table: each kind of work with its count and first due time. */
function previewRows(text: string): { work: string; count: number; earliest: string }[] {
  const preview = text.slice(text.indexOf('class="panel preview"'));
  const table = preview.slice(0, preview.indexOf('</table>'));
  return [...table.matchAll(/<tr><td data-label="Scheduled work" class="wrap">([^<]+)<\/td><td data-label="How many" class="num">(\d+)<\/td><td data-label="First due"><time datetime="([^"]+)">/g)].map((match) => ({
    work: match[1]!,
    count: Number(match[2]),
    earliest: match[3]!,
  }));
}

/** The webhook deliveries of the events about a payment. */
async function deliveriesOf(paymentId: string) {
  return db().selectFrom('webhook_deliveries').innerJoin('events', 'events.id', 'webhook_deliveries.event_id').select('webhook_deliveries.id').where('events.object_id', '=', paymentId).execute();
}

/** A failed first attempt of the payment's webhook, retried `inSeconds` from now on the sandbox clock (the worker writes the same). */
async function retryLater(paymentId: string, inSeconds: number): Promise<Date> {
  const [delivery] = await deliveriesOf(paymentId);
  const at = new Date((await clockNow()) + inSeconds * 1000);
  await db().updateTable('webhook_deliveries').set({ attempt_count: 1, next_attempt_at: at }).where('id', '=', delivery!.id).execute();
  return at;
}

describe('the sandbox clock', () => {
  it('shows the clock, previews what falls due in the window (a SEPA settlement, a webhook retry) and not after it, then advances as the API does', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const page = await client.get('/dashboard/sandbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/dashboard/sandbox" aria-current="page"');
    const before = await clockNow();
    expect(page.text).toContain(`<time datetime="${new Date(before).toISOString()}">`);
    expect(page.text).toContain('Each platform has its own sandbox clock, which starts at real time');

    const sepa = await paySepa(server, platform, { amount_minor: 1_500, reference: 'preview-sepa' });
    const { processor_reference: collection } = await db().selectFrom('payments').select('processor_reference').where('id', '=', sepa).executeTakeFirstOrThrow();
    const settlement = await db().selectFrom('scheduled_jobs').select('due_at').where('subject_id', '=', collection!).where('kind', '=', 'simulator.notification').where('state', '=', 'pending').executeTakeFirstOrThrow();
    const soon = await payByCard(server, platform, { amount_minor: 900, reference: 'retry-soon', urls: { redirect: 'https://shop.example/return', webhook: 'https://shop.example/hooks' } });
    const late = await payByCard(server, platform, { amount_minor: 800, reference: 'retry-late', urls: { redirect: 'https://shop.example/return', webhook: 'https://shop.example/hooks' } });
    const inWindow = await retryLater(soon, 2 * HOUR);
    await retryLater(late, 5 * DAY);
    // Another platform's work is not this platform's to see.
    await paySepa(server, other, { amount_minor: 700, reference: 'other-sepa' });

    const hours = await client.get('/dashboard/sandbox?duration=3h');
    expect(hours.status).toBe(200);
    expect(hours.text).toContain('clock 3h forward, from');
    expect(hours.text).toContain('(no other platform');
    expect(previewRows(hours.text).filter((row) => row.work === 'Webhook retries')).toEqual([{ work: 'Webhook retries', count: 1, earliest: inWindow.toISOString() }]);
    expect(previewRows(hours.text).map((row) => row.work)).not.toContain('SEPA Direct Debit settlements');

    const days = await client.get('/dashboard/sandbox?duration=3d');
    const rows = previewRows(days.text);
    expect(rows).toContainEqual({ work: 'SEPA Direct Debit settlements', count: 1, earliest: settlement.due_at.toISOString() });
    expect(rows).toContainEqual({ work: 'Webhook retries', count: 1, earliest: inWindow.toISOString() }); // the one 5 days out is not in it
    expect(days.text).toContain('Move the clock 3d forward');
    expect(await clockNow()).toBe(before); // a preview moves nothing

    const moved = await client.post('/dashboard/sandbox/clock/advance', { duration: '1d12h', confirm: 'yes' });
    expect(moved.status).toBe(200);
    const after = await clockNow();
    expect(after - before).toBe(1.5 * DAY * 1000);
    expect(moved.text).toContain('The sandbox clock moved 1d 12h forward to');
    expect(moved.text).toContain(`<time datetime="${new Date(after).toISOString()}">`);
    expect(moved.text).toContain('1d 12h'); // ahead of real time

    // Without confirm=yes the advance shows its preview instead.
    const unconfirmed = await client.post('/dashboard/sandbox/clock/advance', { duration: '2d' });
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.location).toBe('/dashboard/sandbox?duration=2d');
    expect(await clockNow()).toBe(after);

    // The SEPA payment settles once the clock passes its settlement.
    await client.get('/dashboard/sandbox?duration=1d');
    expect((await client.post('/dashboard/sandbox/clock/advance', { duration: '1d', confirm: 'yes' })).status).toBe(200);
    expect((await api('GET', `/payments/${sepa}`)).body.status).toBe('completed');
    // The other platform's clock and SEPA payment did not move.
    const otherClock = await api('GET', '/simulations/clock', undefined, other);
    expect(Math.abs(Date.parse(otherClock.body.now) - Date.now())).toBeLessThan(60_000);
    const otherSepa = await db().selectFrom('payments').select('status').where('platform_id', '=', other.platformId).where('reference', '=', 'other-sepa').executeTakeFirstOrThrow();
    expect(otherSepa.status).toBe('authorized');
  }, 120_000);

  it('refuses what is not a duration, and more than the API takes', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    const before = await clockNow();
    for (const bad of ['2', '2w', '-1d', '0s', '367d']) {
      const refused = await client.get(`/dashboard/sandbox?duration=${encodeURIComponent(bad)}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.text).toContain(`“${bad}” is not a duration`);
    }
    await client.get('/dashboard/sandbox');
    expect((await client.post('/dashboard/sandbox/clock/advance', { duration: '2w', confirm: 'yes' })).status).toBe(400);
    expect(await clockNow()).toBe(before);
  });
});

describe('payouts and scenarios', () => {
  it('runs payouts after a confirmation, through the API’s payout run, showing what was paid out', async () => {
    const id = await payByCard(server, platform, { amount_minor: 4_000, reference: 'dashboard-payout' });
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    await client.get('/dashboard/sandbox');
    const asked = await client.post('/dashboard/sandbox/payouts/run');
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('Confirm the payouts');
    expect((await api('GET', `/payouts?payment_id=${id}`)).body.data).toEqual([]);

    const done = await client.post('/dashboard/sandbox/payouts/run', { confirm: 'yes' });
    expect(done.status).toBe(200);
    const links = [...done.text.matchAll(/href="\/dashboard\/payouts\/([0-9a-f]{32})"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    const payouts = await Promise.all(links.map(async (payoutId) => (await api('GET', `/payouts/${payoutId}`)).body));
    const ours = payouts.find((payout) => payout.transfers.some((transfer: { payment_id: string }) => transfer.payment_id === id));
    expect(ours).toMatchObject({ account_id: platform.platformId, status: 'in_transit' });
    expect(done.text).toContain(`${links.length} payout(s) started.`);
    expect(done.text).toContain('<span class="status status-in_transit">In transit</span>');

    const again = await client.post('/dashboard/sandbox/payouts/run', { confirm: 'yes' });
    expect(again.text).toContain('No transfer was due: nothing was paid out.');
  }, 120_000);

  it('runs a trigger scenario through the API as the platform and lists what it made, linked to its page', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const page = await client.get('/dashboard/sandbox');
    for (const scenario of ['card-succeeded', 'sepa-completed', 'payout-paid', 'mit-series']) expect(page.text).toContain(`name="scenario" value="${scenario}"`);

    const clients = async () => (await db().selectFrom('clients').select('id').where('platform_id', '=', platform.platformId).execute()).length;
    const clientsBefore = await clients();
    const ran = await client.post('/dashboard/sandbox/trigger', { scenario: 'card-succeeded' });
    expect(ran.status, ran.text).toBe(200);
    expect(ran.text).toContain('Scenario card-succeeded ran.');
    const [paymentId] = [...ran.text.matchAll(/<a href="\/dashboard\/payments\/([A-Za-z0-9_]+)">/g)].map((match) => match[1]!);
    const payment = await api('GET', `/payments/${paymentId}`);
    expect(payment.status).toBe(200);
    expect(payment.body).toMatchObject({ status: 'captured', reference: 'trigger-card', amount_minor: 2_500 });
    const events = await api('GET', `/events?object_id=${paymentId}`);
    expect(events.body.data.map((event: { type: string }) => event.type)).toEqual(['payment_succeeded']);
    expect((await client.get(`/dashboard/payments/${paymentId}`)).status).toBe(200);
    expect(await clients()).toBe(clientsBefore); // a token minted for the run, no client or secret stored
    // It ran as this platform: the other one does not see the payment.
    expect((await api('GET', `/payments/${paymentId}`, undefined, other)).status).toBe(404);

    // A scenario that moves the platform's clock asks first.
    const before = await clockNow();
    const asked = await client.post('/dashboard/sandbox/trigger', { scenario: 'sepa-completed' });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('Confirm the scenario sepa-completed');
    expect(asked.text).toContain('2d forward');
    expect(await clockNow()).toBe(before);
  }, 120_000);
});

describe('who may not', () => {
  it('refuses a viewer (403), a missing CSRF token (403), and is not found in live (404)', async () => {
    const before = await clockNow();
    const viewer = (await dashboardUser(server, platform.platformId, 'viewer')).client;
    expect((await viewer.get('/dashboard')).text).not.toContain('href="/dashboard/sandbox"');
    expect((await viewer.get('/dashboard/sandbox')).status).toBe(403);
    await viewer.get('/dashboard');
    expect((await viewer.post('/dashboard/sandbox/clock/advance', { duration: '1h', confirm: 'yes' })).status).toBe(403);
    expect((await viewer.post('/dashboard/sandbox/payouts/run', { confirm: 'yes' })).status).toBe(403);
    expect((await viewer.post('/dashboard/sandbox/trigger', { scenario: 'card-succeeded' })).status).toBe(403);

    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    await client.get('/dashboard/sandbox');
    expect((await client.post('/dashboard/sandbox/clock/advance', { duration: '1h', confirm: 'yes', _csrf: '' })).status).toBe(403);
    expect((await client.post('/dashboard/sandbox/trigger', { scenario: 'card-succeeded', _csrf: 'forged' })).status).toBe(403);
    expect(await clockNow()).toBe(before);

    expect((await client.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
    await liveRefused(client);
    expect(await clockNow()).toBe(before);
  }, 120_000);
});

/** In live the sandbox's controls do not exist: no link, and 404 for every page and form. */
async function liveRefused(client: DashboardClient) {
  expect((await client.get('/dashboard')).text).not.toContain('href="/dashboard/sandbox"');
  expect((await client.get('/dashboard/sandbox')).status).toBe(404);
  expect((await client.get('/dashboard/sandbox?duration=1h')).status).toBe(404);
  await client.get('/dashboard');
  expect((await client.post('/dashboard/sandbox/clock/advance', { duration: '1h', confirm: 'yes' })).status).toBe(404);
  expect((await client.post('/dashboard/sandbox/payouts/run', { confirm: 'yes' })).status).toBe(404);
  expect((await client.post('/dashboard/sandbox/trigger', { scenario: 'card-succeeded' })).status).toBe(404);
  expect((await client.post('/dashboard/sandbox/webhook-faults', FAULTS_ON)).status).toBe(404);
}

const FAULTS_ON = { duplicate_ratio: '0.5', reorder_ratio: '0.25', reorder_window_seconds: '10', delay_ratio: '0', delay_seconds: '0' };

describe('webhook faults', () => {
  it("shows the platform's faults, off by default, saves them as the API does, and refuses what the API refuses", async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const page = await client.get('/dashboard/sandbox');
    expect(page.text).toContain('Off: every event is sent once, at once.');
    expect(page.text).toMatch(/<input id="duplicate_ratio" name="duplicate_ratio" type="number"[^>]* value="0"/);

    const saved = await client.post('/dashboard/sandbox/webhook-faults', FAULTS_ON);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).toContain('Webhook faults saved.');
    expect(saved.text).toMatch(/<input id="duplicate_ratio" [^>]*value="0.5"/);
    const read = await api('GET', '/simulations/webhook-faults');
    expect(read.body).toEqual({ duplicate_ratio: 0.5, reorder_ratio: 0.25, reorder_window_seconds: 10, delay_ratio: 0, delay_seconds: 0 });
    // The other platform's stay off.
    expect((await api('GET', '/simulations/webhook-faults', undefined, other)).body.duplicate_ratio).toBe(0);

    const refused = await client.post('/dashboard/sandbox/webhook-faults', { ...FAULTS_ON, duplicate_ratio: '2', delay_ratio: '0.5', delay_seconds: '0' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('The webhook faults were not saved; check: duplicate_ratio.');
    expect(refused.text).toMatch(/<input id="duplicate_ratio" [^>]*value="2" [^>]*aria-invalid="true"/);
    const nothingToDo = await client.post('/dashboard/sandbox/webhook-faults', { ...FAULTS_ON, delay_ratio: '0.5', delay_seconds: '0' });
    expect(nothingToDo.status).toBe(400);
    expect(nothingToDo.text).toContain('check: delay_seconds.');
    expect((await api('GET', '/simulations/webhook-faults')).body).toEqual(read.body);

    const off = await client.post('/dashboard/sandbox/webhook-faults', { duplicate_ratio: '0', reorder_ratio: '0', reorder_window_seconds: '0', delay_ratio: '0', delay_seconds: '0' });
    expect(off.status).toBe(200);
    expect(off.text).toContain('Off: every event is sent once, at once.');

    const viewer = (await dashboardUser(server, platform.platformId, 'viewer')).client;
    await viewer.get('/dashboard');
    expect((await viewer.post('/dashboard/sandbox/webhook-faults', FAULTS_ON)).status).toBe(403);
    expect((await api('GET', '/simulations/webhook-faults')).body.duplicate_ratio).toBe(0);
  }, 120_000);
});
