import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { sandboxApi } from '../helpers/dashboard.js';
import { brandPlatform, checkDashboardPage, dashboardVisit, launchChromium, signInThroughSetupLink, openArea } from '../helpers/browser.js';
import { paySepa } from '../helpers/money.js';

/**
 * The sandbox's controls in Debian's Chromium on a phone and a desktop: the clock's preview and
 * advance by keyboard, a trigger scenario with what it made linked to its page, and the page in
 * German; each page photographed (test-results/screenshots/dashboard-sandbox-*) and checked with
 * axe (WCAG AA), with no console or CSP error and nothing asked of another origin.
 */
let server: TestServer;
let platform: TestPlatform;
let browser: Browser;

const api = (method: string, path: string, body?: unknown) => sandboxApi(server, () => platform)(method, path, body);

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  await brandPlatform(server, platform, { name: 'Bandcamp Market', primary: '#0e7c66', secondary: '#1d2b36' });
  await paySepa(server, platform, { amount_minor: 2500, reference: 'sepa-4712' }); // its settlement falls due in the window
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const visit = (locale: string) => dashboardVisit(browser, locale);
const check = (page: Page, name: string) => checkDashboardPage(page, `dashboard-sandbox-${name}`);

const signIn = (page: Page, email: string) => signInThroughSetupLink(page, server, platform.platformId, 'developer', email);

describe('sandbox controls in Chromium', () => {
  it('previews and advances the clock by keyboard, and runs a scenario whose payment it links to', async () => {
    const { page, context, problems, origins } = await visit('en-GB');
    await signIn(page, 'dev@bandcamp.example');

    await openArea(page, 'Sandbox controls');
    await page.getByRole('heading', { level: 1, name: 'Sandbox controls' }).waitFor();
    expect(await page.locator('table.scenarios tbody tr').count()).toBe(12);
    await check(page, 'page');

    // By keyboard: the duration, Enter for the preview, then the confirm button.
    const before = Date.parse((await api('GET', '/simulations/clock')).now);
    await page.locator('#duration').focus();
    await page.keyboard.type('3d');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: /^Due by / }).waitFor();
    expect(await page.locator('.preview table.list tbody').textContent()).toContain('SEPA Direct Debit settlements');
    await check(page, 'preview');
    await page.getByRole('button', { name: 'Move the clock 3d forward' }).press('Enter');
    await page.getByText(/The sandbox clock moved 3d forward to/).waitFor();
    expect(Date.parse((await api('GET', '/simulations/clock')).now) - before).toBe(3 * 24 * 3600 * 1000);
    await check(page, 'advanced');

    await page.getByRole('button', { name: 'Run card-succeeded' }).press('Enter');
    await page.getByText('Scenario card-succeeded ran.').waitFor();
    await page.getByRole('heading', { level: 2, name: 'What card-succeeded created or changed' }).waitFor();
    await check(page, 'scenario');
    const link = page.locator('table.list tbody a[href^="/dashboard/payments/"]').first();
    const paymentId = (await link.getAttribute('href'))!.split('/').at(-1)!;
    expect((await api('GET', `/payments/${paymentId}`)).status).toBe('captured');
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Payment trigger-card' }).waitFor();

    expect(problems).toEqual([]);
    expect([...origins]).toEqual([server.url]);
    await context.close();
  }, 180_000);

  it("sets the platform's webhook faults in the form, by keyboard, as the API then reads them", async () => {
    const { page, context, problems } = await visit('en-GB');
    await signIn(page, 'faults@bandcamp.example');
    await openArea(page, 'Sandbox controls');
    await page.getByText('Each platform has its own sandbox clock, which starts at real time').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Webhook faults' }).waitFor();
    await page.getByText('Off: every event is sent once, at once.').waitFor();
    await page.getByLabel('Share sent twice').fill('0.5');
    await page.getByLabel('Share held back (out of order)').fill('0.25');
    await page.getByLabel('Held back up to (seconds)').fill('10');
    await page.getByLabel('Late by (seconds)').focus();
    await page.keyboard.press('Enter'); // submits the form
    await page.getByText('Webhook faults saved.').waitFor();
    expect(await api('GET', '/simulations/webhook-faults')).toEqual({ duplicate_ratio: 0.5, reorder_ratio: 0.25, reorder_window_seconds: 10, delay_ratio: 0, delay_seconds: 0 });
    await check(page, 'faults');
    // What the API refuses, the form does too, naming the field.
    await page.getByLabel('Share sent late').fill('0.5');
    await page.getByRole('button', { name: 'Save webhook faults' }).click();
    await page.getByText('The webhook faults were not saved; check: delay_seconds.').waitFor();
    expect(await page.getByLabel('Late by (seconds)').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#duration').getAttribute('aria-invalid')).toBeNull(); // the clock's field is not what was wrong
    await check(page, 'faults-refused');
    expect((await api('GET', '/simulations/webhook-faults')).delay_ratio).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the sandbox controls in German', async () => {
    const { page, context, problems } = await visit('de-DE');
    await signIn(page, 'entwicklung@bandcamp.example');
    await openArea(page, 'Sandbox-Steuerung');
    await page.getByRole('heading', { level: 1, name: 'Sandbox-Steuerung' }).waitFor();
    await page.getByRole('button', { name: 'Auszahlungen jetzt ausführen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Auszahlungen bestätigen' }).waitFor();
    await check(page, 'payouts-confirm-de');
    await page.getByRole('link', { name: 'Abbrechen' }).click();
    await page.goto(`${server.url}/dashboard/sandbox?duration=1d12h`);
    await page.getByRole('heading', { level: 2, name: /^Fällig bis / }).waitFor();
    await check(page, 'preview-de');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
