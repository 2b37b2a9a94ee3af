import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
let receiver: Receiver;

beforeAll(async () => {
  server = await startServer({ JOB_WORKER: 'off' }); // the test runs due jobs itself, on its clock
  platform = await server.platform();
});
afterAll(() => server?.close());
afterEach(() => receiver?.close());

interface Page {
  id: string;
  token: string;
  path: (suffix?: string) => string;
}

async function newSepaPayment(overrides: Record<string, unknown> = {}): Promise<Page> {
  receiver = await startReceiver();
  const response = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: {
      amount_minor: 4_990,
      currency: 'EUR',
      reference: 'sub-7',
      payment_method: { type: 'sepa_direct_debit' },
      integration: { type: 'hosted' },
      urls: { redirect: 'https://shop.example/return', webhook: receiver.url },
      ...overrides,
    },
  });
  expect(response.status).toBe(201);
  const token = new URL(response.body._links.hosted_page.href).searchParams.get('token')!;
  return { id: response.body.id, token, path: (suffix = '') => `/hpp/payments/${response.body.id}${suffix}` };
}

const hpp = (page: Page, method: string, suffix = '', body?: unknown) => server.request(method, page.path(suffix), { token: page.token, body });
const local = (url: string) => url.replace(server.config.baseUrl, '');
const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** Walks the simulated bank: its page, its form, then the callback it redirects to. */
async function verifyAccount(page: Page, iban: string, accountType = 'consumer') {
  const start = await hpp(page, 'POST', '/start', {});
  const bankUrl = local(start.body._links.account_verification.href);
  const bankPage = await server.request('GET', bankUrl);
  expect(bankPage.status).toBe(200);
  expect(bankPage.text).toContain('name="iban"');
  const verified = await server.request('POST', '/simulator/bank/verify', form({ token: page.token, iban, account_holder: 'Erika Mustermann', account_type: accountType }));
  expect(verified.status).toBe(303);
  const callback = await server.request('GET', local(verified.headers.get('location')!));
  expect(callback.status).toBe(303);
  expect(callback.headers.get('location')).toBe(`${server.config.baseUrl}/pay/${page.id}?token=${page.token}`);
  return new URL(verified.headers.get('location')!);
}

const consumerMandate = {
  type: 'consumer',
  first_name: 'Erika',
  last_name: 'Mustermann',
  birth_date: '1990-04-12',
  birth_place: { city: 'Köln', country: 'DE' },
  postal_address: { line1: 'Heidestraße', number: 17, town_city: 'Köln', zip: '51147', country: 'DE' },
};

/** A date of birth that makes someone `years` old today on the server's clock, plus `days`. */
function bornYearsAgo(years: number, days = 0): string {
  const today = server.clock.now();
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days)).toISOString().slice(0, 10);
}

const eventsOf = (deliveries: { body: string }[]) => deliveries.map((delivery) => JSON.parse(delivery.body));

async function readPayment(id: string) {
  return (await server.request('GET', `/sandbox/payments/${id}`, { token: await platform.token() })).body;
}

