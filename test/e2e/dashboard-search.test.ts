import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchantAccount, createDataStore, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { dashboardUser, type DashboardClient } from '../helpers/dashboard.js';
import { payByCard, paySepa } from '../helpers/money.js';

let server: TestServer;
let platform: TestPlatform;
let client: DashboardClient;
const ids: Record<string, string> = {};

async function initiate(reference: string, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: { amount_minor: 1250, currency: 'EUR', reference, payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, ...extra },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  ids.bulk1 = await initiate('bulk-1', { customer: { email: 'Erika.Mustermann@Example.com', first_name: 'Erika', last_name: 'Mustermann' } });
  ids.bulk2 = await initiate('bulk-2');
  ids.percent = await initiate('50%-off');
  ids.formula = await initiate('=HYPERLINK("https://evil.example")', { amount_minor: 500, description: 'Notes, "quoted"' });
  ids.card = await payByCard(server, platform, { reference: 'paid-by-card', amount_minor: 4990 });
  ids.sepa = await paySepa(server, platform, { reference: 'sepa-holder', amount_minor: 990 });
  ({ client } = await dashboardUser(server, platform.platformId, 'viewer'));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The payment ids a list page links to, in its order. */
const found = async (q: string) => [...(await client.get(`/dashboard/payments?q=${encodeURIComponent(q)}`)).text.matchAll(/href="\/dashboard\/payments\/(pay_[0-9A-Za-z]+)"/g)].map((match) => match[1]);

describe('searching payments', () => {
  it('finds by id, by the start of a reference, by a card’s last four, by the buyer’s e-mail or name in any case', async () => {
    expect(await found(ids.bulk2!)).toEqual([ids.bulk2]);
    expect((await found('bulk')).sort()).toEqual([ids.bulk1, ids.bulk2].sort());
    expect(await found('bulk-1')).toEqual([ids.bulk1]);
    expect(await found('4242')).toEqual([ids.card]);
    expect(await found(' erika.mustermann@example.COM ')).toEqual([ids.bulk1]);
    expect(await found('MUSTERMANN')).toContain(ids.bulk1);
    expect((await found('Erika  Mustermann')).sort()).toEqual([ids.bulk1, ids.sepa].sort()); // the SEPA account's holder, too
    expect(await found('Mustermann Erika')).toEqual([]);
    expect(await found('erika@example.com')).toEqual([]);
  });

  it('takes LIKE’s own characters literally, and says how many it found', async () => {
    expect(await found('50%')).toEqual([ids.percent]);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    const page = await client.get('/dashboard/payments?q=bulk');
    expect(page.text).toContain('1–2 of 2');
    expect((await client.get('/dashboard/payments?q=nothing-like-it')).text).toContain('Nothing found.');
    expect(page.text).toContain('href="/dashboard/payments/export.csv?q=bulk" download');
  });
});

describe('exporting', () => {
  it('streams the filtered payments as CSV in major units, with formulas kept as text', async () => {
    const all = await client.get('/dashboard/payments/export.csv');
    expect(all.status).toBe(200);
    const lines = all.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,initiated_at,status,method,currency,amount,processing_fee,reference,description,card,succeeded_at,merchants');
    expect(lines).toHaveLength(1 + Object.keys(ids).length);
    expect(lines.find((line) => line.startsWith(ids.card!))).toMatch(new RegExp(`^${ids.card},\\S+,captured,card,EUR,49\\.90,\\d+\\.\\d\\d,paid-by-card,,visa 4242,\\S+,$`));
    const formula = lines.find((line) => line.startsWith(ids.formula!))!;
    expect(formula.endsWith(`,initiated,card,EUR,5.00,0.32,"'=HYPERLINK(""https://evil.example"")","Notes, ""quoted""",,,`)).toBe(true);

    const filtered = await fetch(`${server.url}/dashboard/payments/export.csv?q=bulk&amount_from=12.50&amount_to=12.50`, { headers: { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    expect(filtered.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(filtered.headers.get('content-disposition')).toBe('attachment; filename="payments-sandbox.csv"');
    const rows = (await filtered.text()).trimEnd().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',')[0]).sort()).toEqual([ids.bulk1, ids.bulk2].sort());
    expect(rows.every((row) => row.includes(',EUR,12.50,'))).toBe(true);
  });

  it('streams refunds and transfers of a period, and a payout list', async () => {
    const token = await platform.token();
    const refund = await server.request('POST', '/sandbox/refunds', { token, body: { payment_id: ids.card, description: 'Partial, damaged', routing: { platform: { amount_minor: 500 } } } });
    expect(refund.status, refund.text).toBe(201);
    const today = server.clock.now().toISOString().slice(0, 10);
    const refunds = (await client.get(`/dashboard/refunds/export.csv?from=${today}&to=${today}`)).text.trimEnd().split('\r\n');
    expect(refunds[0]).toBe('id,created_at,status,origin,payment_id,currency,amount,reference,description,completed_at');
    expect(refunds[1]).toMatch(new RegExp(`^${refund.body.id},\\S+,initiated,platform,${ids.card},EUR,5\\.00,,"Partial, damaged",$`));
    expect((await client.get('/dashboard/refunds/export.csv?from=2000-01-01&to=2000-01-01')).text).toBe(`${refunds[0]}\r\n`);

    const transfers = (await client.get('/dashboard/transfers/export.csv')).text.trimEnd().split('\r\n');
    expect(transfers[0]).toBe('id,created_at,payment_id,account_id,currency,amount,processing_fee,returned,payout_id,reference');
    expect(transfers.slice(1).some((line) => line.split(',')[2] === ids.card)).toBe(true);
    const payouts = await client.get('/dashboard/payouts/export.csv');
    expect(payouts.status).toBe(200);
    expect(payouts.text.split('\r\n')[0]).toBe('id,created_at,status,account_id,currency,amount,transfers,completed_at');
    expect((await client.get('/dashboard/refunds/export.csv?from=2024-02-30')).status).toBe(400);
  });

  it("exports only the session's platform and environment", async () => {
    const other = await server.platform();
    const otherPayment = await server.request('POST', '/sandbox/payments', {
      token: await other.token(),
      body: { amount_minor: 100, currency: 'EUR', reference: 'bulk-theirs', integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } },
    });
    expect((await client.get('/dashboard/payments/export.csv')).text).not.toContain(otherPayment.body.id);
    expect(await found(otherPayment.body.id)).toEqual([]);
    await client.get('/dashboard');
    await client.post('/dashboard/environment', { environment: 'live' });
    expect((await client.get('/dashboard/payments/export.csv')).text.trimEnd().split('\r\n')).toHaveLength(1);
    await client.get('/dashboard');
    await client.post('/dashboard/environment', { environment: 'sandbox' });
  });
});

describe('jumping to an object by its id', () => {
  it('opens the page of a refund’s or a transfer’s payment, and of an application; another platform’s id is not found', async () => {
    const token = await platform.token();
    const refund = await server.request('POST', '/sandbox/refunds', { token, body: { payment_id: ids.card, description: 'Goodwill', routing: { platform: { amount_minor: 100 } } } });
    expect(refund.status, refund.text).toBe(201);
    const jump = await client.get(`/dashboard/payments?q=${refund.body.id}`);
    expect(jump.status).toBe(303);
    expect(jump.location).toBe(`/dashboard/payments/${ids.card}`);
    const payment = await server.request('GET', `/sandbox/payments/${ids.card}`, { token });
    const transfer = payment.body.routing.platform.transfer.transfer_id;
    expect((await client.get(`/dashboard/payments?q=${transfer}`)).location).toBe(`/dashboard/payments/${ids.card}`);
    const application = await server.request('POST', '/sandbox/applications', { token, body: { integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, applicant: { email: 'jana@example.com', first_name: 'Jana', last_name: 'Becker' } } });
    expect(application.status, application.text).toBe(201);
    expect((await client.get(`/dashboard/payments?q=${application.body.id}`)).location).toBe(`/dashboard/merchants/applications/${application.body.id}`);

    const other = await server.platform();
    const theirs = await server.request('POST', '/sandbox/applications', { token: await other.token(), body: { integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, applicant: { email: 'jana@example.com', first_name: 'Jana', last_name: 'Becker' } } });
    const notFound = await client.get(`/dashboard/payments?q=${theirs.body.id}`);
    expect(notFound.status).toBe(200);
    expect(notFound.text).toContain('Nothing found.');
  });
});

describe('accounts of the same name', () => {
  it('are told apart by their ids where one is chosen, and the payouts page links the period’s exports', async () => {
    const tenant = await server.platform();
    const first = await addMerchantAccount(server, tenant.platformId, 'Erika Mustermann');
    const second = await addMerchantAccount(server, tenant.platformId, 'Erika Mustermann');
    const { client: viewer } = await dashboardUser(server, tenant.platformId, 'viewer');
    const payouts = await viewer.get('/dashboard/payouts?from=2026-01-01');
    for (const id of [first, second]) expect(payouts.text).toContain(`<option value="${id}" >Erika Mustermann (Merchant, ${id})</option>`);
    expect(payouts.text).toContain('href="/dashboard/transfers/export.csv?from=2026-01-01" download');
  });
});

describe('payments an earlier version made', () => {
  it('are found by their buyer once the first start after the upgrade has digested them, and that pass runs once', { timeout: 180_000 }, async () => {
    const store = await createDataStore();
    let own: TestServer | undefined;
    const restart = async () => {
      await own?.close();
      own = await startServer({}, { store });
      return own;
    };
    try {
      const first = await restart();
      const mine = await first.platform();
      const created = await first.request('POST', '/sandbox/payments', {
        token: await mine.token(),
        body: { amount_minor: 1250, currency: 'EUR', reference: 'before-search', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' } },
      });
      expect(created.status, created.text).toBe(201);
      // As an earlier version left it: no digests, and no record of the pass that makes them.
      await first.app.database.db.updateTable('payments').set({ buyer_digests: [] }).execute();
      await first.app.database.db.deleteFrom('data_passes').execute();
      const searcher = async (server: TestServer) => {
        const { client: viewer } = await dashboardUser(server, mine.platformId, 'viewer');
        return async (q: string) => (await viewer.get(`/dashboard/payments?q=${encodeURIComponent(q)}`)).text.includes(created.body.id);
      };
      expect(await (await searcher(first))('ada@example.com')).toBe(false);

      const search = await searcher(await restart());
      expect(await search('ada@example.com')).toBe(true);
      expect(await search('lovelace')).toBe(true);
      expect(await own!.app.database.db.selectFrom('data_passes').select('name').execute()).toEqual([{ name: 'buyer digests' }]);
    } finally {
      await own?.close();
      await store.remove();
    }
  });
});
