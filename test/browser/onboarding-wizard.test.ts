import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { PDF } from '../helpers/documents.js';
import { step, submitApplication, uploadOnboardingDocument, type StartedApplication } from '../helpers/onboarding.js';
import { brandPlatform, DESKTOP, expectClean as expectCleanVisit, expectNoSeriousAxeViolations, launchChromium, openVisit, PHONE_390, SCREENSHOTS, shoot as shootBoth, type Visit } from '../helpers/browser.js';

/**
 * The hosted onboarding wizard clicked through in Debian's Chromium: a German company and a
 * Spanish sole trader from the onboarding link to the submitted application (checked through the
 * platform API), with uploads, corrected errors, a representative changed, edits from the review
 * and a reload on the way; then the page of an expired and of a replaced link. Every step is
 * photographed on a phone (390×844) and a desktop into test-results/screenshots/, and the walks' steps
 * are checked with axe-core (no serious or critical violation) on both.
 */
const PLATFORM_SITE = 'https://platform.example/onboarded';
const PRIMARY = '#7c3aed';

let server: TestServer;
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  await brandPlatform(server, platform, { name: 'Marktplatz Nord', primary: PRIMARY, secondary: '#1f2937' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A PNG of a card-like picture; noise in the photo makes it large enough for the upload to show progress. */
function cardPng(width = 360, height = 228, seed = 7): Buffer {
  const rows: Buffer[] = [];
  let random = seed;
  const noise = () => {
    random = (random * 1_103_515_245 + 12_345) & 0x7fffffff;
    return random & 0xff;
  };
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const photo = x > 20 && x < 120 && y > 40 && y < 180;
      const line = x > 140 && x < 330 && [60, 90, 120, 150].some((top) => y > top && y < top + 10);
      const header = y < 28;
      const [r, g, b] = photo ? [120 + (noise() >> 2), 110 + (noise() >> 2), 150 + (noise() >> 2)] : line ? [71, 85, 105] : header ? [124, 58, 237] : [226, 232, 240];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 0 })), chunk('IEND', Buffer.alloc(0))]);
}

async function newApplication(body: Record<string, unknown>): Promise<{ id: string; url: string }> {
  const response = await server.request('POST', '/sandbox/applications', {
    token: await platform.token(),
    body: { integration: { type: 'hosted' }, urls: { redirect: PLATFORM_SITE }, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return { id: response.body.id, url: response.body._links.onboarding.href };
}

const visit = (url: string, locale = 'en-US') => openVisit(browser, url, { locale, returnSite: PLATFORM_SITE, viewport: PHONE_390 });
const shoot = (page: Page, name: string) => shootBoth(page, `onboarding-${name}`);
/** Photographs the step and checks it with axe-core on the phone and on the desktop (which shows the list of steps). */
async function check(page: Page, name: string): Promise<void> {
  await shoot(page, name);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize(PHONE_390);
}

/** The error line of a field ends above the divider of the step's buttons. */
async function expectAboveActions(page: Page, selector: string): Promise<void> {
  const error = await page.locator(selector).boundingBox();
  const actions = await page.locator('.step .actions').boundingBox();
  expect(error && actions && error.y + error.height <= actions.y, `${selector} ends above the buttons`).toBe(true);
}
const expectClean = (visited: Visit) => expectCleanVisit(visited, server);

async function heading(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.locator('h1').textContent()).toBe(text);
}

async function applicationStatus(id: string): Promise<string> {
  const response = await server.request('GET', `/sandbox/applications/${id}`, { token: await platform.token() });
  expect(response.status).toBe(200);
  return response.body.status;
}

function bornYearsAgo(years: number, days = 0): string {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days)).toISOString().slice(0, 10);
}

async function upload(page: Page, id: string, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.locator(`#${id}`).setInputFiles({ name, mimeType, buffer });
  await page.locator(`#${id}-done`).waitFor();
  await expect.poll(() => page.locator(`#${id}-done .filename`).textContent()).toBe(name);
}

