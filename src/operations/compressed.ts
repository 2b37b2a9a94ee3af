import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A body that never changes while the process runs (the OpenAPI document, the reference's
 * scripts), compressed once when first asked for: sent as Brotli or gzip as the client accepts,
 * with an ETag that a conditional request is answered 304 by.
 */
export class CompressedBody {
  private encoded?: { identity: Buffer; br: Buffer; gzip: Buffer; etag: string };

  constructor(
    private readonly body: () => Buffer,
    readonly type: string,
  ) {}

  private encodings() {
    if (this.encoded) return this.encoded;
    const body = this.body();
    this.encoded = {
      identity: body,
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzip: gzipSync(body, { level: 9 }),
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    };
    return this.encoded;
  }

  send(request: FastifyRequest, reply: FastifyReply, cacheControl: string): FastifyReply {
    const { identity, br, gzip, etag } = this.encodings();
    reply.header('etag', etag).header('cache-control', cacheControl).header('vary', 'accept-encoding').type(this.type);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    if (accepted.has('br')) return reply.header('content-encoding', 'br').send(br);
    if (accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(gzip);
    return reply.send(identity);
  }
}

/** The encodings an Accept-Encoding header takes (q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}
