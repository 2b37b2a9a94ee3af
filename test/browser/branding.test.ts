import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { checkDashboardPage, dashboardVisit, expectClean, expectNoSeriousAxeViolations, launchChromium, openVisit, PHONE_390, shoot, signInThroughSetupLink } from '../helpers/browser.js';
import { upload } from '../helpers/documents.js';

/**
 * Branding in Debian's Chromium: a developer previews and saves a merchant's colours and logo in the
 * dashboard (by keyboard), then the buyer's payment page, its receipt and the onboarding wizard show
 * the logo from this origin under the strict CSP; every page checked with axe (WCAG AA) and
 * photographed (test-results/screenshots/branding-*) on a phone and a desktop.
 */
const SHOP = 'https://shop.example/return';
const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="8" fill="#fde047"/><circle cx="20" cy="20" r="12" fill="#7a1f5c"/><text x="40" y="27" font-family="sans-serif" font-size="18" font-weight="700" fill="#3b0a2a">Platte</text></svg>',
);

let server: TestServer;
let platform: TestPlatform;
let browser: Browser;
let merchant: string;
let logo: string;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  merchant = await addMerchantAccount(server, platform.platformId, 'Plattenladen');
  const uploaded = await upload(server, await platform.token(), { type: 'company_logo', file: { bytes: LOGO, filename: 'platte.svg', contentType: 'image/svg+xml' } });
  expect(uploaded.status, uploaded.text).toBe(201);
  logo = uploaded.body.id;
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The header's logo has loaded (an image that failed has no natural width). */
const logoShown = (page: Page) => page.locator('#brand-logo').evaluate((image: HTMLImageElement) => !image.hidden && image.complete && image.naturalWidth > 0);

describe('branding in Chromium', () => {
  it('previews and saves a light merchant brand in the dashboard by keyboard, in Spanish', async () => {
    const { page, context, problems, origins } = await dashboardVisit(browser, 'es-ES');
    await signInThroughSetupLink(page, server, platform.platformId, 'developer', 'marca@example.com');
    await page.goto(`${server.url}/dashboard/branding?account=${merchant}`);
    expect(await page.locator('h1').textContent()).toBe('Marca');
    // On a phone the areas wait behind one menu line that names the current one: the page starts right under the header.
    expect(await page.locator('.dash-header').evaluate((header) => header.getBoundingClientRect().height)).toBeLessThan(160);
    expect(await page.locator('.phone-menu summary').textContent()).toBe('MenúMarca');
    await page.locator('.phone-menu summary').focus();
    await page.keyboard.press('Enter');
    await page.locator('.phone-menu nav').getByRole('link', { name: 'Pagos', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('#branding-primary').focus();
    await page.keyboard.type('#ffeb3b');
    await page.keyboard.press('Tab');
    await page.keyboard.type('#fffbe6');
    await page.locator('#branding-logo').selectOption(logo);
    await page.locator('button[value=preview]').focus();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.locator('#contrast-report').waitFor();
    expect(await page.locator('.notice').textContent()).toContain('aún no guardados');
    // The merchant set its look: the merchant_primary page leads with it, with the logo the dashboard serves.
    const merchantPage = page.locator('.bp-figure').first();
    expect(await merchantPage.locator('.bp-name').textContent()).toBe('Plattenladen');
    await expect.poll(() => merchantPage.locator('.bp-logo').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await checkDashboardPage(page, 'branding-dashboard-preview');

    await page.locator('button[value=save]').click();
    await page.waitForURL(/saved=1/);
    expect(await page.locator('.notice').textContent()).toBe('Marca guardada.');
    await checkDashboardPage(page, 'branding-dashboard-saved');
    expect(problems).toEqual([]);
    expect([...origins]).toEqual([server.url]);
    await context.close();
  });

  it("shows the merchant's brand and logo on the payment page and its receipt, and the platform's logo on the wizard", async () => {
    const token = await platform.token();
    const patched = await server.request('PATCH', `/sandbox/accounts/${merchant}/branding`, { token, body: { name: 'Plattenladen Köln', colors: { primary: '#ffeb3b', secondary: '#fffbe6' }, logo_document_id: logo } });
    expect(patched.status, patched.text).toBe(200);
    const created = await server.request('POST', '/sandbox/payments', {
      token,
      body: {
        amount_minor: 2_990,
        currency: 'EUR',
        reference: 'vinyl-7',
        description: 'Vinyl, 180 g',
        payment_method: { type: 'card' },
        integration: { type: 'hosted' },
        urls: { redirect: SHOP },
        routing: { platform: { amount_minor: 290, processing_fee_contribution: 100 }, merchants: [{ id: merchant, type: 'merchant', amount_minor: 2_700, processing_fee_contribution: 0 }] },
      },
    });
    expect(created.status, created.text).toBe(201);
    const visit = await openVisit(browser, created.body._links.hosted_page.href, { locale: 'de-DE', returnSite: SHOP, viewport: PHONE_390 });
    const { page } = visit;
    await page.locator('#card-form').waitFor();
    expect(await page.locator('#brand-name').textContent()).toBe('Plattenladen Köln');
    await expect.poll(() => logoShown(page)).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'branding-page-card');
    await page.locator('#card-holder').fill('Erika Mustermann');
    await page.locator('#card-number').fill('4242 4242 4242 4242');
    await page.locator('#card-expiry').fill('12/34');
    await page.locator('#card-cvc').fill('123');
    await page.locator('#pay').click();
    await page.locator('#message[data-state=success]').waitFor();
    expect(await logoShown(page)).toBe(true);
    // On the smallest phone the payment's id breaks, if at all, into two even halves: never its last letter alone.
    await page.setViewportSize({ width: 320, height: 640 });
    const lines = await page.locator('.payment-id').evaluate((id) => {
      const widths = new Map<number, number>(); // the width of each line box, by its top
      for (const box of id.getClientRects()) widths.set(Math.round(box.top), (widths.get(Math.round(box.top)) ?? 0) + box.width);
      return [...widths.values()];
    });
    expect(lines.length).toBeLessThanOrEqual(2);
    if (lines.length === 2) expect(lines[1]!).toBeGreaterThan(lines[0]! * 0.6);
    await page.setViewportSize(PHONE_390);
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'branding-page-receipt');
    await expectClean(visit, server);

    const platformAccount = (await server.request('GET', '/sandbox/accounts', { token })).body.data.find((account: { type: string }) => account.type === 'platform').id;
    expect((await server.request('PATCH', `/sandbox/accounts/${platformAccount}/branding`, { token, body: { name: 'Klangmarkt', logo_document_id: logo } })).status).toBe(200);
    const application = await server.request('POST', '/sandbox/applications', {
      token,
      body: { integration: { type: 'hosted' }, urls: { redirect: SHOP }, language: 'en', applicant: { email: 'jana@example.com', first_name: 'Jana', last_name: 'Becker' } },
    });
    expect(application.status, application.text).toBe(201);
    const wizard = await openVisit(browser, application.body._links.onboarding.href, { locale: 'en-GB', returnSite: SHOP, viewport: PHONE_390 });
    await expect.poll(() => wizard.page.locator('#brand-name').textContent()).toBe('Klangmarkt');
    await expect.poll(() => logoShown(wizard.page)).toBe(true);
    await expectNoSeriousAxeViolations(wizard.page);
    await shoot(wizard.page, 'branding-wizard');
    await expectClean(wizard, server);
  });
});
