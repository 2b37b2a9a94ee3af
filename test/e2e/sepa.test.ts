import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { consumerMandate, expectPaymentEvents, expectReadPayment, type ExpectedPayment } from '../helpers/payments.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
/** One local webhook receiver per test, shared by the payments the test makes. */
let receiver: Receiver | undefined;

beforeAll(async () => {
  server = await startServer({ JOB_WORKER: 'off' }); // the test runs due jobs itself, on its clock
  platform = await server.platform();
});
afterAll(() => server?.close());
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** The decisions' test IBANs: one verifies, one fails verification; the simulator's returned one verifies but its collection comes back unpaid. */
const VERIFIES = 'DE89370400440532013000';
const FAILS_VERIFICATION = 'DE62370400440532013001';
const RETURNED_UNPAID = 'DE35370400440532013002';
const REFERENCE = 'sub-7';
const TWO_DAYS = 2 * 24 * 3600;
/** The SEPA scheme's countries (EPC): the EU, the EEA's EFTA states, Switzerland, the United Kingdom, Monaco, San Marino, the Vatican and Andorra. */
const SEPA_SCHEME_COUNTRIES = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH GB MC SM VA AD'.split(' ');

interface Page {
  id: string;
  token: string;
  path: (suffix?: string) => string;
  /** The simulated bank's session, once the buyer went there. */
  bankToken?: string;
}

/** The session token of the simulated bank's page the step links to. */
const bankToken = (step: { body: { _links: { account_verification: { href: string } } } }) => new URL(step.body._links.account_verification.href).searchParams.get('token')!;

async function newSepaPayment(overrides: Record<string, unknown> = {}): Promise<Page> {
  receiver ??= await startReceiver();
  const response = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: {
      amount_minor: 4_990,
      currency: 'EUR',
      reference: REFERENCE,
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
/** The account verification callback as the bank (or anyone holding the page's token) calls it. */
const verificationCallback = (query: Record<string, string>) => server.request('GET', `/hpp/callbacks/account-verification?${new URLSearchParams(query)}`);

/** Walks the simulated bank: its page, its form, then the callback it redirects to. */
async function verifyAccount(page: Page, iban: string, accountType = 'consumer') {
  const start = await hpp(page, 'POST', '/start', {});
  expectStep(start, 'started', 'hpp:authorize');
  const bankUrl = local(start.body._links.account_verification.href);
  const bankPage = await server.request('GET', bankUrl);
  expect(bankPage.status).toBe(200);
  expect(bankPage.text).toContain('name="iban"');
  page.bankToken = bankToken(start);
  const verified = await server.request('POST', '/simulator/bank/verify', form({ token: page.bankToken, iban, account_holder: 'Erika Mustermann', account_type: accountType }));
  expect(verified.status).toBe(303);
  const callback = await server.request('GET', local(verified.headers.get('location')!));
  expect(callback.status).toBe(303);
  expect(callback.headers.get('location')).toBe(`${server.config.baseUrl}/pay/${page.id}?token=${page.token}`);
  return new URL(verified.headers.get('location')!);
}

/** A SEPA payment whose bank account is verified: ready for its mandate. */
async function verifiedPage(accountType: 'consumer' | 'business' = 'consumer', iban = VERIFIES): Promise<Page> {
  const page = await newSepaPayment();
  await verifyAccount(page, iban, accountType);
  return page;
}


/** A business mandate on a VAT number, which needs no district court. */
const businessMandate = {
  type: 'business',
  company_name: 'Muster GmbH',
  registration_number_code: 'vat',
  registration_number: 'DE136695976',
  first_name: 'Erika',
  last_name: 'Mustermann',
  postal_address: consumerMandate.postal_address,
};
const mandateOf = (type: 'consumer' | 'business') => (type === 'consumer' ? consumerMandate : businessMandate);

/** A date of birth that makes someone `years` old today on the server's clock, plus `days`. */
function bornYearsAgo(years: number, days = 0): string {
  const today = server.clock.now();
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days)).toISOString().slice(0, 10);
}

/** Moves the clock past the simulated collection (two days) and runs what is due: the SEPA settlement. */
async function settle(seconds = TWO_DAYS) {
  server.clock.advance(seconds);
  await server.app.services.jobs.runDue();
}

