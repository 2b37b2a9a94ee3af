import { createHash } from 'node:crypto';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import mccCodes from 'mcc/mcc_codes.json' with { type: 'json' };
import { ApiError, invalidFields, type FieldError } from '../core/errors.js';
import { isCountry } from '../core/formats.js';
import type { Language } from '../core/language.js';
import { CALLING_CODE_OVERRIDES, EEA_MEMBERS } from './data/countries.js';
import courtData from './data/district-courts.json' with { type: 'json' };
import categoryNames from './data/merchant-category-names.json' with { type: 'json' };
import { BUSINESS_TYPES, businessTypesOf, GENERIC_REGISTER, type BusinessType, type RegistrationNumberRule, type StructureDefinition } from './data/business-types.js';
import type { BusinessTypes, Country, DistrictCourt, MerchantCategoryCode } from './schemas.js';

export type { BusinessType, RegistrationNumberRule, StructureDefinition } from './data/business-types.js';

countries.registerLocale(english);

// ---------------------------------------------------------------------------------------------
// The data, as functions other areas use (onboarding validates with them, payments reads courts).

/** Every ISO 3166-1 alpha-2 country the API accepts, by code. */
const COUNTRIES: readonly Country[] = Object.keys(countries.getAlpha2Codes())
  .sort()
  .map((code) => ({
    code,
    phone_prefix: `+${callingCode(code)}`,
    name: countries.getName(code, 'en') ?? code,
    eea_member: EEA_MEMBERS.has(code),
  }));

function callingCode(code: string): string {
  const override = CALLING_CODE_OVERRIDES[code];
  if (override) return override;
  if (!isSupportedCountry(code)) throw new Error(`no calling code known for ${code}`);
  return getCountryCallingCode(code);
}

export function listCountries(): readonly Country[] {
  return COUNTRIES;
}

export function isEeaMember(countryCode: string): boolean {
  return EEA_MEMBERS.has(countryCode);
}

/*
 * ISO 18245 codes from the `mcc` package, with its edited (modern) descriptions, by code; their
 * German and Spanish names from data/merchant-category-names.json (curated for this project: no
 * maintained translation exists). The codes 3000-3999 name an airline, car rental or hotel chain:
 * a brand's name is the same in every language.
 */
const NAMES: Readonly<Record<string, Partial<Record<Language, string>>>> = categoryNames;
const MERCHANT_CATEGORY_CODES: readonly { code: string; description: string }[] = mccCodes
  .map((entry) => ({ code: entry.mcc, description: entry.edited_description.trim() }))
  .sort((a, b) => a.code.localeCompare(b.code));
const MCC_SET: ReadonlySet<string> = new Set(MERCHANT_CATEGORY_CODES.map((entry) => entry.code));

/** The codes with their English description and their name in the language (the description where it has none). */
export function listMerchantCategoryCodes(language: Language = 'en'): MerchantCategoryCode[] {
  return MERCHANT_CATEGORY_CODES.map((entry) => ({ ...entry, name: NAMES[entry.code]?.[language] ?? entry.description }));
}

export function isMerchantCategoryCode(code: string): boolean {
  return MCC_SET.has(code);
}

export interface DistrictCourtEntry extends DistrictCourt {
  country_code: string;
  /** ISO 3166-2 code of the federal state. */
  state: string;
}

/*
 * data/district-courts.json: the German local courts (Amtsgerichte) that keep the commercial
 * register (Registergerichte), compiled by hand from the Länder's register-court concentrations;
 * see README "Reference data". Codes are this project's own stable slugs ("DE-AG-MUENCHEN",
 * umlauts written out), not XJustiz court ids: a published code never changes, a renamed court
 * keeps its code, a new court gets a new one.
 */
const collator = new Intl.Collator('de');
const DISTRICT_COURTS: readonly DistrictCourtEntry[] = [...courtData].sort((a, b) => collator.compare(a.name, b.name));
const COURTS_BY_CODE: ReadonlyMap<string, DistrictCourtEntry> = new Map(DISTRICT_COURTS.map((court) => [court.code, court]));

/** The register courts of a country (all countries without one); [] for a country without any. */
export function listDistrictCourts(countryCode?: string): readonly DistrictCourtEntry[] {
  return countryCode === undefined ? DISTRICT_COURTS : DISTRICT_COURTS.filter((court) => court.country_code === countryCode);
}

