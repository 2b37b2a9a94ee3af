import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { completeSteps } from '../helpers/onboarding.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
let receiver: Receiver;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  receiver = await startReceiver();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

interface Started {
  id: string;
  merchantId: string;
  token: string;
}

async function startApplication(overrides: Record<string, unknown> = {}, owner: TestPlatform = platform): Promise<Started> {
  const response = await server.request('POST', '/sandbox/applications', {
    token: await owner.token(),
    body: {
      applicant: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
      integration: { type: 'hosted' },
      reference: 'merchant-1',
      urls: { redirect: 'https://platform.example/done', webhook: receiver.url },
      ...overrides,
    },
  });
  expect(response.status).toBe(201);
  return { id: response.body.id, merchantId: response.body.merchant_id, token: new URL(response.body._links.onboarding.href).searchParams.get('token')! };
}

function step(application: Started, method: string, path: string, body?: unknown) {
  return server.request(method, `/smo/application${path}`, { token: application.token, body });
}

/** A date of birth that makes someone `years` old today (on the server's clock), plus `days`. */
function bornYearsAgo(years: number, days = 0): string {
  const today = server.clock.now();
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days)).toISOString().slice(0, 10);
}

const contact = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
const details = () => ({ nationality: 'GB', gender: 'female', date_of_birth: bornYearsAgo(36), pep: false, roles: ['owner', 'executive'] });
const representative = () => ({ first_name: 'Charles', last_name: 'Babbage', email: 'charles@example.com', roles: ['director'], date_of_birth: bornYearsAgo(50), pep: false });
const address = { line1: 'Leopoldstraße', number: 1, zip: '80802', town_city: 'München', country: 'DE' };
const payout = { account_number: { type: 'iban', value: 'DE89 3704 0044 0532 0130 00' }, account_owners_name: 'Analytical Engines GmbH', currency: 'EUR' };
const profile = (overrides: Record<string, unknown> = {}) => ({
  legal_name: 'Analytical Engines GmbH',
  registration_number_code: 'DeHrb',
  registration_number: 'HRB 12345',
  district_court_code: 'DE-AG-MUENCHEN',
  registered_address: address,
  mcc: '5734',
  website: 'https://engines.example',
  phone_number: { country_code: 'DE', number: '089 12345678' },
  ...overrides,
});

const BASE = ['app:application', 'app:confirm-applicant'];
const AFTER_APPLICANT = [...BASE, 'app:applicant', 'app:business-type'];
const AFTER_TYPE = [...AFTER_APPLICANT, 'app:business-profile', 'app:field-configuration'];
const AFTER_PROFILE = [...AFTER_TYPE, 'app:representatives'];
const AFTER_REPRESENTATIVE = [...AFTER_PROFILE, 'app:confirm-representatives'];
const AFTER_CONFIRM = [...AFTER_REPRESENTATIVE, 'app:payout-account'];
const AFTER_PAYOUT = [...AFTER_CONFIRM, 'app:submit'];

function expectStep(response: { status: number; body: any }, status: string, previous: string | null, next: string | null, links: string[]) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.status).toBe(status);
  expect(response.body.workflow).toEqual({ previous, next, complete: next === null });
  expect(Object.keys(response.body._links).sort()).toEqual([...links].sort());
}

interface Walk {
  businessType: Record<string, unknown>;
  profile: Record<string, unknown>;
  representatives: boolean;
  applicant?: typeof contact;
}

