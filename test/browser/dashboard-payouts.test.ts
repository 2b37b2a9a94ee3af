import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { sandboxApi } from '../helpers/dashboard.js';
import { brandPlatform, checkDashboardPage, dashboardVisit, launchChromium, signInThroughSetupLink, openArea } from '../helpers/browser.js';
import { merchant, payByCard, paySepa } from '../helpers/money.js';

/**
 * Payouts and transfers in Debian's Chromium on a phone (390×844) and a desktop: the payouts list
 * filtered by account, a payout with its transfers, the payment it links to with its timeline and
 * payout links, and the sandbox's buyer refund on a SEPA payment with its confirmation; each page
 * photographed (test-results/screenshots/dashboard-payouts-*) and checked with axe (WCAG AA), with
 * no console or CSP error and nothing asked of another origin.
 */
let server: TestServer;
let platform: TestPlatform;
let browser: Browser;
let seller: string;
let sepaId: string;

const DAY = 24 * 3600;
const api = (method: string, path: string, body?: unknown) => sandboxApi(server, () => platform)(method, path, body);

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  await brandPlatform(server, platform, { name: 'Bandcamp Market', primary: '#0e7c66', secondary: '#1d2b36' });
  seller = await merchant(server, platform);
  const routing = (amount: number) => ({ platform: { amount_minor: 990, processing_fee_contribution: 100 }, merchants: [{ id: seller, type: 'merchant', amount_minor: amount - 990, processing_fee_contribution: 0, reference: 'Record shop' }] });
  await payByCard(server, platform, { amount_minor: 4990, reference: 'order-4711', routing: routing(4990) });
  await api('POST', '/simulations/payouts/run');
  sepaId = await paySepa(server, platform, { amount_minor: 2500, reference: 'sepa-4712' });
  await api('POST', '/simulations/clock/advance', { seconds: 2 * DAY }); // the first payouts arrive, the SEPA collection settles
  await payByCard(server, platform, { amount_minor: 3990, reference: 'order-4713', routing: routing(3990) });
  await api('POST', '/simulations/payouts/run');
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const visit = (locale: string) => dashboardVisit(browser, locale);
const check = (page: Page, name: string) => checkDashboardPage(page, `dashboard-payouts-${name}`);

const signIn = (page: Page, role: 'developer' | 'viewer', email: string) => signInThroughSetupLink(page, server, platform.platformId, role, email);

