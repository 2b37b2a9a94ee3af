import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardUser } from '../helpers/dashboard.js';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { payByCard, paySepa } from '../helpers/money.js';
import { startApplication, submitApplication } from '../helpers/onboarding.js';
import { eventually } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
});
afterAll(() => server?.close());

async function api(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  return server.request(method, `/sandbox${path}`, { token: await platform.token(), body, headers });
}
const schedule = async (object: string, id: string) => {
  const read = await api('GET', `/simulations/${object}/${id}/schedule`);
  expect(read.status, read.text).toBe(200);
  return read.body as { now: string; data: { step: string; due_at: string; due_in_seconds: number }[] };
};
const advance = async (seconds: number) => expect((await api('POST', '/simulations/clock/advance', { seconds })).status).toBe(200);
const eventTypes = async (paymentId: string) => ((await api('GET', `/events?object_id=${paymentId}`)).body.data as { type: string }[]).map((event) => event.type);

async function openPayment(): Promise<{ id: string; expires_at: string }> {
  const created = await api('POST', '/payments', { amount_minor: 1_500, currency: 'EUR', reference: 'open-1', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id, expires_at: (await api('GET', `/payments/${created.body.id}`)).body.expires_at };
}

describe('what works', () => {
  it("shows an open payment's expiry on the sandbox clock, and expires it now", async () => {
    const payment = await openPayment();
    const before = await schedule('payments', payment.id);
    expect(before.data).toEqual([{ step: 'payment_expires', due_at: payment.expires_at, due_in_seconds: Math.ceil((Date.parse(payment.expires_at) - Date.parse(before.now)) / 1000) }]);
    expect(before.data[0]!.due_in_seconds).toBeGreaterThan(60);
    // The time left follows the sandbox clock.
    await advance(60);
    expect((await schedule('payments', payment.id)).data[0]!.due_in_seconds).toBe(before.data[0]!.due_in_seconds - 60);

    const expired = await api('POST', `/simulations/payments/${payment.id}/expire`);
    expect(expired.status, expired.text).toBe(200);
    expect(expired.body).toMatchObject({ id: payment.id, status: 'canceled' });
    expect(Date.parse(expired.body.expires_at)).toBeLessThan(Date.parse(payment.expires_at));
    expect((await api('GET', `/payments/${payment.id}`)).body.status).toBe('canceled');
    expect((await schedule('payments', payment.id)).data).toEqual([]);
    const again = await api('POST', `/simulations/payments/${payment.id}/expire`);
    expect(again.status).toBe(409);
    expect(again.body.type).toMatch(/conflict/);
  });

  it("shows a SEPA collection's report two days ahead and settles it now, through the bank's notification", async () => {
    const id = await paySepa(server, platform, { amount_minor: 2_000 });
    const before = await schedule('payments', id);
    const collection = before.data.find((step) => step.step === 'collection_reported')!;
    expect(collection.due_in_seconds).toBeGreaterThan(2 * 24 * 3600 - 120);
    expect(collection.due_in_seconds).toBeLessThanOrEqual(2 * 24 * 3600);

    const succeeded = async () => (await eventTypes(id)).filter((type) => type === 'payment_succeeded').length;
    const succeededBefore = await succeeded();
    const settled = await api('POST', `/simulations/payments/${id}/settle`);
    expect(settled.status, settled.text).toBe(200);
    expect(settled.body).toMatchObject({ id, status: 'completed', succeeded: true });
    expect((await schedule('payments', id)).data.map((step) => step.step)).not.toContain('collection_reported');
    expect(await succeeded()).toBe(succeededBefore + 1);
    // Reported once: neither a second settle nor a return now, nor the clock moving past its due time, changes it.
    expect((await api('POST', `/simulations/payments/${id}/settle`)).status).toBe(409);
    expect((await api('POST', `/simulations/payments/${id}/return`)).status).toBe(409);
    await advance(3 * 24 * 3600);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('completed');
  });

  it('returns a SEPA collection unpaid now: the payment ends not_completed', async () => {
    const id = await paySepa(server, platform, { amount_minor: 2_100 });
    const returned = await api('POST', `/simulations/payments/${id}/return`);
    expect(returned.status, returned.text).toBe(200);
    expect(returned.body).toMatchObject({ id, status: 'not_completed', succeeded: false });
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('not_completed');
    expect(await eventTypes(id)).toContain('payment_failed');
  });

  it("shows a refund's report a day ahead, fails it now (the amount refundable again), and keeps the answer for its Idempotency-Key", async () => {
    const id = await payByCard(server, platform, { amount_minor: 3_000 });
    const created = await api('POST', '/refunds', { payment_id: id, description: 'Returned goods', routing: { platform: { amount_minor: 1_000 } } });
    expect(created.status, created.text).toBe(201);
    const refundId = created.body.id;
    const reported = await eventually(async () => (await schedule('refunds', refundId)).data.find((step) => step.step === 'refund_reported'));
    expect(reported.due_in_seconds).toBeGreaterThan(24 * 3600 - 120);
    expect(reported.due_in_seconds).toBeLessThanOrEqual(24 * 3600);

    const key = { 'idempotency-key': `fail-${refundId}` };
    const failed = await api('POST', `/simulations/refunds/${refundId}/fail`, undefined, key);
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body).toMatchObject({ id: refundId, status: 'failed' });
    const replay = await api('POST', `/simulations/refunds/${refundId}/fail`, undefined, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(failed.body);
    expect((await api('GET', `/refunds/${refundId}`)).body.status).toBe('failed');
    expect((await api('GET', `/payments/${id}`)).body.routing.platform.refundable_amount).toBe(3_000);
    expect((await schedule('refunds', refundId)).data).toEqual([]);
    expect((await api('POST', `/simulations/refunds/${refundId}/fail`)).status).toBe(409);
    expect((await api('POST', `/simulations/refunds/${refundId}/complete`)).status).toBe(409);

    // A refund completed now shows nothing more to come, though the processor's report is still on its way.
    const other = await api('POST', '/refunds', { payment_id: id, description: 'Returned goods', routing: { platform: { amount_minor: 400 } } });
    await eventually(async () => (await schedule('refunds', other.body.id)).data.some((step) => step.step === 'refund_reported'));
    expect((await api('POST', `/simulations/refunds/${other.body.id}/complete`)).body.status).toBe('completed');
    expect((await schedule('refunds', other.body.id)).data).toEqual([]);
  });

  it("fails a refund just initiated (the processor is handed it first), and shows a payout's arrival a day ahead", async () => {
    const id = await payByCard(server, platform, { amount_minor: 4_000 });
    const created = await api('POST', '/refunds', { payment_id: id, description: 'Returned goods', routing: { platform: { amount_minor: 500 } } });
    const failed = await api('POST', `/simulations/refunds/${created.body.id}/fail`);
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.status).toBe('failed');

    const run = await api('POST', '/simulations/payouts/run');
    expect(run.status, run.text).toBe(200);
    const payout = run.body.data.find((each: { transfers: { payment_id: string }[] }) => each.transfers.some((transfer) => transfer.payment_id === id));
    const arrival = await eventually(async () => (await schedule('payouts', payout.id)).data.find((step) => step.step === 'payout_reported'));
    expect(arrival.due_in_seconds).toBeGreaterThan(24 * 3600 - 120);
    await advance(24 * 3600);
    await eventually(async () => (await api('GET', `/payouts/${payout.id}`)).body.status !== 'in_transit');
    expect((await schedule('payouts', payout.id)).data).toEqual([]);
  });

  it("shows a submitted application's compliance decision an hour ahead, gone once decided", async () => {
    const application = await startApplication(server, platform);
    expect((await schedule('applications', application.id)).data).toEqual([]);
    await submitApplication(server, application);
    const [decision] = (await schedule('applications', application.id)).data;
    expect(decision).toMatchObject({ step: 'compliance_decided' });
    expect(decision!.due_in_seconds).toBeGreaterThan(3600 - 120);
    expect(decision!.due_in_seconds).toBeLessThanOrEqual(3600);
    expect((await api('POST', `/simulations/applications/${application.id}/decision`, { outcome: 'succeeded' })).status).toBe(200);
    expect((await schedule('applications', application.id)).data).toEqual([]);
  });
});

