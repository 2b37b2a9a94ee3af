import { Type, type Static } from 'typebox';
import { DateTime, StringEnum } from '../core/formats.js';
import { idPattern } from '../core/ids.js';
import { Page, PageQuery } from '../core/pagination.js';
import { FILE_FORMATS } from './file-rules.js';

/**
 * Document kinds. The specification shows company_logo; the onboarding kinds are those of the
 * hosted onboarding uploads; other is any supported file.
 */
export const DOCUMENT_TYPES = [
  'company_logo',
  'passport',
  'id',
  'driving_license',
  'selfie_with_id',
  'company_registration',
  'bank_account_proof',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const IMAGE = ['image/png', 'image/jpeg', 'image/svg+xml'];
const ONBOARDING = ['image/jpeg', 'image/png', 'application/pdf'];
/** The largest onboarding file (decisions §6). */
export const ONBOARDING_MAX_BYTES = 4 * 1024 * 1024;

/** What each kind accepts: the type decides which formats and sizes are valid. */
export const TYPE_RULES: Record<DocumentType, { formats: readonly string[]; maxBytes?: number }> = {
  company_logo: { formats: IMAGE },
  passport: { formats: ONBOARDING, maxBytes: ONBOARDING_MAX_BYTES },
  id: { formats: ONBOARDING, maxBytes: ONBOARDING_MAX_BYTES },
  driving_license: { formats: ONBOARDING, maxBytes: ONBOARDING_MAX_BYTES },
  selfie_with_id: { formats: ONBOARDING, maxBytes: ONBOARDING_MAX_BYTES },
  company_registration: { formats: ONBOARDING, maxBytes: ONBOARDING_MAX_BYTES },
  bank_account_proof: { formats: ONBOARDING, maxBytes: ONBOARDING_MAX_BYTES },
  other: { formats: Object.keys(FILE_FORMATS) },
};

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

export const DocumentId = Type.String({ pattern: idPattern('doc') });

export const Document = Type.Object({
  id: DocumentId,
  type: StringEnum(DOCUMENT_TYPES),
  filename: Type.String(),
  content_type: Type.String(),
  uploaded_at: DateTime(),
  size: Type.Integer({ description: 'Bytes' }),
  tags: Type.Array(Type.String()),
});
export type Document = Static<typeof Document>;

export const DocumentCreated = Type.Object({ id: DocumentId });

/** Described for the OpenAPI document; the multipart body is read part by part by the route. */
export const UploadBody = Type.Object({
  type: StringEnum(DOCUMENT_TYPES, { description: 'The kind of document; decides which files are accepted' }),
  file: Type.String({ format: 'binary', description: 'The file; its part Content-Type must match its format' }),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: MAX_TAG_LENGTH }), { maxItems: MAX_TAGS })),
});

export const DocumentParams = Type.Object({ document_id: Type.String() });
export const DocumentListQuery = PageQuery({ type: Type.Optional(StringEnum(DOCUMENT_TYPES)) });
export const DocumentPage = Page(Document);
