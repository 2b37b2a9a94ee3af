import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, type TestPlatform } from '../helpers/harness.js';
import {
  businessTypesFor,
  fieldConfiguration,
  findBusinessStructure,
  findDistrictCourt,
  isEeaMember,
  isMerchantCategoryCode,
  listDistrictCourts,
  registrationNumberMatches,
} from '../../src/reference/service.js';

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
});
afterAll(() => server?.close());

const MOUNTS = ['', '/sandbox'];
const ROUTES = [
  '/reference/countries',
  '/reference/merchant-category-codes',
  '/reference/district-courts',
  '/reference/district-courts?country_code=DE',
  '/reference/business-types?country_code=DE',
];

describe('what works', () => {
  it('lists every ISO 3166-1 country with calling code, English name and EEA membership', async () => {
    const response = await server.request('GET', '/reference/countries');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    const countries = response.body as { code: string; phone_prefix: string; name: string; eea_member: boolean }[];
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countries.map((country) => country.code)).size).toBe(countries.length);
    for (const country of countries) {
      expect(Object.keys(country).sort()).toEqual(['code', 'eea_member', 'name', 'phone_prefix']);
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.phone_prefix).toMatch(/^\+[1-9][0-9]{0,3}$/);
      expect(country.name.length).toBeGreaterThan(0);
    }
    const byCode = new Map(countries.map((country) => [country.code, country]));
    expect(byCode.get('DE')).toEqual({ code: 'DE', phone_prefix: '+49', name: 'Germany', eea_member: true });
    expect(byCode.get('CH')).toMatchObject({ phone_prefix: '+41', eea_member: false });
    expect(byCode.get('NO')).toMatchObject({ phone_prefix: '+47', eea_member: true });
    expect(byCode.get('GB')).toMatchObject({ phone_prefix: '+44', eea_member: false });
    expect(byCode.get('US')).toMatchObject({ phone_prefix: '+1', eea_member: false });
    expect(byCode.get('AQ')).toMatchObject({ phone_prefix: '+672', eea_member: false });
    expect(countries.filter((country) => country.eea_member).map((country) => country.code).sort()).toEqual(
      ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IS', 'IT', 'LI', 'LT', 'LU', 'LV', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'],
    );
  });

  it('lists the ISO 18245 merchant category codes', async () => {
    const response = await server.request('GET', '/reference/merchant-category-codes');
    expect(response.status).toBe(200);
    const codes = response.body as { code: string; description: string }[];
    expect(codes.length).toBeGreaterThanOrEqual(300);
    expect(new Set(codes.map((entry) => entry.code)).size).toBe(codes.length);
    for (const entry of codes) {
      expect(entry.code).toMatch(/^[0-9]{4}$/);
      expect(entry.description.trim()).toBe(entry.description);
      expect(entry.description.length).toBeGreaterThan(0);
    }
    expect(codes.find((entry) => entry.code === '5411')?.description).toMatch(/Grocery Stores/);
    expect(codes.find((entry) => entry.code === '5812')?.description).toMatch(/Restaurants/);
    expect(codes.map((entry) => entry.code)).toEqual([...codes.map((entry) => entry.code)].sort());
  });

  it('names the merchant categories in German or Spanish, by the language parameter or Accept-Language; brands keep their names', async () => {
    type Entry = { code: string; description: string; name: string };
    const byCode = (body: Entry[]) => new Map(body.map((entry) => [entry.code, entry]));
    const english = await server.request('GET', '/reference/merchant-category-codes');
    expect(english.headers.get('content-language')).toBe('en');
    expect(english.headers.get('vary')).toContain('Accept-Language');
    expect(byCode(english.body).get('5462')).toEqual({ code: '5462', description: 'Bakeries', name: 'Bakeries' });

    const german = await server.request('GET', '/reference/merchant-category-codes?language=de');
    expect(german.headers.get('content-language')).toBe('de');
    expect(byCode(german.body).get('5462')).toEqual({ code: '5462', description: 'Bakeries', name: 'Bäckereien' });
    expect(byCode(german.body).get('3000')?.name).toBe(byCode(german.body).get('3000')?.description);
    expect(german.headers.get('etag')).not.toBe(english.headers.get('etag'));

    const spanish = await server.request('GET', '/reference/merchant-category-codes', { headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' } });
    expect(spanish.headers.get('content-language')).toBe('es');
    expect(byCode(spanish.body).get('5812')?.name).toBe('Restaurantes');
    // Every category that is not a brand has its own names (only VisaPhone and Catering are the same words).
    const generic = (english.body as Entry[]).filter((entry) => (entry.code < '3000' || entry.code >= '4000') && !['4815', '5811'].includes(entry.code));
    expect(generic.length).toBeGreaterThanOrEqual(290);
    for (const entry of generic) {
      expect(byCode(german.body).get(entry.code)?.name, entry.code).not.toBe(entry.description);
      expect(byCode(spanish.body).get(entry.code)?.name, entry.code).not.toBe(entry.description);
    }
    expect((await server.request('GET', '/reference/merchant-category-codes?language=fr')).status).toBe(400);
  });

  it('lists the German register courts, all of them without a country and for DE', async () => {
    const all = await server.request('GET', '/reference/district-courts');
    expect(all.status).toBe(200);
    const courts = all.body as { code: string; name: string }[];
    expect(courts.length).toBeGreaterThanOrEqual(100);
    expect(new Set(courts.map((court) => court.code)).size).toBe(courts.length);
    for (const court of courts) {
      expect(Object.keys(court).sort()).toEqual(['code', 'name']);
      expect(court.code).toMatch(/^DE-AG-[A-Z0-9]+(-[A-Z0-9]+)*$/);
      expect(court.name).toMatch(/^Amtsgericht /);
    }
    const names = courts.map((court) => court.name);
    for (const name of ['Amtsgericht Berlin (Charlottenburg)', 'Amtsgericht München', 'Amtsgericht Hamburg', 'Amtsgericht Frankfurt am Main', 'Amtsgericht Köln']) {
      expect(names).toContain(name);
    }
    expect(courts.find((court) => court.name === 'Amtsgericht München')?.code).toBe('DE-AG-MUENCHEN');

    const german = await server.request('GET', '/reference/district-courts?country_code=DE');
    expect(german.status).toBe(200);
    expect(german.body).toEqual(courts);
  });

  it('answers [] for a valid country without register courts', async () => {
    for (const code of ['FR', 'AT', 'US']) {
      const response = await server.request('GET', `/reference/district-courts?country_code=${code}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    }
  });

  it('gives the German business types and structures', async () => {
    const response = await server.request('GET', '/reference/business-types?country_code=DE');
    expect(response.status).toBe(200);
    expect(response.body.default_value).toBe('company');
    const items = response.body.items as { value: string; label: string; children: { default_value: string; items: { value: string; label: string }[] } }[];
    expect(items.map((item) => item.value)).toEqual(['company', 'individual_sole_trader', 'non_profit']);
    const structures = Object.fromEntries(items.map((item) => [item.value, item.children.items.map((child) => child.value)]));
    expect(structures.company).toEqual(expect.arrayContaining(['gmbh', 'ug', 'ag', 'kg', 'ohg', 'gbr']));
    expect(structures.non_profit).toEqual(expect.arrayContaining(['e_v', 'stiftung']));
    expect(structures.individual_sole_trader).toContain('einzelunternehmen');
    for (const item of items) {
      expect(item.label.length).toBeGreaterThan(0);
      expect(item.children.items.map((child) => child.value)).toContain(item.children.default_value);
      for (const child of item.children.items) expect(Object.keys(child).sort()).toEqual(['label', 'value']);
    }
    expect(items[0]!.children.default_value).toBe('gmbh');
  });

  it('gives a generic set for a country without its own and a set of its own for Austria', async () => {
    const french = await server.request('GET', '/reference/business-types?country_code=FR');
    expect(french.status).toBe(200);
    expect(french.body.default_value).toBe('company');
    expect(french.body.items.map((item: { value: string }) => item.value)).toEqual(['company', 'individual_sole_trader', 'non_profit']);
    expect(french.body.items[0].children.items.map((child: { value: string }) => child.value)).toContain('private_limited_company');
    expect(french.body.items[0].children.items.map((child: { value: string }) => child.value)).not.toContain('gmbh');

    const austrian = await server.request('GET', '/reference/business-types?country_code=AT');
    expect(austrian.status).toBe(200);
    expect(austrian.body.items[0].children.items.map((child: { value: string }) => child.value)).toEqual(expect.arrayContaining(['gmbh', 'flexco', 'og']));
  });

  it('sends ETag and Cache-Control and answers 304 to a matching If-None-Match', async () => {
    for (const route of ROUTES) {
      const first = await server.request('GET', route);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

      const again = await server.request('GET', route);
      expect(again.headers.get('etag')).toBe(etag);

      for (const ifNoneMatch of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
        const revalidated = await server.request('GET', route, { headers: { 'if-none-match': ifNoneMatch } });
        expect(revalidated.status).toBe(304);
        expect(revalidated.text).toBe('');
        expect(revalidated.headers.get('etag')).toBe(etag);
        expect(revalidated.headers.get('cache-control')).toBe('public, max-age=86400');
      }

      const stale = await server.request('GET', route, { headers: { 'if-none-match': '"not-the-current-tag"' } });
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual(first.body);
    }
  });

  it('gives different ETags to different answers', async () => {
    const tags = await Promise.all(ROUTES.slice(0, 3).concat('/reference/business-types?country_code=FR', '/reference/business-types?country_code=DE').map(async (route) => (await server.request('GET', route)).headers.get('etag')));
    // /reference/district-courts and ?country_code=DE carry the same list, so they may share a tag.
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('exports the data for onboarding and payments', () => {
    expect(isEeaMember('LI')).toBe(true);
    expect(isEeaMember('CH')).toBe(false);
    expect(isMerchantCategoryCode('5411')).toBe(true);
    expect(isMerchantCategoryCode('0001')).toBe(false);
    expect(findDistrictCourt('DE-AG-BERLIN-CHARLOTTENBURG')).toMatchObject({ name: 'Amtsgericht Berlin (Charlottenburg)', country_code: 'DE', state: 'DE-BE' });
    expect(findDistrictCourt('DE-AG-NOWHERE')).toBeUndefined();
    expect(listDistrictCourts('CH')).toEqual([]);
    expect(businessTypesFor('de')).toBeUndefined();

    const gmbh = findBusinessStructure('DE', 'company', 'gmbh')!;
    expect(fieldConfiguration(gmbh)).toEqual({ registration_number: { required: true, type: 'HRB' }, vat_number: { required: false }, district_court_code: { required: true } });
    expect(registrationNumberMatches(gmbh.registration_number!, 'HRB 12345')).toBe(true);
    expect(registrationNumberMatches(gmbh.registration_number!, 'HRB 12345 B')).toBe(true);
    expect(registrationNumberMatches(gmbh.registration_number!, 'HRA 12345')).toBe(false);
    expect(fieldConfiguration(findBusinessStructure('DE', 'individual_sole_trader', 'einzelunternehmen')!)).toEqual({
      registration_number: null,
      vat_number: { required: false },
      district_court_code: null,
    });
    expect(findBusinessStructure('DE', 'company', 'private_limited_company')).toBeUndefined();
    expect(findBusinessStructure('FR', 'company', 'private_limited_company')?.district_court_code).toBeNull();
    expect(findBusinessStructure('DE', 'non_profit', 'gmbh')).toBeUndefined();
  });
});

describe('what is refused', () => {
  it('answers 404 for a business-types country code that is not ISO 3166-1 alpha-2', async () => {
    for (const code of ['XX', 'de', 'DEU', 'D', '', '1A', 'ZZ']) {
      const response = await server.request('GET', `/reference/business-types?country_code=${encodeURIComponent(code)}`);
      expect(response.status, code).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body.code).toBe('not_found');
      expect(response.headers.get('etag')).toBeNull();
    }
  });

  it('requires country_code for business types', async () => {
    const response = await server.request('GET', '/reference/business-types');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_error');
    expect(response.body.errors).toEqual([expect.objectContaining({ pointer: '/country_code', in: 'query' })]);
  });

  it('answers 400 with a pointer for a district-courts country code that is not ISO 3166-1 alpha-2', async () => {
    for (const code of ['XX', 'de', 'DEU', '']) {
      const response = await server.request('GET', `/reference/district-courts?country_code=${encodeURIComponent(code)}`);
      expect(response.status, code).toBe(400);
      expect(response.body.code).toBe('validation_error');
      expect(response.body.errors).toEqual([expect.objectContaining({ pointer: '/country_code', in: 'query' })]);
    }
  });

  it('refuses unknown query parameters and other methods', async () => {
    const unknown = await server.request('GET', '/reference/district-courts?country=DE');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ pointer: '/country' })]);
    const post = await server.request('POST', '/reference/countries', { body: {} });
    expect(post.status).toBe(405);
  });
});

describe('who may see it', () => {
  it('needs no token, on the live base URL and under /sandbox', async () => {
    for (const mount of MOUNTS) {
      for (const route of ROUTES) {
        const response = await server.request('GET', `${mount}${route}`);
        expect(response.status, `${mount}${route}`).toBe(200);
        expect(response.headers.get('etag')).toBeTruthy();
      }
    }
  });

  it('answers the same with a token of either environment, on either mount', async () => {
    const tokens = { live: await platform.token('live'), sandbox: await platform.token('sandbox') };
    const anonymous = await server.request('GET', '/reference/countries');
    for (const mount of MOUNTS) {
      for (const token of Object.values(tokens)) {
        const response = await server.request('GET', `${mount}/reference/countries`, { token });
        expect(response.status).toBe(200);
        expect(response.headers.get('etag')).toBe(anonymous.headers.get('etag'));
      }
    }
  });

  it('serves the same data on both mounts', async () => {
    for (const route of ROUTES) {
      const live = await server.request('GET', route);
      const sandbox = await server.request('GET', `/sandbox${route}`);
      expect(sandbox.body).toEqual(live.body);
      expect(sandbox.headers.get('etag')).toBe(live.headers.get('etag'));
    }
  });
});