describe('hosted onboarding wizard in the browser', () => {
  it('onboards a German GmbH: uploads, a corrected VAT number and postcode, categories searched in German, a representative changed, edits from the review, submit (German)', async () => {
    const application = await newApplication({
      applicant: { email: 'jana.becker@brotzeit.example', first_name: 'Jana', last_name: 'Becker' },
      language: 'de',
      reference: 'brotzeit-1',
      business: { profile: { legal_name: 'Brotzeit Bäckerei GmbH', registered_address: { line1: 'Leopoldstraße', number: 42, zip: '80802', town_city: 'München', country: 'DE' } } },
    });
    const visited = await visit(application.url, 'en-US');
    const { page } = visited;

    const shell = await page.request.get(application.url);
    expect(shell.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(shell.headers()['content-security-policy']).toContain("connect-src 'self'");
    expect(shell.headers()['content-security-policy']).not.toContain('unsafe-inline');
    expect(await shell.text()).not.toMatch(/<script>|<style>| style=/);

    // 1. About you
    await heading(page, 'Angaben zu Ihrer Person');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.locator('#brand-name').textContent()).toBe('Marktplatz Nord');
    expect(await page.locator('#continue').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(124, 58, 237)');
    expect(await page.locator('#a-first_name').inputValue()).toBe('Jana');
    for (const id of ['a-first_name', 'a-last_name', 'a-email', 'a-date_of_birth', 'a-gender', 'a-nationality']) expect(await page.locator(`label[for=${id}]`).count()).toBe(1);
    expect(await page.locator('#a-email').getAttribute('autocomplete')).toBe('email');
    await check(page, 'de-01-applicant');
    await page.locator('#continue').click();
    expect(await page.locator('#a-date_of_birth-error').textContent()).toBe('Dieses Feld ist erforderlich.');
    expect(await page.locator('#a-roles-error').textContent()).toBe('Bitte wählen Sie mindestens eine Rolle.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('a-date_of_birth');
    await page.getByLabel('Geburtsdatum').fill('1986-03-09');
    await page.getByLabel('Geschlecht').selectOption('female');
    await page.getByLabel('Staatsangehörigkeit').selectOption('DE');
    await page.getByLabel('Geschäftsführer/in').check();
    await page.getByLabel('Inhaber/in').check();
    await page.getByLabel('Nein', { exact: true }).check();
    await page.locator('#continue').click();

    // 2. Identity document: front with progress and preview, back as a PDF, one upload removed and redone
    await heading(page, 'Bestätigen Sie Ihre Identität');
    expect(new URL(page.url()).hash).toBe('#identity');
    expect(await page.getByLabel('Personalausweis').isChecked()).toBe(true);
    await check(page, 'de-02-identity');
    // Neither side uploaded: both are flagged, each message above the divider of the buttons.
    await page.locator('#continue').click();
    expect(await page.locator('#doc-front-error').textContent()).toBe('Bitte laden Sie dieses Dokument hoch.');
    expect(await page.locator('#doc-back-error').textContent()).toBe('Bitte laden Sie dieses Dokument hoch.');
    expect(await page.locator('#doc-back').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('doc-front');
    for (const side of ['front', 'back']) await expectAboveActions(page, `#doc-${side}-error`);
    await check(page, 'de-02b-identity-missing');
    const cdp = await visited.context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 96 * 1024 });
    await page.locator('#doc-front').setInputFiles({ name: 'ausweis-vorne.png', mimeType: 'image/png', buffer: cardPng() });
    await page.locator('#doc-front-progress').waitFor();
    await shoot(page, 'de-03-identity-uploading');
    await page.locator('#doc-front-done').waitFor({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(() => page.locator('#doc-front-slot img').count()).toBe(1);
    await page.locator('#doc-back').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an identity document') });
    expect(await page.locator('#doc-back-error').textContent()).toBe('Dieser Dateityp wird nicht unterstützt. Bitte JPEG, PNG oder PDF hochladen.');
    await expectAboveActions(page, '#doc-back-error');
    await check(page, 'de-03b-identity-wrong-type');
    await upload(page, 'doc-back', 'ausweis-rueckseite.pdf', 'application/pdf', PDF);
    await page.getByRole('button', { name: 'Vorderseite: ausweis-vorne.png entfernen' }).click();
    await page.locator('#doc-front + .dropzone').waitFor();
    await page.locator('#continue').click();
    expect(await page.locator('#doc-front-error').textContent()).toBe('Bitte laden Sie dieses Dokument hoch.');
    await upload(page, 'doc-front', 'ausweis-vorne.png', 'image/png', cardPng(360, 228, 11));
    await check(page, 'de-04-identity-uploaded');
    await page.locator('#continue').click();

    // 3. Business type from the reference data of Germany
    await heading(page, 'Welche Art von Unternehmen führen Sie?');
    expect(await page.getByLabel('Land der Eintragung').inputValue()).toBe('DE');
    // Nothing chosen for the merchant: no type, and no legal form until one is picked.
    expect(await page.locator('input[name=type]:checked').count()).toBe(0);
    expect(await page.locator('#bt-structure').count()).toBe(0);
    await page.getByLabel(/Kapital- oder Personengesellschaft/).check();
    expect(await page.locator('#bt-structure option').allTextContents()).toContain('GmbH (Gesellschaft mit beschränkter Haftung)');
    expect(await page.getByLabel('Rechtsform').inputValue()).toBe('');
    await page.locator('#continue').click();
    expect(await page.locator('#bt-structure-error').textContent()).toBe('Dieses Feld ist erforderlich.');
    await page.getByLabel('Rechtsform').selectOption('gmbh');
    await check(page, 'de-05-business-type');
    await page.locator('#continue').click();

    // 4. Business details: the fields of a GmbH (HRB number, register court, VAT); a bare register number taken as HRB, a VAT number and a postcode corrected
    await heading(page, 'Angaben zu Ihrem Unternehmen');
    expect(await page.getByLabel('Firmenname laut Register').inputValue()).toBe('Brotzeit Bäckerei GmbH');
    expect(await page.locator('#bp-registration_number').isVisible()).toBe(true);
    expect(await page.locator('label[for=bp-registration_number]').textContent()).toBe('Registernummer (HRB)');
    expect(await page.locator('#bp-district_court_code').isVisible()).toBe(true);
    expect(await page.getByLabel('Straße').inputValue()).toBe('Leopoldstraße');
    await page.locator('#bp-registration_number').fill('12345');
    await page.getByLabel('Registergericht').selectOption('DE-AG-MUENCHEN');
    await page.getByLabel(/USt-IdNr/).fill('de 123456789'); // the format of a German VAT number, not its check digit
    await page.locator('#bp-zip').fill('8080');
    // The categories in German, found without their accents and in any case
    const category = page.getByRole('combobox', { name: 'Branche' });
    await category.pressSequentially('Kleidung');
    await page.getByRole('option', { name: '5691 · Damen- und Herrenbekleidung' }).waitFor();
    const clothing = await page.locator('#bp-mcc-list li').allTextContents();
    expect(clothing).toContain('5641 · Kinder- und Babybekleidung');
    expect(clothing.filter((option) => !/kleidung/i.test(option))).toEqual([]);
    await check(page, 'de-06a-business-profile-search-clothing');
    await category.fill('');
    await category.pressSequentially('backer');
    await page.getByRole('option', { name: '5462 · Bäckereien' }).waitFor();
    expect(await page.locator('#bp-mcc').getAttribute('aria-expanded')).toBe('true');
    await check(page, 'de-06b-business-profile-search');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.locator('#bp-mcc').inputValue()).toBe('5462 · Bäckereien');
    await page.getByLabel('Website').fill('brotzeit.example');
    expect(await page.getByLabel('Ländervorwahl').inputValue()).toBe('DE');
    await page.getByLabel(/Telefonnummer/).fill('089 12345678');
    await page.locator('#continue').click();
    await expect.poll(() => page.locator('#bp-vat_number-error').textContent()).toBe('Diese USt-IdNr. ist ungültig: Die Prüfziffer stimmt nicht. Bitte prüfen Sie sie auf Tippfehler.');
    expect(await page.locator('#bp-zip-error').textContent()).toBe('Diese Postleitzahl gibt es in diesem Land nicht.');
    expect(await page.locator('#bp-registration_number').getAttribute('aria-invalid')).not.toBe('true');
    expect(await page.locator('#bp-vat_number').getAttribute('aria-invalid')).toBe('true');
    await check(page, 'de-06c-business-profile-error');
    await page.getByLabel(/USt-IdNr/).fill('de 136695976');
    await page.locator('#bp-zip').fill('80802');
    await page.locator('#continue').click();

    // 5. Company documents; a reload and a new visit from the link both resume here
    await heading(page, 'Unternehmensdokumente');
    await page.reload();
    await heading(page, 'Unternehmensdokumente');
    const again = await visit(application.url, 'en-US');
    await heading(again.page, 'Unternehmensdokumente');
    expect(new URL(again.page.url()).hash).toBe('#company-documents');
    await again.context.close();
    await page.locator('#continue').click();
    expect(await page.locator('#doc-company_registration-error').textContent()).toBe('Bitte laden Sie dieses Dokument hoch.');
    await expectAboveActions(page, '#doc-company_registration-error');
    await check(page, 'de-07a-company-documents-missing');
    await upload(page, 'doc-company_registration', 'handelsregisterauszug.pdf', 'application/pdf', PDF);
    await check(page, 'de-07-company-documents');
    await page.locator('#continue').click();

    // 6. Representatives: the applicant, another person added and removed
    await heading(page, 'Wer vertritt das Unternehmen?');
    await page.locator('#continue').click();
    expect(await page.locator('.step .alert').textContent()).toBe('Bitte fügen Sie mindestens eine Person hinzu.');
    await page.getByRole('button', { name: 'Meine Angaben übernehmen' }).click();
    expect(await page.locator('#r-first_name').inputValue()).toBe('Jana');
    await page.getByRole('button', { name: 'Person hinzufügen' }).click();
    await page.locator('#people li').first().waitFor();
    await page.getByRole('button', { name: 'Weitere Person hinzufügen' }).click();
    await page.locator('#r-first_name').fill('Tobias');
    await page.locator('#r-last_name').fill('Wagner');
    await page.locator('#r-email').fill('tobias.wagner@brotzeit.example');
    await page.locator('#r-date_of_birth').fill(bornYearsAgo(15));
    await page.locator('#r-roles').check();
    await page.locator('#r-pep').check();
    await page.getByRole('button', { name: 'Person hinzufügen' }).click();
    expect(await page.locator('#r-date_of_birth-error').textContent()).toBe('Die Person muss mindestens 16 Jahre alt sein.');
    await page.locator('#r-date_of_birth').fill('1979-11-30');
    await page.getByRole('button', { name: 'Person hinzufügen' }).click();
    await expect.poll(() => page.locator('#people li').count()).toBe(2);
    await check(page, 'de-08-representatives');
    // Tobias's details changed through the API's PUT, then he is removed.
    await page.getByRole('button', { name: 'Tobias Wagner ändern' }).click();
    await heading(page, 'Wer vertritt das Unternehmen?');
    expect(await page.locator('#representative-form-title').textContent()).toBe('Angaben von Tobias Wagner ändern');
    expect(await page.locator('#r-email').inputValue()).toBe('tobias.wagner@brotzeit.example');
    expect(await page.locator('#r-date_of_birth').inputValue()).toBe('1979-11-30');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('r-first_name');
    await page.locator('#r-last_name').fill('Wagner-Lindt');
    await page.locator('#r-nationality').selectOption('AT');
    await check(page, 'de-08b-representative-edit');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect.poll(() => page.locator('#people').textContent()).toContain('Tobias Wagner-Lindt');
    expect(await page.locator('#people li').count()).toBe(2);
    expect(await page.locator('#representative-form').isHidden()).toBe(true);
    const stored = await server.request('GET', '/smo/application', { token: new URL(application.url).searchParams.get('token')! });
    expect(stored.body.representatives[1]).toMatchObject({ first_name: 'Tobias', last_name: 'Wagner-Lindt', nationality: 'AT', email: 'tobias.wagner@brotzeit.example' });
    await page.getByRole('button', { name: 'Tobias Wagner-Lindt entfernen' }).click();
    await expect.poll(() => page.locator('#people li').count()).toBe(1);
    expect(await page.locator('#people').textContent()).toContain('Jana Becker');
    await page.locator('#continue').click();

    // 7. Payout account
    await heading(page, 'Wohin sollen wir Ihr Geld überweisen?');
    expect(await page.getByLabel('Kontoinhaber/in').inputValue()).toBe('Brotzeit Bäckerei GmbH');
    await page.getByLabel('IBAN').fill('de89370400440532013000');
    await page.getByLabel('Kontoinhaber/in').focus();
    expect(await page.getByLabel('IBAN').inputValue()).toBe('DE89 3704 0044 0532 0130 00');
    await check(page, 'de-09-payout');
    await page.locator('#continue').click();

    // 8. Review: everything that is submitted, the IBAN masked
    await heading(page, 'Prüfen Sie Ihre Angaben');
    const review = await page.locator('#review-form').innerText();
    for (const text of [
      'Jana Becker', 'Weiblich', 'Brotzeit Bäckerei GmbH', 'HRB 12345', 'Amtsgericht München', 'DE136695976', '5462 · Bäckereien', 'https://brotzeit.example',
      '+49 089 12345678', 'E-Mail-Adresse: jana.becker@brotzeit.example', 'Geburtsdatum: 9. März 1986', 'Staatsangehörigkeit: Deutschland',
      'Rolle im Unternehmen: Inhaber/in, Geschäftsführer/in', 'Politisch exponierte Person: Nein', 'DE89 •••• 3000', 'handelsregisterauszug.pdf', 'GmbH (Gesellschaft mit beschränkter Haftung)',
    ]) {
      expect(review).toContain(text);
    }
    expect(review).not.toContain('3704 0044');
    await check(page, 'de-10-review');

    // "Ändern" returns to the review once the step is saved
    await page.getByRole('button', { name: 'Unternehmensdaten ändern' }).click();
    await heading(page, 'Angaben zu Ihrem Unternehmen');
    expect(await page.locator('#continue').textContent()).toBe('Speichern und zur Übersicht');
    expect(await page.locator('#back').textContent()).toBe('Zurück zur Übersicht');
    await page.getByLabel('Website').fill('https://brotzeit-baeckerei.example');
    await check(page, 'de-10b-edit-from-review');
    await page.locator('#continue').click();
    await heading(page, 'Prüfen Sie Ihre Angaben');
    expect(await page.locator('#review-form').innerText()).toContain('https://brotzeit-baeckerei.example');
    // Back from a step opened by "Ändern" leads to the review, nothing saved
    await page.getByRole('button', { name: 'Ausweisdokument ändern' }).click();
    await heading(page, 'Bestätigen Sie Ihre Identität');
    await page.getByRole('button', { name: 'Zurück zur Übersicht' }).click();
    await heading(page, 'Prüfen Sie Ihre Angaben');
    await page.getByRole('button', { name: 'Vertretungsberechtigte ändern' }).click();
    await heading(page, 'Wer vertritt das Unternehmen?');
    await page.getByRole('button', { name: 'Speichern und zur Übersicht' }).click();
    await heading(page, 'Prüfen Sie Ihre Angaben');
    // The payout step shows the saved IBAN masked; saved unchanged, it keeps the account
    await page.getByRole('button', { name: 'Auszahlungskonto ändern' }).click();
    await heading(page, 'Wohin sollen wir Ihr Geld überweisen?');
    expect(await page.getByLabel('IBAN').inputValue()).toBe('DE89 •••• 3000');
    await page.locator('#continue').click();
    await heading(page, 'Prüfen Sie Ihre Angaben');
    expect(await page.locator('#review-form').innerText()).toContain('DE89 •••• 3000');
    expect(await page.locator('#continue').textContent()).toBe('Antrag absenden');
    expect(await applicationStatus(application.id)).toBe('in_progress');
    await page.getByRole('button', { name: 'Antrag absenden' }).click();
    await page.locator('#message[data-state=success]').waitFor();
    await heading(page, 'Antrag abgeschickt');
    await check(page, 'de-11-submitted');
    expect(await applicationStatus(application.id)).toBe('submitted');
    await page.locator('#redirect').click();
    await page.waitForURL(PLATFORM_SITE);

    const after = await visit(application.url, 'en-US');
    await after.page.locator('#message[data-state=success]').waitFor();
    expect(await after.page.locator('#redirect').getAttribute('href')).toBe(PLATFORM_SITE);
    await expectClean(after);
    await expectClean(visited);
  });

  it('onboards a Spanish sole trader: an age and an IBAN error corrected, categories searched in Spanish, a reload mid-way, submit (Spanish)', async () => {
    const application = await newApplication({
      applicant: { email: 'lucia@tapas.example', first_name: 'Lucía', last_name: 'Fernández' },
      language: 'es',
      reference: 'tapas-7',
    });
    const visited = await visit(application.url, 'de-DE');
    const { page } = visited;

    await heading(page, 'Háblenos de usted');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByLabel('Fecha de nacimiento').fill(bornYearsAgo(16, 1));
    await page.getByLabel('Sexo').selectOption('female');
    await page.getByLabel('Nacionalidad').selectOption('ES');
    await page.getByLabel('Propietario/a').check();
    await page.getByLabel('No', { exact: true }).check();
    await page.locator('#continue').click();
    expect(await page.locator('#a-date_of_birth-error').textContent()).toBe('La persona debe tener al menos 16 años.');
    await check(page, 'es-01-applicant-error');
    await page.getByLabel('Fecha de nacimiento').fill(bornYearsAgo(16));
    await page.locator('#continue').click();

    await heading(page, 'Verifique su identidad');
    // The focus moves to the new step's heading; the keyboard goes on from there, through the radio group.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('step-title');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('identity-type');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Pasaporte').isChecked()).toBe(true);
    expect(await page.locator('#doc-back').count()).toBe(0);
    await upload(page, 'doc-front', 'pasaporte.png', 'image/png', cardPng(360, 228, 3));
    await check(page, 'es-02-identity');
    await page.locator('#continue').click();

    await heading(page, '¿Qué tipo de negocio tiene?');
    await page.getByLabel('País de registro').selectOption('ES');
    await page.getByLabel(/Autónomo/).check();
    expect(await page.getByLabel('Forma jurídica').inputValue()).toBe('sole_trader');
    expect(await page.locator('#bt-structure option:checked').textContent()).toBe('Empresario individual (autónomo)');
    await check(page, 'es-03-business-type');
    await page.locator('#continue').click();

    await heading(page, 'Háblenos de su negocio');
    expect(await page.locator('#bp-district_court_code').count()).toBe(0);
    expect(await page.locator('label[for=bp-registration_number]').textContent()).toBe('Número de registro (opcional)');
    await page.reload();
    await heading(page, 'Háblenos de su negocio');
    await page.getByLabel('Razón social').fill('Lucía Fernández');
    await page.getByLabel('Nombre comercial (opcional)').fill('Tapas Lucía');
    await page.getByLabel('Calle').fill('Calle Mayor');
    await page.getByLabel('N.º').fill('12');
    await page.getByLabel('Código postal').fill('28013');
    await page.getByLabel('Localidad').fill('Madrid');
    await page.getByLabel('País', { exact: true }).selectOption('ES');
    const category = page.getByRole('combobox', { name: 'Sector' });
    await category.pressSequentially('ROPA');
    await page.getByRole('option', { name: '5691 · Ropa de mujer y de hombre' }).waitFor();
    await category.fill('');
    await category.pressSequentially('comida rapida');
    expect(await page.locator('#bp-mcc-list li').allTextContents()).toEqual(['5814 · Restaurantes de comida rápida']);
    await category.fill('');
    await category.pressSequentially('restaurante');
    await check(page, 'es-04a-business-profile-search');
    await page.getByRole('option', { name: '5812 · Restaurantes', exact: true }).click();
    expect(await category.inputValue()).toBe('5812 · Restaurantes');
    await page.getByLabel('Sitio web').fill('https://tapas.example');
    await page.getByLabel(/Teléfono/).fill('612 345 678');
    await check(page, 'es-04-business-profile');
    await page.locator('#continue').click();

    await heading(page, 'Documentos de la empresa');
    expect(await page.locator('.optional').count()).toBe(2);
    await check(page, 'es-05-company-documents');
    await page.locator('#continue').click();

    await heading(page, '¿Quién representa al negocio?');
    expect(await page.locator('#representative-form').isHidden()).toBe(true);
    await check(page, 'es-06-representatives');
    await page.locator('#continue').click();

    await heading(page, '¿Dónde le enviamos su dinero?');
    await page.getByLabel('IBAN').fill('ES91 2100 0418 4502 0005 1333');
    await page.locator('#continue').click();
    expect(await page.locator('#p-iban-error').textContent()).toBe('Este IBAN no es válido. Compruebe que no haya errores.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('p-iban');
    await check(page, 'es-07-payout-error');
    await page.getByLabel('IBAN').fill('ES91 2100 0418 4502 0005 1332');
    await page.locator('#continue').click();

    await heading(page, 'Revise sus datos');
    const review = await page.locator('#review-form').textContent();
    for (const text of ['Lucía Fernández', 'Tapas Lucía', 'Calle Mayor 12', '28013 Madrid', '5812 · Restaurantes', '+34 612 345 678', 'pasaporte.png', 'ES91 •••• 1332', 'Nadie aparte del solicitante']) {
      expect(review).toContain(text);
    }
    await check(page, 'es-08-review');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await heading(page, 'Solicitud enviada');
    expect(await page.locator('#redirect').textContent()).toBe('Volver a Marktplatz Nord');
    await check(page, 'es-09-submitted');
    expect(await applicationStatus(application.id)).toBe('submitted');
    await expectClean(visited);
  });

  it('reopens an application the checks asked more of: a notice on every step until it is submitted again (English)', async () => {
    const applicant = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Actionrequired' };
    const application = await newApplication({ applicant, language: 'en' });
    await submitApplication(server, { id: application.id, merchantId: '', token: new URL(application.url).searchParams.get('token')! }, applicant);
    const decided = await server.request('POST', `/sandbox/simulations/applications/${application.id}/decision`, { token: await platform.token(), body: { outcome: 'action_required' } });
    expect(decided.status, decided.text).toBe(200);

    const visited = await visit(application.url);
    const { page } = visited;
    await heading(page, 'Verify your identity'); // the one step the walk through the API left open
    expect(await page.locator('#action-required').textContent()).toContain('we need more information');
    await shoot(page, 'action-required-identity');
    await page.getByLabel('Passport').check();
    await upload(page, 'doc-front', 'passport.png', 'image/png', cardPng(360, 228, 5));
    for (const title of ['What kind of business do you run?', 'Tell us about your business', 'Company documents', 'Who represents the business?', 'Where should we send your money?', 'Check your details']) {
      await page.locator('#continue').click();
      await heading(page, title);
      expect(await page.locator('#action-required').isVisible(), title).toBe(true);
      // A German Einzelunternehmen is in no register: nobody asks for its name "as in the register".
      if (title === 'Tell us about your business') {
        expect(await page.locator('label[for=bp-legal_name]').textContent()).toBe('Name of the business');
        expect(await page.locator('#bp-registration_number').count()).toBe(0);
        expect(await page.locator('.lead').textContent()).not.toContain('as they appear in official registers');
        await shoot(page, 'action-required-sole-trader-profile');
      }
    }
    await shoot(page, 'action-required-review');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await heading(page, 'Application submitted');
    expect(await applicationStatus(application.id)).toBe('submitted');
    await expectClean(visited);
  });

  /** A sole trader whose steps up to the representatives were taken through the API: the link opens on the representatives step. */
  async function atRepresentatives(): Promise<{ url: string; started: StartedApplication }> {
    const applicant = { email: 'pia@werkstatt.example', first_name: 'Pia', last_name: 'Schmid' };
    const application = await newApplication({ applicant, language: 'en' });
    const started = { id: application.id, merchantId: '', token: new URL(application.url).searchParams.get('token')! };
    const steps: [string, string, unknown][] = [
      ['POST', '/confirm-applicant', applicant],
      ['PATCH', '/applicant', { nationality: 'DE', gender: 'female', date_of_birth: '1984-05-17', pep: false, roles: ['owner'] }],
      ['POST', '/business-type', { type: 'individual_sole_trader', country_code: 'DE' }],
      ['PUT', '/business-profile', { legal_name: 'Pia Schmid', registered_address: { line1: 'Leopoldstraße', number: 3, zip: '80802', town_city: 'München', country: 'DE' }, mcc: '5734', website: 'https://werkstatt.example' }],
    ];
    for (const [method, path, body] of steps) {
      const response = await step(server, started, method, path, body);
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(200);
    }
    await uploadOnboardingDocument(server, started, { type: 'passport', side: 'front', file: { bytes: cardPng(360, 228, 13), filename: 'passport.png', contentType: 'image/png' } });
    return { url: application.url, started };
  }

  async function fillPerson(page: Page, person: { first: string; last: string; email: string; born: string }): Promise<void> {
    await page.locator('#r-first_name').fill(person.first);
    await page.locator('#r-last_name').fill(person.last);
    await page.locator('#r-email').fill(person.email);
    await page.locator('#r-date_of_birth').fill(person.born);
    await page.locator('#r-roles').check();
  }

  const pep = (page: Page, answer: 'Yes' | 'No') => page.locator('#representative-form').getByLabel(answer, { exact: true }).check();

  it.each([
    ['phone', PHONE_390],
    ['desktop', DESKTOP],
  ])('adds a representative whatever the PEP answer went through: errors under Yes, then No and fixed; No, Yes, No; Yes described, then No (%s)', async (name, viewport) => {
    const { url, started } = await atRepresentatives();
    const visited = await openVisit(browser, url, { locale: 'en-GB', returnSite: PLATFORM_SITE, viewport });
    const { page } = visited;
    await heading(page, 'Who represents the business?');
    const shootHere = (shot: string) => page.screenshot({ path: path.join(SCREENSHOTS, `onboarding-pep-${name}-${shot}.png`), fullPage: true });

    // Yes, no description and too young: both flagged; then No, and the age fixed: the person is added.
    await page.locator('#show-representative-form').click();
    await fillPerson(page, { first: 'Tom', last: 'Berger', email: 'tom@werkstatt.example', born: bornYearsAgo(15) });
    await pep(page, 'Yes');
    await page.getByRole('button', { name: 'Add person' }).click();
    expect(await page.locator('#r-pep_description-error').textContent()).toBe('This field is required.');
    expect(await page.locator('#r-date_of_birth-error').textContent()).toBe('The person must be at least 16 years old.');
    await shootHere('1-yes-errors');
    await pep(page, 'No');
    expect(await page.locator('#r-pep_description-field').isHidden()).toBe(true);
    await page.locator('#r-date_of_birth').fill('1990-02-14');
    await shootHere('2-no-fixed');
    await page.getByRole('button', { name: 'Add person' }).click();
    await expect.poll(() => page.locator('#people li').count()).toBe(1);
    await shootHere('3-added');

    // No, Yes, No: nothing asked for a description that is not shown.
    await page.locator('#show-representative-form').click();
    await fillPerson(page, { first: 'Ines', last: 'Vogel', email: 'ines@werkstatt.example', born: '1975-09-01' });
    await pep(page, 'No');
    await pep(page, 'Yes');
    await pep(page, 'No');
    await page.getByRole('button', { name: 'Add person' }).click();
    await expect.poll(() => page.locator('#people li').count()).toBe(2);

    // Yes with a description, then No: added as not exposed, the description not sent.
    await page.locator('#show-representative-form').click();
    await fillPerson(page, { first: 'Kai', last: 'Roth', email: 'kai@werkstatt.example', born: '1968-12-24' });
    await pep(page, 'Yes');
    await page.locator('#r-pep_description').fill('Mayor of a town until 2019');
    await pep(page, 'No');
    await page.getByRole('button', { name: 'Add person' }).click();
    await expect.poll(() => page.locator('#people li').count()).toBe(3);
    await shootHere('4-three-added');
    const peps = async () => {
      const stored = await step(server, started, 'GET', '');
      return stored.body.representatives.map((person: { first_name: string; pep: boolean; pep_description?: string }) => [person.first_name, person.pep, person.pep_description]);
    };
    expect(await peps()).toEqual([['Tom', false, undefined], ['Ines', false, undefined], ['Kai', false, undefined]]);

    // Changed to Yes with a description, then opened again (the description shown) and back to No.
    await page.getByRole('button', { name: 'Edit Kai Roth' }).click();
    expect(await page.locator('#r-pep_description-field').isHidden()).toBe(true);
    await pep(page, 'Yes');
    await page.locator('#r-pep_description').fill('Member of a city council');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(peps).toEqual([['Tom', false, undefined], ['Ines', false, undefined], ['Kai', true, 'Member of a city council']]);
    await page.getByRole('button', { name: 'Edit Kai Roth' }).click();
    expect(await page.locator('#r-pep_description-field').isVisible()).toBe(true);
    expect(await page.locator('#r-pep_description').inputValue()).toBe('Member of a city council');
    await shootHere('5-edit-pep');
    await pep(page, 'No');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(peps).toEqual([['Tom', false, undefined], ['Ines', false, undefined], ['Kai', false, undefined]]);
    await expectClean(visited);
  });

  it('tells the merchant to ask for a new link when the link was replaced or expired', async () => {
    const application = await newApplication({ applicant: { email: 'ana@example.com', first_name: 'Ana', last_name: 'Ruiz' }, language: 'es' });
    const relinked = await server.request('POST', `/sandbox/applications/${application.id}/link`, { token: await platform.token() });
    expect(relinked.status).toBe(200);

    const replaced = await visit(application.url, 'de-DE');
    await replaced.page.locator('#message[data-state=expired]').waitFor();
    await heading(replaced.page, 'Dieser Link ist nicht mehr gültig');
    expect(await replaced.page.locator('#message').textContent()).toContain('Bitte fragen Sie die Plattform, die Ihnen den Link geschickt hat, nach einem neuen.');
    expect(await replaced.page.locator('#message').textContent()).not.toContain('gespeichert');
    await shoot(replaced.page, 'link-replaced-de');
    await expectClean(replaced);

    server.clock.advance(25 * 3600);
    try {
      const expired = await visit(relinked.body._links.onboarding.href, 'es-ES');
      await heading(expired.page, 'Este enlace ya no es válido');
      await shoot(expired.page, 'link-expired-es');
      await expectClean(expired);
    } finally {
      server.clock.advance(-25 * 3600);
    }

    const without = await visit(`${server.config.onboardingUrl}/onboarding`, 'en-GB');
    await heading(without.page, 'This link is no longer valid');
    expect(await without.page.locator('#message').textContent()).not.toMatch(/saved/);
    await check(without.page, 'link-missing-en');
    await expectClean(without);
    expect(await applicationStatus(application.id)).toBe('initiated');
  });
});