type Next = 'hpp:start' | 'hpp:authorize' | 'hpp:complete';
/** What a page step answers: 200, the status, succeeded (true once authorized) and the workflow. */
function expectStep(response: { status: number; text: string; body: any }, status: string, next: Next) {
  expect(response.status, response.text).toBe(200);
  expect(response.body).toMatchObject({ status, succeeded: ['authorized', 'completed'].includes(status), workflow: { complete: next === 'hpp:complete', next } });
}

/**
 * The payment as the page shows it (status, workflow) and as the platform reads it (every member
 * of the record; a 49.90 EUR payment with the SEPA fee of 35 unless `read` says otherwise), which
 * must agree. The read's succeeded is true only once the collection completed (the
 * payment_succeeded moment), not when merely authorized.
 */
async function expectPayment(page: Page, status: string, next: Next, read: Partial<ExpectedPayment> = {}) {
  const view = await hpp(page, 'GET');
  expect(view.status, view.text).toBe(200);
  expect(view.body).toMatchObject({ id: page.id, status, workflow: { complete: next === 'hpp:complete', next } });
  const payment = await expectReadPayment(server, platform, page.id, { status, reference: REFERENCE, amount_minor: 4_990, fee: 35, ...read });
  return { view: view.body, payment };
}

/** Every event of the payment, exactly, with its data {id, status, reference}: recorded, and delivered to the test's receiver. */
const expectWebhooks = (page: Page, expected: [type: string, status: string][]) =>
  expectPaymentEvents(server, platform, receiver!, { id: page.id, reference: REFERENCE }, expected);

