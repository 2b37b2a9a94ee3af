import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { sandboxApi } from '../helpers/dashboard.js';
import { brandPlatform, checkDashboardPage, dashboardVisit, expectClean, expectNoSeriousAxeViolations, launchChromium, openVisit, shoot, signInThroughSetupLink } from '../helpers/browser.js';
import { paySepa } from '../helpers/money.js';
import { startApplication } from '../helpers/onboarding.js';

/**
 * The sandbox's signs and helpers in Debian's Chromium, on a phone and a desktop: the test-mode
 * banner on the payment page, the simulated bank and 3-D Secure pages and the wizard (whatever
 * the brand's colours: a pale primary), the test-data drawers filling the forms by keyboard, and
 * the dashboard's "what happens next" with its shortcuts; each page photographed
 * (test-results/screenshots/sandbox-*) and checked with axe. Live pages show no sign.
 */
let server: TestServer;
let platform: TestPlatform;
let browser: Browser;
const RETURN_SITE = 'https://shop.example';

const api = (method: string, path: string, body?: unknown) => sandboxApi(server, () => platform)(method, path, body);

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  // A pale brand: the banner keeps its own colours and contrast.
  await brandPlatform(server, platform, { name: 'Limonade', primary: '#fde047', secondary: '#fef9c3' });
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const pageUrl = (href: string) => href.replace(server.config.baseUrl, server.url);

