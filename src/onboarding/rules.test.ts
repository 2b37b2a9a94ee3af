import { describe, expect, it } from 'vitest';
import { checkIban, isAtLeastYearsOld, personProblems } from './rules.js';

describe('isAtLeastYearsOld', () => {
  const today = new Date('2026-03-15T23:59:59.000Z');

  it('counts the birthday itself as reached', () => {
    expect(isAtLeastYearsOld('2010-03-15', 16, today)).toBe(true);
    expect(isAtLeastYearsOld('2010-03-16', 16, today)).toBe(false);
  });

  it('lets someone born on 29 February come of age on 1 March of a common year', () => {
    expect(isAtLeastYearsOld('2008-02-29', 16, new Date('2024-02-29T00:00:00.000Z'))).toBe(true);
    expect(isAtLeastYearsOld('2012-02-29', 16, new Date('2028-02-28T12:00:00.000Z'))).toBe(false);
    expect(isAtLeastYearsOld('2011-02-28', 16, new Date('2027-02-28T00:00:00.000Z'))).toBe(true);
    expect(isAtLeastYearsOld('2012-02-29', 15, new Date('2027-03-01T00:00:00.000Z'))).toBe(true);
    expect(isAtLeastYearsOld('2012-02-29', 15, new Date('2027-02-28T00:00:00.000Z'))).toBe(false);
  });
});

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
