import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { Account, AccountListQuery, AccountPage, AccountParams } from './schemas.js';
import type { AccountService } from './service.js';

export async function accountRoutes(fastify: FastifyInstance, { accounts }: { accounts: AccountService }): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/accounts',
    {
      schema: { tags: ['accounts'], summary: 'List the platform account and its merchant accounts', querystring: AccountListQuery, response: { 200: AccountPage } },
      config: { scope: 'accounts:read' },
    },
    async (request) => accounts.list(request.caller, request.query),
  );

  app.get(
    '/accounts/:account_id',
    {
      schema: { tags: ['accounts'], summary: 'Read an account', params: AccountParams, response: { 200: Account } },
      config: { scope: 'accounts:read' },
    },
    async (request) => accounts.get(request.caller, request.params.account_id),
  );
}
