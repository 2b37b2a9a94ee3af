import type { Db } from '../core/db.js';
import { ApiError } from '../core/errors.js';
import { completePendingJob, rescheduleJob } from '../core/jobs.js';
import { addSeconds } from '../core/time.js';
import type { Outbox } from '../events/outbox.js';
import * as repo from './repository.js';
import type { DecisionOutcome } from './schemas.js';

/** The scheduled job that runs the simulated compliance checks of a submitted application. */
export const COMPLIANCE_DECISION_JOB = 'onboarding.compliance_decision';
/** Decisions section 8: the checks decide one hour after submit, on the platform's clock. */
export const COMPLIANCE_DELAY_SECONDS = 60 * 60;
/** An applicant with this last name needs more information (decisions section 8). */
export const ACTION_REQUIRED_LAST_NAME = 'Actionrequired';

const EVENT_OF = { succeeded: 'application_succeeded', action_required: 'application_action_required' } as const;

/** What the simulated compliance checks decide for an application. */
export function simulatedOutcome(application: repo.ApplicationRow): DecisionOutcome {
  const applicant = application.applicant as { last_name?: string };
  return applicant.last_name === ACTION_REQUIRED_LAST_NAME ? 'action_required' : 'succeeded';
}

/**
 * The simulated compliance checks: scheduled by submit, decided when due (or forced from the
 * sandbox), each decision stored with its event in the caller's transaction.
 */
export class Compliance {
  constructor(private readonly outbox: Outbox) {}

  /**
   * Called in the submit's transaction: the check exists only if the submit commits. A submit
   * again (after action required) moves a check still pending (a sandbox decision came first) to
   * an hour after it.
   */
  schedule(trx: Db, application: repo.ApplicationRow, now: Date): Promise<void> {
    const job = { environment: application.environment, platformId: application.platform_id, kind: COMPLIANCE_DECISION_JOB, subjectId: application.id, dueAt: addSeconds(now, COMPLIANCE_DELAY_SECONDS) };
    return rescheduleJob(trx, job, now);
  }

  /** The due job: decides unless the application was decided already (a forced decision came first). */
  async runDue(trx: Db, applicationId: string, now: Date): Promise<void> {
    const application = await repo.lockApplication(trx, applicationId);
    if (application.status !== 'submitted') return;
    await this.decide(trx, application, simulatedOutcome(application), now);
  }

  /**
   * The sandbox's forced outcome, now: for a submitted application, or to decide again one that
   * needs action; a succeeded application stays succeeded (409), as does one not yet submitted.
   */
  async force(trx: Db, application: repo.ApplicationRow, outcome: DecisionOutcome, now: Date): Promise<void> {
    if (application.status !== 'submitted' && application.status !== 'action_required') {
      const why = application.status === 'succeeded' ? 'already succeeded' : `is ${application.status}; only a submitted application is decided`;
      throw new ApiError('conflict', { detail: `Application ${application.id} ${why}` });
    }
    await completePendingJob(trx, COMPLIANCE_DECISION_JOB, application.id, now); // decided now: nothing left for the scheduled checks
    await this.decide(trx, application, outcome, now);
  }

  /**
   * Stores the outcome with its event. Action required reopens the application: the merchant
   * corrects or completes it on the hosted page (with the same link, or a new one) and submits it
   * again, which schedules the checks again.
   */
  private async decide(trx: Db, application: repo.ApplicationRow, outcome: DecisionOutcome, now: Date): Promise<void> {
    const reopened = outcome === 'action_required' ? { submitted_at: null } : {};
    await repo.updateApplication(trx, application.id, { status: outcome, decided_at: now, updated_at: now, ...reopened });
    await this.outbox.record(trx, {
      environment: application.environment,
      platformId: application.platform_id,
      type: EVENT_OF[outcome],
      objectId: application.id,
      data: { id: application.id, merchant_id: application.merchant_id, reference: application.reference },
      occurredAt: now,
      destination: application.webhook_url,
    });
  }
}
