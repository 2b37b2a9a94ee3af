import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { answerOf } from '../core/idempotency.js';
import { PaymentParams } from '../payments/schemas.js';
import { PayoutRunResult } from '../payouts/schemas.js';
import type { PayoutService } from '../payouts/service.js';
import { BuyerRefund, Refund, RefundParams } from '../refunds/schemas.js';
import type { RefundService } from '../refunds/service.js';
import { WebhookFaults, WebhookFaultsInput } from '../events/schemas.js';
import type { WebhookFaultService } from '../events/service.js';
import { AdvanceClock, ClockMoved, ClockTime } from './schemas.js';
import type { SandboxService } from './service.js';

interface SandboxDeps {
  sandbox: SandboxService;
  payouts: PayoutService;
  refunds: RefundService;
  webhookFaults: WebhookFaultService;
}

/** The sandbox's controls for integrators' tests: registered on the sandbox mount alone, so live answers 404. */
export async function sandboxRoutes(fastify: FastifyInstance, { sandbox, payouts, refunds, webhookFaults }: SandboxDeps): Promise<void> {
  const app = typed(fastify);
  const tags = ['sandbox'];

  app.get(
    '/simulations/clock',
    {
      schema: { tags, summary: "This platform's sandbox clock", description: 'Each platform has its own sandbox clock: real time plus the advances this platform made. A new platform starts at real time.', response: { 200: ClockTime } },
      config: { scope: 'payments:read' },
    },
    async (request) => sandbox.clockTime(request.caller),
  );

  app.post(
    '/simulations/clock/advance',
    {
      schema: {
        tags,
        summary: "Move this platform's sandbox clock forward; everything of this platform that comes due (settlements, refunds, payouts sent, compliance) runs before the answer",
        description:
          "Each platform has its own sandbox clock: this moves the calling platform's alone, and never another platform's objects, jobs or webhook retries. This platform's webhook deliveries and retries are scheduled on it too: those falling due within the time moved over are attempted by the delivery workers right after the answer, one after the other, each recorded at the time it fell due. The daily payout cut-off runs on real time; POST /simulations/payouts/run pays out now.",
        body: AdvanceClock,
        response: { 200: ClockMoved },
      },
      config: { scope: 'payments:read_write' },
    },
    async (request, reply) => reply.send(await sandbox.advanceClock(request.caller, request.body.seconds, answerOf(request, reply, 200))),
  );

  const faultsDescription =
    "Sandbox only, this platform's alone, off until set: the share of its webhook deliveries sent twice (duplicate_ratio), held back within a window so that they arrive out of order (reorder_ratio, reorder_window_seconds), or sent late (delay_ratio, delay_seconds), to prove a webhook handler idempotent and order-independent. Every such delivery is signed like any other and its attempts are marked `injected` in GET /events/{event_id}. Times are on the platform's sandbox clock.";
  app.get(
    '/simulations/webhook-faults',
    { schema: { tags, summary: "This platform's webhook faults", description: faultsDescription, response: { 200: WebhookFaults } }, config: { scope: 'payments:read' } },
    async (request) => webhookFaults.get(request.caller),
  );

  app.put(
    '/simulations/webhook-faults',
    {
      schema: { tags, summary: "Set this platform's webhook faults (a field left out is 0: that fault off)", description: faultsDescription, body: WebhookFaultsInput, response: { 200: WebhookFaults } },
      config: { scope: 'payments:read_write' },
    },
    async (request, reply) => reply.send(await webhookFaults.put(request.caller, request.body, answerOf(request, reply, 200))),
  );

  app.post(
    '/simulations/payouts/run',
    { schema: { tags, summary: "Pay out this platform's due transfers now instead of at the cut-off", response: { 200: PayoutRunResult } }, config: { scope: 'payments:read_write' } },
    async (request, reply) => reply.send(await payouts.runNow(request.caller, answerOf(request, reply, 200))),
  );

  app.post(
    '/simulations/refunds/:refund_id/complete',
    { schema: { tags, summary: 'Complete a refund now (it reached the buyer)', params: RefundParams, response: { 200: Refund } }, config: { scope: 'refunds:initiate' } },
    async (request, reply) => reply.send(await refunds.completeNow(request.caller, request.params.refund_id, answerOf(request, reply, 200))),
  );

  app.post(
    '/simulations/payments/:payment_id/buyer-refund',
    {
      schema: { tags, summary: "The buyer's bank takes money back from a completed SEPA Direct Debit payment", params: PaymentParams, body: BuyerRefund, response: { 201: Refund } },
      config: { scope: 'refunds:initiate' },
    },
    async (request, reply) => reply.send(await refunds.buyerRefund(request.caller, request.params.payment_id, request.body.amount_minor, answerOf(request, reply, 201))),
  );
}
