import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { answerOf } from '../core/idempotency.js';
import { ApplicationParams } from '../onboarding/schemas.js';
import { Payment, PaymentParams } from '../payments/schemas.js';
import { PayoutParams, PayoutRunResult } from '../payouts/schemas.js';
import type { PayoutService } from '../payouts/service.js';
import { BuyerRefund, Refund, RefundParams } from '../refunds/schemas.js';
import type { RefundService } from '../refunds/service.js';
import { WebhookFaults, WebhookFaultsInput } from '../events/schemas.js';
import type { WebhookFaultService } from '../events/service.js';
import { AdvanceClock, ClockMoved, ClockTime, ObjectSchedule } from './schemas.js';
import type { SandboxService } from './service.js';
import type { SandboxShortcuts } from './shortcuts.js';

interface SandboxDeps {
  sandbox: SandboxService;
  payouts: PayoutService;
  refunds: RefundService;
  shortcuts: SandboxShortcuts;
  webhookFaults: WebhookFaultService;
}

/** The sandbox's controls for integrators' tests: registered on the sandbox mount alone, so live answers 404. */
export async function sandboxRoutes(fastify: FastifyInstance, { sandbox, payouts, refunds, shortcuts, webhookFaults }: SandboxDeps): Promise<void> {
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

  // What happens next to each kind of object, one route each, with the object's read scope.
  const schedules = [
    { object: 'payments', param: 'payment_id', params: PaymentParams, scope: 'payments:read', noun: 'payment' },
    { object: 'refunds', param: 'refund_id', params: RefundParams, scope: 'refunds:read', noun: 'refund' },
    { object: 'payouts', param: 'payout_id', params: PayoutParams, scope: 'payouts:read', noun: 'payout' },
    { object: 'applications', param: 'application_id', params: ApplicationParams, scope: 'onboarding:initiate', noun: 'application' },
  ] as const;
  for (const { object, param, params, scope, noun } of schedules) {
    app.get(
      `/simulations/${object}/:${param}/schedule`,
      {
        schema: {
          tags,
          summary: `What happens next to this ${noun}, and when`,
          description: 'The scheduled work of this object on the sandbox clock, soonest first, with the time left: what moving the clock by that much (or the shortcut) makes happen.',
          params,
          response: { 200: ObjectSchedule },
        },
        config: { scope },
      },
      async (request) => shortcuts.schedule(request.caller, object, (request.params as Record<string, string>)[param]!),
    );
  }

  app.post(
    '/simulations/payments/:payment_id/expire',
    {
      schema: { tags, summary: 'Expire an open payment now (canceled), as its expiry would', description: 'A payment not open (or with an authorization in flight) is 409.', params: PaymentParams, response: { 200: Payment } },
      config: { scope: 'payments:read_write' },
    },
    async (request, reply) => reply.send(await shortcuts.expirePayment(request.caller, request.params.payment_id, answerOf(request, reply, 200))),
  );
  app.post(
    '/simulations/payments/:payment_id/settle',
    {
      schema: { tags, summary: "Settle a SEPA Direct Debit payment's collection now (completed), as the bank's report would", description: 'Only an authorized SEPA Direct Debit payment whose collection is not reported yet; otherwise 409.', params: PaymentParams, response: { 200: Payment } },
      config: { scope: 'payments:read_write' },
    },
    async (request, reply) => reply.send(await shortcuts.reportCollection(request.caller, request.params.payment_id, 'succeeded', answerOf(request, reply, 200))),
  );
  app.post(
    '/simulations/payments/:payment_id/return',
    {
      schema: { tags, summary: "Return a SEPA Direct Debit payment's collection unpaid now (not_completed, insufficient_funds), as the bank's report would", description: 'Only an authorized SEPA Direct Debit payment whose collection is not reported yet; otherwise 409.', params: PaymentParams, response: { 200: Payment } },
      config: { scope: 'payments:read_write' },
    },
    async (request, reply) => reply.send(await shortcuts.reportCollection(request.caller, request.params.payment_id, 'failed', answerOf(request, reply, 200))),
  );
  app.post(
    '/simulations/refunds/:refund_id/fail',
    {
      schema: { tags, summary: 'Fail a refund now (refused by the issuer), as the processor\'s report would: the amounts go back to each party', description: 'Only a refund under way (initiated); otherwise 409.', params: RefundParams, response: { 200: Refund } },
      config: { scope: 'refunds:initiate' },
    },
    async (request, reply) => reply.send(await shortcuts.failRefund(request.caller, request.params.refund_id, answerOf(request, reply, 200))),
  );
}
