import type { CreatePayment, PaymentsClient } from '../../packages/client/src/index.js';
import { RETURNED_IBAN, VERIFYING_IBAN } from '../processor/simulator/processor.js';

/**
 * The sandbox's scenarios, driven end to end as a platform and its buyers or merchants would:
 * through the platform API's typed client, the hosted pages' APIs and the simulator. The CLI's
 * `trigger` and the dashboard's sandbox page run this same code.
 */

/** A step of a scenario answered other than as a buyer's or applicant's browser expects. */
export class ScenarioFailure extends Error {}

/** What a scenario works with: the typed client for the platform API, and a way to report what it creates or changes. */
export interface Run {
  client: PaymentsClient;
  created(object: string, id: string, status: string, detail?: string): void;
}

/** What a scenario reports of an object that has no status of its own yet: an application just created, the sandbox clock moved. */
export const SCENARIO_STATUSES = ['created', 'moved'] as const;
type ScenarioStatus = (typeof SCENARIO_STATUSES)[number];

const CARDS = { captured: '4242424242424242', declined: '4000000000000002', threeDSecure: '4000000000003220' };
const IBANS = { completes: VERIFYING_IBAN, returnedUnpaid: RETURNED_IBAN };
const HOUR = 3600;
const DAY = 24 * HOUR;

// ---- The buyer's and applicant's browsers: the hosted pages' public APIs, with their resource tokens.