async function newPayment(environment: 'sandbox' | 'live', method: 'card' | 'sepa_direct_debit', language?: string): Promise<{ id: string; url: string }> {
  const created = await server.request('POST', `${environment === 'sandbox' ? '/sandbox' : ''}/payments`, {
    token: await platform.token(environment),
    body: { amount_minor: 4_990, currency: 'EUR', reference: 'drawer-1', payment_method: { type: method }, integration: { type: 'hosted' }, urls: { redirect: `${RETURN_SITE}/return` }, ...(language ? { language } : {}) },
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id, url: created.body._links.hosted_page.href };
}

/** The banner as people see it: text and its contrast against its own background (WCAG AA: 4.5 or more). */
async function expectBanner(page: Page, text: string): Promise<void> {
  const banner = page.getByRole('complementary', { name: /Test mode|Testmodus|Modo de prueba/ }).first();
  await banner.waitFor();
  expect(await banner.textContent()).toBe(text);
  const ratio = await banner.evaluate((element) => {
    const parse = (colour: string) => colour.match(/\d+/g)!.slice(0, 3).map(Number);
    const luminance = ([r, g, b]: number[]) => [r!, g!, b!].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const style = getComputedStyle(element.querySelector('p')!);
    const [a, b] = [luminance(parse(style.color)), luminance(parse(getComputedStyle(element).backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
}

/** Opens the test-data drawer by keyboard. */
async function openDrawer(page: Page, summary: string): Promise<void> {
  await page.locator('summary', { hasText: summary }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.test-data details').first().evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
}

describe('sandbox pages in Chromium', () => {
  it('the payment page: banner, drawer of test cards, a declining card filled by keyboard and paid, in German', async () => {
    const payment = await newPayment('sandbox', 'card', 'de');
    const visit = await openVisit(browser, payment.url, { locale: 'de-DE', returnSite: RETURN_SITE });
    const { page } = visit;
    await page.locator('#card-form').waitFor();
    await expectBanner(page, 'Testmodus: Es wird kein echtes Geld bewegt.');
    await openDrawer(page, 'Testdaten');
    expect(await page.locator('.test-data tbody tr').count()).toBe(6 + 3);
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'sandbox-payment-drawer');

    const decline = page.getByRole('button', { name: '4000 0000 0000 0002 verwenden' });
    await decline.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#card-number').inputValue()).toMatch(/^4000 ?0000 ?0000 ?0002$/);
    expect(await page.locator('#card-cvc').inputValue()).toBe('123');
    expect(await page.locator('#card-holder').inputValue()).toBe('Erika Mustermann');
    await expect.poll(async () => page.evaluate(() => document.activeElement?.id)).toBe('card-number');
    await shoot(page, 'sandbox-payment-filled');
    await page.locator('#pay').click();
    await page.getByText('Zahlung abgelehnt').first().waitFor();
    expect((await api('GET', `/payments/${payment.id}`)).status).toBe('declined');
    await expectClean(visit, server);
  });

  it('the bank page and the 3-D Secure page: banner, and a test IBAN link that fills the form (Spanish)', async () => {
    const payment = await newPayment('sandbox', 'sepa_direct_debit', 'es');
    const started = await server.request('POST', `/hpp/payments/${payment.id}/start`, { token: new URL(payment.url).searchParams.get('token')!, body: {} });
    const visit = await openVisit(browser, pageUrl(started.body._links.account_verification.href), { locale: 'es-ES', returnSite: RETURN_SITE });
    const { page } = visit;
    await expectBanner(page, 'Modo de prueba: este es el banco simulado del sandbox; no interviene ninguna cuenta ni tarjeta real.');
    await openDrawer(page, 'IBAN de prueba');
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'sandbox-bank-drawer');
    await page.getByRole('link', { name: 'Usar DE62370400440532013001' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#iban').inputValue()).toBe('DE62370400440532013001');
    await shoot(page, 'sandbox-bank-filled');
    await visit.context.close();

    const card = await newPayment('sandbox', 'card');
    const token = new URL(card.url).searchParams.get('token')!;
    const hpp = (suffix: string, body: unknown) => server.request('POST', `/hpp/payments/${card.id}${suffix}`, { token, body });
    await hpp('/start', {});
    const tokenized = await hpp('/tokenize', { type: 'card', value: '4000000000003220', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: server.clock.now().getUTCFullYear() + 2, cvv: '123' } });
    const challenged = await hpp('/authorize', { token: tokenized.body.token });
    const challenge = await openVisit(browser, pageUrl(challenged.body._links.challenge.href), { locale: 'en-GB', returnSite: RETURN_SITE });
    await expectBanner(challenge.page, 'Test mode: this is the sandbox’s simulated bank; no real account or card is involved.');
    await expectNoSeriousAxeViolations(challenge.page);
    await shoot(challenge.page, 'sandbox-3ds');
    await challenge.context.close();
  });

  it('the wizard: banner, "fill with a test company" by keyboard, test documents and IBANs', async () => {
    const application = await startApplication(server, platform);
    const visit = await openVisit(browser, `${server.config.baseUrl}/onboarding?token=${application.token}`, { locale: 'en-GB', returnSite: 'https://platform.example' });
    const { page } = visit;
    await page.locator('#main form').first().waitFor();
    await expectBanner(page, 'Test mode: this is a sandbox onboarding; no real business is checked and nothing is sent to a bank.');
    await openDrawer(page, 'Test data');
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'sandbox-wizard-drawer');
    const names = await page.locator('#main form input[name]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name));
    await page.getByRole('button', { name: 'Fill with a test company' }).focus();
    await page.keyboard.press('Enter');
    const values = Object.fromEntries(await Promise.all(['email', 'first_name', 'last_name'].filter((name) => names.includes(name)).map(async (name) => [name, await page.locator(`#main form [name="${name}"]`).first().inputValue()] as const)));
    expect(Object.keys(values).length).toBeGreaterThan(0);
    expect(values).toMatchObject(Object.fromEntries(Object.entries({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }).filter(([name]) => name in values)));
    await shoot(page, 'sandbox-wizard-filled');
    expect(await page.locator('.test-data a[download]').count()).toBe(2);
    await expectClean(visit, server);
  });

  it("the dashboard: what happens next on a SEPA payment, settled by its button", async () => {
    // A platform of its own, unbranded: the pale brand above is for the hosted pages' banner.
    const owner = await server.platform();
    const id = await paySepa(server, owner, { amount_minor: 2_500, reference: 'sepa-next' });
    const { page, context, problems } = await dashboardVisit(browser, 'en-GB');
    await signInThroughSetupLink(page, server, owner.platformId, 'developer', `dev-${Date.now()}@limonade.example`);
    await page.goto(`${server.url}/dashboard/payments/${id}`);
    await page.getByRole('heading', { level: 2, name: 'What happens next, and when' }).waitFor();
    expect(await page.locator('.next-steps tbody').textContent()).toContain('The bank reports the collection: settled, or returned unpaid');
    await checkDashboardPage(page, 'sandbox-dashboard-next');
    await page.getByRole('button', { name: 'Settle now' }).press('Enter');
    await page.waitForURL(`${server.url}/dashboard/payments/${id}`);
    await expect.poll(async () => (await sandboxApi(server, () => owner)('GET', `/payments/${id}`)).status).toBe('completed');
    await page.getByText('Nothing more is scheduled.').waitFor();
    await checkDashboardPage(page, 'sandbox-dashboard-settled');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('live pages show neither banner nor drawer', async () => {
    const payment = await newPayment('live', 'card');
    const visit = await openVisit(browser, payment.url, { locale: 'en-GB', returnSite: RETURN_SITE });
    await visit.page.locator('#card-form').waitFor();
    expect(await visit.page.locator('.test-mode, .test-data, [data-fill-card]').count()).toBe(0);
    await shoot(visit.page, 'sandbox-live-payment');
    await expectClean(visit, server);
  });
});
