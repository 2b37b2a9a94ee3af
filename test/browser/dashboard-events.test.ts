import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { brandPlatform, checkDashboardPage, dashboardVisit, launchChromium, signInThroughSetupLink, openArea } from '../helpers/browser.js';
import { payByCard } from '../helpers/money.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';

/**
 * The event log in Debian's Chromium on a phone (390×844) and a desktop: the log filtered by type,
 * object and delivery state by keyboard, an event with its payload, deliveries and attempts, Resend
 * to an endpoint that failed before and answers now, and the log in German; each page photographed
 * (test-results/screenshots/dashboard-events-*) and checked with axe (WCAG AA), with no console or
 * CSP error and nothing asked of another origin.
 */
let server: TestServer;
let platform: TestPlatform;
let browser: Browser;
let shop: Receiver;
let broken: Receiver;
let failedPayment: string;

const api = async (path: string) => {
  const answer = await server.request('GET', `/sandbox${path}`, { token: await platform.token() });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const attemptsOf = async (eventId: string) => (await api(`/events/${eventId}`)).deliveries.flatMap((delivery: { attempts: unknown[] }) => delivery.attempts).length;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  await brandPlatform(server, platform, { name: 'Bandcamp Market', primary: '#0e7c66', secondary: '#1d2b36' });
  [shop, broken] = await Promise.all([startReceiver(), startReceiver()]);
  broken.answers.push({ status: 503 }); // the first delivery fails, later ones are answered 200
  const urls = (webhook: string) => ({ redirect: 'https://shop.example/return', webhook });
  for (const reference of ['order-4711', 'order-4712']) await payByCard(server, platform, { amount_minor: 4990, reference, urls: urls(shop.url) });
  failedPayment = await payByCard(server, platform, { amount_minor: 2500, reference: 'order-4713', urls: urls(broken.url) });
  await payByCard(server, platform, { amount_minor: 1200, reference: 'order-4714', urls: urls(shop.url) }, '4000000000000002');
  const failedEvent = (await api(`/events?object_id=${failedPayment}`)).data[0].event_id;
  await eventually(async () => (await attemptsOf(failedEvent)) > 0);
  await shop.waitFor(3);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await shop?.close();
  await broken?.close();
});

const visit = (locale: string) => dashboardVisit(browser, locale);
const check = (page: Page, name: string) => checkDashboardPage(page, `dashboard-events-${name}`);

const signIn = (page: Page, email: string) => signInThroughSetupLink(page, server, platform.platformId, 'developer', email);

describe('the event log in Chromium', () => {
  it('filters the log by keyboard, opens an event with its payload and attempts, and resends it', async () => {
    const { page, context, problems, origins } = await visit('en-GB');
    await signIn(page, 'dev@bandcamp.example');

    await openArea(page, 'Events');
    await page.getByRole('heading', { level: 1, name: 'Event log' }).waitFor();
    const listed = (await api('/events')).data.length;
    expect(await page.locator('table.list tbody tr').count()).toBe(listed);
    await check(page, 'list');

    // By keyboard: the type, the payment's id, the failing deliveries, then Apply.
    await page.locator('#type').focus();
    await page.locator('#type').selectOption('payment_succeeded');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('object');
    await page.keyboard.type(failedPayment);
    await page.keyboard.press('Tab');
    await page.locator('#delivery').selectOption('failing');
    await page.getByRole('button', { name: 'Apply' }).press('Enter');
    await page.waitForURL(/type=payment_succeeded&object=pay_\w+&delivery=failing/);
    expect(await page.locator('table.list tbody tr').count()).toBe(1);
    expect(await page.locator('table.list tbody').textContent()).toContain(failedPayment);
    await check(page, 'filtered');

    // The event: its payload, its delivery still retrying and the attempt answered 503.
    await page.locator('table.list tbody a[href^="/dashboard/events/"]').first().press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Event payment_succeeded' }).waitFor();
    const eventId = page.url().split('/').at(-1)!;
    expect(JSON.parse((await page.locator('pre.payload').textContent())!)).toMatchObject({ event_id: eventId, type: 'payment_succeeded', data: { id: failedPayment, reference: 'order-4713' } });
    expect(await page.locator('table.attempts tbody').textContent()).toContain('503');
    await check(page, 'event');

    // Resend: a new delivery, answered 200 this time, shown on the event's page.
    const received = broken.received.length;
    await page.getByRole('button', { name: /^Resend/ }).click();
    await page.getByText(`Event ${eventId} is delivered again.`).waitFor();
    await broken.waitFor(received + 1);
    await eventually(async () => (await api(`/events/${eventId}`)).deliveries[0].status === 'succeeded');
    expect((await api(`/events/${eventId}`)).deliveries).toHaveLength(2);
    await page.goto(`${server.url}/dashboard/events/${eventId}`); // not a reload: that would post the resend again
    await page.getByRole('heading', { level: 1, name: 'Event payment_succeeded' }).waitFor();
    expect(await page.locator('table.attempts tbody tr').count()).toBe(2);
    expect(await page.locator('table.attempts tbody').textContent()).toContain('200');
    expect(await page.locator('.status-succeeded').count()).toBe(1);
    await check(page, 'resent');

    // Its payment, linked from the event.
    await page.getByRole('link', { name: failedPayment }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Payment order-4713' }).waitFor();

    expect(problems).toEqual([]);
    expect([...origins]).toEqual([server.url]);
    await context.close();
  }, 180_000);

  it('shows the log and an event in German', async () => {
    const { page, context, problems } = await visit('de-DE');
    await signIn(page, 'entwicklung@bandcamp.example');
    await openArea(page, 'Entwickler');
    await page.getByRole('link', { name: 'Ereignisprotokoll öffnen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ereignisprotokoll' }).waitFor();
    await page.locator('#delivery').selectOption('delivered');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await page.waitForURL(/delivery=delivered/);
    expect(await page.locator('table.list tbody tr').count()).toBeGreaterThan(0);
    await check(page, 'list-de');
    await page.locator('table.list tbody a[href^="/dashboard/events/"]').first().click();
    await page.getByRole('heading', { level: 2, name: 'Webhook-Zustellungen' }).waitFor();
    await check(page, 'event-de');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
