import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { answerOf } from '../core/idempotency.js';
import { EventDetail, EventListQuery, EventPage, EventParams, WebhookSecret } from './schemas.js';
import type { EventService, WebhookSecretService } from './service.js';

export async function eventRoutes(fastify: FastifyInstance, { events, secrets }: { events: EventService; secrets: WebhookSecretService }): Promise<void> {
  const app = typed(fastify);
  const config = { scope: 'events:read' as const };

  app.get('/events', { schema: { tags: ['events'], summary: 'List events, newest first', querystring: EventListQuery, response: { 200: EventPage } }, config }, async (request) =>
    events.list(request.caller, request.query),
  );

  app.get(
    '/events/:event_id',
    { schema: { tags: ['events'], summary: 'Read an event with its deliveries and attempts', params: EventParams, response: { 200: EventDetail } }, config },
    async (request) => events.get(request.caller, request.params.event_id),
  );

  app.post(
    '/events/:event_id/redeliver',
    { schema: { tags: ['events'], summary: 'Deliver the event again now', params: EventParams, response: { 202: EventDetail } }, config },
    async (request, reply) => reply.send(await events.redeliver(request.caller, request.params.event_id, answerOf(request, reply, 202))),
  );

  app.get('/webhook-secret', { schema: { tags: ['events'], summary: 'The webhook signing secret', response: { 200: WebhookSecret } }, config }, async (request) =>
    secrets.get(request.caller),
  );

  app.post(
    '/webhook-secret/rotate',
    { schema: { tags: ['events'], summary: 'Rotate the signing secret; the previous one keeps signing for 24 h', response: { 200: WebhookSecret } }, config },
    async (request, reply) => reply.send(await secrets.rotate(request.caller, answerOf(request, reply, 200))),
  );
}
