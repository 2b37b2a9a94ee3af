import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { isDataError, type Db, type IdempotencyKeysTable, type Tables } from './db.js';
import { jsonTable, rowsJson } from './json-rows.js';
import { Batcher } from './batcher.js';
import { writeTogether, type Collector } from './shared-transactions.js';
import type { Clock } from './clock.js';
import { ApiError } from './errors.js';
import { addSeconds } from './time.js';

const KEY_HEADER = 'idempotency-key';
const RETENTION_SECONDS = 24 * 60 * 60;
const MAX_KEY_LENGTH = 255;
/** Results that say nothing final about the request (a 409 refuses for a state that may change), so a retry must run it again. */
const NOT_STORED = (status: number) => status >= 500 || status === 401 || status === 409 || status === 429;

export interface Claim {
  clientId: string;
  environment: 'live' | 'sandbox';
  route: string;
  key: string;
}

/** A request that carries an Idempotency-Key no earlier request has an answer for. */
export interface KeyedRequest {
  claim: Claim;
  hash: string;
  now: Date;
  /** The answer was stored with the change (in its transaction). */
  kept: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: KeyedRequest | null;
  }
  interface FastifyContextConfig {
    /**
     * What makes two requests of this route the same for Idempotency-Key, when the body itself
     * is not plain JSON (a multipart upload: its fields and a digest of the file). Defaults to the body.
     */
    fingerprint?: (request: FastifyRequest) => unknown;
  }
}

/**
 * The answer of a request, stored with its Idempotency-Key in the transaction of the change it
 * makes, so that a crash at any instant leaves both or neither: a retry replays the answer, or
 * runs the request (once). Without a key, every method does nothing.
 */
export interface Answer<T> {
  /**
   * The first statement of the change's transaction: takes the key. A concurrent request with
   * the same key waits here until the first commits (then it replays its answer) or rolls back.
   * A change whose outcome comes in a later transaction names the object it awaits: whoever
   * records that outcome keeps the answer (keepAwaited), the request or a job after a crash.
   */
  take(trx: Db, awaits?: string): Promise<void>;
  /** The last statement of the change's transaction: the answer, kept with the key. */
  keep(trx: Db, result: T): Promise<void>;
  /** The key's row with the answer, for a change written by one statement that takes and keeps at once. */
  row(result: T): Insertable<IdempotencyKeysTable> | undefined;
}

/** A request without Idempotency-Key (or a change made outside any request): nothing to keep. */
export const UNKEYED: Answer<never> = { take: async () => undefined, keep: async () => undefined, row: () => undefined };

/** Runs a change in one transaction that takes the request's key first and keeps its answer last. */
export function decide<T>(db: Kysely<Tables>, answer: Answer<T>, change: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await answer.take(trx);
    const result = await change(trx);
    await answer.keep(trx, result);
    return result;
  });
}

/**
 * Takes the request's key with its answer, at the end of a change that a lock serialises already
 * (the changed object's row): in a shared transaction (SharedTransactions), with the keys of the
 * batch's other changes in one statement, so that a change refused by a rule has written nothing.
 * A key taken meanwhile by a concurrent request fails the change at the primary key (isKeyTaken): that answer is replayed.
 */
export async function takeWithAnswer<T>(trx: Db, answer: Answer<T>, result: T): Promise<void> {
  const row = answer.row(result);
  if (row) await writeTogether(trx, keyWrites, [row]);
}

const keyWrites: Collector<Insertable<IdempotencyKeysTable>> = {
  rank: 5,
  // A key a concurrent request took first fails the insert on the primary key (isKeyTaken).
  async flush(trx, rows) {
    await trx.insertInto('idempotency_keys').values(rows).execute();
  },
};

/** Thrown when the key was taken by a concurrent request that committed first: its answer is replayed. */
export class KeyTaken extends Error {
  constructor() {
    super('The Idempotency-Key was taken by a concurrent request');
    this.name = 'KeyTaken';
  }
}

const PRIMARY_KEY = 'idempotency_keys_pkey';

/** Whether a write failed because a concurrent request committed the same key first. */
export function isKeyTaken(error: unknown): boolean {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  return error instanceof KeyTaken || (failure?.code === '23505' && failure.constraint === PRIMARY_KEY);
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
  return hash('sha256', JSON.stringify(canonical(body ?? null)), 'hex');
}

