/**
 * Business types and their legal structures per country, with the rules of the fields that
 * onboarding's business-profile step shows for each structure (the shape of the specification's
 * dynamic field configuration: a member that is null is a hidden field).
 *
 * Germany: the forms of the HGB, GmbHG, AktG and BGB and the register each is entered in
 * (Handelsregister A/B, Vereinsregister, Gesellschaftsregister since the MoPeG of 2024), kept by a
 * local court (Amtsgericht), so the district court is asked with the number.
 * Austria: the forms of the UGB, GmbHG, AktG, FlexKapGG, VerG and PSG; the Firmenbuch number
 * (FN) is kept by Landesgerichte, not district courts, and associations have a ZVR number.
 * Every other country: a generic set, with a free-form registration number.
 */

export const BUSINESS_TYPES = ['company', 'individual_sole_trader', 'non_profit'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export interface RegistrationNumberRule {
  required: boolean;
  /** The register the number belongs to (HRB, HRA, VR, FN, …; company_register when generic). */
  type: string;
  /** What a number of this register looks like. */
  pattern: RegExp;
}

export interface StructureDefinition {
  value: string;
  label: string;
  /** null: the structure is entered in no register, the field is hidden. */
  registration_number: RegistrationNumberRule | null;
  vat_number: { required: boolean } | null;
  /** null: the register is not kept by a district court, the field is hidden. */
  district_court_code: { required: boolean } | null;
}

export interface BusinessTypeDefinition {
  value: BusinessType;
  label: string;
  /** The first structure is the default. */
  structures: readonly StructureDefinition[];
}

export interface CountryBusinessTypes {
  default_value: BusinessType;
  types: readonly BusinessTypeDefinition[];
}

const TYPE_LABELS: Record<BusinessType, string> = {
  company: 'Company',
  individual_sole_trader: 'Individual or sole trader',
  non_profit: 'Non-profit organisation',
};

const VAT_OPTIONAL = { required: false } as const;

// "HRB 12345", "HRB12345", "HRB 12345 B" (Berlin and some other courts add a letter suffix).
const register = (prefix: string) => new RegExp(`^${prefix} ?[0-9]{1,6}( ?[A-Z]{1,3})?$`);
const HRB = register('HRB');
const HRA = register('HRA');
const VR = register('VR');
const GSR = register('GsR');

function germanStructure(value: string, label: string, rule: RegistrationNumberRule | null): StructureDefinition {
  return {
    value,
    label,
    registration_number: rule,
    vat_number: VAT_OPTIONAL,
    district_court_code: rule ? { required: rule.required } : null,
  };
}

const GERMANY: CountryBusinessTypes = {
  default_value: 'company',
  types: [
    {
      value: 'company',
      label: TYPE_LABELS.company,
      structures: [
        germanStructure('gmbh', 'GmbH (Gesellschaft mit beschränkter Haftung)', { required: true, type: 'HRB', pattern: HRB }),
        germanStructure('ug', 'UG (haftungsbeschränkt)', { required: true, type: 'HRB', pattern: HRB }),
        germanStructure('ag', 'AG (Aktiengesellschaft)', { required: true, type: 'HRB', pattern: HRB }),
        germanStructure('gmbh_co_kg', 'GmbH & Co. KG', { required: true, type: 'HRA', pattern: HRA }),
        germanStructure('kg', 'KG (Kommanditgesellschaft)', { required: true, type: 'HRA', pattern: HRA }),
        germanStructure('ohg', 'OHG (Offene Handelsgesellschaft)', { required: true, type: 'HRA', pattern: HRA }),
        // Registration in the Gesellschaftsregister is voluntary for a GbR (eGbR once registered).
        germanStructure('gbr', 'GbR (Gesellschaft bürgerlichen Rechts)', { required: false, type: 'GsR', pattern: GSR }),
      ],
    },
    {
      value: 'individual_sole_trader',
      label: TYPE_LABELS.individual_sole_trader,
      structures: [
        germanStructure('einzelunternehmen', 'Einzelunternehmen', null),
        germanStructure('e_k', 'e. K. (eingetragener Kaufmann)', { required: true, type: 'HRA', pattern: HRA }),
      ],
    },
    {
      value: 'non_profit',
      label: TYPE_LABELS.non_profit,
      structures: [
        germanStructure('e_v', 'e. V. (eingetragener Verein)', { required: true, type: 'VR', pattern: VR }),
        germanStructure('stiftung', 'Stiftung', null),
        germanStructure('ggmbh', 'gGmbH (gemeinnützige GmbH)', { required: true, type: 'HRB', pattern: HRB }),
      ],
    },
  ],
};

// "FN 123456a" or "123456a": digits and a check letter.
const FN = /^(FN ?)?[0-9]{1,6}[a-z]$/;
// Zentrales Vereinsregister: a nine or ten digit number.
const ZVR = /^(ZVR ?)?[0-9]{9,10}$/;

function austrianStructure(value: string, label: string, rule: RegistrationNumberRule | null): StructureDefinition {
  return { value, label, registration_number: rule, vat_number: VAT_OPTIONAL, district_court_code: null };
}

const AUSTRIA: CountryBusinessTypes = {
  default_value: 'company',
  types: [
    {
      value: 'company',
      label: TYPE_LABELS.company,
      structures: [
        austrianStructure('gmbh', 'GmbH (Gesellschaft mit beschränkter Haftung)', { required: true, type: 'FN', pattern: FN }),
        austrianStructure('flexco', 'FlexCo (Flexible Kapitalgesellschaft)', { required: true, type: 'FN', pattern: FN }),
        austrianStructure('ag', 'AG (Aktiengesellschaft)', { required: true, type: 'FN', pattern: FN }),
        austrianStructure('kg', 'KG (Kommanditgesellschaft)', { required: true, type: 'FN', pattern: FN }),
        austrianStructure('og', 'OG (Offene Gesellschaft)', { required: true, type: 'FN', pattern: FN }),
        austrianStructure('gesbr', 'GesbR (Gesellschaft bürgerlichen Rechts)', null),
      ],
    },
    {
      value: 'individual_sole_trader',
      label: TYPE_LABELS.individual_sole_trader,
      structures: [
        // An Einzelunternehmer may register as e.U.; below the UGB's thresholds it is voluntary.
        austrianStructure('einzelunternehmen', 'Einzelunternehmen (e. U.)', { required: false, type: 'FN', pattern: FN }),
      ],
    },
    {
      value: 'non_profit',
      label: TYPE_LABELS.non_profit,
      structures: [
        austrianStructure('verein', 'Verein', { required: true, type: 'ZVR', pattern: ZVR }),
        austrianStructure('privatstiftung', 'Privatstiftung', { required: true, type: 'FN', pattern: FN }),
      ],
    },
  ],
};

const FREE_FORM = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,49}$/;
/** The type of the free-form number of the generic structures: no register name to write before it. */
export const GENERIC_REGISTER = 'company_register';

