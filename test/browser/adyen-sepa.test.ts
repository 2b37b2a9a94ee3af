import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLocalAdyen } from '../helpers/adyen/setup.js';
import { expectClean, expectNoSeriousAxeViolations, launchChromium, openVisit, PHONE_390, shoot } from '../helpers/browser.js';

/**
 * SEPA Direct Debit through Adyen clicked through in Debian's Chromium: Adyen has no account
 * verification, so the page's bank step leads to our own form, where the buyer types the account
 * (an invalid IBAN is refused in the page's language), then signs the mandate; Adyen answers
 * Received and the buyer sees the debit processing. Each step photographed and checked by axe-core.
 */
const SHOP = 'https://shop.example/return';

const started = useLocalAdyen({ apiKey: 'browser-key', merchantAccount: 'PlatformBrowser', hmacKeyHex: '0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A69788796A5B4C3D2E1F0' });
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('SEPA Direct Debit with Adyen on the payment page', () => {
  it('takes the account on our form (German), refuses an invalid IBAN, then the mandate: authorized, collected by Adyen’s AUTHORISATION', async () => {
    const { server, adyen, api } = started;
    const created = await api('POST', '/payments', {
      amount_minor: 2_990, currency: 'EUR', reference: 'abo-3', language: 'de', description: 'Monatsabo',
      payment_method: { type: 'sepa_direct_debit' }, integration: { type: 'hosted' }, urls: { redirect: SHOP },
    });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.id;
    const visited = await openVisit(browser, created.body._links.hosted_page.href, { locale: 'de-DE', returnSite: SHOP, viewport: PHONE_390 });
    const { page } = visited;

    await page.locator('#to-bank').click();
    await page.waitForURL(new RegExp(`/hpp/payments/${id}/bank-account\\?token=`));
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.locator('h1').textContent()).toBe('Ihr Bankkonto');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await page.getByLabel('Kontoinhaber').fill('Erika Mustermann');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.locator('[role=alert]').waitFor();
    expect(await page.locator('[role=alert]').textContent()).toBe('Diese IBAN ist ungültig. Bitte prüfen Sie sie auf Tippfehler.');
    expect(await page.getByLabel('IBAN').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Kontoinhaber').inputValue()).toBe('Erika Mustermann');
    await expectNoSeriousAxeViolations(page);
    await shoot(page, '40-adyen-sepa-bank-account-refused');

    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.locator('#mandate-form').waitFor();
    expect(await page.locator('#verified').textContent()).toBe('Bankkonto bestätigt: DE89\u00a0••••\u00a03000');
    await page.getByLabel('Geburtsdatum').fill('1990-04-12');
    await page.getByLabel('Geburtsort').fill('Köln');
    await page.getByLabel('Geburtsland').selectOption('DE');
    await page.getByLabel('Straße').fill('Heidestraße');
    await page.getByLabel('Hausnummer').fill('17');
    await page.getByLabel('Postleitzahl').fill('51147');
    await page.getByLabel('Ort', { exact: true }).fill('Köln');
    await page.getByLabel('Land', { exact: true }).selectOption('DE');
    await page.getByRole('button', { name: /Mandat erteilen/ }).click();
    await page.locator('#message[data-state=processing]').waitFor();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, '41-adyen-sepa-authorized');
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('authorized');

    const [sent] = adyen.requestsTo('/payments').slice(-1);
    expect((sent!.body as { paymentMethod: unknown }).paymentMethod).toEqual({ type: 'sepadirectdebit', iban: 'DE89370400440532013000', ownerName: 'Erika Mustermann' });
    const psp = (await server.app.database.db.selectFrom('payments').select('processor_reference').where('id', '=', id).executeTakeFirstOrThrow()).processor_reference!;
    expect(await adyen.notify([adyen.sepaOutcome(psp, 'collected')])).toEqual({ status: 200, body: '[accepted]' });
    await server.app.services.jobs.runDue();
    expect((await api('GET', `/payments/${id}`)).body.status).toBe('completed');
    await expectClean(visited, server);
  });
});
