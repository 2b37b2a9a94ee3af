import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { EnvironmentClock } from '../core/clock.js';
import type { Db } from '../core/db.js';
import { DateTime } from '../core/formats.js';
import { typed } from '../core/http.js';
import { formatDateTime } from '../core/time.js';
import type { JobRunner } from '../core/jobs.js';
import { PaymentParams } from '../payments/schemas.js';
import { PayoutRunResult } from '../payouts/schemas.js';
import type { PayoutService } from '../payouts/service.js';
import { BuyerRefund, Refund, RefundParams } from '../refunds/schemas.js';
import type { RefundService } from '../refunds/service.js';

const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

const AdvanceClock = Type.Object({ seconds: Type.Integer({ minimum: 1, maximum: MAX_ADVANCE_SECONDS, description: 'How far to move the sandbox clock forward' }) }, { additionalProperties: false });
const ClockMoved = Type.Object({ now: DateTime({ description: "The sandbox clock's new time" }), jobs_run: Type.Integer({ description: 'Scheduled work that came due and ran before this answer' }) });

interface SandboxDeps {
  db: Db;
  clock: EnvironmentClock;
  jobs: JobRunner;
  payouts: PayoutService;
  refunds: RefundService;
}

/** The sandbox's controls for integrators' tests: registered on the sandbox mount alone, so live answers 404. */
export async function sandboxRoutes(fastify: FastifyInstance, { db, clock, jobs, payouts, refunds }: SandboxDeps): Promise<void> {
  const app = typed(fastify);
  const tags = ['sandbox'];

  app.post(
    '/simulations/clock/advance',
    {
      schema: {
        tags,
        summary: 'Move the sandbox clock forward; everything that comes due (settlements, payouts, refunds, compliance) runs before the answer',
        description: 'The sandbox clock is shared by every platform of this deployment.',
        body: AdvanceClock,
        response: { 200: ClockMoved },
      },
      config: { scope: 'payments:read_write' },
    },
    async (request) => {
      const now = await clock.advanceSandbox(db, request.body.seconds);
      return { now: formatDateTime(now), jobs_run: await jobs.runDue({ settle: true }) };
    },
  );

  app.post(
    '/simulations/payouts/run',
    { schema: { tags, summary: "Pay out this platform's due transfers now instead of at the cut-off", response: { 200: PayoutRunResult } }, config: { scope: 'payments:read_write' } },
    async (request) => ({ data: await payouts.runNow(request.caller) }),
  );

  app.post(
    '/simulations/refunds/:refund_id/complete',
    { schema: { tags, summary: 'Complete a refund now (it reached the buyer)', params: RefundParams, response: { 200: Refund } }, config: { scope: 'refunds:initiate' } },
    async (request) => refunds.completeNow(request.caller, request.params.refund_id),
  );

  app.post(
    '/simulations/payments/:payment_id/buyer-refund',
    {
      schema: { tags, summary: "The buyer's bank takes money back from a completed SEPA Direct Debit payment", params: PaymentParams, body: BuyerRefund, response: { 201: Refund } },
      config: { scope: 'refunds:initiate' },
    },
    async (request, reply) => reply.code(201).send(await refunds.buyerRefund(request.caller, request.params.payment_id, request.body.amount_minor)),
  );
}
