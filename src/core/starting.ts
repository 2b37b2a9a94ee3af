import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyListenOptions } from 'fastify';
import type { Config } from './config.js';
import { databaseUnavailable, problemBody } from './errors.js';
import { newTraceId } from './ids.js';
import { retryWhileUnavailable } from './database-errors.js';

/** A client asks again after this many seconds while the process starts. */
const STARTING_RETRY_AFTER_SECONDS = 2;

/**
 * The port of an API process while it starts (migrations, keys, jobs: all need the database, which
 * may be away for a while): liveness answers 200, readiness and every other request 503 with
 * Retry-After, so a load balancer sends nothing yet and an orchestrator does not restart the process.
 */
export class StartingListener {
  private constructor(private readonly server: http.Server) {}

  /** Listens on LISTEN_FD, else on HOST and PORT, at once. */
  static async open(config: Pick<Config, 'listenFd' | 'port' | 'host'>): Promise<StartingListener> {
    const server = http.createServer((request, response) => answerWhileStarting(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.listenFd === undefined ? { port: config.port, host: config.host } : { fd: config.listenFd }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return new StartingListener(server);
  }

  /**
   * Fastify's listen options that take this listener's socket over: the same listening socket, so
   * no connection is refused between the two (and an inherited LISTEN_FD is never closed). This
   * server then gets no new connection; it is not closed, as closing would close the socket.
   */
  handOver(): FastifyListenOptions {
    // Node's listen takes `{ handle }`, a listening socket's internal handle; Fastify's types do not name it.
    const { _handle: handle } = this.server as unknown as { _handle: unknown };
    return { handle, host: (this.server.address() as AddressInfo).address } as FastifyListenOptions;
  }

  /** Closes the listener (a start that failed for good). */
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function answerWhileStarting(request: http.IncomingMessage, response: http.ServerResponse): void {
  const path = request.url?.split('?')[0];
  response.setHeader('connection', 'close');
  if (path === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ status: 'ok' }));
    return;
  }
  const traceId = newTraceId();
  const error = databaseUnavailable(undefined);
  const body = { ...problemBody(error, traceId), detail: 'The service is starting and waits for its database; retry shortly' };
  response
    .writeHead(503, { 'content-type': 'application/problem+json; charset=utf-8', 'retry-after': String(STARTING_RETRY_AFTER_SECONDS), 'trace-id': traceId })
    .end(JSON.stringify(body));
  request.resume();
}

/** Where the waits are told: a process's logger, or the CLI's stderr. */
export interface WarningLog {
  warn(context: Record<string, unknown>, message: string): void;
}

/**
 * Runs `start` (open the database, migrate, build the services) until it succeeds: while it fails
 * because the database is unavailable (down, restarting, failing over, not yet started), it is
 * tried again after a wait that doubles up to a few seconds, one warning line per attempt. Any
 * other failure is thrown. `start` must leave nothing open when it fails.
 */
export async function startWhenDatabaseAnswers<T>(start: () => Promise<T>, log: WarningLog): Promise<T> {
  let attempt = 0;
  return retryWhileUnavailable(
    () => {
      attempt += 1;
      return start();
    },
    () => true,
    (error, waitMs) =>
      log.warn({ attempt, retry_in_ms: waitMs, reason: (error as Error).message }, 'the database is not reachable while starting; trying again'),
  );
}
