import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, TEST_IBANS } from '../../src/processor/simulator/processor.js';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { startApplication, uploadOnboardingDocument } from '../helpers/onboarding.js';
import { LocalAdyen, TEST_ADYEN } from '../helpers/adyen/server.js';
import { adyenSettings } from '../helpers/adyen/setup.js';

/**
 * The sandbox's signs on the pages people see: a test-mode banner in the HTML itself (no script
 * needed) and the test-data drawer, on the payment page, the simulator's bank and 3-D Secure pages
 * and the onboarding wizard; the same pages in live have neither.
 */
let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
});
afterAll(() => server?.close());

type Environment = 'sandbox' | 'live';
const prefix = (environment: Environment) => (environment === 'sandbox' ? '/sandbox' : '');
const local = (href: string) => href.replace(server.config.baseUrl, '');
const html = async (path: string, language = 'en') => {
  const page = await server.request('GET', path, { headers: { 'accept-language': language } });
  return page.text;
};

async function newPayment(environment: Environment, method: 'card' | 'sepa_direct_debit', extra: Record<string, unknown> = {}) {
  const created = await server.request('POST', `${prefix(environment)}/payments`, {
    token: await platform.token(environment),
    body: { amount_minor: 2_500, currency: 'EUR', reference: 'pages-1', payment_method: { type: method }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, ...extra },
  });
  expect(created.status, created.text).toBe(201);
  const page = new URL(created.body._links.hosted_page.href);
  return { id: created.body.id as string, pagePath: `${page.pathname}${page.search}`, token: page.searchParams.get('token')! };
}

const hpp = (payment: { id: string; token: string }, suffix: string, body: unknown) => server.request('POST', `/hpp/payments/${payment.id}${suffix}`, { token: payment.token, body });

async function challengePath(environment: Environment): Promise<string> {
  const payment = await newPayment(environment, 'card');
  expect((await hpp(payment, '/start', {})).status).toBe(200);
  const tokenized = await hpp(payment, '/tokenize', { type: 'card', value: '4000000000003220', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: server.clock.now().getUTCFullYear() + 2, cvv: '123' } });
  const authorized = await hpp(payment, '/authorize', { token: tokenized.body.token });
  expect(authorized.status, authorized.text).toBe(200);
  return local(authorized.body._links.challenge.href);
}

async function bankPath(environment: Environment): Promise<string> {
  const payment = await newPayment(environment, 'sepa_direct_debit');
  const started = await hpp(payment, '/start', {});
  expect(started.status, started.text).toBe(200);
  return local(started.body._links.account_verification.href);
}

describe('in the sandbox', () => {
  it('the payment page has the banner in its HTML, in the payment’s language, and the drawer of every test card and IBAN with its outcome', async () => {
    const payment = await newPayment('sandbox', 'card', { language: 'de' });
    const text = await html(payment.pagePath, 'en-US');
    expect(text).toContain('<aside class="test-mode" lang="de" aria-label="Testmodus"><p id="sandbox">Testmodus: Es wird kein echtes Geld bewegt.</p></aside>');
    expect(text.indexOf('class="test-mode"')).toBeLessThan(text.indexOf('<main'));
    for (const number of Object.keys(TEST_CARDS)) expect(text).toContain(`data-fill-card="${number}"`);
    for (const iban of Object.keys(TEST_IBANS)) expect(text).toContain(iban.replace(/(.{4})(?=.)/g, '$1 '));
    expect(text).toContain('Abgelehnt: keine Deckung');
    // In the browser's language when the payment names none.
    const spanish = await html((await newPayment('sandbox', 'card')).pagePath, 'es-ES');
    expect(spanish).toContain('Modo de prueba: no se mueve dinero real.');
    expect(spanish).toContain('Tarjetas de prueba');
    // Nothing inline: the strict CSP holds.
    expect(text).not.toMatch(/<script>|<style>| style=/);
  });

  it('the bank page has the banner and the test IBANs, each a link that fills the form without a script', async () => {
    const path = await bankPath('sandbox');
    const text = await html(path);
    expect(text).toContain('<p id="sandbox">Test mode: this is the sandbox’s simulated bank; no real account or card is involved.</p>');
    const token = new URL(path, server.url).searchParams.get('token')!;
    for (const iban of Object.keys(TEST_IBANS)) expect(text).toContain(`href="/simulator/bank?token=${encodeURIComponent(token)}&amp;iban=${iban}"`);
    const filled = await html(`${path}&iban=DE62370400440532013001`);
    expect(filled).toMatch(/<input id="iban" name="iban"[^>]* value="DE62370400440532013001"/);
  });

  it('the 3-D Secure page has the banner', async () => {
    const text = await html(await challengePath('sandbox'), 'de');
    expect(text).toContain('<p id="sandbox">Testmodus: Dies ist die simulierte Bank der Sandbox; kein echtes Konto und keine echte Karte sind beteiligt.</p>');
  });

  it('the wizard has the banner, "fill with a test company", the test IBANs and test documents its upload accepts', async () => {
    const application = await startApplication(server, platform, { language: 'es' });
    const text = await html(`/onboarding?token=${application.token}`);
    expect(text).toContain('Modo de prueba: este es un alta de prueba');
    const company = JSON.parse(text.match(/data-fill-company="([^"]+)"/)![1]!.replace(/&#34;/g, '"').replace(/&#39;/g, "'"));
    expect(company).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', legal_name: 'Ada Lovelace', zip: '80802', iban: 'DE89370400440532013000' });
    for (const iban of Object.keys(TEST_IBANS)) expect(text).toContain(`data-fill-iban="${iban}"`);
    const links = [...text.matchAll(/href="(\/sandbox-test-data\/documents\/[^"]+)" download/g)].map((match) => match[1]!);
    expect(links).toEqual(['/sandbox-test-data/documents/test-document.pdf', '/sandbox-test-data/documents/test-identity.png']);
    const files = await Promise.all(links.map(async (link) => {
      const response = await fetch(`${server.url}${link}`);
      expect(response.status).toBe(200);
      return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')!, filename: link.slice(link.lastIndexOf('/') + 1) };
    }));
    expect(files.map((file) => file.contentType)).toEqual(['application/pdf', 'image/png']);
    expect(await uploadOnboardingDocument(server, application, { type: 'company_registration', file: files[0]! })).toMatch(/^doc/);
    expect(await uploadOnboardingDocument(server, application, { type: 'passport', side: 'front', file: files[1]! })).toMatch(/^doc/);
  });
});

