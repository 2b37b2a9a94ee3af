import type { FastifyBaseLogger } from 'fastify';
/**
 * A server of DATABASE_URL that could not be used: unreachable, or not of the wanted kind
 * (a standby when target_session_attrs asks for read-write). Another host may serve.
 */
export class ServerRefusedError extends Error {
  override readonly name = 'ServerRefusedError';
}

/**
 * SQLSTATEs that say the server cannot serve now, not that the statement is wrong: connection
 * exceptions (class 08), the server shutting down, crashing or starting up (57P01, 57P02, 57P03),
 * too many connections (53300), and a write on a server that became a standby after a failover (25006).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|25006)$/;

/** Node's socket errors when the server is gone or cannot be reached. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

/** What pg says, without a code, when a connection breaks, cannot be made in time, or was already broken. */
const LOST_CONNECTION = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
]);

function isUnavailableItself(error: unknown): boolean {
  if (error instanceof ServerRefusedError) return true;
  const { code, syscall, message } = (error ?? {}) as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATE.test(code) || UNREACHABLE.has(code)) return true;
    // A Unix socket that is not there: the server is not running.
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  return typeof message === 'string' && LOST_CONNECTION.has(message);
}

/**
 * Whether an error says the database cannot serve right now (down, restarting, failing over,
 * unreachable) rather than that a statement or its data is wrong. Such a failure is answered 503
 * with Retry-After, and the connection it happened on is discarded. Looks through `cause` and the
 * parts of an AggregateError (a host name that resolved to several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  if (isUnavailableItself(error)) return true;
  if (error instanceof AggregateError && error.errors.some((part) => isDatabaseUnavailable(part, depth + 1))) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

/** Logs a failure of background work: one warning line while the database is away (expected, no stack trace), an error otherwise. */
export function logFailure(log: Pick<FastifyBaseLogger, 'warn' | 'error'>, error: unknown, context: Record<string, unknown>, message: string): void {
  if (isDatabaseUnavailable(error)) log.warn({ ...context, reason: (error as Error).message }, `${message}: the database is not reachable`);
  else log.error({ ...context, err: error }, message);
}

/** The first wait before trying again while the database is away; it doubles up to the most. */
const FIRST_RETRY_MS = 100;
const MOST_RETRY_MS = 2_000;

/**
 * Runs `work`; while it fails because the database is unavailable (a restart or a failover takes a
 * second or so), tries again after a wait that doubles, as long as `worthWaiting(waitMs)` holds.
 * Any other failure, and the last one, is thrown; `onRetry` hears of each failure tried again.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, worthWaiting: (waitMs: number) => boolean, onRetry: (error: unknown, waitMs: number) => void): Promise<T> {
  for (let waitMs = FIRST_RETRY_MS; ; waitMs = Math.min(2 * waitMs, MOST_RETRY_MS)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || !worthWaiting(waitMs)) throw error;
      onRetry(error, waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      if (!worthWaiting(0)) throw error; // e.g. told to stop meanwhile
    }
  }
}
