import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { dashboardUser } from '../helpers/dashboard.js';
import { payByCard } from '../helpers/money.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

/**
 * The event log (issue 20, Developers): the platform's events of the session's environment through
 * the API's EventService, filtered by type, object and webhook delivery state, paged with the API's
 * cursors; an event's page; Resend from it and from a payment's page through the API's redelivery.
 * The server delivers webhooks only when a test runs the worker (WEBHOOK_WORKER=off): each delivery
 * state is made on purpose.
 */
let server: TestServer;
let platform: TestPlatform;
let ok: Receiver;
let failing: Receiver;
/** Delivered (200), failing (500, retrying later on the sandbox clock), pending (not tried yet), and without a webhook URL. */
const payments = { delivered: '', failing: '', pending: '', none: '' };
let refundEvent: string;

const api = async (method: string, path: string, body?: unknown, tenant = platform) => server.request(method, `/sandbox${path}`, { token: await tenant.token(), body });
const eventsOf = async (objectId: string, tenant = platform): Promise<{ event_id: string; type: string; delivery_status: string | null }[]> => (await api('GET', `/events?object_id=${objectId}`, undefined, tenant)).body.data;
const firstEvent = async (objectId: string, tenant = platform) => (await eventsOf(objectId, tenant))[0]!.event_id;
/** The event ids a page of the log links to, in its order. */
const eventLinks = (text: string) => [...text.matchAll(/href="\/dashboard\/events\/(evt_\w{26})"/g)].map((match) => match[1]!);
const pay = (reference: string, webhook?: string, tenant = platform) =>
  payByCard(server, tenant, { amount_minor: 1_500, reference, urls: { redirect: 'https://shop.example/return', ...(webhook ? { webhook } : {}) } });

beforeAll(async () => {
  server = await startServer({ WEBHOOK_WORKER: 'off' });
  platform = await server.platform();
  [ok, failing] = await Promise.all([startReceiver(), startReceiver()]);
  failing.answers.push(...Array.from({ length: 20 }, () => ({ status: 500 })));
  payments.delivered = await pay('hook-ok', ok.url);
  payments.failing = await pay('hook-failing', failing.url);
  payments.none = await pay('no-hook');
  await server.app.services.worker.runDue();
  payments.pending = await pay('hook-pending', ok.url);
  const refund = await api('POST', '/refunds', { payment_id: payments.delivered, description: 'Refund hook-ok', routing: { platform: { amount_minor: 500 }, merchants: [] } });
  expect(refund.status, refund.text).toBe(201);
  refundEvent = await firstEvent(refund.body.id);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await ok?.close();
  await failing?.close();
});

