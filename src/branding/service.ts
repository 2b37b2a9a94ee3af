import type { Kysely } from 'kysely';
import type { Caller } from '../core/auth.js';
import type { Clock } from '../core/clock.js';
import type { Db, Tables } from '../core/db.js';
import { invalidFields, notFound } from '../core/errors.js';
import type { BlobStore } from '../documents/blob-store.js';
import { findDocument } from '../documents/repository.js';
import { contrastReport } from './palette.js';
import * as repo from './repository.js';
import { MAX_LOGO_BYTES, type Branding, type BrandingFormat, type BrandingUpdate } from './schemas.js';

type Tenant = Pick<Caller, 'platformId' | 'environment'>;

/** A brand as the pages show it. */
export interface Brand {
  name: string;
  primary: string;
  secondary: string;
  logoUrl: string | null;
}

/** The two brands of a payment page, its format and which of them leads (names the header, colours the page). */
export interface PageBrands {
  format: BrandingFormat;
  platform: Brand;
  merchant: Brand;
  /** Whether the merchant set colours or a logo: a merchant_primary page shows its brand only then. */
  merchantHasOwnLook: boolean;
  shown: 'platform' | 'merchant';
}

const DEFAULT_FORMAT: BrandingFormat = 'merchant_primary';

/** Thrown to end a preview's transaction: what it wrote is never kept. */
const ROLLBACK = Symbol('preview rolled back');

/** Where the pages load a logo from: this server, without a token (only logos a branding shows are served). */
export function logoUrl(documentId: string | null | undefined): string | null {
  return documentId ? `/brand-logos/${documentId}` : null;
}

/** The platform's brand in the environment: what its account set over the platform's name and colours. */
export async function platformBrand(db: Db, tenant: Tenant): Promise<Brand & { format: BrandingFormat }> {
  const { platform, own } = await repo.platformBranding(db, tenant);
  return {
    name: own?.name ?? platform.name,
    primary: own?.primary_color ?? platform.primary_color,
    secondary: own?.secondary_color ?? platform.secondary_color,
    logoUrl: logoUrl(own?.logo_document_id),
    format: own?.format ?? DEFAULT_FORMAT,
  };
}

/**
 * The brands of a page paid to a merchant (its account, if the payment names one, and the name it
 * goes by, if known): the merchant's name, colours and format default to the platform's. A
 * merchant_primary page shows the merchant once it set colours or a logo of its own.
 */
export async function pageBrands(db: Db, tenant: Tenant, merchant: { accountId?: string; name?: string }): Promise<PageBrands> {
  const platform = await platformBrand(db, tenant);
  const own = merchant.accountId ? await repo.merchantBranding(db, tenant.environment, merchant.accountId) : undefined;
  const format = own?.format ?? platform.format;
  const merchantHasOwnLook = Boolean(own && (own.primary_color || own.secondary_color || own.logo_document_id));
  return {
    format,
    platform: { name: platform.name, primary: platform.primary, secondary: platform.secondary, logoUrl: platform.logoUrl },
    merchant: {
      name: own?.name ?? merchant.name ?? platform.name,
      primary: own?.primary_color ?? platform.primary,
      secondary: own?.secondary_color ?? platform.secondary,
      logoUrl: logoUrl(own?.logo_document_id),
    },
    merchantHasOwnLook,
    shown: shownBrand(format, merchantHasOwnLook),
  };
}

/** Which brand a page of this format leads with, given whether the merchant set colours or a logo of its own. */
export function shownBrand(format: BrandingFormat, merchantHasOwnLook: boolean): PageBrands['shown'] {
  return format === 'merchant_primary' && merchantHasOwnLook ? 'merchant' : 'platform';
}