/** Walks the whole workflow, asserting status, workflow and links after every step of the specification's table. */
async function walk(application: Started, plan: Walk) {
  expectStep(await step(application, 'GET', ''), 'initiated', null, 'app:confirm-applicant', BASE);
  expectStep(await step(application, 'POST', '/confirm-applicant', plan.applicant ?? contact), 'in_progress', 'app:confirm-applicant', 'app:business-type', AFTER_APPLICANT);
  expectStep(await step(application, 'PATCH', '/applicant', details()), 'in_progress', 'app:confirm-applicant', 'app:business-type', AFTER_APPLICANT);
  expectStep(await step(application, 'POST', '/business-type', plan.businessType), 'in_progress', 'app:business-type', 'app:business-profile', AFTER_TYPE);
  if (plan.representatives) {
    expectStep(await step(application, 'PUT', '/business-profile', plan.profile), 'in_progress', 'app:business-profile', 'app:representatives', AFTER_PROFILE);
    const added = await step(application, 'POST', '/representatives', representative());
    expect(added.status).toBe(200);
    expect(added.body.id).toMatch(/^rep_[0-9A-Za-z]{26}$/);
    expect(added.body.status).toBe('awaiting_documents');
    expect(added.body.workflow).toEqual({ previous: 'app:representatives', next: 'app:confirm-representatives', complete: false });
    expect(added.body._links.self).toEqual({ href: `${server.config.onboardingUrl}/smo/application/representatives/${added.body.id}`, methods: ['PUT', 'DELETE'] });
    expect(added.body._links['app:confirm-representatives'].methods).toEqual(['POST']);
  } else {
    expectStep(await step(application, 'PUT', '/business-profile', plan.profile), 'in_progress', 'app:business-profile', 'app:representatives', [...AFTER_PROFILE, 'app:confirm-representatives']);
  }
  expectStep(await step(application, 'POST', '/confirm-representatives'), 'in_progress', 'app:confirm-representatives', 'app:payout-account', AFTER_CONFIRM);
  expectStep(await step(application, 'PUT', '/payout-account', payout), 'in_progress', 'app:payout-account', 'app:submit', AFTER_PAYOUT);
  const submitted = await step(application, 'POST', '/submit');
  expectStep(submitted, 'submitted', 'app:submit', null, ['app:application', 'app:redirect']);
  expect(submitted.body._links['app:redirect']).toEqual({ href: 'https://platform.example/done', methods: ['GET'] });
  return submitted.body;
}

function eventsFor(id: string) {
  return receiver.received.map((entry) => JSON.parse(entry.body)).filter((event) => event.data.id === id);
}

/** The compliance checks decide an hour after submit on the clock; the webhook follows. */
async function decided(application: Started, outcome: 'succeeded' | 'action_required') {
  server.clock.advance(3600);
  await server.app.services.jobs.runDue();
  const events = await eventually(async () => eventsFor(application.id).length >= 3 && eventsFor(application.id));
  expect(events.map((event) => event.type)).toEqual(['application_started', 'application_submitted', `application_${outcome}`]);
  expect(events[2].data).toEqual({ id: application.id, merchant_id: application.merchantId, reference: 'merchant-1' });
  const read = await server.request('GET', `/sandbox/applications/${application.id}`, { token: await platform.token() });
  expect(read.body.status).toBe(outcome);
  const state = await step(application, 'GET', '');
  if (outcome === 'succeeded') {
    expect(state.body).toMatchObject({ status: outcome, workflow: { previous: 'app:submit', next: null, complete: true } });
    expect(Object.keys(state.body._links).sort()).toEqual(['app:application', 'app:redirect']);
  } else {
    // Reopened: every step may change again, and the application is submitted again.
    expect(state.body).toMatchObject({ status: outcome, workflow: { previous: 'app:payout-account', next: 'app:submit', complete: false } });
    expect(Object.keys(state.body._links)).toEqual(expect.arrayContaining(['app:confirm-applicant', 'app:business-profile', 'app:submit']));
  }
}

