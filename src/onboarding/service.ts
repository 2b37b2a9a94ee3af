import type { Kysely } from 'kysely';
import type { Db, Tables } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import type { EnvironmentClock } from '../core/clock.js';
import { audienceOf, type Config } from '../core/config.js';
import { notFound, type FieldError } from '../core/errors.js';
import { valueAt } from '../core/body-rules.js';
import { newId } from '../core/ids.js';
import { decide, UNKEYED, type Answer } from '../core/idempotency.js';
import type { Pager, PageRequest } from '../core/pagination.js';
import { formatDateTime } from '../core/time.js';
import * as repo from './repository.js';
import type { Compliance } from './compliance.js';
import type { Application, ApplicationCreated, DecisionOutcome, InitiateApplication } from './schemas.js';
import { issueToken } from './tokens.js';
import { prefillProblems } from './rules.js';

/** Applications as the platform sees them: initiation, reading, listing and new onboarding links. */
export class ApplicationService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly config: Config,
    private readonly pager: Pager,
    private readonly clock: EnvironmentClock,
    private readonly compliance: Compliance,
  ) {}

  /** The body rules of POST /applications (core/body-rules): the currencies this deployment supports, and the prefilled postcode. */
  bodyProblems(body: unknown): FieldError[] {
    return [...this.currencyProblems(body), ...prefillProblems(body)];
  }

  private currencyProblems(body: unknown): FieldError[] {
    const currencies = valueAt(body, 'currencies');
    if (!Array.isArray(currencies)) return [];
    const { supportedCurrencies } = this.config;
    return currencies.flatMap((currency, index) =>
      typeof currency === 'string' && !supportedCurrencies.includes(currency) ? [{ pointer: `/currencies/${index}`, code: 'currency_not_supported' as const, detail: `is not supported; supported: ${supportedCurrencies.join(', ')}` }] : [],
    );
  }

  async initiate(caller: Caller, request: InitiateApplication, answer: Answer<ApplicationCreated> = UNKEYED): Promise<ApplicationCreated> {
    const now = this.clock.now(caller.environment, caller.platformId);
    const id = newId('app');
    const merchantId = newId('acc');
    const { applicant } = request;
    const prefill = request.business?.profile;
    return decide(this.db, answer, async (trx) => {
      await repo.insertApplication(
        trx,
        { environment: caller.environment, id: merchantId, platform_id: caller.platformId, type: 'merchant', display_name: prefill?.legal_name ?? `${applicant.first_name} ${applicant.last_name}`, created_at: now },
        {
          id,
          environment: caller.environment,
          platform_id: caller.platformId,
          merchant_id: merchantId,
          reference: request.reference ?? null,
          status: 'initiated',
          language: request.language ?? 'en',
          currencies: request.currencies ?? this.config.supportedCurrencies,
          redirect_url: request.urls?.redirect ?? null,
          webhook_url: request.urls?.webhook ?? null,
          applicant: { email: applicant.email, first_name: applicant.first_name, last_name: applicant.last_name },
          applicant_details: null,
          business_prefill: prefill ?? null,
          business_type: null,
          business_profile: null,
          payout_account: null,
          applicant_confirmed_at: null,
          representatives_confirmed_at: null,
          started_at: null,
          submitted_at: null,
          decided_at: null,
          created_at: now,
          updated_at: now,
        },
      );
      const link = await this.onboardingLink(trx, id, now);
      return { id, reference: request.reference ?? null, merchant_id: merchantId, _links: { onboarding: link } };
    });
  }

  /** A new onboarding link; the previous token stops working at once. */
  async newLink(caller: Caller, id: string, answer: Answer<ApplicationCreated> = UNKEYED): Promise<ApplicationCreated> {
    const application = await this.find(caller, id);
    return decide(this.db, answer, async (trx) => {
      await repo.lockApplication(trx, id); // links asked for at once replace each other one at a time: one stays live
      const link = await this.onboardingLink(trx, id, this.clock.now(caller.environment, caller.platformId));
      return { id, reference: application.reference, merchant_id: application.merchant_id, _links: { onboarding: link } };
    });
  }

  /** Sandbox only: the compliance outcome now, instead of an hour after submit. */
  async forceDecision(caller: Caller, id: string, outcome: DecisionOutcome, answer: Answer<Application> = UNKEYED): Promise<Application> {
    await this.find(caller, id);
    return decide(this.db, answer, async (trx) => {
      const application = await repo.lockApplication(trx, id);
      await this.compliance.force(trx, application, outcome, this.clock.now(caller.environment, caller.platformId));
      return this.present(await repo.findApplicationById(trx, id));
    });
  }

  async get(caller: Caller, id: string): Promise<Application> {
    return this.present(await this.find(caller, id));
  }

  list(caller: Caller, query: PageRequest & repo.ApplicationFilter) {
    const list = `applications:${caller.environment}:${caller.platformId}:${query.status ?? ''}:${query.reference ?? ''}`;
    return this.pager.page(list, query, (limit, after) => repo.listApplications(this.db, caller, query, limit, after), (row) => this.present(row));
  }

  private async onboardingLink(trx: Db, id: string, now: Date) {
    const { token, expiresAt } = await issueToken(trx, id, now);
    return { href: `${this.config.onboardingUrl}/onboarding?token=${token}`, expires_at: formatDateTime(expiresAt) };
  }

  private async find(caller: Caller, id: string): Promise<repo.ApplicationRow> {
    const application = await repo.findApplication(this.db, caller, id);
    if (!application) throw notFound(`Application ${id}`);
    return application;
  }

  private present(row: repo.ApplicationRow): Application {
    const applicant = row.applicant as Application['applicant'];
    return {
      id: row.id,
      status: row.status,
      reference: row.reference,
      merchant_id: row.merchant_id,
      language: row.language as Application['language'],
      currencies: row.currencies,
      applicant: { first_name: applicant.first_name, last_name: applicant.last_name, email: applicant.email },
      urls: { redirect: row.redirect_url, webhook: row.webhook_url },
      created_at: formatDateTime(row.created_at),
      started_at: row.started_at ? formatDateTime(row.started_at) : null,
      submitted_at: row.submitted_at ? formatDateTime(row.submitted_at) : null,
      decided_at: row.decided_at ? formatDateTime(row.decided_at) : null,
      _links: { self: { href: `${audienceOf(this.config, row.environment)}/applications/${row.id}` } },
    };
  }
}
