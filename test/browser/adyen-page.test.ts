import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADYEN_TEST_CARDS, LocalAdyen, TEST_ADYEN } from '../helpers/adyen/server.js';
import { launchChromium, openVisit, PHONE_390, shoot, type Visit } from '../helpers/browser.js';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';

/**
 * The hosted payment page in Debian's Chromium with PROCESSOR=adyen against the local Adyen
 * (test/helpers/adyen/server.ts): what the page's script measures of the browser reaches Adyen as
 * browserInfo, and a 3-D Secure redirect with method POST sends the buyer by a form post, with
 * script (posted at once) and without (a button).
 */
const SHOP = 'https://shop.example/return';

let adyen: LocalAdyen;
let server: TestServer;
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  adyen = await LocalAdyen.start(TEST_ADYEN);
  server = await startServer({ ...adyen.serverEnv(), ADYEN_TIMEOUT_MS: '15000' });
  platform = await server.platform();
  adyen.notificationUrl = `${server.url}/processor/adyen/notifications`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await adyen?.close();
});
afterEach(() => {
  expect(adyen.violations.splice(0)).toEqual([]);
});

async function newPayment(amount: number): Promise<{ id: string; url: string }> {
  const response = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: { amount_minor: amount, currency: 'EUR', reference: `adyen-page-${amount}`, payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: SHOP }, language: 'de' },
  });
  expect(response.status, response.text).toBe(201);
  return { id: response.body.id, url: response.body._links.hosted_page.href };
}

async function apiStatus(id: string): Promise<string> {
  return (await server.request('GET', `/sandbox/payments/${id}`, { token: await platform.token() })).body.status;
}

/** Types the card on the page and pays; answers the page's authorize request as it left the browser. */
async function payOnPage(page: Page, number: string): Promise<Request> {
  await page.locator('#card-form').waitFor();
  await page.locator('#card-holder').fill('Erika Mustermann');
  await page.locator('#card-number').fill(number);
  await page.locator('#card-expiry').fill('12/34');
  await page.locator('#card-cvc').fill('737');
  const authorize = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/authorize'));
  await page.locator('#pay').click();
  return authorize;
}

async function expectShop(visited: Visit): Promise<void> {
  await visited.page.waitForURL(`${SHOP}**`);
  expect(new URL(visited.page.url()).searchParams.get('status')).toBe('captured');
}

