import { countrySpecs } from 'ibantools';
import { isAtLeastYearsOld, maskIban, MINIMUM_AGE, postcodeProblem } from '../core/formats.js';
import type { FieldError } from '../core/errors.js';
import { listDistrictCourts, findDistrictCourt } from '../reference/service.js';
import { countryOfVatNumber, normaliseVatNumber, vatNumberProblem } from '../reference/vat-numbers.js';
import type { MandateBody, MandateRequirements } from './schemas.js';
import type { Language } from '../core/language.js';

export type MandateType = 'consumer' | 'business';

const REGISTRATION_NUMBERS = [
  { code: 'DeHrb', name: 'Handelsregister B (HRB)', district_court_code: { required: true } },
  { code: 'DeHra', name: 'Handelsregister A (HRA)', district_court_code: { required: true } },
  { code: 'DeVr', name: 'Vereinsregister (VR)', district_court_code: { required: true } },
  { code: 'vat', name: 'VAT identification number', district_court_code: { required: false } },
];

/**
 * The fields each mandate type collects. A business mandate names the company, its register entry
 * and the person signing for it (the specification's field names); its district court is asked for
 * when the chosen register needs one (registration_numbers[].district_court_code.required).
 */
const FIELDS: Record<MandateType, (keyof MandateBody)[]> = {
  consumer: ['first_name', 'last_name', 'birth_date', 'birth_place', 'postal_address'],
  business: ['company_name', 'registration_number_code', 'registration_number', 'first_name', 'last_name', 'postal_address'],
};
const ALLOWED: Record<MandateType, (keyof MandateBody)[]> = { consumer: FIELDS.consumer, business: [...FIELDS.business, 'district_court_code'] };
const ALL_FIELDS = [...new Set([...ALLOWED.consumer, ...ALLOWED.business])];

/** The SEPA Core mandate's legal text in each page language (the wording banks print on mandate forms). */
export const LEGAL_MENTIONS: Record<Language, string> = {
  en:
    'By signing this mandate form, you authorise {company_name} to send instructions to your bank to debit your account and your bank ' +
    'to debit your account in accordance with the instructions from {company_name}. You are entitled to a refund from your bank under ' +
    'the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited.',
  de:
    'Ich ermächtige {company_name}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, ' +
    'die von {company_name} auf mein Konto gezogenen Lastschriften einzulösen. Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem ' +
    'Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.',
  es:
    'Mediante la firma de esta orden de domiciliación, usted autoriza a {company_name} a enviar instrucciones a su entidad para adeudar su cuenta ' +
    'y a su entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones de {company_name}. Como parte de sus derechos, usted está ' +
    'legitimado al reembolso por su entidad en los términos y condiciones del contrato suscrito con la misma. La solicitud de reembolso deberá ' +
    'efectuarse dentro de las ocho semanas que siguen a la fecha de adeudo en cuenta.',
};

/** The countries and territories of the SEPA scheme, from ibantools' IBAN registry (EPC list). */
export const SEPA_COUNTRIES: readonly string[] = Object.entries(countrySpecs)
  .filter(([, spec]) => spec.SEPA)
  .map(([code]) => code)
  .sort();

/** The mandate's reference, known before it is signed: the payment's id in the SEPA character set (no underscore), 35 at most. */
export function mandateReference(paymentId: string): string {
  return `MNDT-${paymentId.replace(/^pay_/, '')}`.slice(0, 35);
}

/** What a mandate form shows besides its fields: who collects, under which reference, from which verified account. */
export interface MandateParties {
  creditor: { name: string; address: string; identifier: string };
  paymentId: string;
  iban: string;
  holder: string | null;
}

/** What the buyer must give for a mandate on an account of this type, worded in the payment's language. */
export function mandateRequirements(type: MandateType, language: Language, parties: MandateParties): MandateRequirements {
  const base = {
    type,
    fields: FIELDS[type],
    mandate_legal_mention: LEGAL_MENTIONS[language],
    countries: [...SEPA_COUNTRIES],
    creditor: parties.creditor,
    mandate_reference: mandateReference(parties.paymentId),
    account: { iban: maskIban(parties.iban), holder: parties.holder },
  };
  if (type === 'consumer') return base;
  // district_courts appear only because some registration number needs one.
  const needsCourt = REGISTRATION_NUMBERS.some((entry) => entry.district_court_code.required);
  return {
    ...base,
    registration_numbers: REGISTRATION_NUMBERS,
    ...(needsCourt ? { district_courts: listDistrictCourts('DE').map((court) => ({ code: court.code, name: court.name })) } : {}),
  };
}

/** Every problem of a mandate body for an account of `expected` type, with pointers. */
export function mandateProblems(body: MandateBody, expected: MandateType, now: Date): FieldError[] {
  if (body.type !== expected) return [{ pointer: '/type', code: 'account_type_mismatch', detail: `must be ${expected}: the verified account is a ${expected} account` }];
  const errors: FieldError[] = [];
  for (const field of FIELDS[expected]) if (body[field] === undefined) errors.push({ pointer: `/${field}`, code: 'required', detail: 'is required' });
  for (const field of ALL_FIELDS) {
    if (!ALLOWED[expected].includes(field) && body[field] !== undefined) errors.push({ pointer: `/${field}`, code: 'not_allowed', detail: `is not used for ${expected} mandates` });
  }
  if (body.birth_date && !isAtLeastYearsOld(body.birth_date, MINIMUM_AGE, now)) errors.push({ pointer: '/birth_date', code: 'too_young', detail: `the account holder must be at least ${MINIMUM_AGE} years old`, params: { years: MINIMUM_AGE } });
  const registration = REGISTRATION_NUMBERS.find((entry) => entry.code === body.registration_number_code);
  if (registration?.district_court_code.required && !body.district_court_code) {
    errors.push({ pointer: '/district_court_code', code: 'required', detail: `is required for ${registration.code}` });
  }
  if (body.district_court_code && !findDistrictCourt(body.district_court_code)) errors.push({ pointer: '/district_court_code', code: 'district_court_unknown', detail: 'is not a known district court' });
  const { zip, country } = body.postal_address;
  const postcode = country === undefined ? undefined : postcodeProblem(zip, country);
  if (postcode) errors.push({ pointer: '/postal_address/zip', ...postcode });
  if (body.registration_number_code === 'vat' && body.registration_number !== undefined) {
    const vat = normaliseVatNumber(body.registration_number);
    const problem = vatNumberProblem(vat, countryOfVatNumber(vat));
    if (problem) errors.push({ pointer: '/registration_number', ...problem });
  }
  return errors;
}