describe('SEPA Direct Debit', () => {
  it('verifies the account, takes a consumer mandate, authorizes, and completes two days later on the clock', async () => {
    const page = await newSepaPayment();
    const callback = await verifyAccount(page, 'DE89 3704 0044 0532 0130 00');
    expect(callback.searchParams.get('report_id')).toBeTruthy();
    const requirements = await hpp(page, 'GET', '/mandate-requirements');
    expect(requirements.status).toBe(200);
    expect(requirements.body).toEqual({
      type: 'consumer',
      fields: ['first_name', 'last_name', 'birth_date', 'birth_place', 'postal_address'],
      mandate_legal_mention: expect.stringContaining('{company_name}'),
    });
    const view = await hpp(page, 'GET');
    expect(view.body._links['hpp:authorize'].href).toBe(`${server.config.baseUrl}${page.path('/mandate')}`);

    const mandate = await hpp(page, 'POST', '/mandate', consumerMandate);
    expect(mandate.status).toBe(200);
    expect(mandate.body).toMatchObject({ status: 'authorized', succeeded: true, workflow: { complete: true, next: 'hpp:complete' } });
    expect(await readPayment(page.id)).toMatchObject({ status: 'authorized', processing_fee: { amount_minor: 35 } });

    server.clock.advance(2 * 24 * 3600 - 60);
    await server.app.services.jobs.runDue(); // the page's expiry, long past, leaves an authorized payment alone
    expect((await readPayment(page.id)).status).toBe('authorized');
    server.clock.advance(60);
    await server.app.services.jobs.runDue();
    const completed = await readPayment(page.id);
    expect(completed).toMatchObject({ status: 'completed', succeeded: true });
    expect(completed.routing.platform.transfer).toMatchObject({ amount_minor: 4_990 - 35, processing_fee: { amount_minor: 35, currency: 'EUR' } });
    const [event] = (await receiver.waitFor(1)).map((delivery) => JSON.parse(delivery.body));
    expect(event).toMatchObject({ type: 'payment_succeeded', data: { id: page.id, status: 'completed', reference: 'sub-7' } });
  });

  it('describes the business mandate with registration numbers and district courts, and refuses what is missing', async () => {
    const page = await newSepaPayment();
    await verifyAccount(page, 'DE02120300000000202051', 'business');
    const requirements = (await hpp(page, 'GET', '/mandate-requirements')).body;
    expect(requirements.type).toBe('business');
    expect(requirements.registration_numbers.map((entry: { code: string }) => entry.code)).toEqual(['DeHrb', 'DeHra', 'DeVr', 'vat']);
    expect(requirements.registration_numbers[0].district_court_code).toEqual({ required: true });
    expect(requirements.district_courts.length).toBeGreaterThan(50);
    const court = requirements.district_courts[0].code;

    const consumerShaped = await hpp(page, 'POST', '/mandate', consumerMandate);
    expect(consumerShaped.status).toBe(400);
    expect(consumerShaped.body.errors).toEqual([{ pointer: '/type', detail: expect.stringContaining('business') }]);
    expect(requirements.registration_numbers.find((entry: { code: string }) => entry.code === 'vat').district_court_code).toEqual({ required: false });
    expect(requirements.fields).toEqual(['company_name', 'registration_number_code', 'registration_number', 'first_name', 'last_name', 'postal_address']);
    const missing = await hpp(page, 'POST', '/mandate', { type: 'business', registration_number_code: 'DeHrb', postal_address: consumerMandate.postal_address });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/company_name', '/district_court_code', '/first_name', '/last_name', '/registration_number']);
    const business = { type: 'business', company_name: 'Muster GmbH', registration_number_code: 'DeHrb', registration_number: 'HRB 12345', first_name: 'Erika', last_name: 'Mustermann', postal_address: consumerMandate.postal_address };
    const unknownCourt = await hpp(page, 'POST', '/mandate', { ...business, district_court_code: 'nowhere' });
    expect(unknownCourt.body.errors).toEqual([{ pointer: '/district_court_code', detail: 'is not a known district court' }]);
    const consumerFields = await hpp(page, 'POST', '/mandate', { ...business, district_court_code: court, birth_date: '1990-04-12' });
    expect(consumerFields.body.errors).toEqual([{ pointer: '/birth_date', detail: 'is not used for business mandates' }]);

    const signed = await hpp(page, 'POST', '/mandate', { ...business, district_court_code: court });
    expect(signed.body.status).toBe('authorized');
  });

  it('treats a failed verification as failed authentication, and the buyer can retry with another account', async () => {
    const page = await newSepaPayment();
    const callback = await verifyAccount(page, 'DE62370400440532013001');
    expect(callback.searchParams.get('report_id')).toBe('');
    expect(callback.searchParams.get('error')).toBeTruthy();
    expect(callback.searchParams.get('tracking_id')).toBeTruthy();
    expect((await hpp(page, 'GET')).body.status).toBe('authentication_failed');
    const [event] = (await receiver.waitFor(1)).map((delivery) => JSON.parse(delivery.body));
    expect(event).toMatchObject({ type: 'payment_authentication_failed', data: { id: page.id, status: 'authentication_failed' } });
    await verifyAccount(page, 'DE89370400440532013000');
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).body.status).toBe('authorized');
  });

  it('refuses the mandate before the account is verified, and a bank form with an invalid IBAN', async () => {
    const page = await newSepaPayment();
    await hpp(page, 'POST', '/start', {});
    expect((await hpp(page, 'GET', '/mandate-requirements')).status).toBe(409);
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).status).toBe(409);
    const invalid = await server.request('POST', '/simulator/bank/verify', form({ token: page.token, iban: 'DE00 1234' }));
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('not a valid IBAN');
  });

  it('refuses a buyer younger than 16 and answers {} for the requirements of a card payment', async () => {
    const page = await newSepaPayment();
    await verifyAccount(page, 'DE89370400440532013000');
    const now = server.clock.now();
    const fifteen = `${now.getUTCFullYear() - 15}-01-01`;
    const young = await hpp(page, 'POST', '/mandate', { ...consumerMandate, birth_date: fifteen });
    expect(young.body.errors).toEqual([{ pointer: '/birth_date', detail: expect.stringContaining('16') }]);
    const card = await newSepaPayment({ payment_method: { type: 'card' } });
    await hpp(card, 'POST', '/start', {});
    expect((await hpp(card, 'GET', '/mandate-requirements')).body).toEqual({});
  });

  it('lets the buyer of a user_selected payment choose SEPA Direct Debit, which fixes the SEPA fee, through to completed', async () => {
    const page = await newSepaPayment({ payment_method: { type: 'user_selected' }, amount_minor: 20_000 });
    expect((await hpp(page, 'GET')).body.payment_methods.map((method: { type: string }) => method.type)).toEqual(['card', 'sepa_direct_debit']);
    const start = await hpp(page, 'POST', '/start', { type: 'sepa_direct_debit' });
    expect(start.body).toMatchObject({ status: 'started', succeeded: false, workflow: { complete: false, next: 'hpp:authorize' } });
    expect(Object.keys(start.body._links).sort()).toEqual(['account_verification', 'cancel', 'hpp:start', 'self']);
    expect(await readPayment(page.id)).toMatchObject({ status: 'started', payment_method: { type: 'user_selected' }, processing_fee: { amount_minor: 70, currency: 'EUR' } });
    await verifyAccount(page, 'DE89370400440532013000');
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).body).toMatchObject({ status: 'authorized', succeeded: true });
    server.clock.advance(2 * 24 * 3600);
    await server.app.services.jobs.runDue();
    expect(await readPayment(page.id)).toMatchObject({ status: 'completed', succeeded: true, routing: { platform: { transfer: { amount_minor: 20_000 - 70 } } } });
    expect(eventsOf(await receiver.waitFor(1))).toEqual([expect.objectContaining({ type: 'payment_succeeded', data: { id: page.id, status: 'completed', reference: 'sub-7' } })]);
  });

  it('ends not_completed with payment_failed when the collection comes back unpaid', async () => {
    const page = await newSepaPayment();
    await verifyAccount(page, 'DE35370400440532013002');
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).body.status).toBe('authorized');
    server.clock.advance(2 * 24 * 3600);
    await server.app.services.jobs.runDue();
    const payment = await readPayment(page.id);
    expect(payment).toMatchObject({ status: 'not_completed', succeeded: false });
    expect(payment.routing.platform.transfer).toBeNull();
    expect(eventsOf(await receiver.waitFor(1))).toEqual([expect.objectContaining({ type: 'payment_failed', data: { id: page.id, status: 'not_completed', reference: 'sub-7' } })]);
    const view = (await hpp(page, 'GET')).body;
    expect(view).toMatchObject({ status: 'not_completed', workflow: { complete: true, next: 'hpp:complete' } });
    expect(new URL(view._links['hpp:complete'].href).searchParams.get('status')).toBe('not_completed');
  });

  it('checks the mandate names at 2 and 50 characters and the account holder’s age of 16 on the day', async () => {
    const page = await newSepaPayment();
    await verifyAccount(page, 'DE89370400440532013000');
    for (const [field, value] of [['first_name', 'E'], ['first_name', 'E'.repeat(51)], ['last_name', 'M'], ['last_name', 'M'.repeat(51)]] as const) {
      const refused = await hpp(page, 'POST', '/mandate', { ...consumerMandate, [field]: value });
      expect(refused.status, `${field} ${value.length}`).toBe(400);
      expect(refused.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([`/${field}`]);
    }
    const tomorrow = await hpp(page, 'POST', '/mandate', { ...consumerMandate, birth_date: bornYearsAgo(16, 1) });
    expect(tomorrow.body.errors).toEqual([{ pointer: '/birth_date', detail: expect.stringContaining('16') }]);
    const atBounds = await hpp(page, 'POST', '/mandate', { ...consumerMandate, first_name: 'Al', last_name: 'M'.repeat(50), birth_date: bornYearsAgo(16) });
    expect(atBounds.status, atBounds.text).toBe(200);
    expect(atBounds.body.status).toBe('authorized');
  });

  it('speaks the payment’s language: the bank’s page and the mandate’s legal text', async () => {
    const page = await newSepaPayment({ language: 'de' });
    const start = await hpp(page, 'POST', '/start', {});
    const bank = await server.request('GET', local(start.body._links.account_verification.href));
    expect(bank.text).toContain('<html lang="de">');
    expect(bank.text).toContain('Kontoinhaber');
    await verifyAccount(page, 'DE89370400440532013000');
    const requirements = (await hpp(page, 'GET', '/mandate-requirements')).body;
    expect(requirements.mandate_legal_mention).toMatch(/^Ich ermächtige \{company_name\}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen/);
    await receiver.close(); // newSepaPayment starts the next one
    const spanish = await newSepaPayment({ language: 'es' });
    await verifyAccount(spanish, 'DE89370400440532013000');
    expect((await hpp(spanish, 'GET', '/mandate-requirements')).body.mandate_legal_mention).toContain('usted autoriza a {company_name}');
  });

  it('speaks the browser’s language when the payment has none', async () => {
    const page = await newSepaPayment();
    expect((await hpp(page, 'GET')).body.language).toBeNull();
    const start = await hpp(page, 'POST', '/start', {});
    const bank = await server.request('GET', local(start.body._links.account_verification.href), { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(bank.text).toContain('<html lang="es">');
    await verifyAccount(page, 'DE89370400440532013000');
    const asked = (language?: string) => server.request('GET', page.path('/mandate-requirements'), { token: page.token, headers: language ? { 'accept-language': language } : {} });
    expect((await asked('de-DE,de;q=0.9,en;q=0.8')).body.mandate_legal_mention).toMatch(/^Ich ermächtige/);
    expect((await asked('fr-FR')).body.mandate_legal_mention).toMatch(/^By signing this mandate form/);
  });
});
