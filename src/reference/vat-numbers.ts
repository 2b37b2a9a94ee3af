import { checkVAT, countries } from 'jsvat';
import type { FieldProblem } from '../core/errors.js';

/** A VAT number as stored and checked: upper case, without spaces and dots. */
export function normaliseVatNumber(vat: string): string {
  return vat.replace(/[\s.]/g, '').toUpperCase();
}

/** The VAT identification number prefix of a country: its ISO code, but EL for Greece. */
function vatPrefixOf(country: string): string {
  return country === 'GR' ? 'EL' : country;
}

/** The country a VAT number's prefix names. */
export function countryOfVatNumber(vat: string): string {
  const prefix = vat.slice(0, 2);
  return prefix === 'EL' ? 'GR' : prefix;
}

/**
 * What is wrong with a (normalised) VAT number of the country: the prefix rule for every country,
 * and where jsvat knows the country, its format and then its check digits (jsvat's isValid is the
 * format alone for a country whose numbers have none).
 */
export function vatNumberProblem(vat: string, country: string): FieldProblem | undefined {
  const prefix = vatPrefixOf(country);
  if (!/^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(vat)) return { code: 'vat_number_malformed', detail: 'must be a country prefix and 2 to 12 characters' };
  if (!vat.startsWith(prefix)) return { code: 'vat_number_prefix', detail: `must start with ${prefix}, the prefix of ${country}`, params: { prefix } };
  const formats = countries.filter((entry) => entry.codes[0] === country);
  if (formats.length === 0) return undefined;
  const result = checkVAT(vat, formats);
  if (!result.isValidFormat) return { code: 'vat_number_format', detail: `does not have the format of a VAT number of ${country}` };
  if (!result.isValid) return { code: 'vat_number_check_digits', detail: `fails the check digits of a VAT number of ${country}` };
  return undefined;
}
