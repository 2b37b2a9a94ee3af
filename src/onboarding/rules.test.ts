import { describe, expect, it } from 'vitest';
import { businessTypesOf } from '../reference/data/business-types.js';
import { fieldConfiguration } from '../reference/service.js';
import { businessProfileProblems, checkIban, normaliseBusinessProfile, personProblems, prefillProblems } from './rules.js';
import type { BusinessProfileBody } from './schemas.js';

describe('personProblems', () => {
  const today = new Date('2026-01-01T00:00:00.000Z');

  it('requires a description for a politically exposed person, blank counting as none', () => {
    expect(personProblems({ date_of_birth: '1980-01-01', pep: true, pep_description: '  ' }, today)).toEqual([{ pointer: '/pep_description', code: 'required', detail: 'is required when pep is true' }]);
    expect(personProblems({ date_of_birth: '1980-01-01', pep: true, pep_description: 'Mayor' }, today)).toEqual([]);
  });
});

describe('checkIban', () => {
  it('answers the electronic format of a valid IBAN written with spaces and in lowercase', () => {
    expect(checkIban('de89 3704 0044 0532 0130 00')).toEqual({ iban: 'DE89370400440532013000' });
  });

  it('names the reason an IBAN is refused', () => {
    expect(checkIban('DE89370400440532013001')).toEqual({ problem: { code: 'iban_checksum', detail: 'fails the mod-97 check' } });
    expect(checkIban('DE8937040044053201300')).toEqual({ problem: { code: 'iban_length', detail: 'has the wrong length for its country' } });
    expect(checkIban('QQ89370400440532013000')).toEqual({ problem: { code: 'iban_country', detail: 'does not start with the code of a country that uses IBANs' } });
  });
});