function genericStructure(value: string, label: string, required: boolean | null): StructureDefinition {
  return {
    value,
    label,
    registration_number: required === null ? null : { required, type: GENERIC_REGISTER, pattern: FREE_FORM },
    vat_number: VAT_OPTIONAL,
    district_court_code: null,
  };
}

const GENERIC: CountryBusinessTypes = {
  default_value: 'company',
  types: [
    {
      value: 'company',
      label: TYPE_LABELS.company,
      structures: [
        genericStructure('private_limited_company', 'Private limited company', true),
        genericStructure('public_limited_company', 'Public limited company', true),
        genericStructure('general_partnership', 'General partnership', false),
        genericStructure('limited_partnership', 'Limited partnership', true),
      ],
    },
    {
      value: 'individual_sole_trader',
      label: TYPE_LABELS.individual_sole_trader,
      structures: [genericStructure('sole_trader', 'Sole trader', false)],
    },
    {
      value: 'non_profit',
      label: TYPE_LABELS.non_profit,
      structures: [genericStructure('association', 'Association', false), genericStructure('foundation', 'Foundation', false)],
    },
  ],
};

const BY_COUNTRY: Readonly<Record<string, CountryBusinessTypes>> = { DE: GERMANY, AT: AUSTRIA };

/** The business types of a (valid) country: its own set, or the generic one. */
export function businessTypesOf(countryCode: string): CountryBusinessTypes {
  return BY_COUNTRY[countryCode] ?? GENERIC;
}
