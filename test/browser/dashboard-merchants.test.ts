import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { brandPlatform, checkDashboardPage, dashboardVisit, launchChromium, signInThroughSetupLink, openArea } from '../helpers/browser.js';
import { PDF } from '../helpers/documents.js';
import { completeSteps, startApplication, step, uploadOnboardingDocument } from '../helpers/onboarding.js';

/**
 * Merchants and onboarding in Debian's Chromium on a phone (390×844) and a desktop: the
 * applications list filtered by keyboard, an application with its masked payout account and a
 * document's preview, a new application (a bad field named, then created) with its onboarding link to
 * copy, a new link after confirmation, and the German list for a viewer; each page photographed
 * (test-results/screenshots/dashboard-merchants-*) and checked with axe (WCAG AA), with no console
 * or CSP error and nothing asked of another origin.
 */
let server: TestServer;
let platform: TestPlatform;
let browser: Browser;
let applicationId: string;

/** A PNG of a passport-like card (a coloured band on a light page), so that the preview shows something. */
function passportPng(width = 160, height = 100): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const rows = Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, (_, x) => Buffer.from(y < 28 ? [14, 124, 102] : x > 16 && x < 56 && y > 40 && y < 88 ? [148, 163, 184] : [241, 245, 249]))]));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  await brandPlatform(server, platform, { name: 'Bandcamp Market', primary: '#0e7c66', secondary: '#1d2b36' });
  await startApplication(server, platform, { reference: 'record-shop-2' });
  const application = await startApplication(server, platform, { reference: 'record-shop-1' });
  await completeSteps(server, application);
  const director = { first_name: 'Max', last_name: 'Mustermann', email: 'max@records.example', roles: ['director'], date_of_birth: '1980-01-31', pep: false, nationality: 'DE' };
  expect((await step(server, application, 'POST', '/representatives', director)).status).toBe(200);
  await uploadOnboardingDocument(server, application, { type: 'passport', side: 'front', file: { bytes: passportPng(), filename: 'passport.png', contentType: 'image/png' } });
  await uploadOnboardingDocument(server, application, { type: 'company_registration', file: { bytes: PDF, filename: 'register.pdf', contentType: 'application/pdf' } });
  applicationId = application.id;
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const visit = (locale: string) => dashboardVisit(browser, locale);
const check = (page: Page, name: string) => checkDashboardPage(page, `dashboard-merchants-${name}`);

describe('merchants and onboarding in Chromium', () => {
  it('walks the applications, an application with its document preview, a new application with its link, and a new link', async () => {
    const { page, context, problems, origins } = await visit('en-GB');
    await signInThroughSetupLink(page, server, platform.platformId, 'developer', 'dev@bandcamp.example');

    await openArea(page, 'Merchants');
    await page.getByRole('heading', { level: 1, name: 'Merchants' }).waitFor();
    expect(await page.locator('table.list tbody tr').count()).toBe(2);
    await check(page, 'list');

    // By keyboard: the status filter, then Apply.
    await page.locator('#status').focus();
    await page.locator('#status').selectOption('in_progress');
    await page.getByRole('button', { name: 'Apply' }).press('Enter');
    await page.waitForURL(/status=in_progress/);
    expect(await page.locator('table.list tbody tr').count()).toBe(1);
    expect(await page.locator('table.list tbody').textContent()).toContain('record-shop-1');

    await page.locator('table.list tbody a').first().press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Application of Ada Lovelace' }).waitFor();
    expect(await page.locator('.masked').textContent()).toBe('DE89 •••• 3000');
    const preview = page.getByRole('img', { name: 'Preview of passport.png' });
    await preview.waitFor();
    // The preview loaded under the page's CSP: the image has its size.
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.document-preview img');
      return Boolean(image?.complete && image.naturalWidth === 160);
    });
    expect(await page.getByRole('link', { name: 'register.pdf' }).getAttribute('href')).toMatch(new RegExp(`/dashboard/merchants/applications/${applicationId}/documents/doc_`));
    expect(await page.locator('table.list tbody').textContent()).toContain('Max Mustermann');
    await check(page, 'application');

    // A new link, after its confirmation.
    await page.getByRole('button', { name: 'Issue a new onboarding link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Issue a new onboarding link' }).waitFor();
    await check(page, 'new-link-confirm');
    await page.getByRole('button', { name: 'Issue the new link' }).click();
    await page.getByText(/New onboarding link for application app_\w+/).waitFor();
    const reissued = await page.getByLabel('Onboarding link').inputValue();
    expect(reissued).toMatch(/\/onboarding\?token=/);

    // A new application: a bad email named on the form, then created.
    await page.goto(`${server.url}/dashboard/merchants`);
    await page.getByRole('link', { name: 'New application' }).click();
    await page.getByRole('heading', { level: 1, name: 'New application' }).waitFor();
    await check(page, 'new');
    await page.getByLabel('Email').fill('grace-at-example.com');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Legal name').fill('Hopper Records GmbH');
    await page.getByLabel('Reference').fill('record-shop-3');
    await page.getByRole('checkbox', { name: 'EUR' }).check();
    await page.getByRole('button', { name: 'Create the application' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.locator('#new-email').getAttribute('aria-invalid')).toBe('true');
    // The code's text in the page's language, not the API's English detail.
    expect(await page.locator('#new-email-error').textContent()).toBe('Enter a valid email address.');
    expect(await page.getByLabel('Legal name').inputValue()).toBe('Hopper Records GmbH');
    await check(page, 'new-invalid');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByRole('button', { name: 'Create the application' }).click();
    await page.getByText(/Application app_\w+ created/).waitFor();
    const link = page.getByLabel('Onboarding link');
    expect(await link.getAttribute('readonly')).not.toBeNull();
    expect(await link.inputValue()).toMatch(/\/onboarding\?token=/);
    await check(page, 'created');
    await page.getByRole('link', { name: 'Open the application' }).click();
    await page.getByRole('heading', { level: 1, name: 'Application of Hopper Records GmbH' }).waitFor();
    const created = await server.request('GET', '/sandbox/applications?reference=record-shop-3', { token: await platform.token() });
    expect(created.body.data.map((application: { status: string }) => application.status)).toEqual(['initiated']);

    await page.getByRole('link', { name: 'Merchant accounts' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Merchant accounts' }).waitFor();
    expect(await page.locator('table.list tbody tr').count()).toBe(3);
    await check(page, 'accounts');

    expect(problems).toEqual([]);
    expect([...origins]).toEqual([server.url]);
    await context.close();
  }, 180_000);

  it('shows the applications and an application in German to a viewer, without the controls', async () => {
    const { page, context, problems } = await visit('de-DE');
    await signInThroughSetupLink(page, server, platform.platformId, 'viewer', 'finanzen@bandcamp.example');
    await openArea(page, 'Händler');
    await page.getByRole('heading', { level: 1, name: 'Händler' }).waitFor();
    expect(await page.getByRole('link', { name: 'Neuer Antrag' }).count()).toBe(0);
    await check(page, 'list-de');
    await page.goto(`${server.url}/dashboard/merchants/applications/${applicationId}`);
    await page.getByRole('heading', { level: 2, name: 'Vertreter' }).waitFor();
    expect(await page.getByRole('button', { name: 'Neuen Onboarding-Link ausstellen' }).count()).toBe(0);
    await check(page, 'application-de');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
