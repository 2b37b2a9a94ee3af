import { Type, type Static, type TSchema } from 'typebox';
import { Address, Country, Currency, DateString, DateTime, Email, Name, Nullable, PlainLine, PlainText, StringEnum, Uri } from '../core/formats.js';
import { idPattern } from '../core/ids.js';
import { Page, PageQuery } from '../core/pagination.js';
import { BUSINESS_TYPES } from '../reference/data/business-types.js';
import { LANGUAGES } from '../core/language.js';

/**
 * The specification's statuses, then the two compliance outcomes after submitted (not shown by the
 * specification): succeeded (application_succeeded) and action_required (application_action_required).
 */
export const APPLICATION_STATUSES = ['initiated', 'in_progress', 'submitted', 'succeeded', 'action_required'] as const;
/** A representative's status (the only one so far: its identity documents are not checked yet). */
export const REPRESENTATIVE_STATUSES = ['awaiting_documents'] as const;
export const DECISION_OUTCOMES = ['succeeded', 'action_required'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
export const ROLES = ['executive', 'owner', 'director'] as const;
export const GENDERS = ['male', 'female', 'na'] as const;
export const REGISTRATION_NUMBER_CODES = ['DeHrb', 'DeHra', 'DeVr', 'SiTin', 'EeKmkr'] as const;
export const MAX_CURRENCIES = 20;

const PersonName = Name({ minLength: 2, maxLength: 50 });
const BusinessName = Name({ minLength: 2, maxLength: 300 });
const PepDescription = PlainText({ maxLength: 300, description: 'Required when pep is true' });
const Roles = Type.Array(StringEnum(ROLES), { minItems: 1, maxItems: ROLES.length, uniqueItems: true });
const DateOfBirth = DateString({ description: 'The person must be at least 16 years old today' });

// ---------------------------------------------------------------------------------------------
// Platform side

const ApplicantContact = Type.Object({ email: Email(), first_name: PersonName, last_name: PersonName }, { additionalProperties: false, examples: [{ email: 'erika@ticketwelt.example', first_name: 'Erika', last_name: 'Mustermann' }] });

const RegistrationNumber = Type.String({ minLength: 1, maxLength: 50, description: "Checked against the format of the structure's register" });

export const ProfilePrefill = Type.Object(
  {
    legal_name: Type.Optional(BusinessName),
    registered_address: Type.Optional(Address),
    registration_number_code: Type.Optional(StringEnum(REGISTRATION_NUMBER_CODES)),
    registration_number: Type.Optional(RegistrationNumber),
  },
  { additionalProperties: false, description: 'Pre-fills the business profile; the applicant confirms or changes it' },
);

export const InitiateApplication = Type.Object(
  {
    applicant: ApplicantContact,
    business: Type.Optional(Type.Object({ profile: Type.Optional(ProfilePrefill) }, { additionalProperties: false })),
    currencies: Type.Optional(Type.Array(Currency(), { minItems: 1, maxItems: MAX_CURRENCIES, uniqueItems: true, description: 'Default: every supported currency' })),
    integration: Type.Object({ type: StringEnum(['hosted'] as const) }, { additionalProperties: false }),
    language: Type.Optional(StringEnum(LANGUAGES, { description: 'Language of the onboarding page; default en' })),
    reference: Type.Optional(PlainLine({ minLength: 1, maxLength: 50 })),
    urls: Type.Optional(
      Type.Object(
        { redirect: Type.Optional(Uri({ description: 'Where the applicant goes after submitting' })), webhook: Type.Optional(Uri({ description: 'Receives the application events' })) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, examples: [{ applicant: { email: 'erika@ticketwelt.example', first_name: 'Erika', last_name: 'Mustermann' }, currencies: ['EUR'], integration: { type: 'hosted' }, language: 'de', reference: 'merchant-7', urls: { redirect: 'https://platform.example/onboarded', webhook: 'https://platform.example/webhooks' } }] },
);
export type InitiateApplication = Static<typeof InitiateApplication>;

const OnboardingLink = Type.Object({ href: Type.String(), expires_at: DateTime() });

export const ApplicationCreated = Type.Object({
  id: Type.String({ pattern: idPattern('app') }),
  reference: Nullable(Type.String()),
  merchant_id: Type.String({ pattern: idPattern('acc') }),
  _links: Type.Object({ onboarding: OnboardingLink }),
});
export type ApplicationCreated = Static<typeof ApplicationCreated>;

export const Application = Type.Object({
  id: Type.String(),
  status: StringEnum(APPLICATION_STATUSES),
  reference: Nullable(Type.String()),
  merchant_id: Type.String(),
  language: StringEnum(LANGUAGES),
  currencies: Type.Array(Type.String()),
  applicant: Type.Object({ first_name: Type.String(), last_name: Type.String(), email: Type.String() }),
  urls: Type.Object({ redirect: Nullable(Type.String()), webhook: Nullable(Type.String()) }),
  created_at: DateTime(),
  started_at: Nullable(DateTime()),
  submitted_at: Nullable(DateTime()),
  decided_at: Nullable(DateTime({ description: 'When the compliance checks decided (status succeeded or action_required)' })),
  _links: Type.Object({ self: Type.Object({ href: Type.String() }) }),
});
export type Application = Static<typeof Application>;

export const DecisionBody = Type.Object(
  { outcome: StringEnum(DECISION_OUTCOMES, { description: 'succeeded emits application_succeeded, action_required application_action_required' }) },
  { additionalProperties: false, examples: [{ outcome: 'succeeded' }] },
);
export type DecisionBody = Static<typeof DecisionBody>;

export const ApplicationParams = Type.Object({ application_id: Type.String({ maxLength: 64 }) });
export const ApplicationListQuery = PageQuery({ status: Type.Optional(StringEnum(APPLICATION_STATUSES)), reference: Type.Optional(Type.String({ maxLength: 50 })) });
export const ApplicationPage = Page(Application);

// ---------------------------------------------------------------------------------------------
// Applicant side: step requests

export const ConfirmApplicant = ApplicantContact;
export type ConfirmApplicant = Static<typeof ConfirmApplicant>;

export const ApplicantDetails = Type.Object(
  {
    nationality: Country(),
    gender: StringEnum(GENDERS),
    date_of_birth: DateOfBirth,
    pep: Type.Boolean({ description: 'Politically exposed person' }),
    pep_description: Type.Optional(PepDescription),
    roles: Type.Optional(Roles),
  },
  { additionalProperties: false, examples: [{ nationality: 'DE', gender: 'female', date_of_birth: '1985-04-12', pep: false, roles: ['executive', 'owner'] }] },
);
export type ApplicantDetails = Static<typeof ApplicantDetails>;

export const BusinessTypeBody = Type.Object(
  {
    type: StringEnum(BUSINESS_TYPES),
    structure: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: "Default: the type's default structure in the country" })),
    country_code: Country(),
  },
  { additionalProperties: false, examples: [{ type: 'company', country_code: 'DE' }] },
);
export type BusinessTypeBody = Static<typeof BusinessTypeBody>;

export const PhoneNumber = Type.Object(
  { country_code: Country({ description: 'ISO 3166-1 alpha-2 country of the number' }), number: Type.String({ minLength: 3, maxLength: 30 }) },
  { additionalProperties: false },
);

export const BusinessProfileBody = Type.Object(
  {
    legal_name: BusinessName,
    trading_name: Type.Optional(BusinessName),
    registration_number_code: Type.Optional(StringEnum(REGISTRATION_NUMBER_CODES)),
    registration_number: Type.Optional(RegistrationNumber),
    district_court_code: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    vat_number: Type.Optional(Type.String({ minLength: 4, maxLength: 20 })),
    registered_address: Address,
    mcc: Type.String({ pattern: '^[0-9]{4}$', description: 'ISO 18245 merchant category code from GET /reference/merchant-category-codes' }),
    website: Uri(),
    phone_number: Type.Optional(PhoneNumber),
  },
  { additionalProperties: false, examples: [{ legal_name: 'Ticketwelt GmbH', registration_number_code: 'DeHrb', registration_number: 'HRB 12345', district_court_code: 'DE-AG-AACHEN', vat_number: 'DE136695976', registered_address: { line1: 'Heidestraße', number: 17, town_city: 'Köln', zip: '51147', country: 'DE' }, mcc: '7922', website: 'https://ticketwelt.example', phone_number: { country_code: 'DE', number: '221 1234567' } }] },
);
export type BusinessProfileBody = Static<typeof BusinessProfileBody>;

export const RepresentativeBody = Type.Object(
  {
    first_name: PersonName,
    last_name: PersonName,
    email: Email(),
    roles: Roles,
    date_of_birth: DateOfBirth,
    pep: Type.Boolean(),
    nationality: Type.Optional(Country()),
    pep_description: Type.Optional(PepDescription),
  },
  { additionalProperties: false, examples: [{ first_name: 'Max', last_name: 'Mustermann', email: 'max@ticketwelt.example', roles: ['director'], date_of_birth: '1980-01-31', pep: false, nationality: 'DE' }] },
);
export type RepresentativeBody = Static<typeof RepresentativeBody>;

export const PayoutAccountBody = Type.Object(
  {
    account_number: Type.Object({ type: StringEnum(['iban'] as const), value: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false }),
    account_owners_name: PlainLine({ minLength: 1, maxLength: 300 }),
    currency: Currency(),
  },
  { additionalProperties: false, examples: [{ account_number: { type: 'iban', value: 'DE89370400440532013000' }, account_owners_name: 'Ticketwelt GmbH', currency: 'EUR' }] },
);
export type PayoutAccountBody = Static<typeof PayoutAccountBody>;

export const RepresentativeParams = Type.Object({ representative_id: Type.String({ maxLength: 64 }) });
export const DocumentParams = Type.Object({ document_id: Type.String({ maxLength: 64 }) });

/** Identity documents of the applicant, each with a side, and documents of the application itself. */
export const APPLICANT_DOCUMENT_TYPES = ['passport', 'id', 'driving_license', 'selfie_with_id'] as const;
export const APPLICATION_DOCUMENT_TYPES = ['company_registration', 'bank_account_proof'] as const;
export const ONBOARDING_DOCUMENT_TYPES = [...APPLICANT_DOCUMENT_TYPES, ...APPLICATION_DOCUMENT_TYPES] as const;
export type OnboardingDocumentType = (typeof ONBOARDING_DOCUMENT_TYPES)[number];
export const DOCUMENT_SIDES = ['front', 'back'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

/** Described for the OpenAPI document; the multipart body is read part by part by the route. */
export const OnboardingUploadBody = Type.Object({
  file: Type.String({ format: 'binary', description: 'JPEG, PNG or PDF (by content), at most 4 MB; its part Content-Type must match its format' }),
  type: StringEnum(ONBOARDING_DOCUMENT_TYPES, { description: 'The kind of document; the part may be named purpose instead' }),
  side: Type.Optional(StringEnum(DOCUMENT_SIDES, { description: 'Required for passport, id, driving_license and selfie_with_id; not given for application documents' })),
});
export const FieldConfigurationParams = Type.Object({ step: Type.String({ maxLength: 64 }) });

// ---------------------------------------------------------------------------------------------
// Applicant side: answers

/**
 * The same shape for an answer: the request formats (country, currency…) are checked on the way
 * in; the serializer knows only the standard formats, and an answer carries what was accepted.
 */
function answerOf<T extends TSchema>(schema: T): T {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== 'object') return value;
    // TypeBox keeps its own markers (~kind, ~optional…) as hidden properties: copied hidden, as
    // they are, so they reach neither the serializer nor the OpenAPI document.
    const copy = {};
    for (const key of Reflect.ownKeys(value)) {
      if (key === 'format') continue;
      const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
      Object.defineProperty(copy, key, 'value' in descriptor ? { ...descriptor, value: strip(descriptor.value) } : descriptor);
    }
    return copy;
  };
  return strip(schema) as T;
}

