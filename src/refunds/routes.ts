import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { answerOf } from '../core/idempotency.js';
import { InitiateRefund, Refund, RefundListQuery, RefundPage, RefundParams } from './schemas.js';
import type { RefundService } from './service.js';
import { urlsProblems } from '../events/destinations.js';

export async function refundRoutes(fastify: FastifyInstance, { refunds }: { refunds: RefundService }): Promise<void> {
  const app = typed(fastify);

  app.post(
    '/refunds',
    {
      schema: {
        tags: ['refunds'],
        summary: 'Refund a payment, in full or from chosen creditors',
        description:
          'Without routing the whole payment is refunded (409 once anything was refunded). With routing each part is at most that party\'s refundable_amount (422). The processing fee is returned in proportion to the amount refunded.',
        body: InitiateRefund,
        response: { 201: Refund },
      },
      config: { scope: 'refunds:initiate', bodyRules: (body, request) => urlsProblems(request.caller.environment, body) },
    },
    async (request, reply) => reply.send(await refunds.initiate(request.caller, request.body, answerOf(request, reply, 201))),
  );

  app.get(
    '/refunds',
    { schema: { tags: ['refunds'], summary: 'List refunds, newest first, optionally of one payment', querystring: RefundListQuery, response: { 200: RefundPage } }, config: { scope: 'refunds:read' } },
    async (request) => refunds.list(request.caller, request.query),
  );

  app.get(
    '/refunds/:refund_id',
    { schema: { tags: ['refunds'], summary: 'Read a refund', params: RefundParams, response: { 200: Refund } }, config: { scope: 'refunds:read' } },
    async (request) => refunds.get(request.caller, request.params.refund_id),
  );
}