describe('what is refused', () => {
  it('refuses a shortcut on an object in the wrong state with a 409 problem', async () => {
    const card = await payByCard(server, platform, { amount_minor: 1_100 });
    for (const path of [`/simulations/payments/${card}/settle`, `/simulations/payments/${card}/return`, `/simulations/payments/${card}/expire`]) {
      const refused = await api('POST', path);
      expect(refused.status, path).toBe(409);
      expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(refused.body.detail).toContain(card);
    }
    expect((await api('GET', `/payments/${card}`)).body.status).toBe('captured');
  });

  it('answers 404 for unknown objects and 400 for malformed ids', async () => {
    expect((await api('POST', '/simulations/payments/pay_unknown/expire')).status).toBe(404);
    expect((await api('GET', '/simulations/payments/pay_unknown/schedule')).status).toBe(404);
    expect((await api('GET', '/simulations/applications/app_unknown/schedule')).status).toBe(404);
    expect((await api('POST', '/simulations/refunds/nope/fail')).status).toBe(400);
  });
});

describe('who may not', () => {
  it("keeps another platform, live and a token without the scope away from a platform's objects", async () => {
    const payment = await openPayment();
    const other = await server.platform();
    const foreign = async (method: string, path: string) => server.request(method, `/sandbox${path}`, { token: await other.token() });
    expect((await foreign('POST', `/simulations/payments/${payment.id}/expire`)).status).toBe(404);
    expect((await foreign('GET', `/simulations/payments/${payment.id}/schedule`)).status).toBe(404);
    expect((await server.request('POST', `/simulations/payments/${payment.id}/expire`, { token: await platform.token('live') })).status).toBe(404);
    expect((await server.request('GET', `/simulations/payments/${payment.id}/schedule`, { token: await platform.token('live') })).status).toBe(404);
    const readOnly = await platform.token('sandbox', 'payments:read');
    expect((await server.request('POST', `/sandbox/simulations/payments/${payment.id}/expire`, { token: readOnly })).status).toBe(403);
    expect((await server.request('GET', `/sandbox/simulations/payments/${payment.id}/schedule`, { token: readOnly })).status).toBe(200);
    expect((await api('GET', `/payments/${payment.id}`)).body.status).toBe('initiated');
  });
});

