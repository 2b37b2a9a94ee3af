import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BodyShape } from './config.js';
import { checkJsonShape } from './body-shape.js';
import { ApiError } from './errors.js';

/** The charset parameter of a Content-Type header, lower-cased and unquoted, if any. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? '').toLowerCase() : undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes that are not UTF-8 are refused, not replaced with U+FFFD and stored. */
function decodeUtf8(body: Buffer): string {
  try {
    return UTF8.decode(body);
  } catch {
    throw new ApiError('malformed_request', { detail: 'The body is not valid UTF-8' });
  }
}

/**
 * The JSON body parser of every scope, in place of Fastify's: JSON is UTF-8 (RFC 8259 §8.1), so
 * another declared charset is 415 and bytes that are not UTF-8 are 400; an empty body is `{}`, so
 * an operation whose body is optional accepts none, and one whose body is required names the
 * missing fields (400); a body with more members or deeper nesting than `shape` allows is 400
 * before it is parsed.
 */
export function installJsonParser(app: FastifyInstance, shape: BodyShape): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request: FastifyRequest, body: Buffer, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(new ApiError('unsupported_media_type', { detail: `A JSON body is UTF-8; charset=${charset} is not supported` }), undefined);
      return;
    }
    if (body.length === 0) {
      done(null, {});
      return;
    }
    let text: string;
    try {
      text = decodeUtf8(body);
      checkJsonShape(text, shape);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parse(request, text, done);
  });
}
