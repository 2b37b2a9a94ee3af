import { Ajv } from 'ajv';
import type { AccountService } from '../../accounts/service.js';
import type { Account } from '../../accounts/schemas.js';
import { BrandingUpdate, type Branding } from '../../branding/schemas.js';
import type { BrandingService, PageBrands } from '../../branding/service.js';
import type { Caller } from '../../core/auth.js';
import { ApiError, fieldErrors, textErrors, type FieldError } from '../../core/errors.js';
import { AJV_FORMATS } from '../../core/formats.js';
import type { Document } from '../../documents/schemas.js';
import type { DocumentService } from '../../documents/service.js';
import type { BrandingFields } from './schemas.js';

/** The accounts and logos a form offers: the platform's first, then its merchants, newest first. */
const LISTED = 100;

/** PATCH /accounts/{id}/branding's body, checked as the API checks it. */
const validateUpdate = new Ajv({ allErrors: true, strict: false, coerceTypes: false, formats: AJV_FORMATS }).compile(BrandingUpdate);

/** What the form asks for: a field left empty returns the member to what it inherits. */
export function updateOf(fields: BrandingFields): Record<string, unknown> {
  const value = (text: string | undefined) => (text ? text.trim() || null : null);
  return {
    name: value(fields.name),
    colors: { primary: value(fields.primary), secondary: value(fields.secondary) },
    format: value(fields.format),
    logo_document_id: value(fields.logo),
  };
}

export interface BrandingScreen {
  accounts: Account[];
  logos: Document[];
  account: Account;
  /** As saved, or as the draft would make it. */
  branding: Branding;
  page: PageBrands;
  errors: FieldError[];
}

/**
 * The branding area through the API's services: the accounts (GET /accounts), their branding
 * (GET /accounts/{id}/branding), the company_logo documents (GET /v2/documents?type=company_logo)
 * and a change with the same call as PATCH /accounts/{id}/branding; a preview is that call rolled back.
 */
export class DashboardBranding {
  constructor(private readonly services: { accounts: AccountService; branding: BrandingService; documents: DocumentService }) {}

  /** The account's branding as saved (fields undefined), or as the fields would make it: invalid fields are named and left out. */
  async screen(caller: Caller, accountId: string | undefined, fields?: BrandingFields): Promise<BrandingScreen> {
    const accounts = (await this.services.accounts.list(caller, { first: LISTED })).data.sort((a, b) => Number(b.type === 'platform') - Number(a.type === 'platform'));
    const account = accountId ? await this.services.accounts.get(caller, accountId) : accounts[0];
    if (!account) throw new ApiError('not_found', { detail: 'This environment has no accounts yet' });
    const logos = (await this.services.documents.list(caller, { type: 'company_logo', first: LISTED })).data;
    const { update, errors } = fields ? this.checked(fields) : { update: {}, errors: [] };
    try {
      const { branding, page } = await this.services.branding.preview(caller, account.id, update);
      return { accounts, logos, account, branding, page, errors };
    } catch (error) {
      if (!(error instanceof ApiError) || !error.options.errors) throw error;
      const { branding, page } = await this.services.branding.preview(caller, account.id, { ...update, logo_document_id: undefined });
      return { accounts, logos, account, branding, page, errors: [...errors, ...error.options.errors] };
    }
  }

  /** Saves the fields (PATCH /accounts/{id}/branding); answers the errors that kept it from saving. */
  async save(caller: Caller, accountId: string, fields: BrandingFields): Promise<FieldError[]> {
    const { update, errors } = this.checked(fields);
    if (errors.length > 0) return errors;
    try {
      await this.services.branding.update(caller, accountId, update);
      return [];
    } catch (error) {
      if (error instanceof ApiError && error.options.errors) return error.options.errors;
      throw error;
    }
  }

  tenantLogo(caller: Caller, documentId: string) {
    return this.services.branding.tenantLogo(caller, documentId);
  }

  /** The update of the fields, without the members the API's schema refuses (and those errors). */
  private checked(fields: BrandingFields): { update: BrandingUpdate; errors: FieldError[] } {
    const body = updateOf(fields);
    const errors = fieldErrors([...(validateUpdate(body) ? [] : (validateUpdate.errors ?? [])), ...textErrors(body)]);
    const refused = (pointer: string) => errors.some((error) => error.pointer === pointer);
    const colors = body.colors as Record<string, string | null>;
    const update: BrandingUpdate = {
      ...(refused('/name') ? {} : { name: body.name as string | null }),
      colors: {
        ...(refused('/colors/primary') ? {} : { primary: colors.primary }),
        ...(refused('/colors/secondary') ? {} : { secondary: colors.secondary }),
      },
      format: body.format as BrandingUpdate['format'],
      logo_document_id: body.logo_document_id as string | null,
    };
    return { update, errors };
  }
}
