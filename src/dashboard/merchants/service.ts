import { Ajv } from 'ajv';
import type { Caller } from '../../core/auth.js';
import { fieldErrors, notFound, textErrors, type FieldError } from '../../core/errors.js';
import { AJV_FORMATS } from '../../core/formats.js';
import type { AccountService } from '../../accounts/service.js';
import type { Account } from '../../accounts/schemas.js';
import type { DocumentContent } from '../../documents/service.js';
import { urlsProblems } from '../../events/destinations.js';
import type { EventService } from '../../events/service.js';
import type { EventSummary } from '../../events/schemas.js';
import type { ApplicantService } from '../../onboarding/applicant-service.js';
import { InitiateApplication, type Application, type ApplicationCreated, type ApplicationState, type DecisionOutcome } from '../../onboarding/schemas.js';
import type { ApplicationService } from '../../onboarding/service.js';

const PAGE_SIZE = 20;

/** An application as the API shows it, with where the applicant is (the hosted workflow's next step). */
export interface ApplicationEntry {
  application: Application;
  state: ApplicationState;
}
import type { ObjectSchedule } from '../../sandbox/schemas.js';
import type { SandboxShortcuts } from '../../sandbox/shortcuts.js';

export interface ApplicationDetail extends ApplicationEntry {
  events: EventSummary[];
  /** The sandbox's "what happens next" (the compliance decision on the sandbox clock). */
  next?: ObjectSchedule;
}

/** The body of POST /applications, checked as the API checks it: its schema (every field at once), then its body rules. */
const validateInitiate = new Ajv({ allErrors: true, strict: false, coerceTypes: false, formats: AJV_FORMATS }).compile(InitiateApplication);

/**
 * Merchants and onboarding through the API's services: the applications (GET /applications), their
 * state as the hosted onboarding holds it, their documents, their events (GET /events?object_id=)
 * and the merchant accounts (GET /accounts); a new application, a new link and the sandbox's decision
 * with the same calls as POST /applications, POST /applications/{id}/link and
 * POST /simulations/applications/{id}/decision.
 */
export class DashboardMerchants {
  constructor(private readonly services: { applications: ApplicationService; applicant: ApplicantService; accounts: AccountService; events: EventService; shortcuts: SandboxShortcuts }) {}

  /** One page of the caller's applications, newest first, each with its current step. */
  async list(caller: Caller, status: string | undefined, after: string | undefined): Promise<{ data: ApplicationEntry[]; cursor?: string }> {
    const page = await this.services.applications.list(caller, { first: PAGE_SIZE, after, status });
    return { data: await Promise.all(page.data.map(async (application) => ({ application, state: await this.services.applicant.inspect(application.id) }))), cursor: page.cursor };
  }

  /** One page of the caller's accounts as GET /accounts lists them, the platform's own left out. */
  async accounts(caller: Caller, after: string | undefined): Promise<{ data: Account[]; cursor?: string }> {
    const page = await this.services.accounts.list(caller, { first: PAGE_SIZE, after });
    return { data: page.data.filter((account) => account.type === 'merchant'), cursor: page.cursor };
  }

  /** The application (404 unless the caller's, in its environment), its state and its events. */
  async application(caller: Caller, id: string): Promise<ApplicationDetail> {
    const application = await this.services.applications.get(caller, id);
    const state = await this.services.applicant.inspect(id);
    const events = await this.services.events.list(caller, { object_id: id, first: 100 });
    const next = await this.services.shortcuts.nextSteps(caller, 'applications', id);
    return { application, state, events: events.data, ...(next ? { next } : {}) };
  }

  /** A document of the caller's application: 404 for another platform's or environment's application, or a document of another application. */
  async document(caller: Caller, id: string, documentId: string): Promise<DocumentContent> {
    await this.services.applications.get(caller, id);
    return this.services.applicant.documentContent(id, documentId);
  }

  /** What POST /applications would refuse in this body, every field at once. */
  problems(caller: Caller, body: unknown): FieldError[] {
    const schema = validateInitiate(body) ? [] : (validateInitiate.errors ?? []);
    return [...fieldErrors([...schema, ...textErrors(body)]), ...urlsProblems(caller.environment, body), ...this.services.applications.bodyProblems(body)];
  }

  /** The same call as POST /applications: the application, its merchant account and its onboarding link. */
  initiate(caller: Caller, body: InitiateApplication): Promise<ApplicationCreated> {
    return this.services.applications.initiate(caller, body);
  }

  /** The same call as POST /applications/{id}/link: a new link, the previous one stops working. */
  newLink(caller: Caller, id: string): Promise<ApplicationCreated> {
    return this.services.applications.newLink(caller, id);
  }

  /** The sandbox's controls are not found in live, as the API's are not. */
  sandboxOnly(caller: Caller, id: string): void {
    if (caller.environment !== 'sandbox') throw notFound(`Application ${id}`);
  }

  /** The same call as POST /simulations/applications/{id}/decision (sandbox only). */
  decide(caller: Caller, id: string, outcome: DecisionOutcome): Promise<Application> {
    this.sandboxOnly(caller, id);
    return this.services.applications.forceDecision(caller, id, outcome);
  }
}
