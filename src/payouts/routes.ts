import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { Payout, PayoutListQuery, PayoutPage, PayoutParams } from './schemas.js';
import type { PayoutService } from './service.js';

export async function payoutRoutes(fastify: FastifyInstance, { payouts }: { payouts: PayoutService }): Promise<void> {
  const app = typed(fastify);

  app.get(
    '/payouts',
    {
      schema: { tags: ['payouts'], summary: 'List the payouts that carry transfers of a payment, newest first', querystring: PayoutListQuery, response: { 200: PayoutPage } },
      config: { scope: 'payouts:read' },
    },
    async (request) => payouts.listForPayment(request.caller, request.query),
  );

  app.get(
    '/payouts/:payout_id',
    { schema: { tags: ['payouts'], summary: 'Read a payout: the transfers on one bank-statement line', params: PayoutParams, response: { 200: Payout } }, config: { scope: 'payouts:read' } },
    async (request) => payouts.get(request.caller, request.params.payout_id),
  );
}