describe('businessProfileProblems and the field configuration', () => {
  // Every structure the reference data offers: Germany's and Austria's own, and the generic set (FR).
  const structures = ['DE', 'AT', 'FR'].flatMap((country) =>
    businessTypesOf(country).types.flatMap((type) => type.structures.map((structure) => ({ country, type: type.value, structure }))),
  );
  const base: BusinessProfileBody = {
    legal_name: 'Analytical Engines',
    registered_address: { line1: 'Leopoldstraße', zip: '80802', town_city: 'München', country: 'DE' },
    mcc: '5734',
    website: 'https://engines.example',
  };
  /** A postcode of each country of the structures. */
  const postcodes: Record<string, string> = { DE: '80802', AT: '1010', FR: '75001', NL: '1011 AB', ES: '28013', IT: '00118' };
  const baseIn = (country: string): BusinessProfileBody => ({ ...base, registered_address: { ...base.registered_address, zip: postcodes[country]! } });
  /** The profile, registered in the structure's country. */
  const pointers = (profile: BusinessProfileBody, structure: (typeof structures)[number]) =>
    businessProfileProblems({ ...profile, registered_address: { ...profile.registered_address, country: structure.country } }, structure.structure, structure.country)
      .map((error) => error.pointer)
      .sort();

  it.each(structures.map((entry) => [`${entry.country} ${entry.type} ${entry.structure.value}`, entry] as const))(
    '%s: a missing field is refused exactly when the configuration requires it, a given one exactly when it hides it',
    (_name, entry) => {
      const configuration = fieldConfiguration(entry.structure);
      const required = Object.entries(configuration).filter(([, rule]) => rule?.required).map(([field]) => `/${field}`);
      expect(pointers(baseIn(entry.country), entry)).toEqual(required.sort());
      const hidden = Object.entries(configuration).filter(([, rule]) => rule === null).map(([field]) => field);
      const withHidden = { ...baseIn(entry.country), ...Object.fromEntries(hidden.map((field) => [field, field === 'vat_number' ? 'DE136695976' : 'X'])) };
      for (const field of hidden) expect(pointers(withHidden, entry)).toContain(`/${field}`);
    },
  );

  it('refuses a registered address or a VAT number of another country than the business, and a register number or court without the other where both are optional', () => {
    const gbr = structures.find((entry) => entry.country === 'DE' && entry.structure.value === 'gbr')!;
    const configuration = fieldConfiguration(gbr.structure);
    expect(configuration.registration_number?.required).toBe(false); // optional in the register, as the test assumes
    const abroad = { ...base, registered_address: { ...base.registered_address, country: 'FR' } };
    expect(businessProfileProblems(abroad, gbr.structure, 'DE').map((error) => error.pointer)).toEqual(['/registered_address/country']);
    expect(pointers({ ...base, registration_number: 'GsR 12345' }, gbr)).toEqual(['/district_court_code']);
    expect(pointers({ ...base, district_court_code: 'DE-AG-MUENCHEN' }, gbr)).toEqual(['/registration_number']);
    expect(pointers({ ...base, vat_number: 'FR40303265045' }, gbr)).toEqual(['/vat_number']);
    expect(pointers({ ...base, vat_number: 'DE136695976' }, gbr)).toEqual([]);
  });

  const structureOf = (country: string, value: string) => structures.find((entry) => entry.country === country && entry.structure.value === value)!;

  it.each([
    ['a German VAT number of 5 digits', 'DE', { vat_number: 'DE12345' }, '/vat_number'],
    ['a German VAT number of 10 digits', 'DE', { vat_number: 'DE1234567890' }, '/vat_number'],
    ['an Austrian VAT number without its U', 'AT', { vat_number: 'AT12345678' }, '/vat_number'],
    ['a German postcode of 4 digits', 'DE', { registered_address: { ...base.registered_address, zip: '8080' } }, '/registered_address/zip'],
    ['an Austrian postcode of 5 digits', 'AT', { registered_address: { ...base.registered_address, zip: '10100' } }, '/registered_address/zip'],
  ])('refuses %s', (_name, country, overrides, pointer) => {
    const entry = structureOf(country, 'gmbh');
    const profile = normaliseBusinessProfile({ ...baseIn(country), registration_number: country === 'DE' ? 'HRB 12345' : 'FN 123456a', ...overrides }, entry.structure);
    expect(pointers({ ...profile, ...(country === 'DE' ? { district_court_code: 'DE-AG-MUENCHEN' } : {}) }, entry)).toEqual([pointer]);
  });

  it('accepts any non-empty postcode where the country has no known format', () => {
    const hongKong = businessTypesOf('HK').types[0]!.structures[0]!;
    const profile = { ...base, registration_number: 'C-12345', registered_address: { ...base.registered_address, zip: 'anything', country: 'HK' } };
    expect(businessProfileProblems(profile, hongKong, 'HK')).toEqual([]);
  });

  it('stores a VAT number upper case without spaces and dots, and keeps the EL prefix of Greece', () => {
    const gbr = structureOf('DE', 'gbr').structure;
    expect(normaliseBusinessProfile({ ...base, vat_number: 'de 136.695.976' }, gbr).vat_number).toBe('DE136695976');
    expect(pointers(normaliseBusinessProfile({ ...base, vat_number: 'de 136.695.976' }, gbr), structureOf('DE', 'gbr'))).toEqual([]);
    const greek = businessTypesOf('GR').types[0]!.structures[0]!;
    const athens = { ...base, registration_number: '123456', registered_address: { ...base.registered_address, zip: '105 57', country: 'GR' } };
    expect(businessProfileProblems({ ...athens, vat_number: 'EL094259216' }, greek, 'GR')).toEqual([]);
    expect(businessProfileProblems({ ...athens, vat_number: 'GR094259216' }, greek, 'GR').map((error) => error.pointer)).toEqual(['/vat_number']);
  });

  it.each([
    ['a bare number', 'DE', 'gmbh', '12345', 'HRB 12345'],
    ['the register written with the number', 'DE', 'gmbh', 'HRB 12345', 'HRB 12345'],
    ['the register without a space and in lower case', 'DE', 'kg', 'hra12345', 'HRA 12345'],
    ['a number with a court suffix', 'DE', 'gmbh', ' 12345 B ', 'HRB 12345 B'],
    ['an Austrian number and its check letter', 'AT', 'gmbh', '123456a', 'FN 123456a'],
    ['a free-form number', 'FR', 'private_limited_company', ' 552 100 554 ', '552 100 554'],
  ])('writes the register number the register\'s way: %s', (_name, country, value, number, stored) => {
    expect(normaliseBusinessProfile({ ...base, registration_number: number }, structureOf(country, value).structure).registration_number).toBe(stored);
  });

  // Valid and invalid numbers from jsvat's own test lists (test/countries_vat_lists), each country's first legal form.
  const vatCases: [country: string, valid: string[], invalid: [number: string, code: string][]][] = [
    ['DE', ['DE136695976', 'DE811209378'], [['DE123456789', 'vat_number_check_digits'], ['DE111111126', 'vat_number_check_digits'], ['DE123', 'vat_number_format'], ['ATU13585627', 'vat_number_prefix']]],
    ['FR', ['FR40303265045', 'FR03512803495'], [['FR00300076967', 'vat_number_check_digits'], ['FR4030326504', 'vat_number_format']]],
    ['NL', ['NL810195835B01', 'NL004495445B01'], [['NL010000445B01', 'vat_number_check_digits'], ['NL810195835', 'vat_number_format']]],
    ['ES', ['ESB12398087', 'ESA13585625'], [['ESA0011012A', 'vat_number_check_digits'], ['ES1234', 'vat_number_format']]],
    ['IT', ['IT00743110157', 'IT12066470159'], [['IT10000100010', 'vat_number_check_digits'], ['IT0074311015', 'vat_number_format']]],
    ['AT', ['ATU13585627', 'ATU15416707'], [['ATU10223001', 'vat_number_check_digits'], ['AT12345678', 'vat_number_format']]],
  ];
  /** The problems of the VAT number alone, for a business of the country's first legal form with everything else right. */
  const vatProblems = (country: string, vat: string) => {
    const structure = businessTypesOf(country).types[0]!.structures[0]!;
    const profile = normaliseBusinessProfile({ ...baseIn(country), vat_number: vat, registered_address: { ...baseIn(country).registered_address, country } }, structure);
    return businessProfileProblems(profile, structure, country).filter((error) => error.pointer === '/vat_number').map((error) => error.code);
  };

  it.each(vatCases)('accepts VAT numbers of %s whose check digits match, and names what is wrong with the others', (country, valid, invalid) => {
    for (const number of valid) expect(vatProblems(country, number), number).toEqual([]);
    for (const [number, code] of invalid) expect(vatProblems(country, number), number).toEqual([code]);
  });

  it.each([
    ['DE', ['80802', '10115', '01067'], ['1011', '808020', 'ABCDE']],
    ['AT', ['1010', '8010'], ['10100', '101']],
    ['FR', ['75001', '13008'], ['7500', '750011']],
    ['NL', ['1011 AB', '1011AB'], ['1011', 'AB 1011']],
    ['ES', ['28013', '08001'], ['2801', '280133']],
    ['IT', ['00118', '20121'], ['0011', '201210']],
  ])('accepts the postcodes of %s and refuses others, in the business profile and in a prefill that names the country', (country, valid, invalid) => {
    const structure = businessTypesOf(country).types[0]!.structures[0]!;
    const zipCodes = (zip: string) => {
      const profile = { ...baseIn(country), registered_address: { ...baseIn(country).registered_address, zip, country } };
      return businessProfileProblems(profile, structure, country).filter((error) => error.pointer === '/registered_address/zip').map((error) => error.code);
    };
    const prefill = (zip: string) => prefillProblems({ business: { profile: { registered_address: { line1: 'Weg 1', town_city: 'X', zip, country } } } });
    for (const zip of valid) {
      expect(zipCodes(zip), zip).toEqual([]);
      expect(prefill(zip), zip).toEqual([]);
    }
    for (const zip of invalid) {
      expect(zipCodes(zip), zip).toEqual(['postcode_invalid']);
      expect(prefill(zip), zip).toEqual([{ pointer: '/business/profile/registered_address/zip', code: 'postcode_invalid', detail: `is not a postcode of ${country}` }]);
    }
  });

  it('leaves the postcode of a prefill without a country to the business profile step, and ignores a body of another shape', () => {
    expect(prefillProblems({ business: { profile: { registered_address: { line1: 'Weg 1', town_city: 'X', zip: '1011' } } } })).toEqual([]);
    expect(prefillProblems({ business: 'none' })).toEqual([]);
    expect(prefillProblems(null)).toEqual([]);
  });

  it('still refuses a number of another register or not a number at all', () => {
    const gmbh = structureOf('DE', 'gmbh');
    for (const number of ['HRA 12345', 'Amtsgericht München', '1234567']) {
      const profile = normaliseBusinessProfile({ ...base, registration_number: number, district_court_code: 'DE-AG-MUENCHEN' }, gmbh.structure);
      expect(pointers(profile, gmbh)).toEqual(['/registration_number']);
    }
  });
});
