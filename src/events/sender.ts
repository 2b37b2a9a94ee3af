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

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_HOST }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_HOST }),
};

/**
 * POSTs a webhook: 10 s for the whole exchange, redirects not followed (a 3xx is a failure),
 * and for live deliveries only public addresses, checked on the address actually connected to.
 */
export class HttpSender implements Sender {
  constructor(private readonly timeoutMs = DELIVERY_TIMEOUT_MS) {}

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
    if (live && ipaddr.isValid(host) && !isPublicAddress(host)) return Promise.resolve(finish(null, new DestinationRefused(host).message));

    return new Promise((resolve) => {
      const transport = url.protocol === 'https:' ? https : http;
      const outgoing = transport.request(
        url,
        {
          method: 'POST',
          agent: agents[url.protocol as 'http:' | 'https:'],
          signal: request.signal,
          headers: { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) },
          ...(live ? { lookup: publicOnlyLookup } : {}),
        },
        (response) => {
          response.resume(); // the body is not needed; drain it so the socket can be reused
          response.on('end', () => {
            clearTimeout(timer);
            const retryAfter = response.headers['retry-after'];
            resolve(finish(response.statusCode ?? null, null, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter));
          });
          response.on('error', (error) => {
            clearTimeout(timer);
            resolve(finish(response.statusCode ?? null, error.message));
          });
        },
      );
      // The receiver's time runs from when the request has a connection, not while it waits for
      // one of the agent's sockets behind other deliveries to the same host.
      let timer: NodeJS.Timeout | undefined;
      outgoing.once('socket', () => {
        timer = setTimeout(() => outgoing.destroy(new Error(`no answer within ${this.timeoutMs / 1000} s`)), this.timeoutMs);
      });
      outgoing.on('error', (error) => {
        clearTimeout(timer);
        resolve(finish(null, error.message));
      });
      outgoing.end(request.body);
    });
  }
}
