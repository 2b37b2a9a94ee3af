import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import type { PlatformPayoutAccounts } from './platform-account.js';
import { Payout, PayoutListQuery, PayoutPage, PayoutParams, PlatformPayoutAccount, PlatformPayoutAccountBody } from './schemas.js';
import type { PayoutService } from './service.js';

export async function payoutRoutes(fastify: FastifyInstance, { payouts, platformAccount }: { payouts: PayoutService; platformAccount: PlatformPayoutAccounts }): Promise<void> {
  const app = typed(fastify);

  app.get(
    '/platform/payout-account',
    { schema: { tags: ['payouts'], summary: "Read the platform's own payout account (masked) and whether the bank refused it", response: { 200: PlatformPayoutAccount } }, config: { scope: 'accounts:read' } },
    async (request) => platformAccount.get(request.caller),
  );

  app.put(
    '/platform/payout-account',
    {
      schema: { tags: ['payouts'], summary: "Set the platform's own payout account: where its share of the payments is paid out", body: PlatformPayoutAccountBody, response: { 200: PlatformPayoutAccount } },
      config: { scope: 'accounts:read_write' },
    },
    async (request) => platformAccount.set(request.caller, request.body),
  );

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