describe('the event log', () => {
  it('lists the events newest first as GET /events does, filtered by type, object id and delivery state', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const log = await client.get('/dashboard/events');
    expect(log.status).toBe(200);
    expect(log.text).toContain('href="/dashboard/events" aria-current="page"');
    const all = (await api('GET', '/events?first=20')).body.data.map((event: { event_id: string }) => event.event_id);
    expect(eventLinks(log.text)).toEqual(all);
    expect(log.text).toContain(`href="/dashboard/payments/${payments.delivered}"`);

    // By type: the refund's event only.
    const refunds = await client.get('/dashboard/events?type=refund_initiated');
    expect(eventLinks(refunds.text)).toEqual([refundEvent]);
    expect(refunds.text).toContain('<option value="refund_initiated" selected>');
    const succeeded = eventLinks((await client.get('/dashboard/events?type=payment_succeeded')).text);
    expect(succeeded.sort()).toEqual((await Promise.all(Object.values(payments).map((id) => firstEvent(id)))).sort());
    expect(succeeded).not.toContain(refundEvent);

    // By object: the payment's own events (the API's object_id), not another payment's; spaces around it are forgiven.
    const mine = await client.get(`/dashboard/events?object=+${payments.failing}+`);
    expect(eventLinks(mine.text)).toEqual((await eventsOf(payments.failing)).map((event) => event.event_id));
    expect(eventLinks(mine.text)).not.toContain(await firstEvent(payments.delivered));
    expect(mine.text).toContain(`value="${payments.failing}"`);
    expect(eventLinks((await client.get('/dashboard/events?object=pay_00000000000000000000000000')).text)).toEqual([]);

    // By the latest delivery's state, in SQL: each payment's event in its own state only.
    const byState = async (state: string) => eventLinks((await client.get(`/dashboard/events?delivery=${state}&type=payment_succeeded`)).text);
    expect(await byState('delivered')).toEqual([await firstEvent(payments.delivered)]);
    expect(await byState('failing')).toEqual([await firstEvent(payments.failing)]);
    expect(await byState('pending')).toEqual([await firstEvent(payments.pending)]);
    expect(await byState('none')).toEqual([await firstEvent(payments.none)]);
    expect((await eventsOf(payments.failing))[0]!.delivery_status).toBe('pending'); // the API's view: retrying
    const failingList = await client.get('/dashboard/events?delivery=failing');
    expect(failingList.text).toContain('<option value="failing" selected>');
    expect(eventLinks(failingList.text)).not.toContain(await firstEvent(payments.delivered));

    // An unknown filter value is refused.
    expect((await client.get('/dashboard/events?delivery=lost')).status).toBe(400);
    expect((await client.get('/dashboard/events?type=payment_lost')).status).toBe(400);
  }, 60_000);

  it("pages with the API's cursors, the filters kept, and refuses a cursor of another list", async () => {
    const other = await server.platform();
    for (let index = 0; index < 23; index += 1) await pay(`page-${index}`, undefined, other);
    const expected = (await api('GET', '/events?first=100', undefined, other)).body.data.map((event: { event_id: string }) => event.event_id);
    expect(expected.length).toBeGreaterThan(20);
    const { client } = await dashboardUser(server, other.platformId, 'admin');
    const first = await client.get('/dashboard/events');
    expect(eventLinks(first.text)).toEqual(expected.slice(0, 20));
    expect(first.text).not.toContain('First page');
    const next = first.text.match(/href="([^"]+)" rel="next"/)![1]!.replace(/&amp;/g, '&');
    const second = await client.get(next);
    expect(eventLinks(second.text)).toEqual(expected.slice(20, 40));
    expect(second.text).toContain('First page');
    // Filtered: the cursor carries the filter, and a cursor made for another filter is refused.
    const succeeded = (await api('GET', '/events?type=payment_succeeded&first=100', undefined, other)).body.data.map((event: { event_id: string }) => event.event_id);
    expect(succeeded).toHaveLength(23);
    const filtered = await client.get('/dashboard/events?type=payment_succeeded');
    expect(eventLinks(filtered.text)).toEqual(succeeded.slice(0, 20));
    const filteredNext = filtered.text.match(/href="([^"]+)" rel="next"/)![1]!.replace(/&amp;/g, '&');
    expect(filteredNext).toMatch(/^\/dashboard\/events\?type=payment_succeeded&after=/);
    const last = await client.get(filteredNext);
    expect(eventLinks(last.text)).toEqual(succeeded.slice(20));
    expect(last.text).not.toContain('rel="next"');
    const cursor = new URLSearchParams(next.split('?')[1]).get('after')!;
    expect((await client.get(`/dashboard/events?type=payment_succeeded&after=${encodeURIComponent(cursor)}`)).status).toBe(400);
  }, 120_000);

  it('shows an event: type, time, payment link, payload as JSON, deliveries with next attempt, every attempt, and Resend', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const eventId = await firstEvent(payments.failing);
    const event = (await api('GET', `/events/${eventId}`)).body;
    const shown = await client.get(`/dashboard/events/${eventId}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<h1>Event payment_succeeded</h1>');
    expect(shown.text).toContain(`<a href="/dashboard/payments/${payments.failing}">`);
    expect(shown.text).toContain(`href="/dashboard/events?object=${payments.failing}"`);
    // The payload as the webhook carries it, pretty-printed (escaped in the HTML).
    const payload = shown.text.match(/<pre class="payload"[^>]*><code>([\s\S]*?)<\/code><\/pre>/)![1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    expect(JSON.parse(payload)).toEqual({ event_id: eventId, type: 'payment_succeeded', occurred_at: event.occurred_at, data: event.data });
    expect(payload).toContain('\n  "data": {\n');
    // The delivery: its URL, state, attempt count and next attempt; the attempt with its answer.
    expect(event.deliveries).toHaveLength(1);
    expect(event.deliveries[0]).toMatchObject({ url: failing.url, status: 'pending', attempt_count: 1 });
    expect(shown.text).toContain(failing.url);
    expect(shown.text).toContain('<span class="status status-pending">Pending</span>');
    expect(shown.text).toMatch(/data-label="Attempts" class="num">1</);
    expect(shown.text).toMatch(/data-label="Next attempt">\d/);
    expect(shown.text).toContain('Webhook attempts');
    expect(shown.text).toMatch(/data-label="Answer" class="wrap">500/);
    expect(shown.text).toMatch(/data-label="Duration" class="num">\d+ ms/);
    expect(shown.text).toContain(`action="/dashboard/events/${eventId}/resend"`);
    expect(shown.text).toContain(`name="back" value="/dashboard/events/${eventId}"`);

    // An event without a webhook URL: no delivery, nothing to resend.
    const quiet = await client.get(`/dashboard/events/${await firstEvent(payments.none)}`);
    expect(quiet.text).toContain('No webhook URL: the event is kept for GET /events only.');
    expect(quiet.text).not.toContain('/resend"');
    // The refund's event links to its payment too.
    const refundPage = (await client.get(`/dashboard/events/${refundEvent}`)).text;
    expect(refundPage).toContain(`<a href="/dashboard/payments/${payments.delivered}">`);
    const refundId = (await api('GET', `/events/${refundEvent}`)).body.data.refund_id;
    expect(refundPage).toContain(`<code>${refundId}</code> · <a href="/dashboard/events?object=${refundId}">All its events</a>`);
    expect((await client.get('/dashboard/events/evt_00000000000000000000000000')).status).toBe(404);
  }, 60_000);

  it('resends from the event page: a new delivery the API shows and the worker delivers, the page answered with a notice', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const eventId = await firstEvent(payments.delivered);
    await client.get(`/dashboard/events/${eventId}`);
    const before = ok.received.length;
    const resent = await client.post(`/dashboard/events/${eventId}/resend`, { back: `/dashboard/events/${eventId}` });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.text).toContain(`Event ${eventId} is delivered again.`);
    expect(resent.text).toContain('<h1>Event payment_succeeded</h1>');
    const deliveries = (await api('GET', `/events/${eventId}`)).body.deliveries;
    expect(deliveries.map((delivery: { status: string }) => delivery.status)).toEqual(['pending', 'succeeded']);
    expect(deliveries[0].url).toBe(ok.url);

    await server.app.services.worker.runDue();
    const received = await ok.waitFor(before + 1);
    expect(received.slice(before).map((each) => JSON.parse(each.body).event_id)).toContain(eventId);
    expect((await api('GET', `/events/${eventId}`)).body.deliveries.map((delivery: { status: string }) => delivery.status)).toEqual(['succeeded', 'succeeded']);
    const after = await client.get(`/dashboard/events/${eventId}`);
    expect(after.text.match(/data-label="Answer" class="wrap">200/g)).toHaveLength(2);
    expect(eventLinks((await client.get('/dashboard/events?delivery=delivered&type=payment_succeeded')).text)).toContain(eventId);
  }, 60_000);

  it("resends from the payment's page, answered with the payment's page, the event linked to its page", async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    const eventId = await firstEvent(payments.pending);
    const page = await client.get(`/dashboard/payments/${payments.pending}`);
    expect(page.text).toContain(`<a href="/dashboard/events/${eventId}"><code>payment_succeeded</code></a>`);
    expect(page.text).toContain(`name="back" value="/dashboard/payments/${payments.pending}"`);
    const resent = await client.post(`/dashboard/events/${eventId}/resend`, { back: `/dashboard/payments/${payments.pending}` });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.text).toContain('<h1>Payment hook-pending</h1>');
    expect(resent.text).toContain(`Event ${eventId} is delivered again.`);
    expect((await api('GET', `/events/${eventId}`)).body.deliveries).toHaveLength(2);
    // Only a dashboard page of a payment or an event may be the answer.
    for (const back of ['https://evil.example/dashboard/payments/x', '/dashboard/../payments', `//evil.example/dashboard/events/${eventId}`, '/dashboard/users']) {
      expect((await client.post(`/dashboard/events/${eventId}/resend`, { back })).status, back).toBe(400);
    }
    expect((await api('GET', `/events/${eventId}`)).body.deliveries).toHaveLength(2);
  }, 60_000);
});