type StoredKey = Selectable<IdempotencyKeysTable>;

const LOOKUP = `select k.* from ${jsonTable('$1', { columns: 'client_id text, environment text, route text, key text' })} as wanted
  join idempotency_keys k using (client_id, environment, route, key)`;
const rowOf = (claim: Claim) => ({ client_id: claim.clientId, environment: claim.environment, route: claim.route, key: claim.key });
const identity = (row: ReturnType<typeof rowOf>) => JSON.stringify([row.client_id, row.environment, row.route, row.key]);

/** The stored keys of these claims, in one statement (the lookups of a turn of the event loop are batched). */
async function storedKeys(db: Db, claims: Claim[]): Promise<(StoredKey | undefined)[]> {
  const result = await db.executeQuery<StoredKey>(CompiledQuery.raw(LOOKUP, [rowsJson(claims.map(rowOf))]));
  const found = new Map(result.rows.map((row) => [identity(row), row]));
  return claims.map((claim) => found.get(identity(rowOf(claim))));
}

/**
 * What makes two requests with one key the same request: the path's parameters (the refund a
 * completion is for) and the body, or what the route's config.fingerprint takes of it.
 */
function requestIdentity(request: FastifyRequest): unknown {
  const identify = request.routeOptions.config.fingerprint;
  const body = identify ? identify(request) : request.body;
  const params = request.params as Record<string, string> | undefined;
  return params && Object.keys(params).length > 0 ? { params, body } : body;
}

/** A key holds its answer for 24 hours; a key whose answer awaits an outcome (a charge with the processor) holds until it has it, however long. */
function isHeld(stored: StoredKey, now: Date): boolean {
  return stored.expires_at > now || (stored.state === 'in_flight' && stored.awaits !== null);
}

/** The keys free again at `now`: past their 24 hours and not awaiting an outcome (the SQL of !isHeld). */
export function expired(now: Date) {
  return (eb: ExpressionBuilder<Tables, 'idempotency_keys'>) =>
    eb.and([eb('expires_at', '<=', now), eb.or([eb('state', '=', 'done'), eb('awaits', 'is', null)])]);
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

/**
 * Keeps the answer of the request (if any) that awaits the outcome of this object, in the
 * transaction that records the outcome; it is kept 24 hours from `now` (real time).
 */
export async function keepAwaited(trx: Db, objectId: string, status: number, body: string, now: Date): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_headers: { 'content-type': JSON_TYPE }, response_body: body, expires_at: addSeconds(now, RETENTION_SECONDS) })
    .where('awaits', '=', objectId)
    .where('state', '=', 'in_flight')
    .execute();
}

const JSON_TYPE = 'application/json; charset=utf-8';

function keyRow(keyed: KeyedRequest, response: { status: number; body: string } | null): Insertable<IdempotencyKeysTable> {
  const { claim, hash, now } = keyed;
  return {
    client_id: claim.clientId,
    environment: claim.environment,
    route: claim.route,
    key: claim.key,
    request_hash: hash,
    state: response ? 'done' : 'in_flight',
    response_status: response?.status ?? null,
    response_headers: response ? { 'content-type': JSON_TYPE } : null,
    response_body: response?.body ?? null,
    created_at: now,
    expires_at: addSeconds(now, RETENTION_SECONDS),
    awaits: null,
  };
}

/**
 * The answer of this request, `status` with the result serialized by the route's response schema,
 * to be kept with its Idempotency-Key by the service's transaction. Sets the reply's status.
 */
export function answerOf<T>(request: FastifyRequest, reply: FastifyReply, status: number): Answer<T> {
  reply.code(status);
  const keyed = request.idempotency;
  if (!keyed) return UNKEYED;
  return keptAnswer(keyed, (result: T) => ({ status, body: String(reply.serialize(result)) }));
}

