import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import type { Environment } from '../core/config.js';
import { DestinationRefused, isPublicAddress, publicOnlyLookup } from './destinations.js';

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface Outcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  retryAfter: string | undefined;
}

export interface WebhookRequest {
  url: string;
  environment: Environment;
  headers: Record<string, string>;
  body: string;
  /** Aborts the attempt: the sender answers at once, whatever the receiver does. */
  signal?: AbortSignal;
}

export interface Sender {
  send(request: WebhookRequest): Promise<Outcome>;
}

/** Connections to one receiver (host and port) at once; more deliveries to it wait for one. */
export const MAX_SOCKETS_PER_HOST = 64;

/** The TLS settings of the connections to receivers (tests trust their own certificate authority). */
export type TlsOptions = Pick<https.AgentOptions, 'ca'>;

/**
 * The connection pools, one per environment: every live connection is made to an address
 * publicOnlyLookup checked as it resolved the name, and no live delivery reuses a connection that
 * a sandbox delivery made, to any address, for the same host.
 */
function connectionPools(tls: TlsOptions) {
  const pool = { keepAlive: true, maxSockets: MAX_SOCKETS_PER_HOST };
  return {
    sandbox: { 'http:': new http.Agent(pool), 'https:': new https.Agent({ ...pool, ...tls }) },
    live: { 'https:': new https.Agent({ ...pool, ...tls, lookup: publicOnlyLookup }) },
  };
}

/** What went wrong with a connection or exchange, by the error's code, in words that name no address. */
const FAILURES: Record<string, (host: string) => string> = {
  ENOTFOUND: (host) => `${host} could not be resolved`,
  EAI_AGAIN: (host) => `${host} could not be resolved right now`,
  ECONNREFUSED: (host) => `${host} refused the connection`,
  ECONNRESET: (host) => `${host} closed the connection before answering`,
  ETIMEDOUT: (host) => `${host} could not be reached`,
  EHOSTUNREACH: (host) => `${host} could not be reached`,
  ENETUNREACH: (host) => `${host} could not be reached`,
};

/**
 * The text of a failed attempt, shown to the platform (GET /events/{id}, the dashboard): it names
 * the host the platform gave, never the address that host resolved to ("connect ECONNREFUSED
 * 10.0.0.5:443" would map the network behind it).
 */
export function failureText(error: Error & { code?: unknown }, url: URL): string {
  if (error instanceof DestinationRefused) return error.message;
  const code = typeof error.code === 'string' ? error.code : undefined;
  const known = code ? FAILURES[code] : undefined;
  if (known) return known(url.host);
  // OpenSSL's and Node's TLS codes name the certificate's fault, not an address.
  if (code && /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO|UNABLE_TO_|SELF_SIGNED|HOSTNAME_)/.test(code)) return `the TLS connection to ${url.host} failed (${code})`;
  return `the request to ${url.host} failed${code && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : ''}`;
}

/**
 * POSTs a webhook: 10 s for the whole exchange, redirects not followed (a 3xx is a failure),
 * and for live deliveries only public addresses, checked on the address actually connected to.
 */
export class HttpSender implements Sender {
  private readonly pools: ReturnType<typeof connectionPools>;

  constructor(
    private readonly timeoutMs = DELIVERY_TIMEOUT_MS,
    tls: TlsOptions = {},
  ) {
    this.pools = connectionPools(tls);
  }

  send(request: WebhookRequest): Promise<Outcome> {
    const started = performance.now();
    const finish = (statusCode: number | null, error: string | null, retryAfter?: string): Outcome => ({
      statusCode,
      durationMs: Math.round(performance.now() - started),
      error,
      retryAfter,
    });
    const url = new URL(request.url);
    const live = request.environment === 'live';
    if (live && url.protocol !== 'https:') return Promise.resolve(finish(null, 'live webhooks must use https'));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (live && ipaddr.isValid(host) && !isPublicAddress(host)) return Promise.resolve(finish(null, new DestinationRefused(host, false).message));
    const agent = live ? this.pools.live['https:'] : this.pools.sandbox[url.protocol as 'http:' | 'https:'];

    return new Promise((resolve) => {
      const transport = url.protocol === 'https:' ? https : http;
      let timedOut = false;
      const failed = (statusCode: number | null, error: Error) => {
        clearTimeout(timer);
        resolve(finish(statusCode, timedOut ? `no answer within ${this.timeoutMs / 1000} s` : failureText(error, url)));
      };
      const outgoing = transport.request(
        url,
        {
          method: 'POST',
          agent,
          signal: request.signal,
          headers: { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) },
        },
        (response) => {
          response.resume(); // the body is not needed; drain it so the socket can be reused
          response.on('end', () => {
            clearTimeout(timer);
            const retryAfter = response.headers['retry-after'];
            resolve(finish(response.statusCode ?? null, null, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter));
          });
          response.on('error', (error) => failed(response.statusCode ?? null, error));
        },
      );
      // The receiver's time runs from when the request has a connection, not while it waits for
      // one of the agent's sockets behind other deliveries to the same host.
      let timer: NodeJS.Timeout | undefined;
      outgoing.once('socket', () => {
        timer = setTimeout(() => {
          timedOut = true;
          outgoing.destroy(new Error('timed out'));
        }, this.timeoutMs);
      });
      outgoing.on('error', (error) => failed(null, error));
      outgoing.end(request.body);
    });
  }
}