describe('who may not see it', () => {
  it('refuses a viewer (403) the log, an event and resend, and shows no Events entry', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'viewer');
    const eventId = await firstEvent(payments.delivered);
    expect(client.last!.text).not.toContain('href="/dashboard/events"');
    expect((await client.get('/dashboard/events')).status).toBe(403);
    expect((await client.get(`/dashboard/events/${eventId}`)).status).toBe(403);
    const count = (await api('GET', `/events/${eventId}`)).body.deliveries.length;
    expect((await client.post(`/dashboard/events/${eventId}/resend`, { back: `/dashboard/events/${eventId}` })).status).toBe(403);
    expect((await api('GET', `/events/${eventId}`)).body.deliveries).toHaveLength(count);
    // The payment's page shows the events without links to their pages.
    expect((await client.get(`/dashboard/payments/${payments.delivered}`)).text).not.toContain('href="/dashboard/events/');
  }, 60_000);

  it('refuses a resend without the CSRF token, and links the log from the Developers page', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const eventId = await firstEvent(payments.none);
    const developers = await client.get('/dashboard/developers');
    expect(developers.text).toContain('<a href="/dashboard/events">Open the event log</a>');
    const target = await firstEvent(payments.delivered);
    const count = (await api('GET', `/events/${target}`)).body.deliveries.length;
    expect((await client.post(`/dashboard/events/${target}/resend`, { _csrf: '' })).status).toBe(403);
    expect((await client.post(`/dashboard/events/${target}/resend`, { _csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await api('GET', `/events/${target}`)).body.deliveries).toHaveLength(count);
    // An event without a webhook URL has nothing to resend: the API's conflict.
    expect((await client.post(`/dashboard/events/${eventId}/resend`)).status).toBe(409);
  }, 60_000);

  it("answers 404 for another platform's event and keeps live and sandbox apart", async () => {
    const other = await server.platform();
    const theirs = await firstEvent(await pay('their-hook', ok.url, other), other);
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    expect((await client.get(`/dashboard/events/${theirs}`)).status).toBe(404);
    expect((await client.post(`/dashboard/events/${theirs}/resend`, { back: `/dashboard/events/${theirs}` })).status).toBe(404);
    expect((await api('GET', `/events/${theirs}`, undefined, other)).body.deliveries).toHaveLength(1);
    expect(eventLinks((await client.get('/dashboard/events')).text)).not.toContain(theirs);
    expect(eventLinks((await client.get(`/dashboard/events?object=${theirs}`)).text)).toEqual([]);

    // A live event: the merchant opened a live application's onboarding link.
    const application = await server.request('POST', '/applications', {
      token: await platform.token('live'),
      body: { applicant: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }, integration: { type: 'hosted' }, reference: 'live-merchant', urls: { redirect: 'https://platform.example/done' } },
    });
    expect(application.status, application.text).toBe(201);
    const onboardingToken = new URL(application.body._links.onboarding.href).searchParams.get('token')!;
    expect((await server.request('GET', '/smo/application', { token: onboardingToken })).status).toBe(200);
    const liveEvents = (await server.request('GET', `/events?object_id=${application.body.id}`, { token: await platform.token('live') })).body.data;
    expect(liveEvents.map((event: { type: string }) => event.type)).toEqual(['application_started']);
    const liveEvent: string = liveEvents[0].event_id;

    const sandboxEvent = await firstEvent(payments.delivered);
    expect((await client.get(`/dashboard/events/${liveEvent}`)).status).toBe(404);
    expect(eventLinks((await client.get('/dashboard/events')).text)).not.toContain(liveEvent);
    expect((await client.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
    const live = await client.get('/dashboard/events');
    expect(eventLinks(live.text)).toEqual([liveEvent]);
    expect(live.text).not.toContain('sandbox-banner');
    expect((await client.get(`/dashboard/events/${liveEvent}`)).text).toContain('<h1>Event application_started</h1>');
    expect((await client.get(`/dashboard/events/${sandboxEvent}`)).status).toBe(404);
    expect((await client.post(`/dashboard/events/${sandboxEvent}/resend`, { back: `/dashboard/events/${sandboxEvent}` })).status).toBe(404);
  }, 60_000);
});
