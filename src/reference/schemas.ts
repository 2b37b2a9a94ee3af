import { Type, type Static } from 'typebox';
import { StringEnum } from '../core/formats.js';
import { LANGUAGES } from '../core/language.js';

export const Country = Type.Object({
  code: Type.String({ description: 'ISO 3166-1 alpha-2 code', examples: ['DE'] }),
  phone_prefix: Type.String({ description: 'International calling code with a leading +', examples: ['+49'] }),
  name: Type.String({ description: 'English short name', examples: ['Germany'] }),
  eea_member: Type.Boolean({ description: 'Member of the European Economic Area (EU plus Iceland, Liechtenstein, Norway)' }),
});
export type Country = Static<typeof Country>;
export const CountryList = Type.Array(Country);

export const MerchantCategoryCode = Type.Object({
  code: Type.String({ pattern: '^[0-9]{4}$', description: 'ISO 18245 merchant category code', examples: ['5411'] }),
  description: Type.String({ description: 'English description', examples: ['Grocery Stores, Supermarkets'] }),
  name: Type.String({ description: 'Name in the language of the answer (Content-Language); a brand (3000-3999) keeps its own', examples: ['Lebensmittelgeschäfte und Supermärkte'] }),
});
export type MerchantCategoryCode = Static<typeof MerchantCategoryCode>;
export const MerchantCategoryCodeList = Type.Array(MerchantCategoryCode);

export const MerchantCategoryCodeQuery = Type.Object(
  { language: Type.Optional(StringEnum(LANGUAGES, { description: 'Language of the names; without it, the best match of Accept-Language (de, en or es, else en)' })) },
  { additionalProperties: false },
);
export type MerchantCategoryCodeQuery = Static<typeof MerchantCategoryCodeQuery>;

export const DistrictCourt = Type.Object({
  code: Type.String({ description: 'Stable court code, used as district_court_code', examples: ['DE-AG-MUENCHEN'] }),
  name: Type.String({ examples: ['Amtsgericht München'] }),
});
export type DistrictCourt = Static<typeof DistrictCourt>;
export const DistrictCourtList = Type.Array(DistrictCourt);

/** Text, not a format: an unknown code is answered by the service (400 here, 404 for business types). */
export const DistrictCourtQuery = Type.Object(
  { country_code: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2 code; without it, the courts of every country' })) },
  { additionalProperties: false },
);
export type DistrictCourtQuery = Static<typeof DistrictCourtQuery>;

export const BusinessTypeQuery = Type.Object(
  { country_code: Type.String({ description: 'ISO 3166-1 alpha-2 code (uppercase); any other value is 404' }) },
  { additionalProperties: false },
);
export type BusinessTypeQuery = Static<typeof BusinessTypeQuery>;

export const BusinessStructureOption = Type.Object({
  value: Type.String({ examples: ['gmbh'] }),
  label: Type.String({ examples: ['GmbH (Gesellschaft mit beschränkter Haftung)'] }),
});

export const BusinessTypeOption = Type.Object({
  value: Type.String({ examples: ['company'] }),
  label: Type.String({ examples: ['Company'] }),
  children: Type.Object({
    default_value: Type.String({ description: 'The structure preselected for this type' }),
    items: Type.Array(BusinessStructureOption, { description: 'Legal structures of this business type in the country' }),
  }),
});

export const BusinessTypes = Type.Object({
  default_value: Type.String({ description: 'The business type preselected', examples: ['company'] }),
  items: Type.Array(BusinessTypeOption),
});
export type BusinessTypes = Static<typeof BusinessTypes>;
