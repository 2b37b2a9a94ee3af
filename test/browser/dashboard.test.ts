import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { brandPlatform, checkDashboardPage, dashboardVisit, DESKTOP, expectNoSeriousAxeViolations, launchChromium, PHONE_390, signInThroughSetupLink, openArea } from '../helpers/browser.js';
import { payByCard } from '../helpers/money.js';
import { PASSWORD } from '../helpers/dashboard.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';

/**
 * The dashboard in Debian's Chromium on a phone (390×844) and a desktop: the one-time link sets the
 * password, then home, payments (filtered), a payment with a resend and an admin refund per party
 * with its confirmation (the API then shows the refund and its event), users (a new one with its
 * link, its role changed, removed), developers (a new API client with its secret), the live
 * environment and sign-out; a developer offered in live only the scopes it may give; a viewer
 * refused a developer page, a forged form token and another
 * platform's payment; each page photographed (test-results/screenshots/dashboard-*), checked with
 * axe (WCAG AA), with no console or CSP error and nothing asked of another origin.
 */
let server: TestServer;
let platform: TestPlatform;
let browser: Browser;
let paymentId: string;
let receiver: Receiver;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  await brandPlatform(server, platform, { name: 'Bandcamp Market', primary: '#0e7c66', secondary: '#1d2b36' });
  const merchantId = await addMerchantAccount(server, platform.platformId, 'Record shop');
  receiver = await startReceiver();
  // The first webhook attempt fails (Home lists the endpoint), the retries are answered.
  receiver.answers.push({ status: 500 });
  paymentId = await payByCard(server, platform, {
    amount_minor: 4990,
    reference: 'order-4711',
    description: 'Vinyl bundle',
    urls: { redirect: 'https://shop.example/return', webhook: receiver.url },
    routing: { platform: { amount_minor: 990, processing_fee_contribution: 100 }, merchants: [{ id: merchantId, type: 'merchant', amount_minor: 4000, processing_fee_contribution: 0 }] },
  });
  const token = await platform.token();
  await eventually(async () => {
    const [event] = (await server.request('GET', `/sandbox/events?object_id=${paymentId}`, { token })).body.data;
    return event && (await server.request('GET', `/sandbox/events/${event.event_id}`, { token })).body.deliveries[0]?.attempts.length > 0;
  });
  await payByCard(server, platform, { amount_minor: 1250, reference: 'order-4712' });
  await payByCard(server, platform, { amount_minor: 800, reference: 'order-4713' }, '4000000000000002').catch(() => undefined);
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.close();
});

const visit = (locale: string) => dashboardVisit(browser, locale);
const check = (page: Page, name: string) => checkDashboardPage(page, `dashboard-${name}`);