describe('what works', () => {
  it('walks a German GmbH through every step, then emits application_started and application_submitted', async () => {
    const application = await startApplication();
    const state = await walk(application, { businessType: { type: 'company', structure: 'gmbh', country_code: 'DE' }, profile: profile(), representatives: true });
    expect(state.business).toMatchObject({ type: 'company', structure: 'gmbh', country_code: 'DE', profile: { legal_name: 'Analytical Engines GmbH', registration_number: 'HRB 12345' } });
    expect(state.payout_account.account_number).toEqual({ type: 'iban', value: 'DE89 •••• 3000' });
    expect(state.representatives).toHaveLength(1);

    const events = await eventually(async () => eventsFor(application.id).length >= 2 && eventsFor(application.id));
    expect(events.map((event) => event.type)).toEqual(['application_started', 'application_submitted']);
    expect(events[0].data).toEqual({ id: application.id, merchant_id: application.merchantId, reference: 'merchant-1' });

    const read = await server.request('GET', `/sandbox/applications/${application.id}`, { token: await platform.token() });
    expect(read.body).toMatchObject({ status: 'submitted', started_at: expect.any(String), submitted_at: expect.any(String) });
    const account = await server.request('GET', `/sandbox/accounts/${application.merchantId}`, { token: await platform.token() });
    expect(account.body.name).toBe('Analytical Engines GmbH');
  });

  it('answers the payout IBAN masked, and keeps the stored one when the masked form comes back unchanged', async () => {
    // Action required reopens the application, so that the payout account can change again.
    const application = await startApplication();
    await walk(application, { businessType: { type: 'company', structure: 'gmbh', country_code: 'DE' }, profile: profile(), representatives: true, applicant: { ...contact, last_name: 'Actionrequired' } });
    await decided(application, 'action_required');
    const stored = async () =>
      (await server.app.database.db.selectFrom('applications').select('payout_account').where('id', '=', application.id).executeTakeFirstOrThrow()).payout_account;
    const again = await step(application, 'PUT', '/payout-account', { ...payout, account_number: { type: 'iban', value: 'DE89 •••• 3000' }, account_owners_name: 'Ada' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.payout_account).toEqual({ ...payout, account_number: { type: 'iban', value: 'DE89 •••• 3000' }, account_owners_name: 'Ada' });
    expect(await stored()).toMatchObject({ account_number: { type: 'iban', value: 'DE89370400440532013000' }, account_owners_name: 'Ada' });
    const other = await step(application, 'PUT', '/payout-account', { ...payout, account_number: { type: 'iban', value: 'DE89 •••• 3001' } });
    expect(other.status).toBe(400);
    expect(other.body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(['/account_number/value']);
  });

  it('walks a sole trader, who needs no representative, through every step; compliance succeeds', async () => {
    const application = await startApplication();
    const soleTrader = profile({ legal_name: 'Ada Lovelace', registration_number_code: undefined, registration_number: undefined, district_court_code: undefined });
    await walk(application, { businessType: { type: 'individual_sole_trader', country_code: 'DE' }, profile: soleTrader, representatives: false });
    await decided(application, 'succeeded');
  });

  it('walks a non-profit association in France, whose registration number is optional, through every step; compliance asks for action', async () => {
    const application = await startApplication();
    const association = profile({
      legal_name: 'Les Amis des Machines',
      registration_number_code: undefined,
      registration_number: undefined,
      district_court_code: undefined,
      registered_address: { ...address, zip: '75001', town_city: 'Paris', country: 'FR' },
      phone_number: { country_code: 'FR', number: '01 23 45 67 89' },
    });
    const applicant = { ...contact, last_name: 'Actionrequired' };
    await walk(application, { businessType: { type: 'non_profit', structure: 'association', country_code: 'FR' }, profile: association, representatives: true, applicant });
    await decided(application, 'action_required');

    // The merchant corrects the application and submits it again; the checks run again and pass.
    const corrected = await step(application, 'POST', '/confirm-applicant', contact);
    expect(corrected.body).toMatchObject({ status: 'action_required', workflow: { next: 'app:submit', complete: false } });
    const resubmitted = await step(application, 'POST', '/submit');
    expect(resubmitted.status, resubmitted.text).toBe(200);
    expect(resubmitted.body).toMatchObject({ status: 'submitted', workflow: { next: null, complete: true } });
    server.clock.advance(3600);
    await server.app.services.jobs.runDue();
    const events = await eventually(async () => eventsFor(application.id).length >= 5 && eventsFor(application.id));
    expect(events.map((event) => event.type)).toEqual(['application_started', 'application_submitted', 'application_action_required', 'application_submitted', 'application_succeeded']);
    expect((await server.request('GET', `/sandbox/applications/${application.id}`, { token: await platform.token() })).body.status).toBe('succeeded');
  });

  it('serves the application on the base URL too, and emits application_started only once', async () => {
    const application = await startApplication({ reference: 'twice' });
    const first = await server.request('GET', '/merchants/application', { token: application.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: application.id,
      status: 'initiated',
      language: 'en',
      platform: { name: 'Test platform', colors: { primary_color: expect.stringMatching(/^#/), secondary_color: expect.stringMatching(/^#/) } },
      applicant: contact,
    });
    await step(application, 'GET', '');
    const rows = await server.app.database.db.selectFrom('events').select('type').where('object_id', '=', application.id).execute();
    expect(rows.map((row) => row.type)).toEqual(['application_started']);
  });

  it('answers the field configuration of the chosen structure and 404 for other steps', async () => {
    const application = await startApplication();
    await step(application, 'POST', '/confirm-applicant', contact);
    await step(application, 'POST', '/business-type', { type: 'company', country_code: 'DE' });
    const config = await step(application, 'GET', '/field-configuration/business-profile');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ registration_number: { required: true, type: 'HRB' }, vat_number: { required: false }, district_court_code: { required: true } });
    expect((await step(application, 'GET', '/field-configuration/payout-account')).status).toBe(404);
    await step(application, 'POST', '/business-type', { type: 'individual_sole_trader', structure: 'einzelunternehmen', country_code: 'DE' });
    const hidden = await step(application, 'GET', '/field-configuration/business-profile');
    expect(hidden.body).toEqual({ registration_number: null, vat_number: { required: false }, district_court_code: null });
  });

  it('deletes a representative, which asks for the list to be confirmed again', async () => {
    const application = await startApplication();
    await step(application, 'POST', '/confirm-applicant', contact);
    await step(application, 'POST', '/business-type', { type: 'company', country_code: 'DE' });
    await step(application, 'PUT', '/business-profile', profile());
    const first = (await step(application, 'POST', '/representatives', representative())).body.id;
    const second = (await step(application, 'POST', '/representatives', { ...representative(), first_name: 'Mary' })).body.id;
    await step(application, 'POST', '/confirm-representatives');
    const deleted = await step(application, 'DELETE', `/representatives/${first}`);
    expectStep(deleted, 'in_progress', 'app:representatives', 'app:confirm-representatives', AFTER_REPRESENTATIVE);
    expect(deleted.body.representatives.map((rep: { id: string }) => rep.id)).toEqual([second]);
    expect((await step(application, 'DELETE', `/representatives/${first}`)).status).toBe(404);
  });

  it('replaces a representative\'s details, with the rules of adding one, which asks for the list to be confirmed again', async () => {
    const application = await startApplication();
    await step(application, 'POST', '/confirm-applicant', contact);
    await step(application, 'POST', '/business-type', { type: 'company', country_code: 'DE' });
    await step(application, 'PUT', '/business-profile', profile());
    const id = (await step(application, 'POST', '/representatives', representative())).body.id;
    await step(application, 'POST', '/confirm-representatives');
    const changed = { ...representative(), last_name: 'Babbage-King', roles: ['owner'], nationality: 'GB', pep: true, pep_description: 'Member of the House of Lords' };
    const updated = await step(application, 'PUT', `/representatives/${id}`, changed);
    expectStep(updated, 'in_progress', 'app:representatives', 'app:confirm-representatives', AFTER_REPRESENTATIVE);
    expect(updated.body.representatives).toEqual([{ ...changed, id, status: 'awaiting_documents' }]);

    const tooYoung = await step(application, 'PUT', `/representatives/${id}`, { ...changed, date_of_birth: bornYearsAgo(16, 1) });
    expect(tooYoung.status).toBe(400);
    expect(tooYoung.body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(['/date_of_birth']);
    const withoutRoles = await step(application, 'PUT', `/representatives/${id}`, { ...changed, roles: [] });
    expect(withoutRoles.status).toBe(400);
    expect((await step(application, 'PUT', '/representatives/rep_unknown', changed)).status).toBe(404);
    expect((await step(application, 'GET', '')).body.representatives[0].last_name).toBe('Babbage-King');
  });

  it('asks for the business profile again when the business type changes', async () => {
    const application = await startApplication();
    await step(application, 'POST', '/confirm-applicant', contact);
    await step(application, 'POST', '/business-type', { type: 'company', country_code: 'DE' });
    await step(application, 'PUT', '/business-profile', profile());
    const same = await step(application, 'POST', '/business-type', { type: 'company', structure: 'gmbh', country_code: 'DE' });
    expect(same.body.workflow.next).toBe('app:representatives');
    const changed = await step(application, 'POST', '/business-type', { type: 'company', structure: 'kg', country_code: 'DE' });
    expectStep(changed, 'in_progress', 'app:business-type', 'app:business-profile', AFTER_TYPE);
  });

  it('asks a sole trader who becomes a company for its representatives again, and refuses to submit without one', async () => {
    const application = await startApplication();
    await completeSteps(server, application); // a sole trader, who confirmed an empty list of representatives
    expect((await step(application, 'POST', '/business-type', { type: 'company', structure: 'gmbh', country_code: 'DE' })).status).toBe(200);
    const profiled = await step(application, 'PUT', '/business-profile', profile());
    expect(profiled.body.workflow.next).toBe('app:representatives');
    const refused = await step(application, 'POST', '/submit');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('app:representatives');
    expect((await step(application, 'POST', '/representatives', representative())).status).toBe(200);
    expect((await step(application, 'POST', '/submit')).status).toBe(409); // the new list is confirmed first
    expect((await step(application, 'POST', '/confirm-representatives')).status).toBe(200);
    expect((await step(application, 'POST', '/submit')).status).toBe(200);
  });

  it('points at the applicant details when everything else is done', async () => {
    const application = await startApplication();
    await step(application, 'POST', '/confirm-applicant', contact);
    await step(application, 'POST', '/business-type', { type: 'individual_sole_trader', country_code: 'DE' });
    await step(application, 'PUT', '/business-profile', profile({ registration_number_code: undefined, registration_number: undefined, district_court_code: undefined }));
    await step(application, 'POST', '/confirm-representatives');
    const paid = await step(application, 'PUT', '/payout-account', payout);
    expect(paid.body.workflow).toEqual({ previous: 'app:payout-account', next: 'app:applicant', complete: false });
    expect(paid.body._links['app:submit']).toBeUndefined();
    const submit = await step(application, 'POST', '/submit');
    expect(submit.status).toBe(409);
    expect(submit.body.detail).toContain('app:applicant');
  });

  it("takes the specification's Address, exactly its six members, on both entry points; its country is the business's", async () => {
    const specAddress = { line1: 'Leopoldstraße', line2: 'Hinterhaus', town_city: 'München', state: 'Bayern', zip: '80802', number: 1 };
    const application = await startApplication({ business: { profile: { legal_name: 'Analytical Engines GmbH', registered_address: specAddress } } });
    expect((await step(application, 'GET', '')).body.business.profile.registered_address).toEqual(specAddress);
    await step(application, 'POST', '/confirm-applicant', contact);
    await step(application, 'POST', '/business-type', { type: 'company', country_code: 'DE' });
    const updated = await step(application, 'PUT', '/business-profile', profile({ registered_address: specAddress }));
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.business.profile.registered_address).toEqual({ ...specAddress, country: 'DE' });
    expect((await step(application, 'PUT', '/business-profile', profile({ registered_address: { ...specAddress, country: 'DE' } }))).status).toBe(200);
    const elsewhere = await step(application, 'PUT', '/business-profile', profile({ registered_address: { ...specAddress, country: 'AT' } }));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('validation_error');
    expect(elsewhere.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/registered_address/country']);
  });
});

describe('what is refused', () => {
  let ready: Started;
  beforeAll(async () => {
    ready = await startApplication();
    await step(ready, 'POST', '/confirm-applicant', contact);
    await step(ready, 'POST', '/business-type', { type: 'company', country_code: 'DE' });
    await step(ready, 'PUT', '/business-profile', profile());
    await step(ready, 'POST', '/confirm-representatives').then((response) => expect(response.status).toBe(409));
    await step(ready, 'POST', '/representatives', representative());
    await step(ready, 'POST', '/confirm-representatives');
  });

  /** Bodies built from the clock's today are given as functions: the tables are read before the server starts. */
  async function expectInvalid(method: string, path: string, body: unknown, pointer: string) {
    const response = await step(ready, method, path, typeof body === 'function' ? body() : body);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.code).toBe('validation_error');
    expect(response.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  }

  it.each([
    ['first_name of 1 character', { ...contact, first_name: 'A' }, '/first_name'],
    ['first_name of 51 characters', { ...contact, first_name: 'A'.repeat(51) }, '/first_name'],
    ['last_name of 1 character', { ...contact, last_name: 'L' }, '/last_name'],
    ['last_name of 51 characters', { ...contact, last_name: 'L'.repeat(51) }, '/last_name'],
    ['a missing e-mail', { first_name: 'Ada', last_name: 'Lovelace' }, '/email'],
    ['a first_name of spaces only', { ...contact, first_name: '   ' }, '/first_name'],
    ['a last_name of invisible characters only', { ...contact, last_name: '\u200b\u200b' }, '/last_name'],
  ])('confirm applicant: refuses %s', (_name, body, pointer) => expectInvalid('POST', '/confirm-applicant', body, pointer));

  it('confirm applicant: accepts names of 2 and 50 characters', async () => {
    expect((await step(ready, 'POST', '/confirm-applicant', { ...contact, first_name: 'Al', last_name: 'L'.repeat(50) })).status).toBe(200);
    expect((await step(ready, 'POST', '/confirm-applicant', { ...contact, first_name: 'A'.repeat(50), last_name: 'Lo' })).status).toBe(200);
  });

  it.each([
    ['a nationality in lowercase', () => ({ ...details(), nationality: 'gb' }), '/nationality'],
    ['an unknown gender', () => ({ ...details(), gender: 'x' }), '/gender'],
    ['a date that does not exist', () => ({ ...details(), date_of_birth: '1990-02-30' }), '/date_of_birth'],
    ['someone turning 16 tomorrow', () => ({ ...details(), date_of_birth: bornYearsAgo(16, 1) }), '/date_of_birth'],
    ['pep without a description', () => ({ ...details(), pep: true }), '/pep_description'],
    ['a pep description of 301 characters', () => ({ ...details(), pep: true, pep_description: 'p'.repeat(301) }), '/pep_description'],
    ['empty roles', () => ({ ...details(), roles: [] }), '/roles'],
    ['an unknown role', () => ({ ...details(), roles: ['chairman'] }), '/roles/0'],
  ])('applicant details: refuses %s', (_name, body, pointer) => expectInvalid('PATCH', '/applicant', body, pointer));

  it('applicant details: accepts someone 16 today and a pep description of 300 characters', async () => {
    const response = await step(ready, 'PATCH', '/applicant', { ...details(), date_of_birth: bornYearsAgo(16), pep: true, pep_description: 'p'.repeat(300) });
    expect(response.status).toBe(200);
  });

  it.each([
    ['an unknown type', { type: 'cooperative', country_code: 'DE' }, '/type'],
    ['a structure not offered for the type', { type: 'company', structure: 'e_v', country_code: 'DE' }, '/structure'],
    ['an unknown country', { type: 'company', country_code: 'XX' }, '/country_code'],
  ])('business type: refuses %s', (_name, body, pointer) => expectInvalid('POST', '/business-type', body, pointer));

  it.each([
    ['legal_name of 1 character', profile({ legal_name: 'A' }), '/legal_name'],
    ['legal_name of 301 characters', profile({ legal_name: 'A'.repeat(301) }), '/legal_name'],
    ['trading_name of 1 character', profile({ trading_name: 'T' }), '/trading_name'],
    ['trading_name of 301 characters', profile({ trading_name: 'A'.repeat(301) }), '/trading_name'],
    ['a missing registered address', profile({ registered_address: undefined }), '/registered_address'],
    ['an MCC not in ISO 18245', profile({ mcc: '0001' }), '/mcc'],
    ['a website that is not a URI', profile({ website: 'engines' }), '/website'],
    ['a phone number of another country', profile({ phone_number: { country_code: 'DE', number: '12' } }), '/phone_number/number'],
    ["a number with another country's prefix", profile({ phone_number: { country_code: 'DE', number: '+1 202 555 0143' } }), '/phone_number/number'],
    ['a legal_name of spaces only', profile({ legal_name: '    ' }), '/legal_name'],
    ['a missing registration number', profile({ registration_number: undefined }), '/registration_number'],
    ['a registration number that is not HRB', profile({ registration_number: 'HRA 12345' }), '/registration_number'],
    ['a code of another register', profile({ registration_number_code: 'DeHra' }), '/registration_number_code'],
    ['a code of another country', profile({ registration_number_code: 'SiTin' }), '/registration_number_code'],
    ['an unknown district court', profile({ district_court_code: 'DE-AG-NOWHERE' }), '/district_court_code'],
    ['a missing district court', profile({ district_court_code: undefined }), '/district_court_code'],
    ['a malformed VAT number', profile({ vat_number: '1234' }), '/vat_number'],
    ['a German VAT number of 5 digits', profile({ vat_number: 'DE12345' }), '/vat_number'],
    ['a German VAT number of 10 digits', profile({ vat_number: 'DE1234567890' }), '/vat_number'],
    ['a VAT number of another country', profile({ vat_number: 'ATU12345678' }), '/vat_number'],
    ['a German postcode of 4 digits', profile({ registered_address: { ...address, zip: '8080' } }), '/registered_address/zip'],
    ['a German postcode of 6 digits', profile({ registered_address: { ...address, zip: '808020' } }), '/registered_address/zip'],
    ['a number of another register written without its name', profile({ registration_number: 'HRA12345' }), '/registration_number'],
  ])('business profile: refuses %s', (_name, body, pointer) => expectInvalid('PUT', '/business-profile', body, pointer));

  it.each([
    ['a German VAT number of 3 digits', profile({ vat_number: 'DE123' }), '/vat_number', 'vat_number_format'],
    ['a German VAT number whose check digit does not match', profile({ vat_number: 'DE123456789' }), '/vat_number', 'vat_number_check_digits'],
    ['a VAT number with the prefix of another country', profile({ vat_number: 'FR40303265045' }), '/vat_number', 'vat_number_prefix'],
    ['a German postcode of 4 digits', profile({ registered_address: { ...address, zip: '1011' } }), '/registered_address/zip', 'postcode_invalid'],
  ])('business profile: refuses %s, naming the field and what is wrong by its code', async (_name, body, pointer, code) => {
    const response = await step(ready, 'PUT', '/business-profile', body);
    expect(response.status, response.text).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ pointer, code })]);
  });

  it('business profile: stores the VAT number compact and upper case, and a bare register number with its register', async () => {
    const saved = await step(ready, 'PUT', '/business-profile', profile({ vat_number: 'de 136.695.976', registration_number: '12345' }));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.business.profile).toMatchObject({ vat_number: 'DE136695976', registration_number: 'HRB 12345', registered_address: { zip: '80802' } });
    const written = await step(ready, 'PUT', '/business-profile', profile({ registration_number: 'HRB 12345 B' }));
    expect(written.body.business.profile.registration_number).toBe('HRB 12345 B');
  });

  it('business profile: accepts names of 2 and 300 characters', async () => {
    expect((await step(ready, 'PUT', '/business-profile', profile({ legal_name: 'AE', trading_name: 'T'.repeat(300) }))).status).toBe(200);
    expect((await step(ready, 'PUT', '/business-profile', profile({ legal_name: 'A'.repeat(300), trading_name: 'TE' }))).status).toBe(200);
  });

  it.each([
    ['empty roles', () => ({ ...representative(), roles: [] }), '/roles'],
    ['someone under 16', () => ({ ...representative(), date_of_birth: bornYearsAgo(16, 1) }), '/date_of_birth'],
    ['pep without a description', () => ({ ...representative(), pep: true }), '/pep_description'],
    ['first_name of 1 character', () => ({ ...representative(), first_name: 'C' }), '/first_name'],
    ['first_name of 51 characters', () => ({ ...representative(), first_name: 'C'.repeat(51) }), '/first_name'],
    ['last_name of 1 character', () => ({ ...representative(), last_name: 'B' }), '/last_name'],
    ['last_name of 51 characters', () => ({ ...representative(), last_name: 'B'.repeat(51) }), '/last_name'],
    ['a pep description of 301 characters', () => ({ ...representative(), pep: true, pep_description: 'p'.repeat(301) }), '/pep_description'],
    ['a nationality that is no country', () => ({ ...representative(), nationality: 'XX' }), '/nationality'],
    ['a missing pep', () => ({ ...representative(), pep: undefined }), '/pep'],
  ])('representative: refuses %s', (_name, body, pointer) => expectInvalid('POST', '/representatives', body, pointer));

  it('representative: accepts names of 2 and 50 characters, someone 16 today and a pep description of 300 characters', async () => {
    const added = await step(ready, 'POST', '/representatives', { ...representative(), first_name: 'Cb', last_name: 'B'.repeat(50), date_of_birth: bornYearsAgo(16), pep: true, pep_description: 'p'.repeat(300) });
    expect(added.status, added.text).toBe(200);
    expect(added.body.status).toBe('awaiting_documents');
    const other = await step(ready, 'POST', '/representatives', { ...representative(), first_name: 'C'.repeat(50), last_name: 'Ba' });
    expect(other.status, other.text).toBe(200);
    await step(ready, 'POST', '/confirm-representatives');
  });

  it.each([
    ['an IBAN failing mod-97', { ...payout, account_number: { type: 'iban', value: 'DE89370400440532013001' } }, '/account_number/value'],
    ['an IBAN of no country', { ...payout, account_number: { type: 'iban', value: 'XX89370400440532013000' } }, '/account_number/value'],
    ['an account type other than iban', { ...payout, account_number: { type: 'bban', value: '0532013000' } }, '/account_number/type'],
    ['an owner name of 301 characters', { ...payout, account_owners_name: 'O'.repeat(301) }, '/account_owners_name'],
    ['a currency of 4 letters', { ...payout, currency: 'EURO' }, '/currency'],
    ['a currency the application does not use', { ...payout, currency: 'USD' }, '/currency'],
    ['an account outside the SEPA area for EUR', { ...payout, account_number: { type: 'iban', value: 'BR1800360305000010009795493C1' } }, '/account_number/value'],
  ])('payout account: refuses %s', (_name, body, pointer) => expectInvalid('PUT', '/payout-account', body, pointer));

  it('payout account: accepts an owner name of 300 characters', async () => {
    expect((await step(ready, 'PUT', '/payout-account', { ...payout, account_owners_name: 'O'.repeat(300) })).status).toBe(200);
  });

  it('refuses steps whose prerequisites are missing with 409 naming the missing step', async () => {
    const application = await startApplication();
    const cases: [string, string, unknown, string][] = [
      ['PATCH', '/applicant', details(), 'app:confirm-applicant'],
      ['POST', '/business-type', { type: 'company', country_code: 'DE' }, 'app:confirm-applicant'],
      ['PUT', '/business-profile', profile(), 'app:confirm-applicant'],
      ['POST', '/submit', undefined, 'app:confirm-applicant'],
    ];
    for (const [method, path, body, missing] of cases) {
      const response = await step(application, method, path, body);
      expect(response.status).toBe(409);
      expect(response.body.detail).toContain(missing);
    }
    await step(application, 'POST', '/confirm-applicant', contact);
    const profileFirst = await step(application, 'PUT', '/business-profile', profile());
    expect(profileFirst.status).toBe(409);
    expect(profileFirst.body.detail).toContain('app:business-type');
    expect((await step(application, 'GET', '/field-configuration/business-profile')).body.detail).toContain('app:business-type');
    expect((await step(application, 'POST', '/representatives', representative())).body.detail).toContain('app:business-type');
  });

  it('refuses every change after submit with 409 and still reads the application', async () => {
    const application = await startApplication();
    await walk(application, { businessType: { type: 'company', country_code: 'DE' }, profile: profile(), representatives: true });
    for (const [method, path, body] of [
      ['POST', '/confirm-applicant', contact],
      ['PATCH', '/applicant', details()],
      ['POST', '/business-type', { type: 'company', country_code: 'DE' }],
      ['PUT', '/business-profile', profile()],
      ['POST', '/representatives', representative()],
      ['POST', '/confirm-representatives', undefined],
      ['PUT', '/payout-account', payout],
      ['POST', '/submit', undefined],
    ] as const) {
      const response = await step(application, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(409);
      expect(response.body.code).toBe('conflict');
    }
    expect((await step(application, 'GET', '')).body.status).toBe('submitted');
  });
});

