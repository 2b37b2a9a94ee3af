import { electronicFormatIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';
import type { FieldError, FieldProblem } from '../core/errors.js';
import { isAtLeastYearsOld, MINIMUM_AGE, postcodeProblem } from '../core/formats.js';
import { valueAt } from '../core/body-rules.js';
import { fieldConfiguration, findDistrictCourt, isMerchantCategoryCode, normaliseRegistrationNumber, registrationNumberMatches, type StructureDefinition } from '../reference/service.js';
import { normaliseVatNumber, vatNumberProblem } from '../reference/vat-numbers.js';
import type { BusinessProfileBody } from './schemas.js';

/**
 * The rules of the onboarding steps that a JSON schema cannot say. Each answers the problems it
 * finds as field errors (pointer, code and detail), so a step reports every bad field at once.
 */

interface Person {
  date_of_birth: string;
  pep: boolean;
  pep_description?: string | undefined;
}

/** Age and politically-exposed-person rules, shared by the applicant and the representatives. */
export function personProblems(person: Person, today: Date): FieldError[] {
  const errors: FieldError[] = [];
  if (!isAtLeastYearsOld(person.date_of_birth, MINIMUM_AGE, today)) errors.push({ pointer: '/date_of_birth', code: 'too_young', detail: `the person must be at least ${MINIMUM_AGE} years old`, params: { years: MINIMUM_AGE } });
  if (person.pep && !person.pep_description?.trim()) errors.push({ pointer: '/pep_description', code: 'required', detail: 'is required when pep is true' });
  return errors;
}

const IBAN_PROBLEMS: Partial<Record<ValidationErrorsIBAN, FieldProblem>> = {
  [ValidationErrorsIBAN.NoIBANCountry]: { code: 'iban_country', detail: 'does not start with the code of a country that uses IBANs' },
  [ValidationErrorsIBAN.WrongBBANLength]: { code: 'iban_length', detail: 'has the wrong length for its country' },
  [ValidationErrorsIBAN.WrongBBANFormat]: { code: 'iban_format', detail: 'does not match the account format of its country' },
  [ValidationErrorsIBAN.ChecksumNotNumber]: { code: 'iban_format', detail: 'must have two check digits after the country code' },
  [ValidationErrorsIBAN.WrongIBANChecksum]: { code: 'iban_checksum', detail: 'fails the mod-97 check' },
};

/** The IBAN in electronic format (no spaces, uppercase), or the reason it is not one. */
export function checkIban(value: string): { iban: string } | { problem: FieldProblem } {
  const iban = electronicFormatIBAN(value) ?? '';
  const result = validateIBAN(iban);
  if (result.valid) return { iban };
  const first = result.errorCodes.map((code) => IBAN_PROBLEMS[code]).find(Boolean);
  return { problem: first ?? { code: 'invalid', detail: 'is not a valid IBAN' } };
}

/** The register each specification code names, with the country it belongs to. */
const REGISTRATION_NUMBER_CODES: Record<string, { country: string; register: string | null }> = {
  DeHrb: { country: 'DE', register: 'HRB' },
  DeHra: { country: 'DE', register: 'HRA' },
  DeVr: { country: 'DE', register: 'VR' },
  SiTin: { country: 'SI', register: null },
  EeKmkr: { country: 'EE', register: null },
};

function registrationProblems(profile: BusinessProfileBody, structure: StructureDefinition, country: string): FieldError[] {
  const rule = structure.registration_number;
  const errors: FieldError[] = [];
  const code = profile.registration_number_code;
  if (code !== undefined) {
    const named = REGISTRATION_NUMBER_CODES[code]!;
    if (named.country !== country) errors.push({ pointer: '/registration_number_code', code: 'registration_code_mismatch', detail: `is a code of ${named.country}, not of ${country}` });
    else if (named.register && named.register !== rule?.type) errors.push({ pointer: '/registration_number_code', code: 'registration_code_mismatch', detail: `names the ${named.register} register; this structure is registered in ${rule?.type ?? 'no register'}` });
  }
  if (!rule || profile.registration_number === undefined) return errors;
  if (!registrationNumberMatches(rule, profile.registration_number)) errors.push({ pointer: '/registration_number', code: 'registration_number_format', detail: `is not a ${rule.type} number`, params: { register: rule.type } });
  return errors;
}

/**
 * A body rule of POST /applications: a prefilled registered address that names its country has a
 * postcode of it. Without a country, the postcode waits for the business profile step, which knows it.
 */
export function prefillProblems(body: unknown): FieldError[] {
  const address = valueAt(body, 'business', 'profile', 'registered_address');
  const zip = valueAt(address, 'zip');
  const country = valueAt(address, 'country');
  if (typeof zip !== 'string' || typeof country !== 'string') return [];
  const problem = postcodeProblem(zip, country);
  return problem ? [{ pointer: '/business/profile/registered_address/zip', ...problem }] : [];
}

/**
 * The business profile as it is stored: the VAT number upper case without spaces and dots, the
 * register number written the register's way ("12345" of an HRB register is "HRB 12345"). The
 * rules check this form, so what passes is what is stored.
 */
export function normaliseBusinessProfile(profile: BusinessProfileBody, structure: StructureDefinition): BusinessProfileBody {
  const rule = structure.registration_number;
  const { vat_number: vat, registration_number: number } = profile;
  return {
    ...profile,
    ...(vat === undefined ? {} : { vat_number: normaliseVatNumber(vat) }),
    ...(rule && number !== undefined ? { registration_number: normaliseRegistrationNumber(rule, number) } : {}),
  };
}

function courtProblem(value: string, country: string): FieldProblem | undefined {
  const court = findDistrictCourt(value);
  if (!court || court.country_code !== country) return { code: 'district_court_unknown', detail: `is not a district court of ${country} (GET /reference/district-courts?country_code=${country})` };
  return undefined;
}

/**
 * The fields the dynamic field configuration shows for a structure (normalised by
 * normaliseBusinessProfile), checked against it: a hidden field given, a required one missing, and
 * each value's own format. The configuration the page
 * reads and this validation come from the same fieldConfiguration(), so they cannot disagree.
 */
export function businessProfileProblems(profile: BusinessProfileBody, structure: StructureDefinition, country: string): FieldError[] {
  const configuration = fieldConfiguration(structure);
  const errors: FieldError[] = [];
  for (const [field, config] of Object.entries(configuration)) {
    const value = profile[field as keyof typeof configuration];
    if (config === null && value !== undefined) errors.push({ pointer: `/${field}`, code: 'not_allowed', detail: 'is not a field of this business structure' });
    if (config?.required && value === undefined) errors.push({ pointer: `/${field}`, code: 'required', detail: 'is required for this business structure' });
  }
  if (configuration.registration_number === null && profile.registration_number_code !== undefined) {
    errors.push({ pointer: '/registration_number_code', code: 'not_allowed', detail: 'is not a field of this business structure' });
  } else {
    errors.push(...registrationProblems(profile, structure, country));
  }
  if (profile.district_court_code !== undefined && configuration.district_court_code !== null) {
    const problem = courtProblem(profile.district_court_code, country);
    if (problem) errors.push({ pointer: '/district_court_code', ...problem });
  }
  // Where the register is optional, a number and its court go together: one without the other names no entry.
  if (configuration.district_court_code !== null && configuration.registration_number !== null) {
    if (profile.registration_number !== undefined && profile.district_court_code === undefined) errors.push({ pointer: '/district_court_code', code: 'required', detail: 'is required with a registration number' });
    if (profile.district_court_code !== undefined && profile.registration_number === undefined) errors.push({ pointer: '/registration_number', code: 'required', detail: 'is required with a district court' });
  }
  const addressCountry = profile.registered_address.country;
  if (addressCountry !== undefined && addressCountry !== country) errors.push({ pointer: '/registered_address/country', code: 'country_mismatch', detail: `must be ${country}, the country the business is registered in` });
  const zip = postcodeProblem(profile.registered_address.zip, country);
  if (zip) errors.push({ pointer: '/registered_address/zip', ...zip });
  const vat = profile.vat_number === undefined ? undefined : vatNumberProblem(profile.vat_number, country);
  if (vat) errors.push({ pointer: '/vat_number', ...vat });
  if (!isMerchantCategoryCode(profile.mcc)) errors.push({ pointer: '/mcc', code: 'mcc_unknown', detail: 'is not an ISO 18245 merchant category code (GET /reference/merchant-category-codes)' });
  const phone = profile.phone_number;
  // A number written with another country's prefix is that country's, whatever country_code says.
  if (phone && (!isValidPhoneNumber(phone.number, phone.country_code as CountryCode) || parsePhoneNumberFromString(phone.number, phone.country_code as CountryCode)?.country !== phone.country_code)) {
    errors.push({ pointer: '/phone_number/number', code: 'phone_invalid', detail: `is not a valid phone number of ${phone.country_code}` });
  }
  return errors;
}
