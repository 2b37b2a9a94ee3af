import { parse as parseForm } from 'node:querystring';
import type { BodyShape } from './config.js';
import { ApiError } from './errors.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** The index of the quote that ends the string whose opening quote is at `start` (or the text's length). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}

function tooBig(detail: string): ApiError {
  return new ApiError('malformed_request', { detail });
}

/**
 * Refuses a JSON text holding more members (object members and array elements, all levels
 * together) or nested deeper than the shape allows, in one pass over its characters, before it
 * is parsed: parsing and validating cost per value, and a deep nest would overflow the stack of
 * whatever walks it. Strings are skipped whole. Malformed text is left to the parser.
 */
export function checkJsonShape(text: string, shape: BodyShape): void {
  let members = 0;
  let depth = 0;
  let opened = false; // the previous significant character opened an object or an array
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isSpace(code)) continue;
    if (opened && code !== CLOSE_OBJECT && code !== CLOSE_ARRAY) members++; // a container's first member
    opened = false;
    if (code === QUOTE) index = stringEnd(text, index);
    else if (code === COMMA) members++;
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      opened = true;
      if (++depth > shape.maxDepth) throw tooBig(`The JSON body nests objects and arrays more than ${shape.maxDepth} levels deep (BODY_MAX_DEPTH)`);
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) depth--;
    if (members > shape.maxMembers) throw tooBig(`The JSON body holds more than ${shape.maxMembers} members and array elements (BODY_MAX_MEMBERS)`);
  }
}

/**
 * The options of @fastify/formbody for a scope that reads forms (the dashboard, the token
 * endpoint, the simulator's pages): more fields than the shape's members are refused before parsing.
 */
export function formBodyOptions(shape: BodyShape) {
  return {
    parser(text: string) {
      let fields = text.length > 0 ? 1 : 0;
      for (let at = text.indexOf('&'); at !== -1 && fields <= shape.maxMembers; at = text.indexOf('&', at + 1)) fields++;
      if (fields > shape.maxMembers) throw tooBig(`The form holds more than ${shape.maxMembers} fields (BODY_MAX_MEMBERS)`);
      return parseForm(text, '&', '=', { maxKeys: 0 });
    },
  };
}
