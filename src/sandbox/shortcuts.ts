import type { Kysely } from 'kysely';
import type { Caller } from '../core/auth.js';
import type { EnvironmentClock } from '../core/clock.js';
import type { Db, Tables } from '../core/db.js';
import { ApiError, notFound } from '../core/errors.js';
import { decide, UNKEYED, type Answer } from '../core/idempotency.js';
import { completePendingJob, type JobRunner } from '../core/jobs.js';
import { formatDateTime } from '../core/time.js';
import { COMPLIANCE_DECISION_JOB } from '../onboarding/compliance.js';
import * as payments from '../payments/repository.js';
import type { Payment } from '../payments/schemas.js';
import { PAYMENT_EXPIRY_JOB, type PaymentService } from '../payments/service.js';
import { OPEN_STATUSES, type PaymentStatus } from '../payments/states.js';
import { PAYOUT_SEND_JOB } from '../payouts/service.js';
import type { MovementReporter } from '../processor/inbox.js';
import { SIMULATOR_NOTIFICATION_JOB } from '../processor/simulator/store.js';
import * as refunds from '../refunds/repository.js';
import type { Refund } from '../refunds/schemas.js';
import { REFUND_SEND_JOB, type RefundService } from '../refunds/service.js';
import { pendingJobs, subjectsOf, type ScheduledObject } from './repository.js';
import type { ObjectSchedule, ScheduledStep } from './schemas.js';

/** Which job is which step of an object's scheduled work (SCHEDULED_STEPS). */
const STEP_OF_JOB: Record<ScheduledObject, Record<string, ScheduledStep>> = {
  payments: { [PAYMENT_EXPIRY_JOB]: 'payment_expires', [SIMULATOR_NOTIFICATION_JOB]: 'collection_reported' },
  refunds: { [REFUND_SEND_JOB]: 'refund_sent', [SIMULATOR_NOTIFICATION_JOB]: 'refund_reported' },
  payouts: { [PAYOUT_SEND_JOB]: 'payout_sent', [SIMULATOR_NOTIFICATION_JOB]: 'payout_reported' },
  applications: { [COMPLIANCE_DECISION_JOB]: 'compliance_decided' },
};

/**
 * A step whose job is still pending but will change nothing: an expiry job outlives the payment
 * paid before it; the processor's report of a refund completed already (/simulations/refunds/{id}/complete) finds it final.
 */
const IDLE: Partial<Record<ScheduledStep, (status: string) => boolean>> = {
  payment_expires: (status) => !OPEN_STATUSES.has(status as PaymentStatus),
  refund_reported: (status) => status !== 'initiated',
};

const NAMES: Record<ScheduledObject, string> = { payments: 'Payment', refunds: 'Refund', payouts: 'Payout', applications: 'Application' };

export interface ShortcutDeps {
  payments: PaymentService;
  refunds: RefundService;
  /** The simulator's shortcut to its movements; none when the simulator takes none of the sandbox's payments (cards nor SEPA Direct Debits). */
  reporter: MovementReporter | undefined;
}

/**
 * The sandbox's per-object shortcuts: each runs now the step that the object's scheduled job (or
 * its processor's notification) would run later, through the same handler, in one transaction with
 * its pending job marked done; and each object's scheduled work, read on the sandbox clock.
 */