describe('SEPA Direct Debit', () => {
  it('verifies the account, takes a consumer mandate, authorizes, and completes two days later on the clock', async () => {
    const page = await newSepaPayment();
    await expectPayment(page, 'initiated', 'hpp:start');
    const callback = await verifyAccount(page, 'DE89 3704 0044 0532 0130 00');
    expect(callback.searchParams.get('report_id')).toBeTruthy();
    await expectPayment(page, 'started', 'hpp:authorize');
    const requirements = await hpp(page, 'GET', '/mandate-requirements');
    expect(requirements.status).toBe(200);
    expect(requirements.body).toEqual({
      type: 'consumer',
      fields: ['first_name', 'last_name', 'birth_date', 'birth_place', 'postal_address'],
      mandate_legal_mention: expect.stringContaining('{company_name}'),
      countries: expect.arrayContaining(SEPA_SCHEME_COUNTRIES),
      creditor: { name: 'Test platform', address: server.config.sepaCreditor.address, identifier: 'DE98ZZZ09999999999' },
      mandate_reference: `MNDT-${page.id.slice(4)}`,
      account: { iban: 'DE89 •••• 3000', holder: expect.any(String) },
    });
    expect(JSON.stringify(requirements.body)).not.toContain('0532013000'); // the IBAN only masked
    const view = await hpp(page, 'GET');
    expect(view.body._links['hpp:authorize'].href).toBe(`${server.config.baseUrl}${page.path('/mandate')}`);

    const mandate = await hpp(page, 'POST', '/mandate', consumerMandate);
    expectStep(mandate, 'authorized', 'hpp:complete');
    await expectPayment(page, 'authorized', 'hpp:complete');
    await expectWebhooks(page, []); // authorized is not yet a success: no event

    await settle(TWO_DAYS - 60);
    // the page's expiry, long past, leaves an authorized payment alone
    await expectPayment(page, 'authorized', 'hpp:complete');
    await settle(60);
    await expectPayment(page, 'completed', 'hpp:complete');
    await expectWebhooks(page, [['payment_succeeded', 'completed']]);
  });

  it('describes the business mandate with registration numbers and district courts, and refuses what is missing', async () => {
    const page = await verifiedPage('business', 'DE02120300000000202051');
    const requirements = (await hpp(page, 'GET', '/mandate-requirements')).body;
    expect(requirements.type).toBe('business');
    expect(requirements.registration_numbers.map((entry: { code: string }) => entry.code)).toEqual(['DeHrb', 'DeHra', 'DeVr', 'vat']);
    expect(requirements.registration_numbers[0].district_court_code).toEqual({ required: true });
    expect(requirements.district_courts.length).toBeGreaterThan(50);
    const court = requirements.district_courts[0].code;

    const consumerShaped = await hpp(page, 'POST', '/mandate', consumerMandate);
    expect(consumerShaped.status).toBe(400);
    expect(consumerShaped.body.errors).toEqual([{ pointer: '/type', code: 'account_type_mismatch', detail: expect.stringContaining('business') }]);
    expect(requirements.registration_numbers.find((entry: { code: string }) => entry.code === 'vat').district_court_code).toEqual({ required: false });
    expect(requirements.fields).toEqual(['company_name', 'registration_number_code', 'registration_number', 'first_name', 'last_name', 'postal_address']);
    const missing = await hpp(page, 'POST', '/mandate', { type: 'business', registration_number_code: 'DeHrb', postal_address: consumerMandate.postal_address });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/company_name', '/district_court_code', '/first_name', '/last_name', '/registration_number']);
    const business = { ...businessMandate, registration_number_code: 'DeHrb', registration_number: 'HRB 12345' };
    const unknownCourt = await hpp(page, 'POST', '/mandate', { ...business, district_court_code: 'nowhere' });
    expect(unknownCourt.status).toBe(400);
    expect(unknownCourt.body.errors).toEqual([{ pointer: '/district_court_code', code: 'district_court_unknown', detail: 'is not a known district court' }]);
    const consumerFields = await hpp(page, 'POST', '/mandate', { ...business, district_court_code: court, birth_date: '1990-04-12' });
    expect(consumerFields.status).toBe(400);
    expect(consumerFields.body.errors).toEqual([{ pointer: '/birth_date', code: 'not_allowed', detail: 'is not used for business mandates' }]);
    // A VAT number is checked by its own country's check digits, a postcode by the address's country.
    const badVat = await hpp(page, 'POST', '/mandate', { ...businessMandate, registration_number: 'DE123456789', postal_address: { ...consumerMandate.postal_address, zip: '1011' } });
    expect(badVat.status).toBe(400);
    expect(badVat.body.errors).toEqual([
      { pointer: '/postal_address/zip', code: 'postcode_invalid', detail: 'is not a postcode of DE' },
      { pointer: '/registration_number', code: 'vat_number_check_digits', detail: 'fails the check digits of a VAT number of DE' },
    ]);
    await expectPayment(page, 'started', 'hpp:authorize'); // the refusals changed nothing

    expectStep(await hpp(page, 'POST', '/mandate', { ...business, district_court_code: court }), 'authorized', 'hpp:complete');
    await expectPayment(page, 'authorized', 'hpp:complete');
  });

  it('treats a failed verification as failed authentication (event with its reference), and the retry with another account authorizes and completes', async () => {
    const page = await newSepaPayment();
    const callback = await verifyAccount(page, FAILS_VERIFICATION);
    expect(callback.searchParams.get('report_id')).toBe('');
    expect(callback.searchParams.get('error')).toBeTruthy();
    expect(callback.searchParams.get('tracking_id')).toBeTruthy();
    const { view } = await expectPayment(page, 'authentication_failed', 'hpp:authorize');
    expect(Object.keys(view._links).sort()).toEqual(['account_verification', 'cancel', 'hpp:return', 'hpp:start', 'self']); // verify again, give up, or leave it open
    expect((await hpp(page, 'GET', '/mandate-requirements')).status).toBe(409);
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).status).toBe(409);
    await expectWebhooks(page, [['payment_authentication_failed', 'authentication_failed']]);

    await verifyAccount(page, VERIFIES); // starts again from authentication_failed, no new payment
    await expectPayment(page, 'started', 'hpp:authorize');
    expectStep(await hpp(page, 'POST', '/mandate', consumerMandate), 'authorized', 'hpp:complete');
    await expectPayment(page, 'authorized', 'hpp:complete');
    await settle();
    await expectPayment(page, 'completed', 'hpp:complete');
    await expectWebhooks(page, [
      ['payment_authentication_failed', 'authentication_failed'],
      ['payment_succeeded', 'completed'],
    ]);
  });

  it('echoes the error parameters of a failure callback nowhere: not in the redirect, the page, the read payment, the event or the webhook', async () => {
    const page = await newSepaPayment();
    await hpp(page, 'POST', '/start', {});
    const hostile = {
      error: '<script>alert(1)</script>',
      error_reason: '"><img src=x onerror=alert(2)>',
      message: 'Declined\r\nSet-Cookie: session=stolen',
      tracking_id: "'; DROP TABLE payments; --",
    };
    const answered = await verificationCallback({ token: page.token, report_id: '', ...hostile });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`${server.config.baseUrl}/pay/${page.id}?token=${page.token}`);
    expect(answered.headers.get('set-cookie')).toBeNull();
    expect(answered.text).toBe('');
    const { view, payment } = await expectPayment(page, 'authentication_failed', 'hpp:authorize');
    await expectWebhooks(page, [['payment_authentication_failed', 'authentication_failed']]); // data exactly {id, status, reference}
    const payPage = await server.request('GET', `/pay/${page.id}?token=${page.token}`);
    expect(payPage.status).toBe(200);
    const shown = [JSON.stringify(view), JSON.stringify(payment), payPage.text, ...receiver!.received.map((delivery) => delivery.body)].join('\n');
    for (const value of [...Object.values(hostile), 'alert(', 'DROP TABLE', 'stolen']) expect(shown).not.toContain(value);
    expect((await server.request('GET', '/sandbox/payments?reference=sub-7', { token: await platform.token() })).status).toBe(200); // the table is still there
  });

  it('requires report_id on the account verification callback: without it 400 with pointer /report_id in the query, the payment unchanged', async () => {
    const page = await newSepaPayment();
    await hpp(page, 'POST', '/start', {});
    const missing = await verificationCallback({ token: page.token });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_error');
    expect(missing.body.errors).toEqual([{ pointer: '/report_id', in: 'query', code: 'required', detail: expect.any(String) }]);
    const missingWithError = await verificationCallback({ token: page.token, error: 'verification_failed', tracking_id: 't-1' });
    expect(missingWithError.status).toBe(400);
    expect(missingWithError.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/report_id']);
    await expectPayment(page, 'started', 'hpp:authorize');
    await expectWebhooks(page, []);
  });

  it('refuses a forged report_id, and another payment’s, with 400 and pointer /report_id, leaving the payment as it was', async () => {
    const page = await newSepaPayment();
    await hpp(page, 'POST', '/start', {});
    const other = await newSepaPayment();
    const othersReport = (await verifyAccount(other, VERIFIES)).searchParams.get('report_id')!;
    for (const reportId of [`rep${'0'.repeat(24)}`, othersReport]) {
      const forged = await verificationCallback({ token: page.token, report_id: reportId });
      expect(forged.status, reportId).toBe(400);
      expect(forged.body.code).toBe('validation_error');
      expect(forged.body.errors).toEqual([{ pointer: '/report_id', in: 'query', code: 'unknown_report', detail: 'is not a report of this payment' }]);
    }
    const { view } = await expectPayment(page, 'started', 'hpp:authorize');
    expect(view._links.account_verification).toBeDefined(); // still unverified: no mandate link
    expect(view._links.mandate_requirements).toBeUndefined();
    expect((await hpp(page, 'GET', '/mandate-requirements')).status).toBe(409);
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).status).toBe(409);
    await expectWebhooks(page, []);
    await expectPayment(other, 'started', 'hpp:authorize'); // whose report it was: untouched too
  });

  it('forgets an account verified earlier when a later verification fails: the mandate needs a new verification', async () => {
    const page = await verifiedPage();
    // The bank's failure redirect for the same page (the buyer went back to the bank and failed there).
    const failed = await verificationCallback({ token: page.token, report_id: '', error: 'verification_failed', error_reason: 'account_not_found', message: 'No such account', tracking_id: 't-2' });
    expect(failed.status).toBe(303);
    const { view } = await expectPayment(page, 'authentication_failed', 'hpp:authorize');
    expect(view._links.mandate_requirements).toBeUndefined();
    expect((await hpp(page, 'GET', '/mandate-requirements')).status).toBe(409);
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).status).toBe(409);
    await expectWebhooks(page, [['payment_authentication_failed', 'authentication_failed']]);
  });

  it('takes each verification result into account once: the same callback again (a reload, the back button) changes nothing', async () => {
    const page = await newSepaPayment();
    const failure = await verifyAccount(page, FAILS_VERIFICATION);
    const again = () => server.request('GET', local(failure.toString()));
    expect((await again()).status).toBe(303); // back to the page, as the first time
    await expectWebhooks(page, [['payment_authentication_failed', 'authentication_failed']]); // once

    const success = await verifyAccount(page, VERIFIES);
    expect((await again()).status).toBe(303); // the old failure after the new success
    await expectPayment(page, 'started', 'hpp:authorize');
    expect((await server.request('GET', local(success.toString()))).status).toBe(303);
    expectStep(await hpp(page, 'POST', '/mandate', consumerMandate), 'authorized', 'hpp:complete');
    await expectWebhooks(page, [['payment_authentication_failed', 'authentication_failed']]);
  });

  it('ends not_completed with payment_failed, before any collection, when the SEPA fee chosen on the page exceeds a party\'s routed amount', async () => {
    const merchant = await addMerchantAccount(server, platform.platformId);
    // user_selected: the SEPA fee (35) is unknown at initiation, so the routing is accepted then.
    const page = await newSepaPayment({
      payment_method: { type: 'user_selected' },
      routing: { platform: { amount_minor: 10, processing_fee_contribution: 100 }, merchants: [{ type: 'merchant', id: merchant, amount_minor: 4_980, processing_fee_contribution: 0 }] },
    });
    expectStep(await hpp(page, 'POST', '/start', { type: 'sepa_direct_debit' }), 'started', 'hpp:authorize');
    await verifyAccount(page, VERIFIES);
    const refused = await hpp(page, 'POST', '/mandate', consumerMandate);
    expectStep(refused, 'not_completed', 'hpp:complete');
    expect(refused.body.decline_reason).toBe('processing_fee_exceeds_routed_amount');
    await expectPayment(page, 'not_completed', 'hpp:complete', {
      platform: { amount_minor: 10, processing_fee_contribution: 100, fee_share: 35 },
      merchants: [{ id: merchant, type: 'merchant', reference: null, amount_minor: 4_980, processing_fee_contribution: 0, fee_share: 0 }],
    });
    await settle();
    await expectWebhooks(page, [['payment_failed', 'not_completed']]);
  });

  it('refuses the mandate before the account is verified, and a bank form with an invalid IBAN', async () => {
    const page = await newSepaPayment();
    const started = await hpp(page, 'POST', '/start', {});
    expect((await hpp(page, 'GET', '/mandate-requirements')).status).toBe(409);
    expect((await hpp(page, 'POST', '/mandate', consumerMandate)).status).toBe(409);
    const invalid = await server.request('POST', '/simulator/bank/verify', form({ token: bankToken(started), iban: 'DE00 1234 <b>', account_holder: 'Erika "E" Mustermann', account_type: 'business' }));
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('not a valid IBAN');
    // What was typed stays, to be corrected (escaped as text).
    expect(invalid.text).toMatch(/<input id="iban" name="iban"[^>]* value="DE00 1234 &#60;b&#62;" aria-invalid="true" autofocus>/);
    expect(invalid.text).toContain('value="Erika &#34;E&#34; Mustermann"');
    expect(invalid.text).toContain('<option value="business" selected>');
    await expectPayment(page, 'started', 'hpp:authorize');
  });

  it('lets the buyer cancel after a failed verification: canceled, workflow complete, no event beyond the failed authentication', async () => {
    const page = await newSepaPayment();
    await verifyAccount(page, FAILS_VERIFICATION);
    const canceled = await hpp(page, 'POST', '/cancel');
    expectStep(canceled, 'canceled', 'hpp:complete');
    expect(new URL(canceled.body._links['hpp:complete'].href).searchParams.get('status')).toBe('canceled');
    await expectPayment(page, 'canceled', 'hpp:complete');
    expect((await hpp(page, 'POST', '/start', {})).status).toBe(409);
    await expectWebhooks(page, [['payment_authentication_failed', 'authentication_failed']]);
  });

  it('refuses a buyer younger than 16 and answers {} for the requirements of a card payment', async () => {
    const page = await verifiedPage();
    const now = server.clock.now();
    const fifteen = `${now.getUTCFullYear() - 15}-01-01`;
    const young = await hpp(page, 'POST', '/mandate', { ...consumerMandate, birth_date: fifteen });
    expect(young.status).toBe(400);
    expect(young.body.errors).toEqual([{ pointer: '/birth_date', code: 'too_young', detail: expect.stringContaining('16'), params: { years: 16 } }]);
    await expectPayment(page, 'started', 'hpp:authorize');
    const card = await newSepaPayment({ payment_method: { type: 'card' } });
    await hpp(card, 'POST', '/start', {});
    expect((await hpp(card, 'GET', '/mandate-requirements')).body).toEqual({});
  });

  it('lets the buyer of a user_selected payment choose SEPA Direct Debit, which fixes the SEPA fee, through to completed', async () => {
    const page = await newSepaPayment({ payment_method: { type: 'user_selected' }, amount_minor: 20_000 });
    expect((await hpp(page, 'GET')).body.payment_methods.map((method: { type: string }) => method.type)).toEqual(['card', 'sepa_direct_debit']);
    const start = await hpp(page, 'POST', '/start', { type: 'sepa_direct_debit' });
    expectStep(start, 'started', 'hpp:authorize');
    expect(Object.keys(start.body._links).sort()).toEqual(['account_verification', 'cancel', 'hpp:return', 'hpp:start', 'self']);
    const chosen = { amount_minor: 20_000, fee: 70 };
    const { payment } = await expectPayment(page, 'started', 'hpp:authorize', chosen);
    expect(payment.payment_method).toEqual({ type: 'user_selected' });
    await verifyAccount(page, VERIFIES);
    expectStep(await hpp(page, 'POST', '/mandate', consumerMandate), 'authorized', 'hpp:complete');
    await expectPayment(page, 'authorized', 'hpp:complete', chosen);
    await settle();
    await expectPayment(page, 'completed', 'hpp:complete', chosen);
    await expectWebhooks(page, [['payment_succeeded', 'completed']]);
  });

  it('ends not_completed with payment_failed when the collection comes back unpaid', async () => {
    const page = await verifiedPage('consumer', RETURNED_UNPAID);
    expectStep(await hpp(page, 'POST', '/mandate', consumerMandate), 'authorized', 'hpp:complete');
    await expectPayment(page, 'authorized', 'hpp:complete');
    await settle();
    const { view } = await expectPayment(page, 'not_completed', 'hpp:complete');
    await expectWebhooks(page, [['payment_failed', 'not_completed']]);
    expect(new URL(view._links['hpp:complete'].href).searchParams.get('status')).toBe('not_completed');
  });

  it('speaks the payment’s language: the bank’s page and the mandate’s legal text', async () => {
    const page = await newSepaPayment({ language: 'de' });
    const start = await hpp(page, 'POST', '/start', {});
    const bank = await server.request('GET', local(start.body._links.account_verification.href));
    expect(bank.text).toContain('<html lang="de">');
    expect(bank.text).toContain('Kontoinhaber');
    await verifyAccount(page, VERIFIES);
    const requirements = (await hpp(page, 'GET', '/mandate-requirements')).body;
    expect(requirements.mandate_legal_mention).toMatch(/^Ich ermächtige \{company_name\}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen/);
    const spanish = await newSepaPayment({ language: 'es' });
    await verifyAccount(spanish, VERIFIES);
    expect((await hpp(spanish, 'GET', '/mandate-requirements')).body.mandate_legal_mention).toContain('usted autoriza a {company_name}');
  });

  it('speaks the browser’s language when the payment has none', async () => {
    const page = await newSepaPayment();
    expect((await hpp(page, 'GET')).body.language).toBeNull();
    const start = await hpp(page, 'POST', '/start', {});
    const bank = await server.request('GET', local(start.body._links.account_verification.href), { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(bank.text).toContain('<html lang="es">');
    await verifyAccount(page, VERIFIES);
    const asked = (language?: string) => server.request('GET', page.path('/mandate-requirements'), { token: page.token, headers: language ? { 'accept-language': language } : {} });
    expect((await asked('de-DE,de;q=0.9,en;q=0.8')).body.mandate_legal_mention).toMatch(/^Ich ermächtige/);
    expect((await asked('fr-FR')).body.mandate_legal_mention).toMatch(/^By signing this mandate form/);
  });
});

