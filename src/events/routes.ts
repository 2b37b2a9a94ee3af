import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { answerOf } from '../core/idempotency.js';
import { bearerToken } from '../core/auth.js';
import type { EventType } from './outbox.js';
import { EventDetail, EventListQuery, EventPage, EventParams, EventStreamBody, StreamHeaders, StreamQuery, WebhookSecret } from './schemas.js';
import type { EventService, WebhookSecretService } from './service.js';
import type { EventStreams } from './stream.js';

interface EventDeps {
  events: EventService;
  secrets: WebhookSecretService;
  streams: EventStreams;
}

export async function eventRoutes(fastify: FastifyInstance, { events, secrets, streams }: EventDeps): Promise<void> {
  const app = typed(fastify);
  const config = { scope: 'events:read' as const };

  app.get('/events', { schema: { tags: ['events'], summary: 'List events, newest first', querystring: EventListQuery, response: { 200: EventPage } }, config }, async (request) =>
    events.list(request.caller, request.query),
  );

  app.get(
    '/events/stream',
    {
      schema: {
        tags: ['events'],
        summary: "A live stream of this platform's events (server-sent events), resumable with Last-Event-ID",
        description: `Each event as its webhook payload, oldest first. Without Last-Event-ID the stream starts now; with it, what came after that event is sent first. At most ${streams.limits.perClient} streams per client at once (429 beyond).`,
        querystring: StreamQuery,
        headers: StreamHeaders,
        response: { 200: { description: 'The stream: the events as they happen, until the server ends it', content: { 'text/event-stream': { schema: EventStreamBody } } } },
      },
      config,
    },
    async (request, reply) => {
      const stream = {
        caller: request.caller,
        token: bearerToken(request)!,
        lastEventId: request.headers['last-event-id'],
        types: request.query.types?.split(',') as EventType[] | undefined,
      };
      streams.start(reply, stream, await streams.prepare(stream));
      return reply;
    },
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