export function findDistrictCourt(code: string): DistrictCourtEntry | undefined {
  return COURTS_BY_CODE.get(code);
}

export function isBusinessType(value: string): value is BusinessType {
  return (BUSINESS_TYPES as readonly string[]).includes(value);
}

/** The business types and structures offered in a country, in the shape the API answers. */
export function businessTypesFor(countryCode: string): BusinessTypes | undefined {
  if (!isCountry(countryCode)) return undefined;
  const definition = businessTypesOf(countryCode);
  return {
    default_value: definition.default_value,
    items: definition.types.map((type) => ({
      value: type.value,
      label: type.label,
      children: {
        default_value: type.structures[0]!.value,
        items: type.structures.map((structure) => ({ value: structure.value, label: structure.label })),
      },
    })),
  };
}

/** A legal structure of a business type in a country, with its field rules; undefined if not offered. */
export function findBusinessStructure(countryCode: string, type: string, structure: string): StructureDefinition | undefined {
  if (!isCountry(countryCode)) return undefined;
  return businessTypesOf(countryCode)
    .types.find((candidate) => candidate.value === type)
    ?.structures.find((candidate) => candidate.value === structure);
}

/** The specification's dynamic field configuration of the business-profile step for a structure. */
export interface FieldConfiguration {
  registration_number: { required: boolean; type: string } | null;
  vat_number: { required: boolean } | null;
  district_court_code: { required: boolean } | null;
}

export function fieldConfiguration(structure: StructureDefinition): FieldConfiguration {
  const rule = structure.registration_number;
  return {
    registration_number: rule ? { required: rule.required, type: rule.type } : null,
    vat_number: structure.vat_number ? { ...structure.vat_number } : null,
    district_court_code: structure.district_court_code ? { ...structure.district_court_code } : null,
  };
}

export function registrationNumberMatches(rule: RegistrationNumberRule, value: string): boolean {
  return rule.pattern.test(value.trim());
}

/**
 * A number of a named register (HRB, HRA, VR, GsR, FN, ZVR) written the register's way, its name
 * first: "12345", "HRB12345" and "hrb 12345" are "HRB 12345". A generic register's is only trimmed.
 */
export function normaliseRegistrationNumber(rule: RegistrationNumberRule, value: string): string {
  const trimmed = value.trim();
  if (rule.type === GENERIC_REGISTER) return trimmed;
  const named = trimmed.toUpperCase().startsWith(rule.type.toUpperCase());
  return `${rule.type} ${named ? trimmed.slice(rule.type.length).trimStart() : trimmed}`;
}

// ---------------------------------------------------------------------------------------------
// The HTTP answers: each built once, with a strong ETag of its JSON.

export interface Cacheable<T> {
  body: T;
  etag: string;
}

const answers = new Map<string, Cacheable<unknown>>();

function cacheable<T>(key: string, build: () => T): Cacheable<T> {
  let answer = answers.get(key) as Cacheable<T> | undefined;
  if (!answer) {
    const body = build();
    const digest = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
    answer = { body, etag: `"${digest.slice(0, 32)}"` };
    answers.set(key, answer);
  }
  return answer;
}

const PUBLIC_FIELDS = ({ code, name }: DistrictCourt): DistrictCourt => ({ code, name });

export const reference = {
  countries: (): Cacheable<Country[]> => cacheable('countries', () => [...listCountries()]),

  merchantCategoryCodes: (language: Language): Cacheable<MerchantCategoryCode[]> => cacheable(`mcc:${language}`, () => listMerchantCategoryCodes(language)),

  districtCourts(countryCode: string | undefined): Cacheable<DistrictCourt[]> {
    if (countryCode !== undefined && !isCountry(countryCode)) {
      const field: FieldError = { pointer: '/country_code', code: 'invalid_country', detail: 'must be an ISO 3166-1 alpha-2 country code (two uppercase letters)', in: 'query' };
      throw invalidFields([field], 'query parameters');
    }
    return cacheable(`courts:${countryCode ?? '*'}`, () => listDistrictCourts(countryCode).map(PUBLIC_FIELDS));
  },

  businessTypes(countryCode: string): Cacheable<BusinessTypes> {
    const body = businessTypesFor(countryCode);
    if (!body) throw new ApiError('not_found', { detail: `${countryCode} is not an ISO 3166-1 alpha-2 country code` });
    return cacheable(`business-types:${countryCode}`, () => body);
  },
};