describe('SEPA mandate limits', () => {
  it.each([
    ['consumer', 'first_name', 'E'],
    ['consumer', 'first_name', 'E'.repeat(51)],
    ['consumer', 'last_name', 'M'],
    ['consumer', 'last_name', 'M'.repeat(51)],
    ['business', 'first_name', 'E'],
    ['business', 'first_name', 'E'.repeat(51)],
    ['business', 'last_name', 'M'],
    ['business', 'last_name', 'M'.repeat(51)],
    ['business', 'company_name', 'G'],
    ['business', 'company_name', 'G'.repeat(301)],
    ['consumer', 'first_name', '  '],
    ['business', 'company_name', ' \u200b '],
  ] as const)('refuses a %s mandate whose %s is %j with 400 and its pointer, leaving the payment started', async (type, field, value) => {
    const page = await verifiedPage(type);
    const refused = await hpp(page, 'POST', '/mandate', { ...mandateOf(type), [field]: value });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.code).toBe('validation_error');
    expect(refused.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([`/${field}`]);
    await expectPayment(page, 'started', 'hpp:authorize');
  });

  it.each([
    ['consumer', 'first_name 2, last_name 50', { first_name: 'Al', last_name: 'M'.repeat(50) }],
    ['consumer', 'first_name 50, last_name 2', { first_name: 'E'.repeat(50), last_name: 'Mu' }],
    ['business', 'first_name 2, last_name 50, company_name 300', { first_name: 'Al', last_name: 'M'.repeat(50), company_name: 'G'.repeat(300) }],
    ['business', 'first_name 50, last_name 2, company_name 2', { first_name: 'E'.repeat(50), last_name: 'Mu', company_name: 'AG' }],
  ] as const)('accepts a %s mandate with names at their bounds (%s): authorized', async (type, _bounds, names) => {
    const page = await verifiedPage(type);
    expectStep(await hpp(page, 'POST', '/mandate', { ...mandateOf(type), ...names }), 'authorized', 'hpp:complete');
    await expectPayment(page, 'authorized', 'hpp:complete');
  });

  it('checks the account holder’s age of 16 on the day: refused the day before the 16th birthday, accepted on it', async () => {
    const page = await verifiedPage();
    const tomorrow = await hpp(page, 'POST', '/mandate', { ...consumerMandate, birth_date: bornYearsAgo(16, 1) });
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.body.errors).toEqual([{ pointer: '/birth_date', code: 'too_young', detail: expect.stringContaining('16'), params: { years: 16 } }]);
    await expectPayment(page, 'started', 'hpp:authorize');
    expectStep(await hpp(page, 'POST', '/mandate', { ...consumerMandate, birth_date: bornYearsAgo(16) }), 'authorized', 'hpp:complete');
  });
});

