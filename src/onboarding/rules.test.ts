import { describe, expect, it } from 'vitest';
import { businessTypesOf } from '../reference/data/business-types.js';
import { fieldConfiguration } from '../reference/service.js';
import { businessProfileProblems, checkIban, personProblems } from './rules.js';
import type { BusinessProfileBody } from './schemas.js';

describe('personProblems', () => {
  const today = new Date('2026-01-01T00:00:00.000Z');

  it('requires a description for a politically exposed person, blank counting as none', () => {
    expect(personProblems({ date_of_birth: '1980-01-01', pep: true, pep_description: '  ' }, today)).toEqual([{ pointer: '/pep_description', detail: 'is required when pep is true' }]);
    expect(personProblems({ date_of_birth: '1980-01-01', pep: true, pep_description: 'Mayor' }, today)).toEqual([]);
  });
});

describe('checkIban', () => {
  it('answers the electronic format of a valid IBAN written with spaces and in lowercase', () => {
    expect(checkIban('de89 3704 0044 0532 0130 00')).toEqual({ iban: 'DE89370400440532013000' });
  });

  it('names the reason an IBAN is refused', () => {
    expect(checkIban('DE89370400440532013001')).toEqual({ problem: 'fails the mod-97 check' });
    expect(checkIban('DE8937040044053201300')).toEqual({ problem: 'has the wrong length for its country' });
    expect(checkIban('QQ89370400440532013000')).toEqual({ problem: 'does not start with the code of a country that uses IBANs' });
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
      expect(pointers(base, entry)).toEqual(required.sort());
      const hidden = Object.entries(configuration).filter(([, rule]) => rule === null).map(([field]) => field);
      const withHidden = { ...base, ...Object.fromEntries(hidden.map((field) => [field, field === 'vat_number' ? 'DE123456789' : 'X'])) };
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
    expect(pointers({ ...base, vat_number: 'DE123456789' }, gbr)).toEqual([]);
  });
});