describe('who may not see it', () => {
  it('answers 401 without a token, with an unknown token and with an expired one', async () => {
    expect((await server.request('GET', '/smo/application')).status).toBe(401);
    expect((await server.request('GET', '/smo/application', { token: 'not-a-token' })).body.code).toBe('invalid_token');
    const application = await startApplication();
    server.clock.advance(24 * 3600 - 1);
    expect((await step(application, 'GET', '')).status).toBe(200);
    server.clock.advance(1);
    const expired = await step(application, 'POST', '/confirm-applicant', contact);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('invalid_token');
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it.each([
    ['POST', '/smo/application/confirm-applicant', { email: 'not an email', extra: 1 }],
    ['PUT', '/smo/application/business-profile', []],
    ['POST', '/smo/application/representatives', {}],
  ])('answers %s %s with a body it would refuse 401 before validating it: bare Bearer without a token, invalid_token with a wrong one', async (method, path, body) => {
    const missing = await server.request(method, path, { body });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('unauthenticated');
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    const malformed = await server.request(method, path, { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await server.request(method, path, { body, token: 'not-a-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  });

  it("does not open one application with another's token, nor accept a platform access token", async () => {
    const mine = await startApplication();
    const theirs = await startApplication({ reference: 'other' }, await server.platform());
    const read = await step(theirs, 'GET', '');
    expect(read.body.id).toBe(theirs.id);
    const added = await step(mine, 'POST', '/confirm-applicant', contact);
    expect(added.body.id).toBe(mine.id);
    expect((await server.request('GET', '/smo/application', { token: await platform.token() })).status).toBe(401);
  });

  it("cannot delete another application's representative", async () => {
    const mine = await startApplication();
    const theirs = await startApplication();
    for (const application of [mine, theirs]) {
      await step(application, 'POST', '/confirm-applicant', contact);
      await step(application, 'POST', '/business-type', { type: 'company', country_code: 'DE' });
      await step(application, 'PUT', '/business-profile', profile());
    }
    const theirRepresentative = (await step(theirs, 'POST', '/representatives', representative())).body.id;
    expect((await step(mine, 'DELETE', `/representatives/${theirRepresentative}`)).status).toBe(404);
  });
});