describe('in live', () => {
  const signs = /test-mode|test-data|data-fill|id="sandbox"|sandbox-test-data/;

  it('the payment page, the bank page, the 3-D Secure page and the wizard have neither banner nor drawer', async () => {
    expect(await html((await newPayment('live', 'card')).pagePath)).not.toMatch(signs);
    const bank = await bankPath('live');
    expect(await html(bank)).not.toMatch(signs);
    expect(await html(`${bank}&iban=DE62370400440532013001`)).not.toContain('DE62370400440532013001');
    expect(await html(await challengePath('live'))).not.toMatch(signs);
    const created = await server.request('POST', '/applications', {
      token: await platform.token('live'),
      body: { applicant: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }, integration: { type: 'hosted' }, reference: 'live-1', urls: { redirect: 'https://platform.example/done' } },
    });
    expect(created.status, created.text).toBe(201);
    expect(await html(`/onboarding?token=${new URL(created.body._links.onboarding.href).searchParams.get('token')}`)).not.toMatch(signs);
    // An unknown link shows no sign either.
    expect(await html('/onboarding?token=unknown')).not.toMatch(signs);
  });
});

describe('with Adyen taking the sandbox’s payments', () => {
  let adyen: LocalAdyen;
  let withAdyen: TestServer;
  let tenant: TestPlatform;

  beforeAll(async () => {
    adyen = await LocalAdyen.start(TEST_ADYEN);
    withAdyen = await startServer(adyenSettings(adyen));
    tenant = await withAdyen.platform();
  });
  afterAll(async () => {
    await withAdyen?.close();
    await adyen?.close();
  });

  it('the payment page keeps the banner without the simulator’s test cards and IBANs, which Adyen would not honour', async () => {
    const created = await withAdyen.request('POST', '/sandbox/payments', {
      token: await tenant.token(),
      body: { amount_minor: 2_500, currency: 'EUR', reference: 'pages-adyen', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } },
    });
    expect(created.status, created.text).toBe(201);
    const page = new URL(created.body._links.hosted_page.href);
    const text = (await withAdyen.request('GET', `${page.pathname}${page.search}`, { headers: { 'accept-language': 'en' } })).text;
    expect(text).toContain('Test mode: no real money is moved.');
    expect(text).not.toMatch(/data-fill-card|class="test-data"/);
    for (const iban of Object.keys(TEST_IBANS)) expect(text).not.toContain(iban.replace(/(.{4})(?=.)/g, '$1 '));
  });

  it('the wizard still has "fill with a test company" and the test documents: the onboarding is ours, whoever takes the payments', async () => {
    const application = await startApplication(withAdyen, tenant);
    const text = (await withAdyen.request('GET', `/onboarding?token=${application.token}`, { headers: { 'accept-language': 'en' } })).text;
    expect(text).toContain('Test mode: this is a sandbox onboarding');
    expect(text).toContain('data-fill-company=');
    expect(text).toContain('href="/sandbox-test-data/documents/test-document.pdf" download');
    expect(text).not.toContain('data-fill-iban=');
  });
});