/** The answer `response` makes of the change's result, kept with the key in the change's transaction (a request's, or the dashboard's confirmations'). */
export function keptAnswer<T>(keyed: KeyedRequest, response: (result: T) => { status: number; body: string }): Answer<T> {
  return {
    async take(trx, awaits) {
      const taken = await trx
        .insertInto('idempotency_keys')
        .values({ ...keyRow(keyed, null), awaits: awaits ?? null }).onConflict((oc) => oc.doNothing()).returning('key').executeTakeFirst();
      if (!taken) throw new KeyTaken();
    },
    async keep(trx, result) {
      const { state, response_status, response_headers, response_body } = keyRow(keyed, response(result));
      await trx.updateTable('idempotency_keys').set({ state, response_status, response_headers, response_body }).where(sameClaim(keyed.claim)).execute();
      keyed.kept = true;
    },
    row(result) {
      keyed.kept = true;
      return keyRow(keyed, response(result));
    },
  };
}

/** The key as its first use left it: its answer once that committed. */
export function storedKey(db: Db, claim: Claim): Promise<StoredKey | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where(sameClaim(claim)).executeTakeFirst();
}

/**
 * Idempotency-Key for every authenticated POST of this scope, kept in the database so it holds
 * across processes. A key with an answer replays it (Idempotent-Replayed: true); with another
 * body it is 422; a key whose request is still running is 409. Otherwise the route runs, and its
 * service keeps the answer with the change (answerOf). A refusal (4xx) changed nothing: it is kept
 * once answered, so that its retry is refused the same way.
 */
export function idempotency(app: FastifyInstance, db: Kysely<Tables>, clock: Clock): void {
  if (!app.hasRequestDecorator('idempotency')) app.decorateRequest('idempotency', null);
  const lookups = new Batcher((claims: Claim[]) => storedKeys(db, claims), 64, isDataError);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[KEY_HEADER];
    if (request.method !== 'POST' || header === undefined || !request.caller) return;
    const key = Array.isArray(header) ? header[0] ?? '' : header;
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiError('validation_error', {
        detail: `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters`,
        errors: [{ pointer: '/headers/idempotency-key', code: 'length_out_of_range', detail: `must be 1 to ${MAX_KEY_LENGTH} characters`, params: { min: 1, max: MAX_KEY_LENGTH } }],
      });
    }
    const claim: Claim = { clientId: request.caller.clientId, environment: request.caller.environment, route: `${request.method} ${request.routeOptions.url}`, key };
    const keyed: KeyedRequest = { claim, hash: fingerprint(requestIdentity(request)), now: clock.now(), kept: false };
    const stored = await lookups.run(claim);
    if (stored && isHeld(stored, keyed.now)) return replay(request, reply, stored, keyed);
    // A key past its 24 hours is free again.
    if (stored) await db.deleteFrom('idempotency_keys').where(sameClaim(claim)).where(expired(keyed.now)).execute();
    request.idempotency = keyed;
  });

  // A concurrent request with the same key committed first: answer as a retry after it would be answered.
  app.setErrorHandler(async (error, request, reply) => {
    const keyed = request.idempotency;
    if (!keyed || !isKeyTaken(error)) throw error;
    request.idempotency = null;
    const stored = await storedKey(db, keyed.claim);
    if (!stored) throw new ApiError('idempotency_in_flight', { detail: 'A request with this Idempotency-Key has just finished without an answer to keep; retry', headers: { 'retry-after': '1' } });
    return replay(request, reply, stored, keyed);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const keyed = request.idempotency;
    if (!keyed || keyed.kept || reply.statusCode < 400 || NOT_STORED(reply.statusCode)) return payload;
    const body = typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : String(payload);
    const refusal = { ...keyRow(keyed, { status: reply.statusCode, body }), response_headers: { 'content-type': String(reply.getHeader('content-type') ?? 'application/json') } };
    await db.insertInto('idempotency_keys').values(refusal).onConflict((oc) => oc.doNothing()).execute();
    return payload;
  });
}

function replay(request: FastifyRequest, reply: FastifyReply, stored: StoredKey, keyed: KeyedRequest) {
  if (stored.request_hash !== keyed.hash) {
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
  request.log.info({ idempotency_key: keyed.claim.key }, 'idempotent replay');
  for (const [name, value] of Object.entries(stored.response_headers ?? {})) reply.header(name, value);
  return reply.code(stored.response_status ?? 200).header('idempotent-replayed', 'true').send(stored.response_body ?? '');
}
