import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MetricsSettings } from '../core/config.js';
import { ApiError, installErrorHandling } from '../core/errors.js';
import { bearerToken, invalidToken, missingToken } from '../core/auth.js';

/** Prometheus metrics of one app: request counts and latency by route and status. */
export function installMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids and tokens stay out of label values.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  return registry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function requireMetricsToken(request: FastifyRequest, expected: string): void {
  const token = bearerToken(request);
  if (!token) throw missingToken('Send the metrics token (METRICS_TOKEN) as "Authorization: Bearer <token>"');
  if (!timingSafeEqual(digest(token), digest(expected))) throw invalidToken('The metrics token is not valid');
}

/**
 * GET /metrics. With METRICS_TOKEN set, only its bearer is answered. Without one, only a listener
 * of its own (`open`: METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise) answers; the
 * API's listener answers 404: what the process does is never open to the internet by default.
 */
export function metricsRoute(app: FastifyInstance, registry: Registry, access: { token: string | undefined; open: boolean }): void {
  app.get('/metrics', { schema: { tags: ['operations'], summary: 'Prometheus metrics', produces: ['text/plain; version=0.0.4'] } }, async (request, reply) => {
    if (access.token !== undefined) requireMetricsToken(request, access.token);
    else if (!access.open) throw new ApiError('route_not_found', { detail: 'Metrics are served to the bearer of METRICS_TOKEN, or on the listener of METRICS_PORT' });
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/** The listener of METRICS_PORT: /metrics alone, its requests not logged (a scrape every few seconds). */
export async function startMetricsListener(
  registry: Registry,
  listen: NonNullable<MetricsSettings['listen']>,
  token: string | undefined,
  log: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: log, disableRequestLogging: true, forceCloseConnections: true });
  installErrorHandling(app);
  metricsRoute(app, registry, { token, open: true });
  await app.listen(listen);
  return app;
}
