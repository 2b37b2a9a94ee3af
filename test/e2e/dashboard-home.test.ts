import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { dashboardUser, type DashboardClient } from '../helpers/dashboard.js';
import { payByCard } from '../helpers/money.js';

let server: TestServer;
let platform: TestPlatform;
let client: DashboardClient;
let merchant: string;

const routed = (amount: number) => ({ amount_minor: amount, routing: { platform: { amount_minor: 100, processing_fee_contribution: 100 }, merchants: [{ id: merchant, type: 'merchant', amount_minor: amount - 100, processing_fee_contribution: 0 }] } });

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  merchant = await addMerchantAccount(server, platform.platformId, 'Plattenladen');
  // Ten days ago: two payments of the previous 7-day period; today: three, one of them declined, and a refund.
  server.clock.advance(-10 * 86400);
  await payByCard(server, platform, { amount_minor: 1000, reference: 'earlier-1' });
  await payByCard(server, platform, { amount_minor: 3000, reference: 'earlier-2' });
  server.clock.advance(10 * 86400);
  const paid = await payByCard(server, platform, { ...routed(4990), reference: 'today-1' });
  await payByCard(server, platform, { amount_minor: 500, reference: 'today-2' });
  await payByCard(server, platform, { amount_minor: 700, reference: 'today-declined' }, '4000000000009995').catch(() => undefined); // declined: insufficient funds
  const refund = await server.request('POST', '/sandbox/refunds', { token: await platform.token(), body: { payment_id: paid, description: 'Scratched', routing: { platform: { amount_minor: 100 } } } });
  expect(refund.status, refund.text).toBe(201);
  ({ client } = await dashboardUser(server, platform.platformId, 'viewer'));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The rows of a chart's table (its figures), by the chart's caption. */
function figures(text: string, caption: string): string[][] {
  const table = text.slice(text.indexOf(`<caption class="visually-hidden">${caption}</caption>`));
  const body = table.slice(0, table.indexOf('</table>'));
  return [...body.matchAll(/<tr><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><\/tr>/g)].map((match) => [match[1]!, match[2]!]);
}

describe('home', () => {
  it('shows the chosen period with the previous one beside it, and a chart with a table for each figure', async () => {
    const page = await client.get('/dashboard?period=7');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<option value="7" selected>7 days</option>');
    expect(page.text).toMatch(/Payments initiated<\/h2><p class="figure">3<\/p><p class="hint">Last 7 days<\/p><p class="hint comparison">Previous 7 days: 2 \(\+50%\)<\/p>/);
    const today = server.clock.now().toISOString().slice(0, 10);
    expect(figures(page.text, 'Succeeded volume per day, EUR').at(-1)).toEqual([today, '€54.90']);
    expect(figures(page.text, 'Succeeded volume per day, EUR')).toHaveLength(7);
    expect(figures(page.text, 'Success rate per day').at(-1)).toEqual([today, '66.7% (2 of 3)']);
    expect(figures(page.text, 'How payments failed')).toEqual([['Declined: insufficient funds', '1']]);
    expect(figures(page.text, 'Refunds per day').at(-1)).toEqual([today, '1 (€1.00)']);
    // Server-drawn and described: no script, an image with a title and a description.
    expect(page.text).toMatch(/<svg class="chart" [^>]*role="img" aria-labelledby="success-rate-title success-rate-desc">/);
    expect(page.text).not.toContain('<script');
  });

  it('keeps a small value visible beside a large one', async () => {
    const page = await client.get('/dashboard?period=14');
    const heights = [...page.text.slice(page.text.indexOf('id="volume-EUR-desc"')).matchAll(/<rect class="bar" x="\d+" y="\d+" width="14" height="(\d+)">/g)].map((match) => Number(match[1]));
    expect(heights.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(3);
  });

  it("counts a merchant's payments only when it is chosen, and names merchants with their ids", async () => {
    const page = await client.get(`/dashboard?period=30&merchant=${merchant}`);
    expect(page.text).toContain(`<option value="${merchant}" selected>Plattenladen (${merchant})</option>`);
    expect(page.text).toMatch(/Payments initiated<\/h2><p class="figure">1<\/p>/);
    expect(figures(page.text, 'Refunds per day').at(-1)![1]).toBe('1 (€1.00)');
  });

  it('refuses a period it does not offer', async () => {
    expect((await client.get('/dashboard?period=365')).status).toBe(400);
    expect((await client.get('/dashboard?merchant=nobody')).status).toBe(400);
  });
});
