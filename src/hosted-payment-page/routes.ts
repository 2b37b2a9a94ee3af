import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typed } from '../core/http.js';
import { AuthorizeBody, HppParams, HppQuery, PaymentView, StartBody, StepResult, ThreeDsCallback, TokenizeBody, TokenResult } from './schemas.js';
import type { HostedPaymentPageService } from './service.js';

/** The payment's resource token, as a Bearer token or the token query parameter. */
function resourceToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return bearer || (request.query as { token?: string }).token;
}

export async function hostedPaymentPageRoutes(fastify: FastifyInstance, { hpp }: { hpp: HostedPaymentPageService }): Promise<void> {
  const app = typed(fastify);
  const tags = ['hosted payment page'];
  const step = { params: HppParams, querystring: HppQuery, response: { 200: StepResult } };

  app.get('/hpp/payments/:payment_id', { schema: { tags, summary: 'The payment as the page shows it', params: HppParams, querystring: HppQuery, response: { 200: PaymentView } } }, async (request) =>
    hpp.view(request.params.payment_id, resourceToken(request)),
  );

  app.post('/hpp/payments/:payment_id/start', { schema: { tags, summary: 'The buyer reached the page (optionally choosing a method)', body: StartBody, ...step } }, async (request) =>
    hpp.start(request.params.payment_id, resourceToken(request), request.body?.type),
  );

  app.post(
    '/hpp/payments/:payment_id/tokenize',
    { schema: { tags, summary: 'Exchange card details for a single-use token (15 minutes)', body: TokenizeBody, params: HppParams, querystring: HppQuery, response: { 201: TokenResult } } },
    async (request, reply) => reply.code(201).send(await hpp.tokenize(request.params.payment_id, resourceToken(request), request.body)),
  );

  app.post('/hpp/payments/:payment_id/authorize', { schema: { tags, summary: 'Authorize a card payment with a token', body: AuthorizeBody, ...step } }, async (request) =>
    hpp.authorize(request.params.payment_id, resourceToken(request), request.body.token),
  );

  app.post('/hpp/payments/:payment_id/cancel', { schema: { tags, summary: 'The buyer cancels', ...step } }, async (request) =>
    hpp.cancel(request.params.payment_id, resourceToken(request)),
  );

  app.post('/hpp/callbacks/3ds', { schema: { tags, summary: '3-D Secure result, called by the 3-D Secure server', body: ThreeDsCallback, response: { 200: StepResult } } }, async (request) =>
    hpp.threeDsCallback(request.body),
  );
}