export class BrandingService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
  ) {}

  async get(caller: Caller, accountId: string): Promise<Branding> {
    return this.read(this.db, caller, accountId);
  }

  /** Changes the members given (null: back to what is inherited) and answers the branding as it is now. */
  async update(caller: Caller, accountId: string, update: BrandingUpdate): Promise<Branding> {
    return this.db.transaction().execute((trx) => this.apply(trx, caller, accountId, update));
  }

  private async apply(trx: Db, caller: Caller, accountId: string, update: BrandingUpdate): Promise<Branding> {
    const account = await repo.findAccountBranding(trx, caller, accountId);
    if (!account) throw notFound(`Account ${accountId}`);
    if (update.logo_document_id) await this.checkLogo(trx, caller, update.logo_document_id);
    const keep = <T>(given: T | undefined, current: T) => (given === undefined ? current : given);
    await repo.saveBranding(trx, {
      environment: caller.environment,
      account_id: accountId,
      platform_id: caller.platformId,
      name: keep(update.name, account.name),
      primary_color: keep(update.colors?.primary, account.primary_color),
      secondary_color: keep(update.colors?.secondary, account.secondary_color),
      format: keep(update.format, account.format),
      logo_document_id: keep(update.logo_document_id, account.logo_document_id),
      updated_at: this.clock.now(),
    });
    return this.read(trx, caller, accountId);
  }

  /**
   * What an update would make of the account's branding and of its payment page, without keeping
   * it: the same update, rolled back. A platform's page is previewed without a merchant of its own.
   */
  async preview(caller: Caller, accountId: string, update: BrandingUpdate): Promise<{ branding: Branding; page: PageBrands }> {
    let previewed: { branding: Branding; page: PageBrands } | undefined;
    await this.db
      .transaction()
      .execute(async (trx) => {
        const branding = await this.apply(trx, caller, accountId, update);
        const account = await repo.findAccountBranding(trx, caller, accountId);
        const merchant = account?.type === 'merchant' ? { accountId, name: branding.name } : {};
        previewed = { branding, page: await pageBrands(trx, caller, merchant) };
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    return previewed!;
  }

  /** A company_logo document of the tenant, for the dashboard's preview of a logo not yet shown. */
  async tenantLogo(caller: Caller, documentId: string): Promise<{ contentType: string; bytes: Buffer }> {
    const document = await findDocument(this.db, caller, documentId);
    if (!document || document.type !== 'company_logo') throw notFound(`Logo ${documentId}`);
    return { contentType: document.content_type, bytes: await this.blobs.get(document.blob_key) };
  }

  /** A logo some branding shows, for the pages: its bytes and type, or 404. */
  async logo(documentId: string): Promise<{ contentType: string; bytes: Buffer }> {
    const document = await repo.findShownLogo(this.db, documentId);
    if (!document) throw notFound(`Logo ${documentId}`);
    return { contentType: document.content_type, bytes: await this.blobs.get(document.blob_key) };
  }

  private async checkLogo(db: Db, tenant: Tenant, documentId: string): Promise<void> {
    const document = await findDocument(db, tenant, documentId);
    const problem = !document
      ? 'names no document of this environment'
      : document.type !== 'company_logo'
        ? 'must be a company_logo document'
        : document.size > MAX_LOGO_BYTES
          ? `must be a logo of at most ${MAX_LOGO_BYTES / 1024} KB`
          : undefined;
    if (problem) throw invalidFields([{ pointer: '/logo_document_id', code: 'logo_unusable', detail: problem, params: { limit: MAX_LOGO_BYTES / 1024 } }]);
  }

  private async read(db: Db, tenant: Tenant, accountId: string): Promise<Branding> {
    const account = await repo.findAccountBranding(db, tenant, accountId);
    if (!account) throw notFound(`Account ${accountId}`);
    const { platform, own } = await repo.platformBranding(db, tenant);
    const platformColors = { primary: platform.primary_color, secondary: platform.secondary_color };
    const inherited =
      account.type === 'platform'
        ? { name: platform.name, ...platformColors, format: DEFAULT_FORMAT }
        : {
            name: account.display_name,
            primary: own?.primary_color ?? platformColors.primary,
            secondary: own?.secondary_color ?? platformColors.secondary,
            format: own?.format ?? DEFAULT_FORMAT,
          };
    const primary = account.primary_color ?? inherited.primary;
    const secondary = account.secondary_color ?? inherited.secondary;
    const unset = {
      name: account.name,
      'colors.primary': account.primary_color,
      'colors.secondary': account.secondary_color,
      format: account.format,
      logo: account.logo_document_id,
    };
    return {
      account_id: account.id,
      name: account.name ?? inherited.name,
      colors: { primary, secondary },
      format: account.format ?? inherited.format,
      logo: account.logo_document_id ? { document_id: account.logo_document_id, url: logoUrl(account.logo_document_id)! } : null,
      inherited: (Object.keys(unset) as (keyof typeof unset)[]).filter((key) => unset[key] === null || unset[key] === undefined),
      contrast_adjustments: contrastReport(primary, secondary),
    };
  }
}
