import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Tables } from './db.js';
import type { Clock } from './clock.js';
import { ApiError } from './errors.js';
import { addSeconds } from './time.js';

const KEY_HEADER = 'idempotency-key';
const RETENTION_SECONDS = 24 * 60 * 60;
const MAX_KEY_LENGTH = 255;
/**
 * How long a claim may stay in flight. A request is claimed once its body has arrived, so only
 * its handler runs under the claim; a claim older than this was left by a process that died
 * mid-request, and a retry takes it over instead of meeting 409 for 24 hours.
 */
export const IN_FLIGHT_LEASE_SECONDS = 5 * 60;
/** Results that say nothing final about the request, so a retry must run it again. */
const NOT_STORED = (status: number) => status >= 500 || status === 401 || status === 429;

interface Claim {
  clientId: string;
  environment: 'live' | 'sandbox';
  route: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
  interface FastifyContextConfig {
    /**
     * What makes two requests of this route the same for Idempotency-Key, when the body itself
     * is not plain JSON (a multipart upload: its fields and a digest of the file). Defaults to the body.
     */
    fingerprint?: (request: FastifyRequest) => unknown;
  }
}

/** A stable fingerprint of a JSON value (a body, or what a route's config.fingerprint gives): key order does not matter. */
export function fingerprint(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

/**
 * Idempotency-Key for every authenticated POST of this scope, kept in the database so it holds
 * across processes: the first request claims the key (an in-flight row); a retry with the same
 * body replays the stored answer with Idempotent-Replayed: true; another body is 422; a retry
 * while the first is still running is 409.
 */
export function idempotency(app: FastifyInstance, db: Kysely<Tables>, clock: Clock): void {
  if (!app.hasRequestDecorator('idempotencyClaim')) app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[KEY_HEADER];
    if (request.method !== 'POST' || header === undefined || !request.caller) return;
    const key = Array.isArray(header) ? header[0] ?? '' : header;
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiError('validation_error', {
        detail: `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters`,
        errors: [{ pointer: '/headers/idempotency-key', detail: `must be 1 to ${MAX_KEY_LENGTH} characters` }],
      });
    }
    const claim: Claim = {
      clientId: request.caller.clientId,
      environment: request.caller.environment,
      route: `${request.method} ${request.routeOptions.url}`,
      key,
    };
    const identify = request.routeOptions.config.fingerprint;
    const hash = fingerprint(identify ? identify(request) : request.body);
    const now = clock.now();
    const inFlight = {
      request_hash: hash,
      state: 'in_flight' as const,
      response_status: null,
      response_headers: null,
      response_body: null,
      created_at: now,
      expires_at: addSeconds(now, RETENTION_SECONDS),
    };
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ client_id: claim.clientId, environment: claim.environment, route: claim.route, key, ...inFlight })
      .onConflict((oc) =>
        // An expired key, or a claim abandoned in flight, is free again: take it over in the same statement.
        oc
          .columns(['client_id', 'environment', 'route', 'key'])
          .doUpdateSet(inFlight)
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<=', now),
              eb.and([eb('idempotency_keys.state', '=', 'in_flight'), eb('idempotency_keys.created_at', '<=', addSeconds(now, -IN_FLIGHT_LEASE_SECONDS))]),
            ]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.idempotencyClaim = claim;
      return;
    }
    return replay(request, reply, db, claim, hash);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (NOT_STORED(reply.statusCode)) {
      await db.deleteFrom('idempotency_keys').where(sameClaim(claim)).execute();
      return payload;
    }
    const contentType = String(reply.getHeader('content-type') ?? 'application/json');
    await db
      .updateTable('idempotency_keys')
      .where(sameClaim(claim))
      .set({
        state: 'done',
        response_status: reply.statusCode,
        response_headers: { 'content-type': contentType },
        response_body: typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : String(payload),
      })
      .execute();
    return payload;
  });
}

function sameClaim(claim: Claim) {
  return (eb: ExpressionBuilder<Tables, 'idempotency_keys'>) =>
    eb.and([
      eb('client_id', '=', claim.clientId),
      eb('environment', '=', claim.environment),
      eb('route', '=', claim.route),
      eb('key', '=', claim.key),
    ]);
}

async function replay(request: FastifyRequest, reply: FastifyReply, db: Kysely<Tables>, claim: Claim, hash: string) {
  const stored = await db.selectFrom('idempotency_keys').selectAll().where(sameClaim(claim)).executeTakeFirst();
  if (!stored) {
    // The first request failed with a result that is not kept and released the key meanwhile.
    throw new ApiError('idempotency_in_flight', { detail: 'The first request with this Idempotency-Key has just finished; retry' });
  }
  if (stored.request_hash !== hash) {
    throw new ApiError('idempotency_key_reused', {
      detail: 'This Idempotency-Key was already used with a different request body; use a new key for a new request',
    });
  }
  if (stored.state === 'in_flight') {
    throw new ApiError('idempotency_in_flight', {
      detail: 'A request with this Idempotency-Key is still being processed; retry after it finishes',
      headers: { 'retry-after': '1' },
    });
  }
  request.log.info({ idempotency_key: claim.key }, 'idempotent replay');
  for (const [name, value] of Object.entries(stored.response_headers ?? {})) reply.header(name, value);
  return reply.code(stored.response_status ?? 200).header('idempotent-replayed', 'true').send(stored.response_body ?? '');
}
