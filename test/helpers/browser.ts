import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from './harness.js';

/**
 * What the browser tests of the hosted pages share: Debian's Chromium (installed by .ci/run, never
 * downloaded), visits that record every request and every error, and screenshots of each step on a
 * phone and a desktop into test-results/screenshots/.
 */
export const SCREENSHOTS = path.resolve('test-results/screenshots');
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  await mkdir(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

/** The platform's name and colours, as its hosted pages show them. */
export async function brandPlatform(server: TestServer, platformId: string, brand: { name: string; primary: string; secondary: string }): Promise<void> {
  await server.app.database.db
    .updateTable('platforms')
    .set({ name: brand.name, primary_color: brand.primary, secondary_color: brand.secondary })
    .where('id', '=', platformId)
    .execute();
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
export async function openVisit(browser: Browser, url: string, { locale, returnSite }: { locale: string; returnSite: string }): Promise<Visit> {
  const context = await browser.newContext({ viewport: PHONE, locale, deviceScaleFactor: 1, hasTouch: true });
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
  const response = await page.goto(url);
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

/** Photographs the page as it is, on the phone and on a desktop; on neither may it scroll sideways. */
export async function shoot(page: Page, name: string, phone = PHONE): Promise<void> {
  expect(await overflowing(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  expect(await overflowing(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(phone);
}

/** Only this server was asked for anything, and nothing was refused by the CSP or threw; closes the visit. */
export async function expectClean(visit: Visit, server: TestServer): Promise<void> {
  const origins = new Set(visit.requests.map((url) => new URL(url).origin));
  expect([...origins]).toEqual([new URL(server.config.baseUrl).origin]);
  expect(visit.problems).toEqual([]);
  await visit.context.close();
}
