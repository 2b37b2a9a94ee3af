import { isSEPACountry } from 'ibantools';
import { maskIban } from '../core/formats.js';
import { createHash } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { BlobStore } from '../documents/blob-store.js';
import type { MultipartInput } from '../documents/upload-body.js';
import type { DocumentContent } from '../documents/service.js';
import type { ApplicationsTable, Db, Tables } from '../core/db.js';
import type { EnvironmentClock } from '../core/clock.js';
import type { Config, Environment } from '../core/config.js';
import { ApiError, invalidFields, notFound, type FieldError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { EventType, Outbox } from '../events/outbox.js';
import { fieldConfiguration, findBusinessStructure, businessTypesFor, type BusinessType, type FieldConfiguration, type StructureDefinition } from '../reference/service.js';
import * as repo from './repository.js';
import { tokenHash } from '../core/encryption.js';
import { businessProfileProblems, checkIban, normaliseBusinessProfile, personProblems } from './rules.js';
import type {
  ApplicantDetails,
  ApplicationState,
  BusinessProfileBody,
  BusinessTypeBody,
  ConfirmApplicant,
  DocumentResult,
  PayoutAccountBody,
  RepresentativeBody,
  RepresentativeResult,
} from './schemas.js';
import type { Compliance } from './compliance.js';
import { checkUpload, presentDocument } from './documents.js';
import { applicationOfToken } from './tokens.js';
import { APPLICATION_PATH, linksOf, missingStep, stepPath, workflowOf, type Progress, type StepName } from './workflow.js';
import { platformBrand } from '../branding/service.js';

interface BusinessChoice {
  type: BusinessType;
  structure: string;
  country_code: string;
}

type Patch = Updateable<ApplicationsTable>;

/** What a step does to the locked application: the columns it changes, after its own checks. */
type StepChange = (trx: Db, application: repo.ApplicationRow, now: Date) => Promise<Patch>;

function throwIfAny(errors: FieldError[]): void {
  if (errors.length > 0) throw invalidFields(errors);
}

function progressOf(application: repo.ApplicationRow, representatives: number): Progress {
  return {
    applicantConfirmed: application.applicant_confirmed_at !== null,
    applicantDetails: application.applicant_details !== null,
    businessType: (application.business_type as BusinessChoice | null)?.type ?? null,
    businessProfile: application.business_profile !== null,
    representatives,
    representativesConfirmed: application.representatives_confirmed_at !== null,
    payoutAccount: application.payout_account !== null,
    submitted: application.submitted_at !== null,
  };
}

function structureOf(application: repo.ApplicationRow): { choice: BusinessChoice; structure: StructureDefinition } {
  const choice = application.business_type as unknown as BusinessChoice;
  return { choice, structure: findBusinessStructure(choice.country_code, choice.type, choice.structure)! };
}

/**
 * The hosted onboarding steps, authorized by the onboarding token. Every change locks the
 * application, refuses a step whose prerequisites are missing (409 naming the step) or an
 * application already submitted (409), and answers the application state after the change.
 */
export class ApplicantService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly config: Config,
    private readonly clock: EnvironmentClock,
    private readonly outbox: Outbox,
    private readonly compliance: Compliance,
    private readonly blobs: BlobStore,
  ) {}

  /** Where the application a token opens lives, and its language (the wizard's sandbox signs follow them); nothing for an unknown token. */
  async pageContext(token: string): Promise<{ environment: Environment; language: string | null } | undefined> {
    const row = await repo.findToken(this.db, tokenHash(token));
    if (!row) return undefined;
    const application = await repo.findApplicationById(this.db, row.application_id);
    return { environment: row.environment, language: application.language };
  }

  /** The application an onboarding token opens; 401 if the token is unknown, revoked or expired. */
  authenticate(token: string): Promise<string> {
    return applicationOfToken(this.db, token, this.clock);
  }

  /** The application state; the first read is the applicant opening the page (application_started). */
  async read(id: string): Promise<ApplicationState> {
    return this.db.transaction().execute(async (trx) => {
      const application = await repo.lockApplication(trx, id);
      if (application.started_at === null) {
        const now = this.clock.now(application.environment, application.platform_id);
        await repo.updateApplication(trx, id, { started_at: now });
        await this.emit(trx, application, 'application_started', now);
      }
      return this.state(trx, application);
    });
  }

  /**
   * The application state without the applicant opening it (no application_started): for the
   * platform's dashboard, once the platform's own read (ApplicationService.get) found the application.
   */
  async inspect(id: string): Promise<ApplicationState> {
    return this.state(this.db, await repo.findApplicationById(this.db, id));
  }

  confirmApplicant(id: string, body: ConfirmApplicant): Promise<ApplicationState> {
    return this.change(id, 'app:confirm-applicant', async (_trx, _application, now) => ({
      applicant: { email: body.email, first_name: body.first_name, last_name: body.last_name },
      applicant_confirmed_at: now,
    }));
  }

  updateApplicant(id: string, body: ApplicantDetails): Promise<ApplicationState> {
    return this.change(id, 'app:applicant', async (_trx, _application, now) => {
      throwIfAny(personProblems(body, now));
      return { applicant_details: body };
    });
  }

  confirmBusinessType(id: string, body: BusinessTypeBody): Promise<ApplicationState> {
    return this.change(id, 'app:business-type', async (_trx, application) => {
      const options = businessTypesFor(body.country_code)!.items.find((item) => item.value === body.type)!.children;
      const structure = body.structure ?? options.default_value;
      if (!findBusinessStructure(body.country_code, body.type, structure)) {
        throw invalidFields([{ pointer: '/structure', code: 'not_one_of', detail: `must be one of ${options.items.map((item) => item.value).join(', ')} for ${body.type} in ${body.country_code}` }]);
      }
      const choice: BusinessChoice = { type: body.type, structure, country_code: body.country_code };
      const previous = application.business_type as BusinessChoice | null;
      const same = previous?.type === choice.type && previous.structure === choice.structure && previous.country_code === choice.country_code;
      // Another type, structure or country asks for other profile fields, and maybe for representatives: both are asked again.
      return same ? { business_type: { ...choice } } : { business_type: { ...choice }, business_profile: null, representatives_confirmed_at: null };
    });
  }

  updateBusinessProfile(id: string, body: BusinessProfileBody): Promise<ApplicationState> {
    return this.change(id, 'app:business-profile', async (trx, application) => {
      const { choice, structure } = structureOf(application);
      const profile = normaliseBusinessProfile(body, structure);
      throwIfAny(businessProfileProblems(profile, structure, choice.country_code));
      await repo.renameAccount(trx, application, profile.trading_name ?? profile.legal_name);
      return { business_profile: { ...profile, registered_address: { ...profile.registered_address, country: choice.country_code } } };
    });
  }

  async addRepresentative(id: string, body: RepresentativeBody): Promise<RepresentativeResult> {
    const representativeId = newId('rep');
    const state = await this.change(id, 'app:representatives', async (trx, _application, now) => {
      throwIfAny(personProblems(body, now));
      await repo.insertRepresentative(trx, { id: representativeId, application_id: id, status: 'awaiting_documents', details: body, created_at: now });
      // The list changed: the applicant confirms it again.
      return { representatives_confirmed_at: null };
    });
    const href = `${this.config.onboardingUrl}${stepPath('app:representatives')}/${representativeId}`;
    return { id: representativeId, status: 'awaiting_documents', workflow: state.workflow, _links: { self: { href, methods: ['PUT', 'DELETE'] }, ...state._links } };
  }

  /** Replaces a representative's details (the same body and rules as adding one); the list is confirmed again. */
  updateRepresentative(id: string, representativeId: string, body: RepresentativeBody): Promise<ApplicationState> {
    return this.change(id, 'app:representatives', async (trx, _application, now) => {
      throwIfAny(personProblems(body, now));
      if (!(await repo.updateRepresentative(trx, id, representativeId, body))) throw notFound(`Representative ${representativeId}`);
      return { representatives_confirmed_at: null };
    });
  }

  deleteRepresentative(id: string, representativeId: string): Promise<ApplicationState> {
    return this.change(id, 'app:representatives', async (trx) => {
      if (!(await repo.deleteRepresentative(trx, id, representativeId))) throw notFound(`Representative ${representativeId}`);
      return { representatives_confirmed_at: null };
    });
  }

  /**
   * An identity or application document. The bytes go to the blob store first and are removed
   * again if the application refuses the change (submitted) or the row cannot be written.
   */
  async uploadDocument(id: string, input: MultipartInput): Promise<DocumentResult> {
    const upload = await checkUpload(input);
    const documentId = newId('doc');
    const blobKey = `onboarding/${id}/${documentId}`;
    await this.blobs.put(blobKey, upload.bytes);
    let row: repo.ApplicationDocumentRow | undefined;
    let state: ApplicationState;
    try {
      state = await this.change(id, null, async (trx, _application, now) => {
        row = {
          id: documentId,
          application_id: id,
          type: upload.type,
          side: upload.side,
          filename: upload.filename,
          content_type: upload.contentType,
          size: upload.bytes.length,
          sha256: createHash('sha256').update(upload.bytes).digest('hex'),
          blob_key: blobKey,
          created_at: now,
        };
        await repo.insertDocument(trx, row);
        return {};
      });
    } catch (error) {
      await this.blobs.delete(blobKey);
      throw error;
    }
    const href = `${this.config.onboardingUrl}${APPLICATION_PATH}/documents/${documentId}`;
    return { ...presentDocument(row!), workflow: state.workflow, _links: { self: { href, methods: ['DELETE'] }, ...state._links } };
  }

  /** The bytes of a document of the application, so the applicant can look at what was uploaded (404 for another's). */
  async documentContent(id: string, documentId: string): Promise<DocumentContent> {
    const row = await repo.findDocument(this.db, id, documentId);
    if (!row) throw notFound(`Document ${documentId}`);
    return { filename: row.filename, contentType: row.content_type, bytes: await this.blobs.get(row.blob_key) };
  }

  /** Deletes a document of the application (404 for another's or an unknown one); its bytes go after the commit. */
  async deleteDocument(id: string, documentId: string): Promise<ApplicationState> {
    let blobKey: string | undefined;
    const state = await this.change(id, null, async (trx) => {
      blobKey = await repo.deleteDocument(trx, id, documentId);
      if (!blobKey) throw notFound(`Document ${documentId}`);
      return {};
    });
    if (blobKey) await this.blobs.delete(blobKey);
    return state;
  }

  confirmRepresentatives(id: string): Promise<ApplicationState> {
    return this.change(id, 'app:confirm-representatives', async (_trx, _application, now) => ({ representatives_confirmed_at: now }));
  }

  /** The payout account: a step before submit, and also after it while the bank refuses the account (a returned payout), so the merchant can be paid again. */
  updatePayoutAccount(id: string, body: PayoutAccountBody): Promise<ApplicationState> {
    const refusedAfterSubmit = (application: repo.ApplicationRow) => application.submitted_at !== null && application.payout_account_refused !== null;
    return this.change(id, 'app:payout-account', async (_trx, application) => {
      const errors: FieldError[] = [];
      const iban = checkIban(storedIbanIfMasked(body.account_number.value, application.payout_account as PayoutAccountBody | null));
      if ('problem' in iban) errors.push({ pointer: '/account_number/value', ...iban.problem });
      else if (body.currency === 'EUR' && !isSEPACountry(iban.iban.slice(0, 2))) errors.push({ pointer: '/account_number/value', code: 'iban_not_sepa', detail: 'must be an account in the SEPA area for payouts in EUR' });
      if (!application.currencies.includes(body.currency)) errors.push({ pointer: '/currency', code: 'currency_not_supported', detail: `must be one of the application's currencies: ${application.currencies.join(', ')}` });
      throwIfAny(errors);
      // A new account is no longer the one the bank refused.
      return { payout_account: { ...body, account_number: { type: 'iban', value: 'iban' in iban ? iban.iban : '' } }, payout_account_refused: null };
    }, refusedAfterSubmit);
  }

  submit(id: string): Promise<ApplicationState> {
    return this.change(id, 'app:submit', async (trx, application, now) => {
      await this.emit(trx, application, 'application_submitted', now);
      await this.compliance.schedule(trx, application, now);
      return { status: 'submitted', submitted_at: now };
    });
  }

  /** The dynamic fields of a step; only business-profile has any, from the chosen business type. */
  async fieldConfiguration(id: string, step: string): Promise<FieldConfiguration> {
    if (step !== 'business-profile') throw notFound(`A field configuration for the step ${step}`);
    const application = await repo.findApplicationById(this.db, id);
    const representatives = await repo.representativesOf(this.db, id);
    this.requireStep(application, representatives.length, 'app:field-configuration');
    return fieldConfiguration(structureOf(application).structure);
  }

  private requireStep(application: repo.ApplicationRow, representatives: number, step: StepName): void {
    const missing = missingStep(step, progressOf(application, representatives));
    if (missing) throw new ApiError('conflict', { detail: `The step ${missing} must be completed before ${step}` });
  }

  /**
   * A change of the application: by a step of the workflow (its prerequisites checked), or by null
   * for documents, which any time before submit may change. `reopens`: a submitted application the
   * step may still change (its status then stays).
   */
  private async change(id: string, step: StepName | null, run: StepChange, reopens: (application: repo.ApplicationRow) => boolean = () => false): Promise<ApplicationState> {
    return this.db.transaction().execute(async (trx) => {
      const application = await repo.lockApplication(trx, id);
      const reopened = reopens(application);
      if (application.submitted_at !== null && !reopened) throw new ApiError('conflict', { detail: `Application ${id} was submitted; it can no longer be changed` });
      if (step) this.requireStep(application, (await repo.representativesOf(trx, id)).length, step);
      const now = this.clock.now(application.environment, application.platform_id);
      const patch = await run(trx, application, now);
      // An application that needs action stays so, while the merchant changes it, until it is submitted again.
      const status = reopened ? application.status : application.status === 'action_required' ? 'action_required' : 'in_progress';
      await repo.updateApplication(trx, id, { status, ...patch, updated_at: now });
      return this.state(trx, await repo.lockApplication(trx, id));
    });
  }

  private async emit(trx: Db, application: repo.ApplicationRow, type: EventType, now: Date): Promise<void> {
    await this.outbox.record(trx, {
      environment: application.environment,
      platformId: application.platform_id,
      type,
      objectId: application.id,
      data: { id: application.id, merchant_id: application.merchant_id, reference: application.reference },
      occurredAt: now,
      destination: application.webhook_url,
    });
  }

  private async state(trx: Db, application: repo.ApplicationRow): Promise<ApplicationState> {
    const platform = await platformBrand(trx, { platformId: application.platform_id, environment: application.environment });
    const representatives = await repo.representativesOf(trx, application.id);
    const progress = progressOf(application, representatives.length);
    const business = application.business_type as BusinessChoice | null;
    return {
      id: application.id,
      status: application.status,
      language: application.language as ApplicationState['language'],
      platform: { name: platform.name, colors: { primary_color: platform.primary, secondary_color: platform.secondary }, logo_url: platform.logoUrl },
      applicant: { ...(application.applicant as ConfirmApplicant), ...(application.applicant_details as ApplicantDetails | null) },
      business: {
        type: business?.type ?? null,
        structure: business?.structure ?? null,
        country_code: business?.country_code ?? null,
        profile: (application.business_profile ?? application.business_prefill) as ApplicationState['business']['profile'],
      },
      representatives: representatives.map((row) => ({ ...(row.details as RepresentativeBody), id: row.id, status: row.status })),
      documents: (await repo.documentsOf(trx, application.id)).map(presentDocument),
      payout_account: maskedAccount(application.payout_account as PayoutAccountBody | null),
      currencies: application.currencies,
      workflow: workflowOf(progress),
      _links: linksOf(progress, this.config.onboardingUrl, application.redirect_url),
    };
  }
}

/** The payout account as answered: its IBAN masked (the applicant API may be read by whoever holds the link). */
function maskedAccount(account: PayoutAccountBody | null): PayoutAccountBody | null {
  return account && { ...account, account_number: { ...account.account_number, value: maskIban(account.account_number.value) } };
}

/** The masked IBAN the answer showed, sent back unchanged, keeps the stored one. */
function storedIbanIfMasked(value: string, stored: PayoutAccountBody | null): string {
  return stored && value === maskIban(stored.account_number.value) ? stored.account_number.value : value;
}
