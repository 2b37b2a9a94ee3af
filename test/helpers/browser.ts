import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiPath, type TestPlatform, type TestServer } from './harness.js';
import { PASSWORD } from './dashboard.js';

/**
 * What the browser tests of the hosted pages share: Debian's Chromium (installed by .ci/run, never
 * downloaded), visits that record every request and every error, and screenshots of each step on a
 * phone and a desktop into test-results/screenshots/.
 */
export const SCREENSHOTS = path.resolve('test-results/screenshots');
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
/** A current phone (iPhone 12 to 15). */
export const PHONE_390 = { width: 390, height: 844 };

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  await mkdir(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

/** The platform's name and colours, as its hosted pages and dashboard show them: set through the API (PATCH /accounts/{id}/branding) in both environments. */
export async function brandPlatform(server: TestServer, platform: TestPlatform, brand: { name: string; primary: string; secondary: string }): Promise<void> {
  for (const environment of ['sandbox', 'live'] as const) {
    const token = await platform.token(environment);
    const accounts = await server.request('GET', apiPath(environment, '/accounts'), { token });
    const own = accounts.body.data.find((account: { type: string }) => account.type === 'platform');
    const body = { name: brand.name, colors: { primary: brand.primary, secondary: brand.secondary } };
    const set = await server.request('PATCH', apiPath(environment, `/accounts/${own.id}/branding`), { token, body });
    expect(set.status, set.text).toBe(200);
  }
}

export interface Visit {
  page: Page;
  context: BrowserContext;
  /** Every URL the browser asked for, except the site it returns to and its own blob: URLs. */
  requests: string[];
  /** Console errors and CSP violations. */
  problems: string[];
  /** The HTTP status the link's page was answered with. */
  status: number | undefined;
}

/** Opens a link in a fresh phone-sized context; the site the page sends people back to answers with a stub page. */
export async function openVisit(
  browser: Browser,
  url: string,
  { locale, returnSite, viewport = PHONE, referer }: { locale: string; returnSite: string; viewport?: { width: number; height: number }; referer?: string },
): Promise<Visit> {
  const context = await browser.newContext({ viewport, locale, deviceScaleFactor: 1, hasTouch: true });
  const page = await context.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(returnSite) && !request.url().startsWith('blob:')) requests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.route(`${returnSite}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Back</title><h1>Back where you came from</h1>' }));
  const response = await page.goto(url, referer ? { referer } : {});
  return { page, context, requests, problems, status: response?.status() };
}

/** Elements that stick out of the viewport sideways: a page must never scroll sideways. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`),
  );
}

/** Photographs the page as it is, on the phone and on a desktop; on neither may it scroll sideways. Leaves the phone's size (by default the one it found). */
export async function shoot(page: Page, name: string, phone = page.viewportSize() ?? PHONE): Promise<void> {
  expect(await overflowing(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  expect(await overflowing(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(phone);
}

let axeSource: Promise<string> | undefined;

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on the page as it is and fails on any serious or
 * critical violation, naming each with its elements. The script is evaluated through the DevTools
 * protocol, which the page's Content-Security-Policy does not govern, so the page keeps its strict one.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  axeSource ??= readFile(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

/** Only this server was asked for anything, and nothing was refused by the CSP or threw; closes the visit. */
export async function expectClean(visit: Visit, server: TestServer): Promise<void> {
  const origins = new Set(visit.requests.map((url) => new URL(url).origin));
  expect([...origins]).toEqual([new URL(server.config.baseUrl).origin]);
  expect(visit.problems).toEqual([]);
  await visit.context.close();
}

/** A phone-sized (390×844) visit of the dashboard in a fresh context: every origin asked, and every console error or CSP violation. */
export async function dashboardVisit(browser: Browser, locale: string) {
  const context = await browser.newContext({ viewport: PHONE_390, locale, deviceScaleFactor: 1, hasTouch: true });
  const page = await context.newPage();
  const problems: string[] = [];
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, context, problems, origins };
}

/** A dashboard page checked with axe (WCAG AA) and photographed as `name` on the phone and the desktop. */
export async function checkDashboardPage(page: Page, name: string): Promise<void> {
  await expectNoSeriousAxeViolations(page);
  await shoot(page, name, PHONE_390);
}

/** A new dashboard user of the platform signs in through its one-time link in the page: sets the password and lands on the home page. */
export async function signInThroughSetupLink(page: Page, server: TestServer, platformId: string, role: 'admin' | 'developer' | 'viewer', email: string): Promise<void> {
  const { setupUrl } = await server.app.services.dashboardUsers.createUser({ platformId, email, role });
  await page.goto(setupUrl.replace(server.config.baseUrl, server.url));
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#password').press('Enter');
  await page.waitForURL(`${server.url}/dashboard`);
}

/** Opens an area of the dashboard from its navigation as a person does: on a phone, through the menu. */
export async function openArea(page: Page, name: string): Promise<void> {
  const menu = page.locator('.phone-menu');
  if (await menu.isVisible()) {
    if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) await menu.locator('summary').click();
    await menu.getByRole('link', { name, exact: true }).click();
  } else await page.locator('.dash-bar > .dash-nav').getByRole('link', { name, exact: true }).click();
}