describe('dashboard in Chromium', () => {
  it('walks set-up, home, payments, a payment with resend and refund, users, developers, live and sign-out by keyboard and clicks', async () => {
    const { setupUrl } = await server.app.services.dashboardUsers.createUser({ platformId: platform.platformId, email: 'ops@bandcamp.example', role: 'admin' });
    const link = new URL(setupUrl);
    const { page, context, problems, origins } = await visit('en-GB');
    const response = await page.goto(`${server.url}${link.pathname}${link.search}`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await check(page, 'setup');
    // The keyboard alone: the skip link first, then the fields.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.locator('#password').focus();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/dashboard`);

    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    expect(await page.locator('.sandbox-banner').textContent()).toContain('Sandbox');
    expect(await page.locator('.brand-name').textContent()).toBe('Bandcamp Market');
    expect(await page.locator('main').textContent()).toContain(receiver.url);
    await check(page, 'home');

    await openArea(page, 'Payments');
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    expect(await page.locator('table.list tbody tr').count()).toBeGreaterThanOrEqual(2);
    await check(page, 'payments');
    await page.locator('.filters summary').click(); // the filters beside the search box, folded until asked for
    await page.locator('#status').selectOption('captured');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/status=captured/);
    expect(await page.locator('table.list tbody tr').count()).toBe(2);
    await check(page, 'payments-filtered');
    await page.locator('#q').fill('order-471');
    await page.locator('#q').press('Enter');
    await page.waitForURL(/q=order-471/);
    expect(await page.locator('.result-count').textContent()).toBe('1–2 of 2'); // the captured ones: the filter still holds
    await check(page, 'payments-search');

    await page.getByRole('link', { name: 'order-4711' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment order-4711' }).waitFor();
    expect(await page.locator('.details').textContent()).toContain('visa •••• 4242');
    expect(await page.locator('.attempts').first().textContent()).toContain(receiver.url);
    await check(page, 'payment');
    await page.getByRole('button', { name: 'Resend payment_succeeded' }).click();
    await page.getByText(/Event evt_\w+ is delivered again/).waitFor();
    await check(page, 'payment-resent');

    // The record shop's part only: €15.00 of its €40.00.
    await page.locator('#part-0').fill('0');
    await page.locator('#part-1').fill('15');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Confirm the refund' }).waitFor();
    await check(page, 'refund-confirm');
    await page.getByRole('button', { name: 'Refund €15.00' }).click();
    await page.getByText(/Refund rfd_\w+ started/).waitFor();
    await check(page, 'refunded');
    const refunds = await server.request('GET', `/sandbox/refunds?payment_id=${paymentId}`, { token: await platform.token() });
    expect(refunds.body.data.map((refund: { amount_minor: number }) => refund.amount_minor)).toEqual([1500]);
    const refundEvents = await server.request('GET', `/sandbox/events?object_id=${refunds.body.data[0].id}`, { token: await platform.token() });
    expect(refundEvents.body.data.map((event: { type: string }) => event.type)).toEqual(['refund_initiated']);
    expect(await page.locator('#part-1').inputValue()).toBe('25.00');

    await openArea(page, 'Users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await check(page, 'users');
    await page.getByLabel('Email').fill('finance@bandcamp.example');
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Create user and show the sign-in link' }).click();
    await page.locator('code.link').waitFor();
    expect(await page.locator('code.link').textContent()).toContain('/dashboard/setup?token=');
    await check(page, 'users-created');
    await page.getByLabel('Role finance@bandcamp.example').selectOption('developer');
    await page.getByRole('button', { name: 'Change role finance@bandcamp.example' }).click();
    await page.getByText('finance@bandcamp.example is now developer').waitFor();
    await check(page, 'users-role-changed');
    await page.getByRole('button', { name: 'Remove finance@bandcamp.example' }).click();
    await page.getByRole('heading', { level: 1, name: 'Remove the user' }).waitFor();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('finance@bandcamp.example is removed.').waitFor();
    expect(await page.locator('table.list').textContent()).not.toContain('finance@bandcamp.example');

    // Developers: the page on the phone and the desktop (both photographed by check), then a new API client with its secret.
    await openArea(page, 'Developers');
    await page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
    expect(await page.locator('main').textContent()).toContain(platform.sandbox.clientId);
    await check(page, 'developers');
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(PHONE_390);
    await page.getByLabel('Name', { exact: true }).fill('Shop backend');
    await page.getByLabel('payments:read', { exact: true }).check();
    await page.getByLabel('events:read', { exact: true }).check();
    await page.getByRole('button', { name: 'Create client and show its secret' }).click();
    await page.locator('code.secret').waitFor();
    expect(await page.locator('code.secret').textContent()).toMatch(/^secret_/);
    expect(await page.locator('table.list').textContent()).toContain('payments:read events:read');
    await check(page, 'developers-client-created');

    await page.getByRole('button', { name: 'Switch to Live' }).click();
    await page.locator('.env-live').waitFor();
    expect(await page.locator('.sandbox-banner').count()).toBe(0);
    await openArea(page, 'Payments');
    await page.getByText('No payments.').waitFor();
    await check(page, 'live-payments');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await check(page, 'signed-out');
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/dashboard/sign-in`);

    expect(problems).toEqual([]);
    expect([...origins]).toEqual([server.url]);
    await context.close();
  }, 180_000);

  it("refuses in the browser a viewer's developer page, a form with a forged token and another platform's payment, each with a page that says why", async () => {
    const { page, context, problems } = await visit('en-GB');
    await signInThroughSetupLink(page, server, platform.platformId, 'viewer', 'viewer@bandcamp.example');

    expect((await page.goto(`${server.url}/dashboard/developers`))?.status()).toBe(403);
    await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Your role does not allow this.');
    await check(page, 'refused-role');

    // A form whose CSRF token is not the session's (as one posted from another site would be): refused, nothing changed.
    await page.goto(`${server.url}/dashboard/payments/${paymentId}`);
    expect(await page.locator(`form[action="/dashboard/payments/${paymentId}/refund"]`).count()).toBe(0);
    await page.locator('form[action="/dashboard/environment"] input[name="_csrf"]').evaluate((input) => ((input as HTMLInputElement).value = 'forged'));
    await page.getByRole('button', { name: 'Switch to Live' }).click();
    await page.getByRole('heading', { level: 1, name: 'The form was not sent' }).waitFor();
    expect(await page.locator('.env-sandbox').count()).toBe(1);
    await check(page, 'refused-form');

    const other = await server.platform();
    const theirs = await payByCard(server, other, { amount_minor: 700, reference: 'their-order' });
    expect((await page.goto(`${server.url}/dashboard/payments/${theirs}`))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('their-order');
    await check(page, 'refused-other-platform');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("offers a developer in live only the scopes it may give, and says who gives the others", async () => {
    const { page, context, problems } = await visit('en-GB');
    await signInThroughSetupLink(page, server, platform.platformId, 'developer', 'developer@bandcamp.example');
    await page.getByRole('button', { name: 'Switch to Live' }).click();
    await page.locator('.env-live').waitFor();
    await openArea(page, 'Developers');
    await page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
    expect(await page.getByLabel('payments:read', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('refunds:initiate', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('payments:read_write', { exact: true }).count()).toBe(0);
    await page.getByText('Live scopes that move money (payments:read_write, payments:*, refunds:initiate) are given by an admin.').waitFor();
    await check(page, 'developers-live-developer');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('signs in in German and shows a wrong password', async () => {
    const { page, context, problems } = await visit('de-DE');
    await page.goto(`${server.url}/dashboard/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    await page.getByLabel('E-Mail').fill('ops@bandcamp.example');
    await page.getByLabel('Passwort').fill('falsches Passwort');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('alert').filter({ hasText: 'E-Mail oder Passwort ist falsch.' }).waitFor();
    await check(page, 'sign-in-wrong-de');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Start' }).waitFor();
    await check(page, 'home-de');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the sign-in page in Spanish', async () => {
    const { page, context, problems } = await visit('es-ES');
    await page.goto(`${server.url}/dashboard/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    await check(page, 'sign-in-es');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
