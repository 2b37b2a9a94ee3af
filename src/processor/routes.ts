import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiError } from '../core/errors.js';
import type { EnvironmentClock } from '../core/clock.js';
import type { Tables } from '../core/db.js';
import { NotificationRejected, type NotificationReader, type ProcessorName } from './boundary.js';
import type { NotificationInbox } from './inbox.js';

/**
 * One route per adapter, `POST /processor/<name>/notifications`: the partner's request is verified
 * (its signature, over the body as sent), its notifications stored in one transaction, and the
 * partner acknowledged at once; the job runner applies them. A request that is not the partner's
 * is 401 and nothing is stored.
 */
export async function processorNotificationRoutes(
  fastify: FastifyInstance,
  { db, inbox, clock, readers }: { db: Kysely<Tables>; inbox: NotificationInbox; clock: EnvironmentClock; readers: Partial<Record<ProcessorName, NotificationReader>> },
): Promise<void> {
  // The signature is over the bytes sent: the body is kept as text, each reader parses it.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  for (const [name, reader] of Object.entries(readers) as [ProcessorName, NotificationReader][]) {
    fastify.post(
      `/processor/${name}/notifications`,
      { schema: { tags: ['processor'], summary: `Notifications of the ${name} processor (signed by it)`, hide: true } },
      async (request, reply) => {
        let notifications;
        try {
          notifications = reader.read({ headers: request.headers, rawBody: typeof request.body === 'string' ? request.body : '' });
        } catch (error) {
          if (!(error instanceof NotificationRejected)) throw error;
          request.log.warn({ processor: name, reason: error.message }, 'processor notification refused');
          throw new ApiError('unauthenticated', { detail: `Not a notification of the ${name} processor` });
        }
        const now = clock.now('live', null);
        await db.transaction().execute((trx) => inbox.receive(trx, name, notifications, { environment: 'live', platformId: null }, now));
        return reply.type(reader.acknowledgement.contentType).send(reader.acknowledgement.body);
      },
    );
  }
}