export class SandboxShortcuts {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: EnvironmentClock,
    private readonly jobs: JobRunner,
    private readonly deps: ShortcutDeps,
  ) {}

  /** The object's pending scheduled work, soonest first, with the time left on the sandbox clock. */
  async schedule(caller: Caller, object: ScheduledObject, id: string): Promise<ObjectSchedule> {
    const found = await subjectsOf(this.db, caller, object, id);
    if (!found) throw notFound(`${NAMES[object]} ${id}`);
    const steps = STEP_OF_JOB[object];
    const now = this.clock.now(caller.environment, caller.platformId);
    const jobs = (await pendingJobs(this.db, caller, found.subjects, Object.keys(steps))).filter((job) => !IDLE[steps[job.kind]!]?.(found.status));
    return {
      now: formatDateTime(now),
      data: jobs.map((job) => ({ step: steps[job.kind]!, due_at: formatDateTime(job.due_at), due_in_seconds: Math.max(0, Math.ceil((job.due_at.getTime() - now.getTime()) / 1000)) })),
    };
  }

  /** The object's scheduled work for a page: in the sandbox only (live runs on real time, without shortcuts). */
  async nextSteps(caller: Caller, object: ScheduledObject, id: string): Promise<ObjectSchedule | undefined> {
    return caller.environment === 'sandbox' ? this.schedule(caller, object, id) : undefined;
  }

  /**
   * An open payment expires now: its expiry is brought forward to now and its expiry job runs
   * (PaymentService.expire). One with an authorization in flight is not expired (409), as its job would wait for it.
   */
  async expirePayment(caller: Caller, id: string, answer: Answer<Payment> = UNKEYED): Promise<Payment> {
    return decide(this.db, answer, async (trx) => {
      const payment = await this.lockPayment(trx, caller, id);
      if (!OPEN_STATUSES.has(payment.status)) throw new ApiError('conflict', { detail: `Payment ${id} is ${payment.status}; only an open payment expires` });
      const now = this.clock.now(caller.environment, caller.platformId);
      await payments.updatePayment(trx, id, { expires_at: now });
      await completePendingJob(trx, PAYMENT_EXPIRY_JOB, id, now);
      await this.deps.payments.expire(trx, id, now);
      const expired = await this.deps.payments.get(caller, id, trx);
      if (expired.status !== 'canceled') throw new ApiError('conflict', { detail: `Payment ${id} has an authorization in flight; it expires once that is answered` });
      return expired;
    });
  }

  /** A SEPA Direct Debit payment's collection is reported now: settled (completed) or returned unpaid (not_completed). */
  async reportCollection(caller: Caller, id: string, outcome: 'succeeded' | 'failed', answer: Answer<Payment> = UNKEYED): Promise<Payment> {
    return decide(this.db, answer, async (trx) => {
      const payment = await this.lockPayment(trx, caller, id);
      if (payment.method_type !== 'sepa_direct_debit' || payment.status !== 'authorized' || !payment.processor_reference) {
        throw new ApiError('conflict', { detail: `Payment ${id} has no collection under way (it is ${payment.status}); only an authorized SEPA Direct Debit payment settles or is returned` });
      }
      await this.report(trx, caller, payment.processor_reference, outcome, `Payment ${id}'s collection`);
      return this.deps.payments.get(caller, id, trx);
    });
  }

  /** A refund the processor holds is reported failed now (its money back with each party); complete is /simulations/refunds/{id}/complete. */
  async failRefund(caller: Caller, id: string, answer: Answer<Refund> = UNKEYED): Promise<Refund> {
    // A refund just initiated is handed to the processor by a job due now: let what is due run first.
    if (!(await refunds.findRefund(this.db, caller, id))?.processor_reference) await this.jobs.runDue({ settle: true });
    return decide(this.db, answer, async (trx) => {
      if (!(await refunds.findRefund(trx, caller, id))) throw notFound(`Refund ${id}`);
      const refund = (await refunds.lockRefund(trx, id))!;
      if (refund.status !== 'initiated' || !refund.processor_reference) {
        throw new ApiError('conflict', { detail: `Refund ${id} is ${refund.status === 'initiated' ? 'not with the processor yet; retry in a moment' : refund.status}; only a refund under way fails` });
      }
      await this.report(trx, caller, refund.processor_reference, 'failed', `Refund ${id}`);
      return this.deps.refunds.get(caller, id, trx);
    });
  }

  private async lockPayment(trx: Db, caller: Caller, id: string): Promise<payments.PaymentRow> {
    if (!(await payments.findPayment(trx, caller, id))) throw notFound(`Payment ${id}`);
    return (await payments.lockPayment(trx, id))!;
  }

  private async report(trx: Db, caller: Caller, processorReference: string, outcome: 'succeeded' | 'failed', what: string): Promise<void> {
    const { reporter } = this.deps;
    if (!reporter) throw new ApiError('conflict', { detail: "The sandbox's processor is not the simulator: it reports its movements itself" });
    if (!(await reporter(trx, processorReference, outcome, { environment: caller.environment, platformId: caller.platformId }, this.clock.now(caller.environment, caller.platformId)))) throw new ApiError('conflict', { detail: `${what} was reported already` });
  }
}
