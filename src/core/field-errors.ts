/**
 * The closed list of what a field error of a problem body can say: a stable code, with the names
 * of the values (`params`) it carries. Clients (the hosted pages, the dashboard) word an error by
 * its code in their own language, never by the English `detail`; core/error-texts.ts holds the
 * words of every code in every page language.
 */
export const FIELD_ERROR_CODES = {
  // The schema's keywords (core/errors)
  required: [],
  not_allowed: [],
  wrong_type: [],
  not_one_of: [],
  too_short: ['limit'],
  too_long: ['limit'],
  too_small: ['limit'],
  too_large: ['limit'],
  too_few_items: ['limit'],
  too_many_items: ['limit'],
  duplicate_items: [],
  pattern_mismatch: [],
  invalid: [],
  invalid_text: [],
  // The named formats (core/formats)
  invalid_country: [],
  invalid_currency: [],
  invalid_email: [],
  invalid_hex_color: [],
  invalid_ipv4: [],
  invalid_date: [],
  invalid_date_time: [],
  invalid_card_number: [],
  invalid_cvv: [],
  invalid_uri: [],
  invalid_name: [],
  invalid_plain_line: [],
  invalid_plain_text: [],
  // Rules of several areas
  given_twice: [],
  length_out_of_range: ['min', 'max'],
  too_young: ['years'],
  postcode_invalid: [],
  currency_not_supported: [],
  file_rejected: [],
  invalid_cursor: [],
  url_not_allowed: [],
  https_required: [],
  scope_not_allowed: [],
  // Onboarding
  country_mismatch: [],
  vat_number_malformed: [],
  vat_number_prefix: ['prefix'],
  vat_number_format: [],
  vat_number_check_digits: [],
  registration_code_mismatch: [],
  registration_number_format: ['register'],
  district_court_unknown: [],
  mcc_unknown: [],
  phone_invalid: [],
  iban_country: [],
  iban_length: [],
  iban_format: [],
  iban_checksum: [],
  iban_not_sepa: [],
  // The hosted payment page
  method_not_offered: [],
  card_expired: [],
  token_unusable: [],
  unknown_report: [],
  account_type_mismatch: [],
  // Payments and refunds
  amount_required: [],
  amounts_do_not_add_up: [],
  contributions_do_not_add_up: [],
  duplicate: [],
  unknown_merchant: [],
  fee_share_too_large: [],
  initial_payment_unusable: [],
  currency_mismatch: [],
  exceeds_refundable: [],
  nothing_to_refund: [],
  not_sepa_payment: [],
} as const satisfies Record<string, readonly string[]>;

export type FieldErrorCode = keyof typeof FIELD_ERROR_CODES;