describe('the dashboard', () => {
  /** The rows of a "what happens next" panel: each step's text and time left. */
  const nextRows = (text: string, headingId: string) => {
    const panel = text.slice(text.indexOf(`aria-labelledby="${headingId}"`));
    const table = panel.slice(0, panel.indexOf('</section>'));
    return [...table.matchAll(/<td data-label="Next step" class="wrap">([^<]+)<\/td><td data-label="When \(sandbox clock\)"><time datetime="([^"]+)">[^<]*<\/time><\/td><td data-label="Time left" class="num">([^<]+)<\/td>/g)].map((match) => ({ step: match[1]!, at: match[2]!, left: match[3]! }));
  };

  it("shows what happens next on a SEPA payment and its refund, and its buttons run the shortcuts through the API's calls", async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const id = await paySepa(server, platform, { amount_minor: 2_200 });
    const page = await client.get(`/dashboard/payments/${id}`);
    expect(page.status).toBe(200);
    const [collection] = nextRows(page.text, `next-${id}`);
    expect(collection).toMatchObject({ step: 'The bank reports the collection: settled, or returned unpaid', left: expect.stringMatching(/^(1d 23h|2d)/) });
    expect(collection!.at).toBe((await schedule('payments', id)).data.find((step) => step.step === 'collection_reported')!.due_at);
    expect(page.text).toContain(`action="/dashboard/sandbox/payments/${id}/settle"`);
    expect(page.text).toContain(`action="/dashboard/sandbox/payments/${id}/return"`);

    const settled = await client.post(`/dashboard/sandbox/payments/${id}/settle`);
    expect(settled.status, settled.text).toBe(303);
    expect(settled.location).toBe(`/dashboard/payments/${id}`);
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('completed');

    const created = await api('POST', '/refunds', { payment_id: id, description: 'Returned goods', routing: { platform: { amount_minor: 700 } } });
    const refundId = created.body.id;
    await eventually(async () => (await schedule('refunds', refundId)).data.some((step) => step.step === 'refund_reported'));
    const withRefund = await client.get(`/dashboard/payments/${id}`);
    expect(nextRows(withRefund.text, `next-${refundId}`).map((row) => row.step)).toEqual(['The processor reports the refund: completed, or failed']);
    expect((await client.post(`/dashboard/sandbox/refunds/${refundId}/fail`)).status).toBe(303);
    expect((await api('GET', `/refunds/${refundId}`)).body.status).toBe('failed');
    // Done: the refund's panel is gone, and a shortcut on an ended object is refused as the API refuses it.
    expect((await client.get(`/dashboard/payments/${id}`)).text).not.toContain(`next-${refundId}`);
    expect((await client.post(`/dashboard/sandbox/refunds/${refundId}/fail`)).status).toBe(409);
    expect((await client.post(`/dashboard/sandbox/payments/${id}/unknown`)).status).toBe(400);
  });

  it("shows an application's compliance decision and a payout's arrival; a viewer sees the schedule without the buttons; live shows neither", async () => {
    const application = await startApplication(server, platform);
    await submitApplication(server, application);
    const { client: developer } = await dashboardUser(server, platform.platformId, 'developer');
    const applicationPage = await developer.get(`/dashboard/merchants/applications/${application.id}`);
    expect(nextRows(applicationPage.text, `next-${application.id}`)).toEqual([{ step: 'The compliance checks decide', at: expect.any(String), left: expect.stringMatching(/^(59m|1h)/) }]);

    const payment = await openPayment();
    const { client: viewer } = await dashboardUser(server, platform.platformId, 'viewer');
    const seen = await viewer.get(`/dashboard/payments/${payment.id}`);
    expect(nextRows(seen.text, `next-${payment.id}`).map((row) => row.step)).toEqual(['The payment expires (canceled) unless paid']);
    expect(seen.text).not.toContain('/dashboard/sandbox/payments/');
    expect((await viewer.post(`/dashboard/sandbox/payments/${payment.id}/expire`)).status).toBe(403);
    const expired = await developer.get(`/dashboard/payments/${payment.id}`);
    expect(expired.text).toContain(`action="/dashboard/sandbox/payments/${payment.id}/expire"`);
    expect((await developer.post(`/dashboard/sandbox/payments/${payment.id}/expire`)).status).toBe(303);
    expect((await api('GET', `/payments/${payment.id}`)).body.status).toBe('canceled');

    const paid = await payByCard(server, platform, { amount_minor: 1_700 });
    const payout = (await api('POST', '/simulations/payouts/run')).body.data.find((each: { transfers: { payment_id: string }[] }) => each.transfers.some((transfer) => transfer.payment_id === paid));
    await eventually(async () => (await schedule('payouts', payout.id)).data.some((step) => step.step === 'payout_reported'));
    const payoutPage = await developer.get(`/dashboard/payouts/${payout.id}`);
    expect(nextRows(payoutPage.text, `next-${payout.id}`).map((row) => row.step)).toEqual(['The bank reports the payout: arrived, or failed']);
    expect(payoutPage.text).toContain('action="/dashboard/sandbox/payouts/run"');
    expect((await viewer.get(`/dashboard/payouts/${payout.id}`)).text).not.toContain('action="/dashboard/sandbox/payouts/run"');

    expect((await developer.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
    const live = await developer.get('/dashboard/payments');
    expect(live.status).toBe(200);
    expect(live.text).not.toContain('next-steps');
    expect((await developer.post(`/dashboard/sandbox/payments/${payment.id}/expire`)).status).toBe(404);
  });
});