const StepLink = Type.Object({ href: Type.String(), methods: Type.Array(Type.String()) });
export const StepLinks = Type.Record(Type.String(), StepLink);
export type StepLinks = Static<typeof StepLinks>;

export const Workflow = Type.Object({
  previous: Nullable(Type.String({ description: 'The step before next; null at the first step' })),
  next: Nullable(Type.String({ description: 'The step to do next; null once submitted' })),
  complete: Type.Boolean(),
});
export type Workflow = Static<typeof Workflow>;

const Representative = Type.Object({
  id: Type.String({ pattern: idPattern('rep') }),
  status: Type.String({ examples: [...REPRESENTATIVE_STATUSES] }),
  ...answerOf(RepresentativeBody).properties,
});

export const RepresentativeResult = Type.Object({
  id: Type.String({ pattern: idPattern('rep') }),
  status: Type.String({ examples: [...REPRESENTATIVE_STATUSES] }),
  workflow: Workflow,
  _links: StepLinks,
});
export type RepresentativeResult = Static<typeof RepresentativeResult>;

export const OnboardingDocument = Type.Object({
  id: Type.String({ pattern: idPattern('doc') }),
  type: StringEnum(ONBOARDING_DOCUMENT_TYPES),
  side: Nullable(StringEnum(DOCUMENT_SIDES)),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer({ description: 'Bytes' }),
  uploaded_at: DateTime(),
});
export type OnboardingDocument = Static<typeof OnboardingDocument>;