describe('SEPA steps in the wrong state', () => {
  it('refuses a second mandate on an authorized payment with 409, and collects only once', async () => {
    const page = await verifiedPage();
    expectStep(await hpp(page, 'POST', '/mandate', consumerMandate), 'authorized', 'hpp:complete');
    const second = await hpp(page, 'POST', '/mandate', { ...consumerMandate, first_name: 'Max' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('conflict');
    const forgedFailure = await verificationCallback({ token: page.token, report_id: '', error: 'verification_failed' });
    expect(forgedFailure.status).toBe(409);
    await expectPayment(page, 'authorized', 'hpp:complete');
    await settle();
    await expectPayment(page, 'completed', 'hpp:complete');
    await expectWebhooks(page, [['payment_succeeded', 'completed']]);
  });

  it.each([
    ['completed', VERIFIES, 'payment_succeeded'],
    ['not_completed', RETURNED_UNPAID, 'payment_failed'],
  ])('refuses every step on a %s payment with 409 and leaves it so', async (status, iban, eventType) => {
    const page = await verifiedPage('consumer', iban);
    expectStep(await hpp(page, 'POST', '/mandate', consumerMandate), 'authorized', 'hpp:complete');
    await settle();
    await expectPayment(page, status, 'hpp:complete');
    const steps: [string, unknown][] = [
      ['/start', {}],
      ['/start', { type: 'sepa_direct_debit' }],
      ['/mandate', consumerMandate],
      ['/cancel', undefined],
    ];
    for (const [suffix, body] of steps) {
      const refused = await hpp(page, 'POST', suffix, body);
      expect(refused.status, `${suffix} ${refused.text}`).toBe(409);
      expect(refused.body.code).toBe('conflict');
    }
    const bank = await server.request('POST', '/simulator/bank/verify', form({ token: page.bankToken!, iban: VERIFIES }));
    expect((await server.request('GET', local(bank.headers.get('location')!))).status).toBe(409);
    expect((await verificationCallback({ token: page.token, report_id: '', error: 'verification_failed' })).status).toBe(409);
    await expectPayment(page, status, 'hpp:complete');
    await expectWebhooks(page, [[eventType, status]]);
  });
});
