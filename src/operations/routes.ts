import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import { Type } from 'typebox';
import type { Tables } from '../core/db.js';
import { ApiError, databaseUnavailable } from '../core/errors.js';
import { metricsRoute } from './metrics.js';

interface Deps {
  db: Kysely<Tables>;
  metrics: Registry;
  /** METRICS_TOKEN: /metrics answers its bearer alone, and nobody when unset. */
  metricsToken: string | undefined;
  /** Whether the process is shutting down: readiness then answers 503, so that load balancers stop sending. */
  stopping: () => boolean;
}

const Health = Type.Object({ status: Type.String() });

export async function operationsRoutes(app: FastifyInstance, { db, metrics, metricsToken, stopping }: Deps): Promise<void> {
  app.get('/healthz', { schema: { tags: ['operations'], summary: 'Liveness: the process answers', response: { 200: Health } } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    { schema: { tags: ['operations'], summary: 'Readiness: the database answers', response: { 200: Health } } },
    async () => {
      if (stopping()) throw new ApiError('service_unavailable', { detail: 'The server is shutting down' });
      try {
        await sql`SELECT 1`.execute(db);
      } catch (error) {
        throw databaseUnavailable(error);
      }
      return { status: 'ready' };
    },
  );

  metricsRoute(app, metrics, { token: metricsToken, open: false });
}