describe('payouts in Chromium', () => {
  it('walks the payouts, a payout, its payment with the timeline, and a buyer refund with its confirmation', async () => {
    const { page, context, problems, origins } = await visit('en-GB');
    await signIn(page, 'developer', 'dev@bandcamp.example');

    await openArea(page, 'Payouts');
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    expect(await page.locator('table.list tbody tr').count()).toBe(4);
    expect(await page.locator('table.list').textContent()).toContain('Paid');
    await check(page, 'list');

    // By keyboard: the account filter, then Apply.
    await page.locator('#account').focus();
    await page.locator('#account').selectOption(seller);
    await page.keyboard.press('Tab');
    await page.locator('#status').selectOption('in_transit');
    await page.getByRole('button', { name: 'Apply' }).press('Enter');
    await page.waitForURL(/account=acc_\w+&status=in_transit/);
    expect(await page.locator('table.list tbody tr').count()).toBe(1);
    expect(await page.locator('table.list tbody').textContent()).toContain('€30.00');
    await check(page, 'filtered');

    await page.locator('table.list tbody a').first().press('Enter');
    await page.getByRole('heading', { level: 1, name: /^Payout to / }).waitFor();
    expect(await page.locator('table.list tbody').first().textContent()).toContain('Record shop');
    await check(page, 'payout');

    await page.getByRole('link', { name: 'order-4713' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment order-4713' }).waitFor();
    const timeline = page.locator('ol.timeline li');
    expect(await timeline.count()).toBe(6); // initiated, captured, and per party started and updated
    expect(await timeline.first().textContent()).toContain('Initiated');
    await check(page, 'payment-timeline');
    await page.getByRole('link', { name: 'Payout: In transit' }).first().click();
    await page.getByRole('heading', { level: 1, name: /^Payout to .*\(Platform\)$/ }).waitFor();

    // The sandbox's buyer refund on the completed SEPA payment.
    await page.goto(`${server.url}/dashboard/payments/${sepaId}`);
    await page.getByRole('heading', { level: 1, name: 'Payment sepa-4712' }).waitFor();
    await page.getByLabel(/^Amount, at most/).fill('10');
    await page.getByRole('button', { name: 'Simulate a buyer refund' }).click();
    await page.getByRole('heading', { level: 1, name: 'Confirm the buyer refund' }).waitFor();
    await check(page, 'buyer-refund-confirm');
    await page.getByRole('button', { name: 'Take back €10.00' }).click();
    await page.getByText(/Buyer refund rfd_\w+ started/).waitFor();
    expect(await page.locator('ol.timeline').textContent()).toContain('refund_initiated_from_buyer');
    await check(page, 'buyer-refunded');
    const refunds = await api('GET', `/refunds?payment_id=${sepaId}`);
    expect(refunds.data.map((refund: { origin: string; amount_minor: number }) => [refund.origin, refund.amount_minor])).toEqual([['buyer', 1000]]);

    expect(problems).toEqual([]);
    expect([...origins]).toEqual([server.url]);
    await context.close();
  }, 180_000);

  it('shows the payouts in German to a viewer, without the buyer refund', async () => {
    const { page, context, problems } = await visit('de-DE');
    await signIn(page, 'viewer', 'finanzen@bandcamp.example');
    await openArea(page, 'Auszahlungen');
    await page.getByRole('heading', { level: 1, name: 'Auszahlungen' }).waitFor();
    const badges = await page.locator('table.list tbody .status').allTextContents();
    expect(badges.length).toBe(4);
    for (const badge of badges) expect(['Unterwegs', 'Ausgezahlt']).toContain(badge);
    await check(page, 'list-de');
    await page.goto(`${server.url}/dashboard/payments/${sepaId}`);
    await page.getByRole('heading', { level: 2, name: 'Verlauf' }).waitFor();
    expect(await page.getByRole('button', { name: 'Rückbuchung simulieren' }).count()).toBe(0);
    expect(await page.locator('ol.timeline li .status').first().textContent()).toBe('Angelegt');
    await page.locator('ol.timeline .status-completed', { hasText: 'Abgeschlossen' }).first().waitFor();
    await check(page, 'payment-de');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("sets the platform's payout account on the Payouts page", async () => {
    const { page, context, problems } = await visit('en-GB');
    await signIn(page, 'developer', 'treasury@bandcamp.example');
    await openArea(page, 'Payouts');
    const panel = page.getByRole('region', { name: 'Bank accounts' });
    await panel.getByText('Not set').waitFor();
    await panel.getByLabel('IBAN').fill('DE00 1234');
    await panel.getByLabel("Account owner's name").fill('Bandcamp Market GmbH');
    await panel.getByRole('button', { name: 'Save the payout account' }).click();
    await page.getByRole('alert').getByText('/account_number/value').waitFor();
    await check(page, 'bank-account-refused-input');
    await page.getByLabel('IBAN').fill('DE75 5121 0800 1245 1261 99');
    await page.getByRole('button', { name: 'Save the payout account' }).press('Enter');
    await page.getByText('Payout account saved.').waitFor();
    expect(await page.getByRole('region', { name: 'Bank accounts' }).textContent()).toContain('DE75 •••• 6199');
    await check(page, 'bank-account-saved');
    expect((await api('GET', '/platform/payout-account')).account_owners_name).toBe('Bandcamp Market GmbH');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
