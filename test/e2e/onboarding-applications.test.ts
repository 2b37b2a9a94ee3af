import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../../src/core/config.js';
import { apiPath, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
});
afterAll(() => server?.close());

const minimal = (overrides: Record<string, unknown> = {}) => ({
  applicant: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  integration: { type: 'hosted' },
  ...overrides,
});

async function initiate(body: unknown, options: { environment?: Environment; owner?: TestPlatform; scope?: string } = {}) {
  const environment = options.environment ?? 'sandbox';
  const owner = options.owner ?? platform;
  return server.request('POST', apiPath(environment, '/applications'), { token: await owner.token(environment, options.scope), body });
}

async function call(method: string, path: string, environment: Environment = 'sandbox', owner: TestPlatform = platform) {
  return server.request(method, apiPath(environment, path), { token: await owner.token(environment) });
}

function tokenOf(href: string): string {
  return new URL(href).searchParams.get('token')!;
}

describe('what works', () => {
  it('creates the application and its merchant account and answers an onboarding link valid for 24 hours', async () => {
    const response = await initiate(
      minimal({
        reference: 'merchant-42',
        language: 'de',
        currencies: ['EUR'],
        business: { profile: { legal_name: 'Analytical Engines GmbH', registration_number_code: 'DeHrb', registration_number: 'HRB 12345' } },
        urls: { redirect: 'https://platform.example/done', webhook: 'https://platform.example/webhooks' },
      }),
    );
    expect(response.status).toBe(201);
    const { id, merchant_id, reference, _links } = response.body;
    expect(id).toMatch(/^app_[0-9A-Za-z]{26}$/);
    expect(merchant_id).toMatch(/^acc_[0-9A-Za-z]{26}$/);
    expect(reference).toBe('merchant-42');
    expect(_links.onboarding.href).toMatch(new RegExp(`^${server.config.onboardingUrl}/onboarding\\?token=[A-Za-z0-9_-]{40,}$`));
    expect(Date.parse(_links.onboarding.expires_at) - server.clock.now().getTime()).toBe(24 * 3600 * 1000);

    const account = await server.request('GET', `/sandbox/accounts/${merchant_id}`, { token: await platform.token() });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ id: merchant_id, type: 'merchant', name: 'Analytical Engines GmbH' });
  });

  it("pre-fills a registered address of the specification's six members, with or without a country", async () => {
    const registered_address = { line1: 'Leopoldstraße', line2: 'Hinterhaus', town_city: 'München', state: 'Bayern', zip: '80802', number: 1 };
    for (const address of [registered_address, { ...registered_address, country: 'DE' }]) {
      const response = await initiate(minimal({ business: { profile: { legal_name: 'Analytical Engines GmbH', registered_address: address } } }));
      expect(response.status, response.text).toBe(201);
    }
  });

  it('reads the application with its defaults', async () => {
    const created = await initiate(minimal());
    const response = await call('GET', `/applications/${created.body.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: created.body.id,
      status: 'initiated',
      reference: null,
      merchant_id: created.body.merchant_id,
      language: 'en',
      currencies: ['EUR'],
      applicant: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
      urls: { redirect: null, webhook: null },
      created_at: server.clock.now().toISOString(),
      started_at: null,
      submitted_at: null,
      decided_at: null,
      _links: { self: { href: `${server.config.sandboxBaseUrl}/applications/${created.body.id}` } },
    });
  });

  it('lists applications newest first, paged, and filters by reference', async () => {
    const owner = await server.platform();
    const ids: string[] = [];
    for (const reference of ['a', 'b', 'c']) {
      ids.push((await initiate(minimal({ reference }), { owner })).body.id);
      server.clock.advance(1);
    }
    const first = await call('GET', '/applications?first=2', 'sandbox', owner);
    expect(first.body.data.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    const second = await call('GET', `/applications?first=2&after=${encodeURIComponent(first.body.cursor)}`, 'sandbox', owner);
    expect(second.body.data.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    expect(second.body.cursor).toBeUndefined();
    const filtered = await call('GET', '/applications?reference=b', 'sandbox', owner);
    expect(filtered.body.data.map((item: { id: string }) => item.id)).toEqual([ids[1]]);
  });

  it('issues a new onboarding link and revokes the previous one', async () => {
    const created = await initiate(minimal({ reference: 'relink' }));
    const oldToken = tokenOf(created.body._links.onboarding.href);
    server.clock.advance(3600);
    const relinked = await call('POST', `/applications/${created.body.id}/link`);
    expect(relinked.status).toBe(200);
    expect(relinked.body).toMatchObject({ id: created.body.id, reference: 'relink', merchant_id: created.body.merchant_id });
    expect(Date.parse(relinked.body._links.onboarding.expires_at) - server.clock.now().getTime()).toBe(24 * 3600 * 1000);
    const newToken = tokenOf(relinked.body._links.onboarding.href);
    expect(newToken).not.toBe(oldToken);
    expect((await server.request('GET', '/smo/application', { token: newToken })).status).toBe(200);
    const revoked = await server.request('GET', '/smo/application', { token: oldToken });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('invalid_token');
  });

  it('leaves one link live when several are asked for at once (a platform retrying after a timeout)', async () => {
    const created = await initiate(minimal({ reference: 'relink-race' }));
    const links = await Promise.all(Array.from({ length: 6 }, () => call('POST', `/applications/${created.body.id}/link`)));
    expect(links.map((link) => link.status)).toEqual(Array(6).fill(200));
    const opened = await Promise.all(links.map((link) => server.request('GET', '/smo/application', { token: tokenOf(link.body._links.onboarding.href) })));
    expect(opened.filter((response) => response.status === 200)).toHaveLength(1);
  });

  it('works the same in the live environment', async () => {
    const created = await initiate(minimal({ urls: { webhook: 'https://platform.example/webhooks' } }), { environment: 'live' });
    expect(created.status).toBe(201);
    expect((await call('GET', `/applications/${created.body.id}`, 'live')).body._links.self.href).toBe(`${server.config.baseUrl}/applications/${created.body.id}`);
  });
});

describe('what is refused', () => {
  it('requires the applicant and the integration', async () => {
    const response = await initiate({ applicant: { email: 'ada@example.com', first_name: 'Ada' } });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/applicant/last_name', '/integration']);
  });

  it.each([
    ['first_name 1 character', { applicant: { email: 'a@example.com', first_name: 'A', last_name: 'Lovelace' } }, '/applicant/first_name'],
    ['first_name 51 characters', { applicant: { email: 'a@example.com', first_name: 'A'.repeat(51), last_name: 'Lovelace' } }, '/applicant/first_name'],
    ['last_name 1 character', { applicant: { email: 'a@example.com', first_name: 'Ada', last_name: 'L' } }, '/applicant/last_name'],
    ['legal_name of 1 character', { business: { profile: { legal_name: 'n' } } }, '/business/profile/legal_name'],
    ['last_name 51 characters', { applicant: { email: 'a@example.com', first_name: 'Ada', last_name: 'L'.repeat(51) } }, '/applicant/last_name'],
    ['a bad e-mail', { applicant: { email: 'not-an-email', first_name: 'Ada', last_name: 'Lovelace' } }, '/applicant/email'],
    ['language fr', { language: 'fr' }, '/language'],
    ['integration other than hosted', { integration: { type: 'embedded' } }, '/integration/type'],
    ['a currency that does not exist', { currencies: ['EUX'] }, '/currencies/0'],
    ['a currency that is not supported', { currencies: ['EUR', 'USD'] }, '/currencies/1'],
    ['a reference of 51 characters', { reference: 'r'.repeat(51) }, '/reference'],
    ['legal_name of 301 characters', { business: { profile: { legal_name: 'n'.repeat(301) } } }, '/business/profile/legal_name'],
    ['an unknown registration number code', { business: { profile: { registration_number_code: 'FrSiren' } } }, '/business/profile/registration_number_code'],
    ['a relative redirect URL', { urls: { redirect: '/done' } }, '/urls/redirect'],
    ['an address country that is no country', { business: { profile: { registered_address: { line1: 'Weg 1', town_city: 'Köln', zip: '51147', country: 'XX' } } } }, '/business/profile/registered_address/country'],
  ])('refuses %s with 400 and the pointer', async (_name, overrides, pointer) => {
    const response = await initiate(minimal(overrides));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_error');
    expect(response.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });

  it('accepts names of 2 and 50 characters and a reference of 50', async () => {
    const response = await initiate(minimal({ applicant: { email: 'a@example.com', first_name: 'Al', last_name: 'L'.repeat(50) }, reference: 'r'.repeat(50) }));
    expect(response.status).toBe(201);
  });

  it('names the schema\'s and the rules\' bad fields in one 400', async () => {
    const response = await initiate(minimal({ reference: 'r'.repeat(51), currencies: ['EUR', 'USD'], urls: { redirect: 'http://platform.example/done', webhook: 'http://127.0.0.1:9/hook' } }), { environment: 'live' });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/currencies/1', '/reference', '/urls/redirect', '/urls/webhook']);
  });

  it('refuses a prefilled postcode that is not one of the address\'s country, and leaves one without a country to the applicant', async () => {
    const address = { line1: 'Leopoldstraße', town_city: 'München', zip: '1011' };
    const refused = await initiate(minimal({ business: { profile: { registered_address: { ...address, country: 'DE' } } } }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ pointer: '/business/profile/registered_address/zip', code: 'postcode_invalid', detail: 'is not a postcode of DE' }]);
    expect((await initiate(minimal({ business: { profile: { registered_address: { ...address, country: 'AT' } } } }))).status).toBe(201);
    expect((await initiate(minimal({ business: { profile: { registered_address: address } } }))).status).toBe(201);
  });

  it('refuses a local webhook URL in live', async () => {
    const response = await initiate(minimal({ urls: { webhook: 'http://127.0.0.1:9/hook' } }), { environment: 'live' });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/urls/webhook']);
  });
});

describe('who may not see it', () => {
  it("answers 404 for another platform's application, on read and on a new link", async () => {
    const created = await initiate(minimal());
    const other = await server.platform();
    expect((await call('GET', `/applications/${created.body.id}`, 'sandbox', other)).status).toBe(404);
    expect((await call('POST', `/applications/${created.body.id}/link`, 'sandbox', other)).status).toBe(404);
    expect((await call('GET', '/applications', 'sandbox', other)).body.data).toEqual([]);
  });

  it('keeps the environments apart', async () => {
    const created = await initiate(minimal());
    expect((await call('GET', `/applications/${created.body.id}`, 'live')).status).toBe(404);
  });

  it('requires the onboarding:initiate scope', async () => {
    const response = await initiate(minimal(), { scope: 'payments:read' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('insufficient_scope');
    expect(response.headers.get('www-authenticate')).toContain('scope="onboarding:initiate"');
  });

  it('requires a token', async () => {
    expect((await server.request('POST', '/sandbox/applications', { body: minimal() })).status).toBe(401);
  });
});
