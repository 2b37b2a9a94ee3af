import { ageOn } from '../core/formats.js';
import type { FieldError } from '../core/errors.js';
import { listDistrictCourts, findDistrictCourt } from '../reference/service.js';
import type { MandateBody, MandateRequirements } from './schemas.js';

export type MandateType = 'consumer' | 'business';

const REGISTRATION_NUMBERS = [
  { code: 'DeHrb', name: 'Handelsregister B (HRB)', district_court_code: { required: true } },
  { code: 'DeHra', name: 'Handelsregister A (HRA)', district_court_code: { required: true } },
  { code: 'DeVr', name: 'Vereinsregister (VR)', district_court_code: { required: true } },
  { code: 'vat', name: 'VAT identification number', district_court_code: { required: false } },
];

const FIELDS: Record<MandateType, string[]> = {
  consumer: ['first_name', 'last_name', 'birth_date', 'birth_place', 'postal_address'],
  business: ['company_name', 'registration_number_code', 'registration_number', 'district_court_code', 'postal_address'],
};
const ALL_FIELDS = [...new Set([...FIELDS.consumer, ...FIELDS.business])] as (keyof MandateBody)[];

export const LEGAL_MENTION =
  'By signing this mandate form, you authorise {company_name} to send instructions to your bank to debit your account and your bank ' +
  'to debit your account in accordance with the instructions from {company_name}. You are entitled to a refund from your bank under ' +
  'the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited.';

/** What the buyer must give for a mandate on an account of this type. */
export function mandateRequirements(type: MandateType): MandateRequirements {
  const base = { type, fields: FIELDS[type], mandate_legal_mention: LEGAL_MENTION };
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
  if (body.type !== expected) return [{ pointer: '/type', detail: `must be ${expected}: the verified account is a ${expected} account` }];
  const errors: FieldError[] = [];
  const wanted = FIELDS[expected].filter((field) => field !== 'district_court_code');
  for (const field of wanted) if (body[field as keyof MandateBody] === undefined) errors.push({ pointer: `/${field}`, detail: 'is required' });
  for (const field of ALL_FIELDS) {
    if (!FIELDS[expected].includes(field) && body[field] !== undefined) errors.push({ pointer: `/${field}`, detail: `is not used for ${expected} mandates` });
  }
  if (body.birth_date && ageOn(body.birth_date, now) < 16) errors.push({ pointer: '/birth_date', detail: 'the account holder must be at least 16 years old' });
  const registration = REGISTRATION_NUMBERS.find((entry) => entry.code === body.registration_number_code);
  if (registration?.district_court_code.required && !body.district_court_code) {
    errors.push({ pointer: '/district_court_code', detail: `is required for ${registration.code}` });
  }
  if (body.district_court_code && !findDistrictCourt(body.district_court_code)) errors.push({ pointer: '/district_court_code', detail: 'is not a known district court' });
  return errors;
}
