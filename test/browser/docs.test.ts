import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { launchChromium, shoot } from '../helpers/browser.js';

/**
 * The API reference (/docs) in Debian's Chromium, reached by a host name other than localhost over
 * plain http (the browser resolves docs.example.test to this machine): it renders with no console or
 * CSP error, asks nothing of any other origin, gets a token through its Authorize dialog or takes a
 * pasted one, and runs an authenticated "Try it out" call, on a phone (390×844) and a desktop.
 */
const HOST = 'docs.example.test';
const PHONE = { width: 390, height: 844 };

let server: TestServer;
let platform: TestPlatform;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://${HOST}:${port}`;
  server = await startServer({ BASE_URL: origin }, { port });
  platform = await server.platform();
  browser = await launchChromium([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface DocsVisit {
  page: Page;
  /** Every URL the page asked for. */
  requests: string[];
  /** Console errors (CSP violations among them) and uncaught exceptions. */
  problems: string[];
  close(): Promise<void>;
}

async function openDocs(viewport: { width: number; height: number }): Promise<DocsVisit> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: viewport.width < 600 });
  const page = await context.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto(`${origin}/docs`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  await page.locator('.swagger-ui .info .title').waitFor();
  return { page, requests, problems, close: () => context.close() };
}

/** One security scheme's form in the Authorize dialog. */
function authorization(page: Page, scheme: string) {
  return page.locator('.dialog-ux .auth-container').filter({ has: page.locator('h4', { hasText: scheme }) });
}

/** Opens "list payments", runs it with the authorization given, and returns the status shown. */
async function listPayments(page: Page): Promise<string> {
  const operation = page.locator('#operations-payments-getPayments');
  await operation.locator('.opblock-summary').first().click();
  const answer = page.waitForResponse((response) => response.url().startsWith(`${server.config.sandboxBaseUrl}/payments`));
  await operation.locator('button.execute').click();
  expect((await answer).status()).toBe(200);
  return (await operation.locator('.live-responses-table tbody .response-col_status').first().textContent())!.trim();
}

/** Only the server's own origin was asked for anything, and nothing was refused or threw. */
function expectClean(visit: DocsVisit): void {
  expect([...new Set(visit.requests.map((url) => new URL(url).origin))]).toEqual([origin]);
  expect(visit.problems).toEqual([]);
}

describe('the API reference page', () => {
  it('fetches a sandbox token from a client id and secret and lists payments with it, on a phone', async () => {
    const visit = await openDocs(PHONE);
    const { page } = visit;
    await shoot(page, 'docs-start', PHONE);

    await page.locator('.auth-wrapper .btn.authorize').click();
    const oauth = authorization(page, 'oauth2');
    await oauth.locator('#client_id_clientCredentials').fill(platform.sandbox.clientId);
    await oauth.locator('#client_secret_clientCredentials').fill(platform.sandbox.clientSecret);
    const tokenAnswer = page.waitForResponse((response) => response.url() === `${server.config.authUrl}/oauth/token`);
    await oauth.getByRole('button', { name: /^Apply/ }).click();
    const answered = await tokenAnswer;
    expect(answered.status()).toBe(200);
    await oauth.getByRole('button', { name: 'Remove authorization' }).waitFor();
    await shoot(page, 'docs-authorized', PHONE);
    await page.locator('.dialog-ux button.close-modal').click();

    expect(await listPayments(page)).toBe('200');
    await shoot(page, 'docs-try-it', PHONE);
    expectClean(visit);
    await visit.close();
  });

  it('takes a pasted access token and lists payments with it, on a desktop', async () => {
    const visit = await openDocs({ width: 1280, height: 800 });
    const { page } = visit;
    await page.locator('.auth-wrapper .btn.authorize').click();
    const bearer = authorization(page, 'bearerAuth');
    await bearer.locator('input').fill(await platform.token('sandbox'));
    await bearer.getByRole('button', { name: /^Apply/ }).click();
    await bearer.getByRole('button', { name: 'Remove authorization' }).waitFor();
    await page.locator('.dialog-ux button.close-modal').click();

    expect(await listPayments(page)).toBe('200');
    expectClean(visit);
    await visit.close();
  });
});
