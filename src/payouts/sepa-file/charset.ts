import anyAscii from 'any-ascii';
/**
 * The Latin character set every SEPA bank must accept (EPC guidance on the use of character sets,
 * EPC217-08): a–z A–Z 0–9 / - ? : ( ) . , ' + and the space. The EPC's 2023 schema no longer
 * checks it, but a bank may refuse or garble anything else, so names and remittance text are
 * transliterated into it and identifiers are refused outside it.
 */
const OUTSIDE_SEPA = /[^A-Za-z0-9/\-?:().,'+ ]/g;
const ONLY_SEPA = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Letters that do not decompose into a base letter and a mark, and the German spellings of the umlauts (the German banks' own transliteration). */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ẞ: 'SS',
  Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l',
  Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Þ: 'Th', þ: 'th', ı: 'i',
  '&': '+', _: '-', '–': '-', '—': '-',
  '’': "'", '‘': "'", '`': "'", '´': "'", '"': "'", '“': "'", '”': "'", '„': "'", '«': "'", '»': "'",
};

/**
 * Text in the SEPA character set: the spellings above, then accents dropped (é → e, compatibility
 * forms such as ligatures and full-width letters folded by NFKD), then other scripts transliterated
 * (any-ascii: Иван → Ivan, Αθήνα → Athina), then anything still outside the set replaced by a
 * space; runs of spaces collapse and the ends are trimmed.
 */
export function toSepaText(value: string): string {
  const spelled = Array.from(value, (char) => SPELLED_OUT[char] ?? char).join('');
  const unaccented = spelled.normalize('NFKD').replace(/\p{M}/gu, '');
  // Other scripts (Greek and Cyrillic names are SEPA's own) spelled in Latin: a name is never left empty.
  return anyAscii(unaccented).replace(OUTSIDE_SEPA, ' ').replace(/ {2,}/g, ' ').trim();
}

/** `toSepaText`, cut to `maxLength` characters (the result is ASCII: characters are bytes). */
export function fitSepaText(value: string, maxLength: number): string {
  return toSepaText(value).slice(0, maxLength).trimEnd();
}

/**
 * Why a value cannot be a SEPA reference (MsgId, PmtInfId, EndToEndId), or undefined: 1 to 35
 * characters of the set, not starting or ending with "/" and without "//" (EPC132-08 rules).
 */
export function sepaIdentifierProblem(value: string): string | undefined {
  if (value.length < 1 || value.length > 35) return 'must be 1 to 35 characters';
  if (!ONLY_SEPA.test(value)) return 'must use only the SEPA characters a-z A-Z 0-9 / - ? : ( ) . , \' + and space';
  if (value.startsWith('/') || value.endsWith('/') || value.includes('//')) return 'must not start or end with "/" nor contain "//"';
  return undefined;
}