export const DocumentResult = Type.Object({ ...OnboardingDocument.properties, workflow: Workflow, _links: StepLinks });
export type DocumentResult = Static<typeof DocumentResult>;

export const ApplicationState = Type.Object({
  id: Type.String(),
  status: StringEnum(APPLICATION_STATUSES),
  language: StringEnum(LANGUAGES),
  platform: Type.Object({
    name: Type.String(),
    colors: Type.Object({ primary_color: Type.String(), secondary_color: Type.String() }),
    logo_url: Nullable(Type.String({ description: "The platform's logo on this server, or null" })),
  }),
  applicant: Type.Object({ first_name: Type.String(), last_name: Type.String(), email: Type.String(), ...answerOf(Type.Partial(ApplicantDetails)).properties }),
  business: Type.Object({
    type: Nullable(Type.String()),
    structure: Nullable(Type.String()),
    country_code: Nullable(Type.String()),
    profile: Nullable(answerOf(Type.Partial(BusinessProfileBody))),
  }),
  representatives: Type.Array(Representative),
  documents: Type.Array(OnboardingDocument),
  payout_account: Nullable(answerOf(PayoutAccountBody)),
  currencies: Type.Array(Type.String()),
  workflow: Workflow,
  _links: StepLinks,
});
export type ApplicationState = Static<typeof ApplicationState>;

export const FieldConfiguration = Type.Object({
  registration_number: Nullable(Type.Object({ required: Type.Boolean(), type: Type.String() })),
  vat_number: Nullable(Type.Object({ required: Type.Boolean() })),
  district_court_code: Nullable(Type.Object({ required: Type.Boolean() })),
});
