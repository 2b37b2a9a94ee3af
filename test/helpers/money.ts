import { expect } from 'vitest';
import type { Clock } from '../../src/core/clock.js';
import type { TestPlatform, TestServer } from './harness.js';
import { startApplication, submitApplication, type StartedApplication } from './onboarding.js';

/** A merchant account of the platform; `payable` ones have a succeeded application with a payout account. */
export async function merchant(server: TestServer, platform: TestPlatform, payable = true): Promise<string> {
  const application = await startApplication(server, platform);
  if (payable) await makePayable(server, platform, application);
  return application.merchantId;
}

/** Completes and submits the application, with a payout account, and has compliance accept it. */
export async function makePayable(server: TestServer, platform: TestPlatform, application: StartedApplication): Promise<void> {
  await submitApplication(server, application);
  const decided = await server.request('POST', `/sandbox/simulations/applications/${application.id}/decision`, { token: await platform.token(), body: { outcome: 'succeeded' } });
  expect(decided.status, decided.text).toBe(200);
}

/** Initiates a sandbox payment (EUR, hosted; the body adds to or overrides that); answers its id and its hosted page's token. */
export async function initiate(server: Pick<TestServer, 'request'>, platform: Pick<TestPlatform, 'token'>, body: Record<string, unknown>): Promise<{ id: string; token: string }> {
  const created = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: { currency: 'EUR', reference: 'order-1', integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, ...body },
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id, token: new URL(created.body._links.hosted_page.href).searchParams.get('token')! };
}

/** Initiates a sandbox payment and pays it on the hosted page API with a test card; answers its id. Any server that answers requests will do (one in a process of its own too). */
export async function payByCard(server: Pick<TestServer, 'request'> & { clock: Clock }, platform: Pick<TestPlatform, 'token'>, body: Record<string, unknown>, card = '4242424242424242'): Promise<string> {
  const { id, token } = await initiate(server, platform, { payment_method: { type: 'card' }, ...body });
  const hpp = (suffix: string, payload: unknown) => server.request('POST', `/hpp/payments/${id}${suffix}`, { token, body: payload });
  expect((await hpp('/start', {})).status).toBe(200);
  const tokenized = await hpp('/tokenize', {
    type: 'card',
    value: card,
    issuer: 'visa',
    token_data: { expiry_month: 12, expiry_year: server.clock.now().getUTCFullYear() + 2, cvv: '123' },
  });
  expect(tokenized.status, tokenized.text).toBe(201);
  const authorized = await hpp('/authorize', { token: tokenized.body.token });
  expect(authorized.status, authorized.text).toBe(200);
  return id;
}

/** Initiates a sandbox SEPA Direct Debit payment and pays it on the hosted page API up to authorized (bank account verified, mandate signed); answers its id. */
export async function paySepa(server: TestServer, platform: Pick<TestPlatform, 'token'>, body: Record<string, unknown>): Promise<string> {
  const { id, token } = await initiate(server, platform, { reference: 'sepa-1', payment_method: { type: 'sepa_direct_debit' }, ...body });
  const started = await server.request('POST', `/hpp/payments/${id}/start`, { token, body: {} });
  const bankToken = new URL(started.body._links.account_verification.href).searchParams.get('token')!;
  const form = new URLSearchParams({ token: bankToken, iban: 'DE89370400440532013000', account_holder: 'Erika Mustermann' }).toString();
  const verified = await server.request('POST', '/simulator/bank/verify', { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  await server.request('GET', verified.headers.get('location')!.replace(server.config.baseUrl, ''));
  const mandate = await server.request('POST', `/hpp/payments/${id}/mandate`, {
    token,
    body: { type: 'consumer', first_name: 'Erika', last_name: 'Mustermann', birth_date: '1990-04-12', birth_place: { city: 'Köln', country: 'DE' }, postal_address: { line1: 'Heidestraße', number: 17, town_city: 'Köln', zip: '51147' } },
  });
  expect(mandate.body.status).toBe('authorized');
  return id;
}
