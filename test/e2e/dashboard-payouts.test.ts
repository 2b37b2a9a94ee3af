import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { dashboardUser, type DashboardClient } from '../helpers/dashboard.js';
import { merchant, payByCard, paySepa } from '../helpers/money.js';

let server: TestServer;
let platform: TestPlatform;
let seller: string;

const DAY = 24 * 3600;

beforeAll(async () => {
  server = await startServer({ JOB_WORKER: 'off' }); // the sandbox routes run what comes due
  platform = await server.platform();
  seller = await merchant(server, platform);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const api = async (method: string, path: string, body?: unknown, tenant = platform) => server.request(method, `/sandbox${path}`, { token: await tenant.token(), body });
const runPayouts = async (tenant = platform) => {
  const run = await api('POST', '/simulations/payouts/run', undefined, tenant);
  expect(run.status, run.text).toBe(200);
  return run.body.data as { id: string; account_id: string; amount_minor: number; transfers: { transfer_id: string; payment_id: string }[] }[];
};

/** 50.00 EUR by card, 20.00 to the platform and 30.00 to the seller; the platform bears the fee (0.95). */
function routedPayment(reference: string, tenant = platform, to = seller) {
  return payByCard(server, tenant, {
    amount_minor: 5_000,
    reference,
    routing: { platform: { amount_minor: 2_000, processing_fee_contribution: 100 }, merchants: [{ type: 'merchant', id: to, amount_minor: 3_000, processing_fee_contribution: 0, reference: 'seller-ref' }] },
  });
}

/** The payout ids a page links to, in the page's order. */
const payoutLinks = (text: string) => [...text.matchAll(/href="\/dashboard\/payouts\/([0-9a-f]{32})"/g)].map((match) => match[1]!);

describe('payouts per account', () => {
  it("lists the platform's payouts newest first, filtered by account and status, and shows each with the transfers the API shows", async () => {
    const id = await routedPayment('payout-list');
    const payouts = await runPayouts();
    expect(payouts.map((payout) => payout.account_id).sort()).toEqual([platform.platformId, seller].sort());
    const ofPlatform = payouts.find((payout) => payout.account_id === platform.platformId)!;
    const ofSeller = payouts.find((payout) => payout.account_id === seller)!;
    const { client } = await dashboardUser(server, platform.platformId, 'viewer');

    const list = await client.get('/dashboard/payouts');
    expect(list.status).toBe(200);
    expect(list.text).toContain('href="/dashboard/payouts" aria-current="page"');
    expect(payoutLinks(list.text).sort()).toEqual([ofPlatform.id, ofSeller.id].sort());
    expect(list.text).toContain('€19.05'); // the platform's 20.00 less the fee 0.95
    expect(list.text).toContain('€30.00');
    // The account select: the platform's own account and its merchant.
    expect(list.text).toContain(`<option value="${platform.platformId}" >`);
    expect(list.text).toContain(`<option value="${seller}" >`);

    const sellers = await client.get(`/dashboard/payouts?account=${seller}`);
    expect(payoutLinks(sellers.text)).toEqual([ofSeller.id]);
    expect(sellers.text).toContain(`<option value="${seller}" selected>`);
    expect(payoutLinks((await client.get(`/dashboard/payouts?account=${platform.platformId}`)).text)).toEqual([ofPlatform.id]);
    expect(payoutLinks((await client.get('/dashboard/payouts?status=paid')).text)).toEqual([]);
    expect(payoutLinks((await client.get('/dashboard/payouts?status=in_transit')).text).sort()).toEqual([ofPlatform.id, ofSeller.id].sort());
    const today = server.clock.now().toISOString().slice(0, 10);
    expect(payoutLinks((await client.get(`/dashboard/payouts?from=${today}&to=${today}`)).text)).toHaveLength(2);
    expect(payoutLinks((await client.get('/dashboard/payouts?to=2000-01-01')).text)).toEqual([]);

    // A day later on the sandbox clock the money arrived: paid, with its arrival time.
    expect((await api('POST', '/simulations/clock/advance', { seconds: DAY + 60 })).status).toBe(200);
    const paid = await client.get('/dashboard/payouts?status=paid');
    expect(payoutLinks(paid.text).sort()).toEqual([ofPlatform.id, ofSeller.id].sort());

    // Each payout of the payment, as GET /payouts?payment_id= finds them: its transfers as GET /payouts/{id} shows them, each linked to its payment.
    const found = await api('GET', `/payouts?payment_id=${id}`);
    expect(found.body.data.map((payout: { id: string }) => payout.id).sort()).toEqual([ofPlatform.id, ofSeller.id].sort());
    for (const { id: payoutId } of found.body.data as { id: string }[]) {
      const payout = (await api('GET', `/payouts/${payoutId}`)).body;
      const shown = await client.get(`/dashboard/payouts/${payoutId}`);
      expect(shown.status).toBe(200);
      expect(shown.text).toContain(payoutId);
      expect(shown.text).toContain('status-paid');
      expect([...shown.text.matchAll(/<code>(tra_\w+)<\/code>/g)].map((match) => match[1])).toEqual(payout.transfers.map((transfer: { transfer_id: string }) => transfer.transfer_id));
      for (const transfer of payout.transfers) expect(shown.text).toContain(`<a href="/dashboard/payments/${transfer.payment_id}">payout-list</a>`);
    }
    const sellerPage = await client.get(`/dashboard/payouts/${ofSeller.id}`);
    expect(sellerPage.text).toContain('seller-ref');
    expect(sellerPage.text).toMatch(/data-label="Type">Merchant</);
    expect(sellerPage.text).toContain('€30.00');
  }, 120_000);

  it('pages the payouts with cursors, newest first, each payout once', async () => {
    const tenant = await server.platform();
    for (let index = 0; index < 21; index++) {
      await payByCard(server, tenant, { amount_minor: 1_000 + index, reference: `paged-${index}` });
      await runPayouts(tenant);
      server.clock.advance(1);
    }
    const { client } = await dashboardUser(server, tenant.platformId, 'viewer');
    const first = await client.get('/dashboard/payouts');
    expect(payoutLinks(first.text)).toHaveLength(20);
    expect(first.text).not.toContain('First page');
    const next = first.text.match(/href="(\/dashboard\/payouts\?after=[^"]+)" rel="next"/)![1]!.replace(/&amp;/g, '&');
    const second = await client.get(next);
    expect(payoutLinks(second.text)).toHaveLength(1);
    expect(second.text).toContain('First page');
    expect(second.text).not.toContain('rel="next"');
    expect(new Set([...payoutLinks(first.text), ...payoutLinks(second.text)]).size).toBe(21);
    // Newest first: the last payment's payout (10.20 less the fee 0.39) leads, the first one's (10.00 less 0.39) ends the list.
    expect(first.text.indexOf('€9.81')).toBeGreaterThan(0);
    expect(first.text.indexOf('€9.81')).toBeLessThan(first.text.indexOf('€9.80'));
    expect(second.text).toContain('€9.61');
    // A cursor of another filter's list is refused.
    expect((await client.get(`${next}&status=paid`)).status).toBe(400);
  }, 180_000);

  it('refuses bad filters with a 400 naming the field', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'viewer');
    for (const query of ['account=nope', 'status=lost', 'from=yesterday', 'after=forged']) {
      const refused = await client.get(`/dashboard/payouts?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.text).toContain('Refused');
    }
    expect((await client.get('/dashboard/payouts/not-a-payout')).status).toBe(400);
  });

  it("answers 404 for another platform's payout and hides the sandbox's payouts in live", async () => {
    const other = await server.platform();
    const theirs = await merchant(server, other);
    await routedPayment('theirs', other, theirs);
    const [foreign] = await runPayouts(other);
    await routedPayment('ours');
    const [ours] = await runPayouts();
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    const refused = await client.get(`/dashboard/payouts/${foreign!.id}`);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain(theirs);
    const list = await client.get('/dashboard/payouts');
    expect(payoutLinks(list.text)).not.toContain(foreign!.id);
    expect(list.text).not.toContain(theirs);
    expect((await client.get(`/dashboard/payouts?account=${theirs}`)).text).toContain('No payouts.');

    expect((await client.get(`/dashboard/payouts/${ours!.id}`)).status).toBe(200);
    expect((await client.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
    expect((await client.get(`/dashboard/payouts/${ours!.id}`)).status).toBe(404);
    const live = await client.get('/dashboard/payouts');
    expect(live.text).toContain('No payouts.');
    expect(live.text).not.toContain(seller); // live has no merchant accounts of the platform
  }, 120_000);
});

/** The timeline's entries as the page lists them: time, status (if any) and event type (if any). */
function timeline(text: string) {
  const list = text.match(/<ol class="timeline">([\s\S]*?)<\/ol>/)![1]!;
  return [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) => ({
    at: item!.match(/<time datetime="([^"]+)"/)![1]!,
    status: item!.match(/class="status status-(\w+)"/)?.[1],
    event: item!.match(/<code>(\w+)<\/code>/)?.[1],
  }));
}

describe("the payment's timeline and its payouts", () => {
  it('lists status changes and events in time order, and links each party’s transfer to its payout', async () => {
    const id = await routedPayment('timeline');
    server.clock.advance(60);
    const payouts = await runPayouts();
    server.clock.advance(60);
    const refund = await api('POST', '/refunds', { payment_id: id, description: 'Returned', routing: { merchants: [{ id: seller, amount_minor: 500 }] } });
    expect(refund.status, refund.text).toBe(201);
    server.clock.advance(60);
    expect((await api('POST', `/simulations/refunds/${refund.body.id}/complete`)).status).toBe(200);
    const { client } = await dashboardUser(server, platform.platformId, 'viewer');
    const page = await client.get(`/dashboard/payments/${id}`);
    expect(page.status).toBe(200);
    const entries = timeline(page.text);
    expect(entries.map((entry) => entry.status ?? entry.event)).toEqual([
      'initiated',
      'captured',
      // One payout per account, each with its transfer's started and updated.
      'transfer_started',
      'transfer_updated',
      'transfer_started',
      'transfer_updated',
      'refund_initiated',
      'transfer_received_from_creditor',
      'refund_completed',
    ]);
    expect(entries[1]!.event).toBe('payment_succeeded');
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[2]! - times[1]!).toBe(60_000);
    // The routing table: each party's transfer links to the payout that carries it.
    const routing = page.text.match(/<h2>Routing<\/h2>([\s\S]*?)<\/section>/)![1]!;
    const ofPlatform = payouts.find((payout) => payout.account_id === platform.platformId)!;
    const ofSeller = payouts.find((payout) => payout.account_id === seller)!;
    expect(payoutLinks(routing)).toEqual([ofPlatform.id, ofSeller.id]);
    expect(routing).toContain('Payout: In transit');
  }, 120_000);

  it('shows a payment not yet paid out without payout links, and a canceled payment canceled last', async () => {
    const created = await api('POST', '/payments', { amount_minor: 700, currency: 'EUR', reference: 'to-cancel', integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/r' } });
    server.clock.advance(30);
    const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
    const canceled = await server.request('POST', `/hpp/payments/${created.body.id}/cancel`, { token, body: {} });
    expect(canceled.status, canceled.text).toBe(200);
    const { client } = await dashboardUser(server, platform.platformId, 'viewer');
    const page = await client.get(`/dashboard/payments/${created.body.id}`);
    expect(timeline(page.text).map((entry) => entry.status)).toEqual(['initiated', 'canceled']);
    expect(payoutLinks(page.text)).toEqual([]);
  }, 60_000);
});

describe('buyer refund (sandbox, SEPA Direct Debit)', () => {
  async function completedSepa(reference: string): Promise<string> {
    const id = await paySepa(server, platform, { amount_minor: 4_990, reference });
    expect((await api('POST', '/simulations/clock/advance', { seconds: 2 * DAY })).status).toBe(200); // the collection settles
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('completed');
    return id;
  }
  const refundsOf = async (id: string) => (await api('GET', `/refunds?payment_id=${id}`)).body.data as { id: string; origin: string; amount_minor: number; status: string }[];

  it('takes the amount back after a confirmation, through the API’s buyer refund, with its event', async () => {
    const id = await completedSepa('sepa-buyer');
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const page = await client.get(`/dashboard/payments/${id}`);
    expect(page.text).toContain(`action="/dashboard/payments/${id}/buyer-refund"`);
    const asked = await client.post(`/dashboard/payments/${id}/buyer-refund`, { amount: '12,50' });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('Confirm the buyer refund');
    expect(asked.text).toContain('€12.50');
    expect(asked.text).toContain('name="amount" value="12,50"');
    expect(await refundsOf(id)).toEqual([]);

    const confirmed = { amount: '12,50', confirm: 'yes', once: asked.text.match(/name="once" value="([^"]+)"/)![1]! };
    const done = await client.post(`/dashboard/payments/${id}/buyer-refund`, confirmed);
    expect(done.status).toBe(200);
    const [refund] = await refundsOf(id);
    expect(refund).toMatchObject({ origin: 'buyer', amount_minor: 1_250, status: 'initiated' });
    expect(done.text).toContain(`Buyer refund ${refund!.id} started.`);
    // The answer reloaded sends the confirmation again: nothing more is taken back.
    expect((await client.post(`/dashboard/payments/${id}/buyer-refund`, confirmed)).text).toContain(`refund ${refund!.id} was started then, and nothing more is refunded`);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(timeline(done.text).map((entry) => entry.status ?? entry.event)).toEqual(['initiated', 'authorized', 'completed', 'refund_initiated_from_buyer']);
    const events = await api('GET', `/events?object_id=${refund!.id}`);
    expect(events.body.data.map((event: { type: string }) => event.type)).toEqual(['refund_initiated_from_buyer']);
    expect((await api('GET', `/payments/${id}`)).body.routing.platform.refundable_amount).toBe(3_740);
  }, 120_000);

  it('refuses a viewer (403), a missing CSRF token, a bad or too large amount, a card payment, and live (404)', async () => {
    const id = await completedSepa('sepa-refused');
    const viewer = (await dashboardUser(server, platform.platformId, 'viewer')).client;
    expect((await viewer.get(`/dashboard/payments/${id}`)).text).not.toContain('/buyer-refund"');
    const forbidden = await viewer.confirmed(`/dashboard/payments/${id}/buyer-refund`, { amount: '1.00' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.text).toContain('Your role does not allow this.');

    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    await client.get(`/dashboard/payments/${id}`);
    expect((await client.post(`/dashboard/payments/${id}/buyer-refund`, { amount: '1.00', confirm: 'yes', _csrf: '' })).status).toBe(403);
    const bad = await client.confirmed(`/dashboard/payments/${id}/buyer-refund`, { amount: 'lots' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Give the amount in EUR above zero, such as 12.50');
    expect((await client.confirmed(`/dashboard/payments/${id}/buyer-refund`, { amount: '0' })).status).toBe(400);
    const tooMuch = await client.confirmed(`/dashboard/payments/${id}/buyer-refund`, { amount: '49.91' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.text).toContain("is more than the payment&#39;s refundable amount 4990");

    const card = await payByCard(server, platform, { amount_minor: 700, reference: 'card-no-buyer-refund' });
    expect((await client.get(`/dashboard/payments/${card}`)).text).not.toContain('/buyer-refund"');
    const onCard = await client.confirmed(`/dashboard/payments/${card}/buyer-refund`, { amount: '1.00' });
    expect(onCard.status).toBe(422);
    expect(onCard.text).toContain('is not a SEPA Direct Debit payment');

    expect((await client.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
    await liveRefused(client, id);
    expect(await refundsOf(id)).toEqual([]);
    expect(await refundsOf(card)).toEqual([]);
  }, 120_000);
});

/** In live the control does not exist: 404, whatever the payment. */
async function liveRefused(client: DashboardClient, id: string) {
  await client.get('/dashboard');
  const refused = await client.confirmed(`/dashboard/payments/${id}/buyer-refund`, { amount: '1.00' });
  expect(refused.status).toBe(404);
}
