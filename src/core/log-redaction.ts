/**
 * Keeps credentials and card data out of the log. Applied to each finished log line (pino's
 * streamWrite hook, set for every logger in server.ts: the API and the background worker), so it
 * reaches messages, URLs, error messages and stacks and fields at any depth, whoever logged them.
 */

export const REDACTED = '[redacted]';

/**
 * Names (of fields, headers and query parameters) whose values are secret: tokens of any kind,
 * secrets, passwords, authorization and cookie headers, API and signing keys, signatures, card data.
 * Not the Idempotency-Key: it authorizes nothing, and replays are traced by it.
 */
const SECRET_NAME =
  /^(?:.*[-_])?(?:token|secret|passwd|passphrase|pwd|otp|signature|sig|authorization|cookie|cvv|cvc|card[-_]?number)$|secret|password|^(?:x[-_])?(?:api[-_]?)?key$|(?:api|access|private|secret|signing|encryption)[-_]?key$/i;
/** In a query string also `code`: an OAuth authorization code. (As a field name it is an error code.) */
const SECRET_QUERY_NAME = /^code$/i;

/** Three base64url segments, the first a JSON object: a JWT (JWS compact form), signed or not. */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;
/** name=value in a URL or form text; the value ends where a URL, a JSON string or a word does. */
const PARAMETER = /(?<![\w%.-])([\w%.-]{1,64})=([^&#\s"'\\<>]*)/g;
/**
 * A JSON member "name": value whose value is a string, a number or an array of strings, plain or
 * inside a JSON string (a logged message that quotes JSON): \"name\":\"value\".
 */
const MEMBER = /"([\w-]{1,64})":("(?:[^"\\]|\\.)*"|\[(?:\s*"(?:[^"\\]|\\.)*"\s*,?)*\s*\]|-?\d[\d.eE+-]*)/g;
const QUOTED_MEMBER = /\\"([\w-]{1,64})\\":(\\"(?:[^"\\]|\\[^"])*\\"|-?\d[\d.eE+-]*)/g;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A text (a log line, a URL, a message) with every secret it carries replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(PARAMETER, (whole, name: string) => {
      const decoded = decodedName(name);
      return SECRET_NAME.test(decoded) || SECRET_QUERY_NAME.test(decoded) ? `${name}=${REDACTED}` : whole;
    })
    .replace(MEMBER, (whole, name: string) => (SECRET_NAME.test(name) ? `"${name}":"${REDACTED}"` : whole))
    .replace(QUOTED_MEMBER, (whole, name: string) => (SECRET_NAME.test(name) ? `\\"${name}\\":\\"${REDACTED}\\"` : whole));
}