/** The /payments request Adyen received for this amount. */
function paymentRequest(amount: number) {
  const sent = adyen.requestsTo('/payments').filter((request) => (request.body as { amount: { value: number } }).amount.value === amount);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

describe('the hosted page with Adyen', () => {
  it("sends what it measured of the browser with the authorization, and Adyen gets browserInfo complete", async () => {
    const payment = await newPayment(2_345);
    const visited = await openVisit(browser, payment.url, { locale: 'de-DE', returnSite: SHOP, viewport: PHONE_390 });
    const authorize = await payOnPage(visited.page, ADYEN_TEST_CARDS.authorised);
    await expectShop(visited);
    expect(await apiStatus(payment.id)).toBe('captured');

    const measured = await visited.page.evaluate(() => ({ width: screen.width, height: screen.height, depth: screen.colorDepth, offset: new Date().getTimezoneOffset() }));
    const body = authorize.postDataJSON() as { browser_info: Record<string, unknown> };
    expect(body.browser_info).toEqual({
      screen_width: measured.width, screen_height: measured.height, color_depth: measured.depth, time_zone_offset: measured.offset, languages: ['de-DE'], java_enabled: false,
    });
    const sent = paymentRequest(2_345).body as { browserInfo: Record<string, unknown> };
    expect(sent.browserInfo).toEqual({
      userAgent: await authorize.headerValue('user-agent'), acceptHeader: expect.any(String), language: 'de-DE', colorDepth: measured.depth,
      screenHeight: measured.height, screenWidth: measured.width, timeZoneOffset: measured.offset, javaEnabled: false, javaScriptEnabled: true,
    });
    expect(visited.problems).toEqual([]);
    await visited.context.close();
  });

  it('sends the buyer to a 3-D Secure page that wants a form post by posting its data, and comes back captured', async () => {
    const payment = await newPayment(2_346);
    const visited = await openVisit(browser, payment.url, { locale: 'de-DE', returnSite: SHOP, viewport: PHONE_390 });
    const { page } = visited;
    const arrival = page.waitForRequest((request) => request.url().startsWith(`${new URL(adyen.checkoutUrl).origin}/challenge/`));
    await payOnPage(page, ADYEN_TEST_CARDS.challengeByPost);
    const posted = await arrival;
    expect(posted.method()).toBe('POST');
    const action = (paymentRequest(2_346).body as { returnUrl: string }).returnUrl;
    expect(Object.fromEntries(new URLSearchParams(posted.postData() ?? ''))).toEqual({ MD: expect.any(String), PaReq: expect.any(String), TermUrl: action });
    await page.getByRole('button', { name: 'Pass' }).waitFor();
    expect(adyen.challengeVisits.at(-1)).toMatchObject({ method: 'POST', fields: { TermUrl: action } });

    await page.getByRole('button', { name: 'Pass' }).click();
    await expectShop(visited);
    expect(await apiStatus(payment.id)).toBe('captured');
    expect(adyen.requestsTo('/payments/details')).not.toHaveLength(0);
    expect(visited.problems).toEqual([]);
    await visited.context.close();
  });

  it('lets a browser without script post the form by its button; the page allows the post to the 3-D Secure page only', async () => {
    const payment = await newPayment(2_347);
    const token = new URL(payment.url).searchParams.get('token')!;
    const hpp = (suffix: string, body: unknown) => server.request('POST', `/hpp/payments/${payment.id}${suffix}`, { token, body });
    expect((await hpp('/start', {})).status).toBe(200);
    const tokenized = await hpp('/tokenize', { type: 'card', value: ADYEN_TEST_CARDS.challengeByPost, issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2034, cvv: '737' } });
    expect(tokenized.status, tokenized.text).toBe(201);
    const authorized = await hpp('/authorize', { token: tokenized.body.token });
    expect(authorized.body.status, authorized.text).toBe('started');
    const challenge: string = authorized.body._links.challenge.href;
    expect(challenge).toBe(`${server.config.baseUrl}/pay/${payment.id}/challenge?token=${encodeURIComponent(token)}`);

    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE', viewport: PHONE_390 });
    const page = await context.newPage();
    const shown = await page.goto(challenge);
    expect(shown?.status()).toBe(200);
    expect(shown?.headers()['content-security-policy']).toContain(`form-action ${new URL(adyen.checkoutUrl).origin};`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await shoot(page, 'adyen-01-post-redirect-no-script');
    await page.getByRole('button', { name: 'Weiter zu Ihrer Bank' }).click();
    await page.getByRole('button', { name: 'Pass' }).waitFor();
    expect(adyen.challengeVisits.at(-1)).toMatchObject({ method: 'POST', fields: { MD: expect.any(String), PaReq: expect.any(String) } });
    await page.getByRole('button', { name: 'Pass' }).click();
    await page.waitForURL(`${server.config.baseUrl}/pay/${payment.id}**`);
    expect(await apiStatus(payment.id)).toBe('captured');
    await context.close();

    // Nothing open any more: the form page is gone.
    const again = await server.request('GET', `/pay/${payment.id}/challenge?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(404);
  });

  it('answers the form page 404 while no challenge is open, 401 with another token', async () => {
    const payment = await newPayment(2_348);
    const token = new URL(payment.url).searchParams.get('token')!;
    expect((await server.request('GET', `/pay/${payment.id}/challenge?token=${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await server.request('GET', `/pay/${payment.id}/challenge?token=not-the-token`)).status).toBe(401);
  });
});
