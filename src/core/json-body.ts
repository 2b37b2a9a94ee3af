import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

/** The charset parameter of a Content-Type header, lower-cased and unquoted, if any. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? '').toLowerCase() : undefined;
}

/**
 * The JSON body parser of every scope, in place of Fastify's: JSON is UTF-8 (RFC 8259 §8.1), so
 * another declared charset is 415; an empty body is `{}`, so an operation whose body is optional
 * accepts none, and one whose body is required names the missing fields (400).
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(new ApiError('unsupported_media_type', { detail: `A JSON body is UTF-8; charset=${charset} is not supported` }), undefined);
    } else if (body.length === 0) {
      done(null, {});
    } else {
      parse(request, body, done);
    }
  });
}