async function call(url: string, token: string, method: string, body?: unknown): Promise<any> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new ScenarioFailure(`${method} ${new URL(url).pathname} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A simulator form, posted as the browser would; answers where it redirects to. */
async function submitForm(url: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new ScenarioFailure(`POST ${new URL(url).pathname} answered ${response.status}: ${await response.text()}`);
  return new URL(location, url).href;
}

/** The hosted payment page of a created payment, as its buyer's browser calls it. */
function hostedPage(payment: { id: string; _links: { hosted_page?: { href: string } } }) {
  const link = new URL(payment._links.hosted_page!.href);
  const token = link.searchParams.get('token')!;
  const api = `${link.origin}/hpp/payments/${payment.id}`;
  return { step: (suffix: string, body: unknown = {}) => call(`${api}${suffix}`, token, 'POST', body), view: () => call(api, token, 'GET') };
}

type Page = ReturnType<typeof hostedPage>;

async function payWithCard(page: Page, number: string): Promise<any> {
  await page.step('/start');
  const card = await page.step('/tokenize', { type: 'card', value: number, issuer: 'visa', token_data: { expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 2, cvv: '123' } });
  return page.step('/authorize', { token: card.token });
}

/** The buyer answers the 3-D Secure challenge on the simulator's page. */
async function answerChallenge(authorized: { _links: { challenge?: { href: string } } }, outcome: 'pass' | 'fail'): Promise<void> {
  if (!authorized._links.challenge) throw new ScenarioFailure('The card was not challenged');
  await submitForm(authorized._links.challenge.href, { outcome });
}

/** A consumer's SEPA mandate as the buyer fills it in on the page. */
export const CONSUMER_MANDATE = {
  type: 'consumer',
  first_name: 'Erika',
  last_name: 'Mustermann',
  birth_date: '1990-04-12',
  birth_place: { city: 'Köln', country: 'DE' },
  postal_address: { line1: 'Heidestraße', number: 17, town_city: 'Köln', zip: '51147', country: 'DE' },
};

/** The buyer verifies their account at the simulated bank and signs the mandate. */
async function payWithSepa(page: Page, iban: string): Promise<void> {
  const started = await page.step('/start');
  const bank = new URL(started._links.account_verification.href);
  const callback = await submitForm(`${bank.origin}/simulator/bank/verify`, { token: bank.searchParams.get('token')!, iban, account_holder: 'Erika Mustermann' });
  await fetch(callback, { redirect: 'manual' });
  await page.step('/mandate', CONSUMER_MANDATE);
}

// ---- Steps shared by the scenarios.

async function newPayment(run: Run, method: 'card' | 'sepa_direct_debit', extra: Partial<CreatePayment> = {}) {
  const body = {
    amount_minor: 2_500,
    currency: 'EUR',
    reference: `trigger-${method}`,
    payment_method: { type: method },
    integration: { type: 'hosted' },
    urls: { redirect: 'https://example.com/return' },
    ...extra,
  } as CreatePayment;
  const payment = await run.client.payments.create(body);
  run.created('payment', payment.id, payment.status, method);
  return payment;
}

async function showPayment(run: Run, id: string) {
  const payment = await run.client.payments.get(id);
  run.created('payment', payment.id, payment.status);
  return payment;
}

async function advanceClock(run: Run, seconds: number): Promise<void> {
  const moved = await run.client.sandbox.clock.advance(seconds);
  run.created('clock', moved.now, 'moved' satisfies ScenarioStatus, `${seconds / 3600} h forward`);
}

async function cardPayment(run: Run, number: string, extra: Partial<CreatePayment> = {}) {
  const payment = await newPayment(run, 'card', extra);
  const authorized = await payWithCard(hostedPage(payment), number);
  return { payment, authorized };
}

async function capturedCardPayment(run: Run, extra: Partial<CreatePayment> = {}): Promise<string> {
  const { payment } = await cardPayment(run, CARDS.captured, extra);
  await showPayment(run, payment.id);
  return payment.id;
}

async function threeDSecure(run: Run, outcome: 'pass' | 'fail'): Promise<void> {
  const { payment, authorized } = await cardPayment(run, CARDS.threeDSecure);
  await answerChallenge(authorized, outcome);
  await showPayment(run, payment.id);
}

/** A SEPA payment, its mandate signed, collected two days later on the platform's sandbox clock. */
async function sepaPayment(run: Run, iban: string): Promise<string> {
  const payment = await newPayment(run, 'sepa_direct_debit');
  await payWithSepa(hostedPage(payment), iban);
  await showPayment(run, payment.id);
  await advanceClock(run, 2 * DAY);
  await showPayment(run, payment.id);
  return payment.id;
}

/**
 * The sandbox's test company, a sole trader in Munich: what the application scenarios send, and
 * what the onboarding wizard's "fill with a test company" types in (sandbox only).
 */
export const TEST_COMPANY = {
  applicant: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  person: { nationality: 'GB', gender: 'female', pep: false, roles: ['owner'] },
  businessType: { type: 'individual_sole_trader', country_code: 'DE' },
  address: { line1: 'Leopoldstraße', number: 1, zip: '80802', town_city: 'München', country: 'DE' },
  profile: { mcc: '5734', website: 'https://engines.example' },
  iban: VERIFYING_IBAN,
} as const;

async function application(run: Run, lastName: string): Promise<void> {
  const applicant = { ...TEST_COMPANY.applicant, last_name: lastName };
  const created = await run.client.applications.create({ applicant, integration: { type: 'hosted' }, reference: 'trigger', urls: { redirect: 'https://example.com/done' } });
  run.created('application', created.id, 'created' satisfies ScenarioStatus, `merchant ${created.merchant_id}`);
  const link = new URL(created._links.onboarding.href);
  const token = link.searchParams.get('token')!;
  const step = (method: string, path: string, body?: unknown) => call(`${link.origin}/smo/application${path}`, token, method, body);
  const bornIn = new Date().getUTCFullYear() - 36;
  await step('GET', '');
  await step('POST', '/confirm-applicant', applicant);
  await step('PATCH', '/applicant', { ...TEST_COMPANY.person, date_of_birth: `${bornIn}-03-10` });
  await step('POST', '/business-type', TEST_COMPANY.businessType);
  await step('PUT', '/business-profile', { legal_name: `Ada ${lastName}`, registered_address: TEST_COMPANY.address, ...TEST_COMPANY.profile });
  await step('POST', '/confirm-representatives');
  await step('PUT', '/payout-account', { account_number: { type: 'iban', value: TEST_COMPANY.iban }, account_owners_name: `Ada ${lastName}`, currency: 'EUR' });
  const submitted = await step('POST', '/submit');
  run.created('application', created.id, submitted.status);
  await advanceClock(run, HOUR); // the simulated compliance checks decide an hour after submit
  const decided = await run.client.applications.get(created.id);
  run.created('application', decided.id, decided.status);
}

// ---- The scenarios.

export interface Scenario {
  summary: string;
  /** How far it moves the platform's own sandbox clock (no other platform's), if it does. */
  movesClockSeconds?: number;
  run: (run: Run) => Promise<unknown>;
}

/** The sandbox's scenarios by name, in the order the CLI lists them and the dashboard shows them. */
export const SCENARIOS: Record<string, Scenario> = {
  'card-succeeded': { summary: 'a card payment on the hosted page, captured (payment_succeeded)', run: (run) => capturedCardPayment(run) },
  'card-declined': {
    summary: 'a card payment declined (payment_failed)',
    run: async (run) => showPayment(run, (await cardPayment(run, CARDS.declined)).payment.id),
  },
  '3ds-passed': { summary: 'a card challenged by 3-D Secure, the buyer passes (payment_succeeded)', run: (run) => threeDSecure(run, 'pass') },
  '3ds-failed': { summary: 'a card challenged by 3-D Secure, the buyer fails (payment_authentication_failed)', run: (run) => threeDSecure(run, 'fail') },
  'sepa-completed': { movesClockSeconds: 2 * DAY, summary: 'a SEPA Direct Debit, collected two days later on the clock (payment_succeeded)', run: (run) => sepaPayment(run, IBANS.completes) },
  'sepa-unpaid': { movesClockSeconds: 2 * DAY, summary: 'a SEPA Direct Debit returned unpaid two days later (payment_failed)', run: (run) => sepaPayment(run, IBANS.returnedUnpaid) },
  'refund-completed': {
    summary: 'a captured card payment refunded in full, the refund completed (refund_initiated, refund_completed)',
    run: async (run) => {
      const paymentId = await capturedCardPayment(run);
      const refund = await run.client.refunds.create({ payment_id: paymentId, description: 'Returned goods' });
      run.created('refund', refund.id, refund.status);
      const completed = await run.client.sandbox.completeRefund(refund.id);
      run.created('refund', completed.id, completed.status);
    },
  },
  'buyer-refund': {
    movesClockSeconds: 2 * DAY,
    summary: "a completed SEPA payment whose buyer's bank takes 10.00 back (refund_initiated_from_buyer)",
    run: async (run) => {
      const paymentId = await sepaPayment(run, IBANS.completes);
      const refund = await run.client.sandbox.buyerRefund(paymentId, { amount_minor: 1_000 });
      run.created('refund', refund.id, refund.status, 'from the buyer');
    },
  },
  'payout-paid': {
    movesClockSeconds: DAY,
    summary: "a captured payment's transfer paid out to the platform, arriving a day later (transfer_started, _updated, _completed)",
    run: async (run) => {
      const paymentId = await capturedCardPayment(run);
      const { data } = await run.client.sandbox.runPayouts();
      const payouts = data.filter((payout) => payout.transfers.some((transfer) => transfer.payment_id === paymentId));
      for (const payout of payouts) run.created('payout', payout.id, payout.status);
      await advanceClock(run, DAY);
      for (const payout of payouts) {
        const paid = await run.client.payouts.get(payout.id);
        run.created('payout', paid.id, paid.status);
      }
    },
  },
  'application-succeeded': { movesClockSeconds: HOUR, summary: 'a merchant onboarded on the hosted steps, accepted an hour later (application_succeeded)', run: (run) => application(run, 'Lovelace') },
  'application-action-required': {
    movesClockSeconds: HOUR,
    summary: 'a merchant onboarded, asked for more information an hour later (application_action_required)',
    run: (run) => application(run, 'Actionrequired'),
  },
  'mit-series': {
    summary: 'a card stored by a zero-amount initial payment, then charged three times by the merchant (payment_succeeded each)',
    run: async (run) => {
      const initialId = await capturedCardPayment(run, { amount_minor: 0, cit_mode: 'initial', reference: 'trigger-subscription' });
      for (const month of [1, 2, 3]) {
        const charged = await run.client.payments.authorize({ initial_payment_id: initialId, amount_minor: 1_990, currency: 'EUR', reference: `trigger-month-${month}` });
        run.created('payment', charged.id, charged.status, 'merchant-initiated');
      }
    },
  },
};

export const isScenario = (name: string): boolean => Object.hasOwn(SCENARIOS, name);
