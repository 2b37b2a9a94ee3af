import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { brandPlatform, DESKTOP, expectClean as expectCleanVisit, expectNoSeriousAxeViolations, launchChromium, openVisit, PHONE_390, shoot, type Visit as BrowserVisit } from '../helpers/browser.js';

/**
 * The hosted payment page clicked through in Debian's Chromium (installed by .ci/run). Each
 * scenario asserts the payment's final status through the platform API and the shop URL the buyer
 * lands on; every step is photographed on a phone (390×844) and a desktop into test-results/screenshots/
 * and checked by axe-core (no serious or critical violation).
 */
const SHOP = 'https://shop.example/return';
const PRIMARY = '#0f766e';
/** The SEPA scheme's countries (EPC): the EU, the EEA's EFTA states, Switzerland, the United Kingdom, Monaco, San Marino, the Vatican and Andorra. */
const SEPA_SCHEME_COUNTRIES = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH GB MC SM VA AD'.split(' ');

let server: TestServer;
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SUPPORTED_CURRENCIES: 'EUR,JPY' });
  platform = await server.platform();
  await brandPlatform(server, platform, { name: 'Ticketwelt', primary: PRIMARY, secondary: '#1e293b' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Visit extends BrowserVisit {
  id: string;
  url: string;
}

async function newPayment(overrides: Record<string, unknown> = {}): Promise<{ id: string; url: string }> {
  const response = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: {
      amount_minor: 4_990,
      currency: 'EUR',
      reference: 'order-42',
      description: 'Konzertkarte, Reihe 7',
      payment_method: { type: 'card' },
      integration: { type: 'hosted' },
      urls: { redirect: `${SHOP}?cart=7` },
      ...overrides,
    },
  });
  expect(response.status).toBe(201);
  return { id: response.body.id, url: response.body._links.hosted_page.href };
}

/** Opens the payment's hosted page link in a fresh phone-sized browser context. */
async function visit(payment: { id: string; url: string }, locale = 'en-US', referer?: string): Promise<Visit> {
  return { ...payment, ...(await openVisit(browser, payment.url, { locale, returnSite: SHOP, viewport: PHONE_390, ...(referer ? { referer } : {}) })) };
}

/** A step of the page: photographed on the phone and the desktop, and free of serious accessibility problems. */
async function step(page: Page, name: string): Promise<void> {
  await expectNoSeriousAxeViolations(page);
  await shoot(page, name);
}

/** The receipt's rows, term → value. */
async function receiptOf(page: Page): Promise<Record<string, string>> {
  const rows = await page.locator('#receipt > div').evaluateAll((divs) => divs.map((div) => [div.querySelector('dt')!.textContent!, div.querySelector('dd')!.textContent!]));
  return Object.fromEntries(rows);
}

async function apiStatus(id: string): Promise<string> {
  const response = await server.request('GET', `/sandbox/payments/${id}`, { token: await platform.token() });
  expect(response.status).toBe(200);
  return response.body.status;
}

async function expectShop(visit: Visit, status: string): Promise<void> {
  await visit.page.waitForURL(`${SHOP}**`);
  const landed = new URL(visit.page.url());
  expect(`${landed.origin}${landed.pathname}`).toBe(SHOP);
  expect(Object.fromEntries(landed.searchParams)).toEqual({ cart: '7', payment_id: visit.id, status });
}

const expectClean = (visited: Visit) => expectCleanVisit(visited, server);

async function fillCard(page: Page, number: string, { holder = 'Erika Mustermann', expiry = '12/34', cvc = '123' } = {}) {
  await page.locator('#card-holder').fill(holder);
  await page.locator('#card-number').fill(number);
  await page.locator('#card-expiry').fill(expiry);
  await page.locator('#card-cvc').fill(cvc);
}

