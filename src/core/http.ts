import type { FastifyInstance, FastifyBaseLogger, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** A Fastify instance whose route schemas type request and reply (TypeBox type provider). */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export function typed(app: FastifyInstance): Api {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A body shown in the OpenAPI document but read by the handler itself (multipart uploads). */
    documentedBody?: unknown;
    /** The body may be left out (the handler reads none as {}): the OpenAPI document says it is optional. */
    optionalBody?: boolean;
  }
}

/** A 303 answer's schema: no body, the Location header says where to go (documented in OpenAPI). */
export const SeeOther = Type.Null({ description: 'See Other: follow the Location header' });
