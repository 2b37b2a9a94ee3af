import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { answerOf } from '../core/idempotency.js';
import { MitPaymentResult, Payment, PaymentCreated, PaymentListQuery, PaymentPage, PaymentParams, paymentRequestSchemas } from './schemas.js';
import type { PaymentService } from './service.js';
import { urlsProblems } from '../events/destinations.js';

export async function paymentRoutes(fastify: FastifyInstance, { payments, maxAmountMinor }: { payments: PaymentService; maxAmountMinor: number }): Promise<void> {
  const app = typed(fastify);
  const { InitiatePayment, AuthorizeMitPayment } = paymentRequestSchemas(maxAmountMinor);
  const creating: FastifyContextConfig = { scope: 'payments:read_write' as const, bodyRules: (body, request) => urlsProblems(request.caller.environment, body) };

  app.post(
    '/payments',
    {
      schema: { tags: ['payments'], summary: 'Initiate a payment paid on the hosted payment page', body: InitiatePayment, response: { 201: PaymentCreated } },
      config: creating,
    },
    async (request, reply) => reply.send(await payments.initiate(request.caller, request.body, answerOf(request, reply, 201))),
  );

  app.post(
    '/payments/authorize',
    {
      schema: {
        tags: ['payments'],
        summary: 'Authorize a merchant-initiated payment with the credential of a succeeded initial payment',
        description: 'Status is the final result for cards (captured or declined) and authorized for SEPA Direct Debit (completed when the collection settles).',
        body: AuthorizeMitPayment,
        response: { 201: MitPaymentResult },
      },
      config: creating,
    },
    async (request, reply) => reply.send(await payments.authorizeMit(request.caller, request.body, answerOf(request, reply, 201))),
  );

  app.get(
    '/payments',
    { schema: { tags: ['payments'], summary: 'List payments, newest first', querystring: PaymentListQuery, response: { 200: PaymentPage } }, config: { scope: 'payments:read' } },
    async (request) => payments.list(request.caller, request.query),
  );

  app.get(
    '/payments/:payment_id',
    { schema: { tags: ['payments'], summary: 'Read a payment', params: PaymentParams, response: { 200: Payment } }, config: { scope: 'payments:read' } },
    async (request) => payments.get(request.caller, request.params.payment_id),
  );

  app.get(
    '/payments/:payment_id/qr-code',
    {
      schema: { tags: ['payments'], summary: 'QR code (PNG) of the hosted payment page', params: PaymentParams, produces: ['image/png'] },
      config: { scope: 'payments:read' },
    },
    async (request, reply) => reply.type('image/png').header('cache-control', 'private, max-age=3600').send(await payments.qrCode(request.caller, request.params.payment_id)),
  );
}