/** A German card payment paid with the 3-D Secure test card, up to the simulator's challenge page. */
async function reachChallenge() {
  const payment = await newPayment({ language: 'de' });
  const visited = await visit(payment);
  const { page } = visited;
  await page.locator('#card-form').waitFor();
  await fillCard(page, '4000 0000 0000 3220');
  await page.locator('#pay').click();
  await page.waitForURL(/\/simulator\/3ds\//);
  return { payment, visited, page };
}

/** WCAG 2 contrast of two computed CSS colours (rgb() or rgba() with full alpha). */
function contrast(first: string, second: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = css.match(/[\d.]+/g)!.slice(0, 3).map((channel) => {
      const s = Number(channel) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const style = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const computed = getComputedStyle(element);
    return { color: computed.color, background: computed.backgroundColor, outlineColor: computed.outlineColor, outlineStyle: computed.outlineStyle, outlineWidth: parseFloat(computed.outlineWidth) };
  });

describe('hosted payment page in the browser', () => {
  // The light brand is the issue's: the secondary used as ink made the badge ~1:1 and the focus ring invisible.
  for (const brand of [
    { label: 'light', primary: '#f3f4f6', secondary: '#fefce8' },
    { label: 'dark', primary: '#111827', secondary: '#111827' },
    { label: 'default', primary: '#1a56db', secondary: '#f3f4f6' },
  ]) {
    it(`reads with WCAG AA contrast and a visible focus ring with a ${brand.label} brand (${brand.primary} / ${brand.secondary})`, async () => {
      await brandPlatform(server, platform, { name: 'Ticketwelt', ...brand });
      try {
        const payment = await newPayment({ language: 'en' });
        const visited = await visit(payment);
        const { page } = visited;
        await page.locator('#card-form').waitFor();
        await page.locator('#card-number').pressSequentially('4242');
        await page.locator('#scheme:has-text("Visa")').waitFor();
        const header = await style(page, '.brand');
        expect(contrast((await style(page, '#brand-name')).color, header.background)).toBeGreaterThanOrEqual(4.5);
        const pay = await style(page, '#pay');
        expect(contrast(pay.color, pay.background)).toBeGreaterThanOrEqual(4.5);
        const badge = await style(page, '#scheme');
        expect(contrast(badge.color, badge.background)).toBeGreaterThanOrEqual(4.5);
        const pageBackground = (await style(page, 'body')).background;
        expect(contrast((await style(page, '#cancel')).color, pageBackground)).toBeGreaterThanOrEqual(4.5);
        const panel = (await style(page, '.panel')).background;
        // The focused field's ring, and the keyboard's focus ring on the Pay button: ≥ 3:1 on the panel (WCAG 1.4.11, 2.4.7)
        const field = await style(page, '#card-number');
        expect(field.outlineStyle).toBe('solid');
        expect(contrast(field.outlineColor, panel)).toBeGreaterThanOrEqual(3);
        await page.locator('#card-cvc').focus();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay');
        const ring = await style(page, '#pay');
        expect(ring.outlineStyle).toBe('solid');
        expect(ring.outlineWidth).toBeGreaterThanOrEqual(2);
        expect(contrast(ring.outlineColor, panel)).toBeGreaterThanOrEqual(3);
        expect(contrast(ring.outlineColor, pageBackground)).toBeGreaterThanOrEqual(3);
        await step(page, `20-brand-${brand.label}`);
        // A wide screen puts the order summary beside the form
        await page.setViewportSize(DESKTOP);
        const [summary, form] = [await page.locator('.summary').boundingBox(), await page.locator('.panel').boundingBox()];
        expect(summary!.x + summary!.width).toBeLessThanOrEqual(form!.x);
        expect(Math.abs(summary!.y - form!.y)).toBeLessThan(80);
        await expectClean(visited);
      } finally {
        await brandPlatform(server, platform, { name: 'Ticketwelt', primary: PRIMARY, secondary: '#1e293b' });
      }
    });
  }

  it('pays by card in German, with live checks, branding and a strict CSP', async () => {
    const payment = await newPayment({ language: 'de' });
    const visited = await visit(payment, 'en-US');
    const { page } = visited;

    const shell = await page.request.get(payment.url);
    expect(shell.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(shell.headers()['content-security-policy']).not.toContain('unsafe-inline');
    expect(await shell.text()).not.toMatch(/<script>|<style>| style=/);

    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    await page.locator('#card-form').waitFor();
    expect(await page.locator('#amount').textContent()).toBe('49,90\u00a0€');
    expect(await page.locator('#description').textContent()).toBe('Konzertkarte, Reihe 7');
    expect(await page.locator('#brand-name').textContent()).toBe('Ticketwelt');
    expect(await page.locator('#pay').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(15, 118, 110)');
    expect(await page.locator('#sandbox').textContent()).toBe('Testmodus: Es wird kein echtes Geld bewegt.');
    const icon = await page.request.get(new URL((await page.locator('link[rel=icon]').getAttribute('href'))!, payment.url).href);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/svg+xml');
    for (const [id, autocomplete, inputmode] of [['card-number', 'cc-number', 'numeric'], ['card-expiry', 'cc-exp', 'numeric'], ['card-cvc', 'cc-csc', 'numeric'], ['card-holder', 'cc-name', null]] as const) {
      expect(await page.locator(`#${id}`).getAttribute('autocomplete')).toBe(autocomplete);
      expect(await page.locator(`#${id}`).getAttribute('inputmode')).toBe(inputmode);
      expect(await page.locator(`label[for=${id}]`).count()).toBe(1);
    }
    await step(page, '01-card-de-form');

    await page.locator('#card-number').pressSequentially('4242424242424241');
    expect(await page.locator('#card-number').inputValue()).toBe('4242 4242 4242 4241');
    expect(await page.locator('#scheme').textContent()).toBe('Visa');
    expect(await page.locator('#card-number-error').textContent()).toBe('Diese Kartennummer ist ungültig.');
    await page.locator('#card-expiry').pressSequentially('1320');
    await page.locator('#card-cvc').pressSequentially('12');
    await page.locator('#pay').click();
    expect(await page.locator('#card-expiry-error').textContent()).toBe('Bitte ein gültiges, zukünftiges Ablaufdatum eingeben.');
    expect(await page.locator('#card-cvc-error').textContent()).toBe('Bitte die 3-stellige Prüfnummer eingeben.');
    expect(await page.locator('#card-holder-error').textContent()).toBe('Bitte den Namen auf der Karte eingeben.');
    await step(page, '02-card-de-errors');
    expect(await apiStatus(payment.id)).toBe('started');

    await page.locator('#card-number').fill('');
    await page.locator('#card-number').pressSequentially('5555555555554444');
    expect(await page.locator('#scheme').textContent()).toBe('Mastercard');
    expect(await page.locator('#card-number-error').textContent()).toBe('');
    await fillCard(page, '5555 5555 5555 4444');
    await page.locator('#pay').click();
    await page.locator('#message[data-state=success]').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Zahlung erfolgreich');
    expect(await receiptOf(page)).toEqual({ Betrag: '49,90\u00a0€', Empfänger: 'Ticketwelt', Karte: 'Mastercard •••• 4444', Zahlungsreferenz: payment.id });
    await step(page, '03-card-de-success');
    await expectShop(visited, 'captured');
    expect(await apiStatus(payment.id)).toBe('captured');
    await expectClean(visited);

    const again = await visit(payment, 'en-US');
    await again.page.locator('#message[data-state=success]').waitFor();
    expect(await again.page.locator('h1').textContent()).toBe('Bereits bezahlt');
    expect((await receiptOf(again.page))['Karte']).toBe('Mastercard •••• 4444');
    await step(again.page, '04-card-de-already-paid');
    await again.page.locator('#back').click();
    await expectShop(again, 'captured');
    await expectClean(again);
  });

  it('shows a declined card, returns to the shop, and the next payment succeeds (Spanish)', async () => {
    const declined = await newPayment({ language: 'es', amount_minor: 1_250, description: 'Entrada de concierto' });
    const first = await visit(declined, 'de-DE');
    await first.page.locator('#card-form').waitFor();
    expect(await first.page.locator('#amount').textContent()).toBe('12,50\u00a0€');
    await fillCard(first.page, '4000 0000 0000 0002');
    await first.page.locator('#pay').click();
    await first.page.locator('#message[data-state=declined]').waitFor();
    expect(await first.page.locator('#message p').first().textContent()).toBe('Su banco ha rechazado este pago (tarjeta rechazada). No se ha cobrado nada.');
    // declined is final: the next step is a new payment at the shop, with another card or method
    expect(await first.page.locator('#next').textContent()).toBe('Qué puede hacer: vuelva a Ticketwelt y pague de nuevo con otra tarjeta u otro método de pago.');
    expect(await first.page.locator('#back').textContent()).toBe('Volver a Ticketwelt');
    await step(first.page, '05-declined-es');
    await first.page.locator('#back').click();
    await expectShop(first, 'declined');
    expect(await apiStatus(declined.id)).toBe('declined');
    await expectClean(first);

    const retry = await newPayment({ language: 'es', amount_minor: 1_250, description: 'Entrada de concierto' });
    const second = await visit(retry, 'de-DE');
    await second.page.locator('#card-form').waitFor();
    await fillCard(second.page, '4242 4242 4242 4242');
    await second.page.locator('#pay').click();
    await second.page.locator('#message[data-state=success]').waitFor();
    expect(await second.page.locator('h1').textContent()).toBe('Pago realizado');
    await expectShop(second, 'captured');
    expect(await apiStatus(retry.id)).toBe('captured');
    await expectClean(second);
  });

  it('explains a decline caused by the shop\'s routing, not the bank (German)', async () => {
    // The platform keeps 0.10 and bears the whole card fee (1.4 % + 0.25): known only once the buyer picks the card.
    const merchant = await addMerchantAccount(server, platform.platformId);
    const payment = await newPayment({
      language: 'de',
      payment_method: { type: 'user_selected' },
      routing: { platform: { amount_minor: 10, processing_fee_contribution: 100 }, merchants: [{ type: 'merchant', id: merchant, amount_minor: 4_980, processing_fee_contribution: 0 }] },
    });
    const visited = await visit(payment);
    const { page } = visited;
    await page.locator('#method-form').waitFor();
    await page.getByLabel(/Karte/).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.locator('#card-form').waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await page.locator('#pay').click();
    await page.locator('#message[data-state=declined]').waitFor();
    expect(await page.locator('#message p').first().textContent()).toBe('Der Shop kann diese Zahlungsart für diese Bestellung nicht annehmen. Es wurde kein Geld abgebucht. Bitte kehren Sie zum Shop zurück.');
    await step(page, '05b-declined-routing-de');
    await page.locator('#back').click();
    await expectShop(visited, 'declined');
    expect(await apiStatus(payment.id)).toBe('declined');
    await expectClean(visited);
  });

  it('passes 3-D Secure on the simulator page and comes back captured', async () => {
    const { payment, visited, page } = await reachChallenge();
    await shoot(page, '06-3ds-challenge');
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await page.locator('#message[data-state=success]').waitFor();
    await step(page, '07-3ds-de-success');
    await expectShop(visited, 'captured');
    expect(await apiStatus(payment.id)).toBe('captured');
    await expectClean(visited);
  });

  it('fails 3-D Secure, tells the buyer, and the retry with another card succeeds (German)', async () => {
    const { payment, visited, page } = await reachChallenge();
    await page.getByRole('button', { name: 'Bestätigung ablehnen' }).click();
    await page.locator('#alert').waitFor();
    expect(await page.locator('#alert').textContent()).toBe('Die Authentifizierung bei Ihrer Bank war nicht erfolgreich. Bitte versuchen Sie es erneut.'); // card only: no other method to suggest
    expect(await apiStatus(payment.id)).toBe('authentication_failed');
    expect(await page.locator('#card-holder').inputValue()).toBe('Erika Mustermann'); // kept across the trip to the bank
    expect(await page.locator('#card-number').inputValue()).toBe(''); // never the card number
    await step(page, '08-3ds-de-failed');
    await fillCard(page, '4242 4242 4242 4242');
    await page.locator('#pay').click();
    await expectShop(visited, 'captured');
    expect(await apiStatus(payment.id)).toBe('captured');
    await expectClean(visited);
  });

  it('lets the buyer choose a method and cancel (Spanish: the browser\'s language, the payment has none)', async () => {
    const payment = await newPayment({ payment_method: { type: 'user_selected' } });
    const visited = await visit(payment, 'es-ES');
    const { page } = visited;
    await page.locator('#method-form').waitFor();
    expect(await page.locator('h1').textContent()).toBe('¿Cómo quiere pagar?');
    expect(await page.locator('.method strong').allTextContents()).toEqual(['Tarjeta', 'Adeudo directo SEPA']);
    await step(page, '09-method-choice-es');
    await page.getByLabel(/Tarjeta/).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.locator('#card-form').waitFor();
    expect(await page.locator('#switch').textContent()).toBe('Elegir otro método de pago');

    // Cancelling asks first; the buyer may keep paying, or leave for the shop with the payment left open.
    await page.locator('#cancel').click();
    const dialog = page.getByRole('dialog', { name: '¿Cancelar este pago?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('keep-paying');
    expect(await page.locator('#cancel-text').textContent()).toBe('El pago a Ticketwelt se cancelará definitivamente. No se cobrará nada.');
    await step(page, '09b-cancel-dialog-es');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('#cancel').click();
    await page.locator('#keep-paying').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await apiStatus(payment.id)).toBe('started');
    await page.locator('#cancel').click();
    await page.locator('#leave-open').click();
    await expectShop(visited, 'started');
    expect(await apiStatus(payment.id)).toBe('started');
    await expectClean(visited);

    const back = await visit(payment, 'es-ES');
    await back.page.locator('#card-form').waitFor(); // the same link still pays it
    await back.page.locator('#cancel').click();
    await back.page.locator('#confirm-cancel').click();
    await expectShop({ ...back, id: payment.id, url: payment.url }, 'canceled');
    expect(await apiStatus(payment.id)).toBe('canceled');
    await expectClean({ ...back, id: payment.id, url: payment.url });

    const again = await visit(payment, 'es-ES');
    await again.page.locator('#message[data-state=canceled]').waitFor();
    expect(await again.page.locator('h1').textContent()).toBe('Pago cancelado');
    await again.context.close();
  });

  it('explains an expired link (410), an invalid one (401) and one of no payment (404) (German browser, no payment language available)', async () => {
    const payment = await newPayment({ language: 'de' });
    server.clock.advance(3600);
    try {
      const visited = await visit(payment, 'de-DE');
      expect(visited.status).toBe(410);
      await visited.page.locator('#message[data-state=expired]').waitFor();
      expect(await visited.page.locator('h1').textContent()).toBe('Dieser Zahlungslink ist abgelaufen');
      expect(await visited.page.locator('#brand-name').textContent()).toBe('Ticketwelt'); // the token was right: branded
      expect(await visited.page.locator('#back').textContent()).toBe('Zurück zu Ticketwelt');
      await step(visited.page, '10-expired-de');
      expect(await apiStatus(payment.id)).toBe('canceled');
      await visited.page.locator('#back').click();
      await expectShop(visited, 'canceled');
      await expectClean(visited);
    } finally {
      server.clock.advance(-3600);
    }

    const other = await newPayment();
    // Without the payment's token nothing of the payment is told, not even whose it is: the way back is the browser's.
    const invalid = await visit({ id: other.id, url: other.url.replace(/token=[^&]+/, 'token=not-the-token') }, 'es-ES', `${SHOP}?cart=7`);
    expect(invalid.status).toBe(401);
    await invalid.page.locator('#message[data-state=invalid]').waitFor();
    expect(await invalid.page.locator('h1').textContent()).toBe('Este enlace de pago no es válido');
    expect(await invalid.page.locator('.brand-inner').isVisible()).toBe(false); // no empty brand bar
    expect(await invalid.page.locator('#back').textContent()).toBe('Volver');
    await step(invalid.page, '11-invalid-es');
    expect(await apiStatus(other.id)).toBe('initiated');
    await invalid.page.locator('#back').click();
    await invalid.page.waitForURL(`${SHOP}?cart=7`);
    await expectClean(invalid);

    const unknown = await visit({ id: other.id, url: other.url.replace(other.id, 'pay_01J00000000000000000000000') }, 'en-US');
    expect(unknown.status).toBe(404);
    await unknown.page.locator('#message[data-state=invalid]').waitFor();
    await expectClean(unknown);
  });

  it('pays by SEPA Direct Debit: bank verification, mandate, authorized (Spanish)', async () => {
    const payment = await newPayment({ language: 'es', payment_method: { type: 'sepa_direct_debit' }, description: 'Suscripción mensual' });
    const visited = await visit(payment);
    const { page } = visited;
    await page.locator('#to-bank').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Adeudo directo SEPA');
    await step(page, '12-sepa-es-bank-step');
    await page.locator('#to-bank').click();
    await page.waitForURL(/\/simulator\/bank/);
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('Titular de la cuenta').fill('Erika Mustermann');
    await shoot(page, '13-sepa-bank-simulator');
    await page.getByRole('button', { name: 'Confirmar la cuenta' }).click();
    await page.locator('#mandate-form').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Orden de domiciliación SEPA');
    expect(await page.locator('#legal').textContent()).toContain('usted autoriza a Ticketwelt a enviar instrucciones');
    // The verified account: its holder signs, its IBAN only masked on the page
    expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Erika');
    expect(await page.getByLabel('Apellidos').inputValue()).toBe('Mustermann');
    expect(await page.locator('#verified').textContent()).toBe('Cuenta bancaria verificada: DE89\u00a0••••\u00a03000');
    expect(await page.content()).not.toContain('0532013000');
    // What a SEPA mandate must show: the creditor's name, address and identifier, and the mandate's reference
    const details = Object.fromEntries(await page.locator('#mandate-details > div').evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent])));
    expect(details).toEqual({
      Acreedor: `Ticketwelt${server.config.sepaCreditor.address}`,
      'Identificador del acreedor': 'DE98ZZZ09999999999',
      'Referencia de la orden': `MNDT-${payment.id.slice(4)}`,
      'Cuenta bancaria': 'DE89\u00a0••••\u00a03000',
      'Titular de la cuenta': 'Erika Mustermann',
    });
    // Every country of the SEPA scheme, in both lists
    for (const list of ['#m-birth_country', '#m-country']) {
      const codes = await page.locator(`${list} option`).evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
      expect(codes).toEqual(expect.arrayContaining(SEPA_SCHEME_COUNTRIES));
    }
    // "Please choose" fits its list on the phone
    const choose = await page.locator('#m-birth_country').evaluate((select) => {
      const probe = document.createElement('span');
      probe.textContent = (select as HTMLSelectElement).options[0]!.textContent;
      probe.style.font = getComputedStyle(select).font;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      return { needed, room: select.clientWidth - parseFloat(getComputedStyle(select).paddingLeft) - parseFloat(getComputedStyle(select).paddingRight) - 24 };
    });
    expect(choose.needed).toBeLessThan(choose.room);
    await page.getByRole('button', { name: /Firmar la orden/ }).click();
    expect(await page.locator('#m-birth_date-error').textContent()).toBe('Este campo es obligatorio.');
    await step(page, '14-sepa-es-mandate');
    await page.getByLabel('Fecha de nacimiento').fill('1990-04-12');
    await page.getByLabel('Lugar de nacimiento').fill('Köln');
    await page.getByLabel('País de nacimiento').selectOption('DE');
    // What was typed survives a reload
    await page.reload();
    await page.locator('#mandate-form').waitFor();
    expect(await page.getByLabel('Lugar de nacimiento').inputValue()).toBe('Köln');
    expect(await page.getByLabel('Fecha de nacimiento').inputValue()).toBe('1990-04-12');
    expect(await page.getByLabel('País de nacimiento').inputValue()).toBe('DE');
    await page.getByLabel('Calle').fill('Heidestraße');
    await page.getByLabel('Número').fill('17');
    await page.getByLabel('Código postal').fill('5114');
    await page.getByLabel('Localidad').fill('Köln');
    await page.getByLabel('País', { exact: true }).selectOption('DE');
    // What the server refuses is said in the page's language: a signatory under 16, a German postcode of four digits
    await page.getByLabel('Fecha de nacimiento').fill(`${new Date().getUTCFullYear() - 10}-01-01`);
    await page.getByRole('button', { name: /Firmar la orden/ }).click();
    await expect.poll(() => page.locator('#m-birth_date-error').textContent()).toBe('La persona debe tener al menos 16 años.');
    expect(await page.locator('#m-zip-error').textContent()).toBe('Este código postal no es de este país.');
    await step(page, '14b-sepa-es-mandate-refused');
    await page.getByLabel('Fecha de nacimiento').fill('1990-04-12');
    await page.getByLabel('Código postal').fill('51147');
    await page.getByRole('button', { name: /Firmar la orden/ }).click();
    // The debit settles days later: processing, never "paid".
    await page.locator('#message[data-state=processing]').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Pago en proceso');
    expect(await page.locator('#message p').first().textContent()).toBe('Su orden de domiciliación ha sido aceptada. El importe se cargará en su cuenta en los próximos días. Le llevaremos de vuelta a Ticketwelt.');
    expect(await receiptOf(page)).toEqual({
      Importe: '49,90\u00a0€',
      'Pagado a': 'Ticketwelt',
      'Cuenta bancaria': 'DE89\u00a0••••\u00a03000',
      'Referencia de la orden': `MNDT-${payment.id.slice(4)}`,
      'Referencia del pago': payment.id,
    });
    await step(page, '15-sepa-es-authorized');
    await expectShop(visited, 'authorized');
    expect(await apiStatus(payment.id)).toBe('authorized');
    await expectClean(visited);
  });

  it('signs a business mandate in German: register, district court, pre-filled signatory and address', async () => {
    const customer = { first_name: 'Erika', last_name: 'Mustermann', email: 'erika@example.com', address: { line1: 'Heidestraße', number: 17, zip: '51147', town_city: 'Köln', country: 'DE' } };
    const payment = await newPayment({ language: 'de', payment_method: { type: 'sepa_direct_debit' }, description: 'Jahreslizenz', customer });
    const visited = await visit(payment);
    const { page } = visited;
    await page.locator('#to-bank').click();
    await page.waitForURL(/\/simulator\/bank/);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByLabel('IBAN').fill('DE02 1203 0000 0000 2020 51');
    await page.getByLabel('Kontoinhaber').fill('Muster GmbH');
    await page.getByLabel('Kontoart').selectOption('business');
    await shoot(page, '16-sepa-de-bank-business');
    await page.getByRole('button', { name: 'Konto bestätigen' }).click();
    await page.locator('#mandate-form').waitFor();
    expect(await page.locator('h1').textContent()).toBe('SEPA-Lastschriftmandat');
    expect(await page.getByLabel('Vorname').inputValue()).toBe('Erika');
    expect(await page.getByLabel('Nachname').inputValue()).toBe('Mustermann');
    expect(await page.getByLabel('Straße').inputValue()).toBe('Heidestraße');
    expect(await page.getByLabel('Hausnummer').inputValue()).toBe('17');
    expect(await page.getByLabel('Postleitzahl').inputValue()).toBe('51147');
    expect(await page.getByLabel('Ort').inputValue()).toBe('Köln');
    expect(await page.getByLabel('Land', { exact: true }).inputValue()).toBe('DE');
    expect(await page.locator('#legal').textContent()).toContain('Ich ermächtige Ticketwelt, Zahlungen von meinem Konto mittels Lastschrift einzuziehen');
    expect(await page.locator('#m-district_court_code').isVisible()).toBe(false);
    await page.getByLabel('Register', { exact: true }).selectOption('DeHrb');
    expect(await page.locator('#m-district_court_code').isVisible()).toBe(true);
    expect(await page.locator('#m-district_court_code option').count()).toBeGreaterThan(100);
    expect(await page.getByLabel('Firmenname').inputValue()).toBe('Muster GmbH'); // the verified account's holder
    await page.getByLabel('Firmenname').fill('');
    await page.getByRole('button', { name: /Mandat erteilen/ }).click();
    expect(await page.locator('#m-company_name-error').textContent()).toBe('Dieses Feld ist erforderlich.');
    expect(await page.locator('#m-district_court_code-error').textContent()).toBe('Dieses Feld ist erforderlich.');
    await step(page, '17-sepa-de-business-mandate');
    await page.getByLabel('Firmenname').fill('Muster GmbH');
    await page.getByLabel('Registernummer').fill('HRB 12345');
    await page.getByLabel('Amtsgericht').selectOption('DE-AG-KOELN');
    // The server's refusal in German: a postcode that Germany does not have
    await page.getByLabel('Postleitzahl').fill('5114');
    await page.getByRole('button', { name: /Mandat erteilen/ }).click();
    await expect.poll(() => page.locator('#m-zip-error').textContent()).toBe('Diese Postleitzahl gibt es in diesem Land nicht.');
    await page.getByLabel('Postleitzahl').fill('51147');
    await page.getByRole('button', { name: /Mandat erteilen/ }).click();
    await page.locator('#message[data-state=processing]').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Zahlung in Bearbeitung');
    await step(page, '18-sepa-de-business-authorized');
    await expectShop(visited, 'authorized');
    const read = await server.request('GET', `/sandbox/payments/${payment.id}`, { token: await platform.token() });
    expect(read.body.status).toBe('authorized');
    const stored = await server.app.database.db.selectFrom('payments').select('mandate').where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(stored.mandate).toMatchObject({ type: 'business', company_name: 'Muster GmbH', registration_number_code: 'DeHrb', district_court_code: 'DE-AG-KOELN', first_name: 'Erika' });
    await expectClean(visited);
  });

  it('is usable with the keyboard alone: method choice, card form and submit (Spanish)', async () => {
    const payment = await newPayment({ language: 'es', payment_method: { type: 'user_selected' }, customer: { first_name: 'Erika', last_name: 'Mustermann' } });
    const visited = await visit(payment);
    const { page } = visited;
    const focused = () => page.evaluate(() => document.activeElement?.id || `${document.activeElement?.tagName}:${(document.activeElement as HTMLInputElement | null)?.value ?? ''}`);
    await page.locator('#method-form').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('INPUT:card');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('input[value=sepa_direct_debit]').isChecked()).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('input[value=card]').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('#card-form').waitFor();
    expect(await page.locator('#card-holder').inputValue()).toBe('Erika Mustermann');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('card-holder');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('card-number');
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('card-expiry');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('card-cvc');
    await page.keyboard.type('123');
    await step(page, '19-keyboard-es-card');
    await page.keyboard.press('Enter');
    await expectShop(visited, 'captured');
    expect(await apiStatus(payment.id)).toBe('captured');
    await expectClean(visited);
  });

  it('shows an amount in a currency without decimals', async () => {
    const payment = await newPayment({ language: 'de', currency: 'JPY', amount_minor: 1_500 });
    const visited = await visit(payment);
    await visited.page.locator('#card-form').waitFor();
    expect(await visited.page.locator('#amount').textContent()).toBe('1.500\u00a0¥');
    await visited.context.close();
  });
});
