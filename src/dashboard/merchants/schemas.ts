import { Type, type Static } from 'typebox';
import { APPLICATION_STATUSES, DECISION_OUTCOMES } from '../../onboarding/schemas.js';
import { Csrf, oneOf } from '../schemas.js';

const Id = (prefix: string) => Type.String({ maxLength: 64, pattern: `^${prefix}_[A-Za-z0-9]+$` });

export const ApplicationsQuery = Type.Object(
  { status: Type.Optional(oneOf(APPLICATION_STATUSES)), after: Type.Optional(Type.String({ maxLength: 1024 })) },
  { additionalProperties: false },
);
export type ApplicationsQuery = Static<typeof ApplicationsQuery>;

export const AccountsQuery = Type.Object({ after: Type.Optional(Type.String({ maxLength: 1024 })) }, { additionalProperties: false });

export const ApplicationIdParams = Type.Object({ id: Id('app') });
export const DocumentIdParams = Type.Object({ id: Id('app'), documentId: Id('doc') });

/** A form's text as typed; what it may hold is checked with the API's schema of POST /applications. */
const Text = Type.Optional(Type.String({ maxLength: 2000 }));

/** The fields of the new application's form, by name; `pointer` is where the API's body has each. */
export const APPLICATION_FIELDS = {
  email: '/applicant/email',
  first_name: '/applicant/first_name',
  last_name: '/applicant/last_name',
  legal_name: '/business/profile/legal_name',
  line1: '/business/profile/registered_address/line1',
  number: '/business/profile/registered_address/number',
  zip: '/business/profile/registered_address/zip',
  town_city: '/business/profile/registered_address/town_city',
  country: '/business/profile/registered_address/country',
  registration_number_code: '/business/profile/registration_number_code',
  registration_number: '/business/profile/registration_number',
  currencies: '/currencies',
  language: '/language',
  reference: '/reference',
  redirect: '/urls/redirect',
  webhook: '/urls/webhook',
} as const;
export type ApplicationField = keyof typeof APPLICATION_FIELDS;

export const NewApplicationForm = Type.Object({
  _csrf: Csrf,
  email: Text,
  first_name: Text,
  last_name: Text,
  legal_name: Text,
  line1: Text,
  number: Text,
  zip: Text,
  town_city: Text,
  country: Text,
  registration_number_code: Text,
  registration_number: Text,
  currencies: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Array(Type.String({ maxLength: 10 }), { maxItems: 50 })])),
  language: Text,
  reference: Text,
  redirect: Text,
  webhook: Text,
});
export type NewApplicationForm = Static<typeof NewApplicationForm>;

export const LinkForm = Type.Object({ _csrf: Csrf, confirm: Type.Optional(Type.Literal('yes')) });
export const DecisionForm = Type.Object({ _csrf: Csrf, outcome: Type.Union(DECISION_OUTCOMES.map((outcome) => Type.Literal(outcome))), confirm: Type.Optional(Type.Literal('yes')) });

/** Only what was filled in: an empty field is one not given. */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> | undefined {
  const kept = Object.entries(fields).filter(([, value]) => value !== undefined && value !== '');
  return kept.length > 0 ? (Object.fromEntries(kept) as Partial<T>) : undefined;
}

/**
 * The body of POST /applications the form stands for, not yet checked: empty fields left out, the
 * house number a number when it is digits (else as typed, for the schema to name it).
 */
export function applicationBody(form: Omit<NewApplicationForm, '_csrf'>): Record<string, unknown> {
  const trim = (value: string | undefined) => value?.trim();
  const number = trim(form.number);
  const address = given({ line1: trim(form.line1), number: number && /^\d{1,9}$/.test(number) ? Number(number) : number, zip: trim(form.zip), town_city: trim(form.town_city), country: trim(form.country)?.toUpperCase() });
  const profile = given({ legal_name: trim(form.legal_name), registered_address: address, registration_number_code: form.registration_number_code, registration_number: trim(form.registration_number) });
  const currencies = [form.currencies ?? []].flat().filter(Boolean);
  return {
    applicant: given({ email: trim(form.email), first_name: trim(form.first_name), last_name: trim(form.last_name) }) ?? {},
    integration: { type: 'hosted' },
    ...given({ business: profile && { profile }, currencies: currencies.length > 0 ? currencies : undefined, language: form.language, reference: trim(form.reference), urls: given({ redirect: trim(form.redirect), webhook: trim(form.webhook) }) }),
  };
}
