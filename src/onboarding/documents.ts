import { invalidFields, type FieldError, type FieldProblem } from '../core/errors.js';
import { baseMediaType } from '../documents/file-rules.js';
import { cleanFilename, fileError, fileProblems, type UploadedFile } from '../documents/service.js';
import type { MultipartInput } from '../documents/upload-body.js';
import { formatDateTime } from '../core/time.js';
import type { ApplicationDocumentRow } from './repository.js';
import {
  APPLICANT_DOCUMENT_TYPES,
  DOCUMENT_SIDES,
  ONBOARDING_DOCUMENT_TYPES,
  type DocumentSide,
  type OnboardingDocument,
  type OnboardingDocumentType,
} from './schemas.js';

/** The text parts of an onboarding upload: the kind may be named type or purpose (decisions section 8). */
export const ONBOARDING_UPLOAD_FIELDS = { type: 'type', purpose: 'purpose', side: 'side' };

export interface ValidDocument extends UploadedFile {
  type: OnboardingDocumentType;
  side: DocumentSide | null;
}

const isKind = (value: string | undefined): value is OnboardingDocumentType => ONBOARDING_DOCUMENT_TYPES.some((kind) => kind === value);
const isSide = (value: string | undefined): value is DocumentSide => DOCUMENT_SIDES.some((side) => side === value);
const hasSide = (kind: OnboardingDocumentType) => APPLICANT_DOCUMENT_TYPES.some((applicantKind) => applicantKind === kind);

function kindOf(input: MultipartInput): { kind?: OnboardingDocumentType; error?: FieldError } {
  const given: { pointer: string; value: string }[] = [
    ...(input.fields.type ?? []).map((value) => ({ pointer: '/type', value })),
    ...(input.fields.purpose ?? []).map((value) => ({ pointer: '/purpose', value })),
  ];
  const [first, second] = given;
  if (!first) return { error: { pointer: '/type', code: 'required', detail: 'is required: a text part named type (or purpose)' } };
  if (second) return { error: { pointer: second.pointer, code: 'given_twice', detail: 'the kind must be given once, as type or as purpose' } };
  return isKind(first.value) ? { kind: first.value } : { error: { pointer: first.pointer, code: 'not_one_of', detail: `must be one of ${ONBOARDING_DOCUMENT_TYPES.join(', ')}` } };
}

function sideProblem(kind: OnboardingDocumentType | undefined, sides: string[]): FieldProblem | undefined {
  if (kind && !hasSide(kind)) return sides.length > 0 ? { code: 'not_allowed', detail: `only ${APPLICANT_DOCUMENT_TYPES.join(', ')} have a side` } : undefined;
  if (sides.length === 0) return kind ? { code: 'required', detail: `is required for a ${kind}: front or back` } : undefined;
  if (sides.length > 1) return { code: 'given_twice', detail: 'must be given once' };
  return isSide(sides[0]) ? undefined : { code: 'not_one_of', detail: `must be one of ${DOCUMENT_SIDES.join(', ')}` };
}

/**
 * Checks an onboarding upload all at once, with the documents area's file rules: the kind decides
 * the formats (JPEG, PNG, PDF by content, matching the part's Content-Type and the file name) and
 * the size (at most 4 MB).
 */
export async function checkUpload(input: MultipartInput): Promise<ValidDocument> {
  const { kind, error } = kindOf(input);
  const sides = input.fields.side ?? [];
  const side = sideProblem(kind, sides);
  const file = input.file && { filename: cleanFilename(input.file.filename), contentType: baseMediaType(input.file.contentType), bytes: input.file.bytes };
  const problems = await fileProblems(file, kind);
  const errors: FieldError[] = [
    ...(error ? [error] : []),
    ...(side ? [{ pointer: '/side', ...side }] : []),
    ...(problems.length > 0 ? [fileError(file, problems)] : []),
  ];
  if (errors.length > 0 || !kind || !file) {
    throw invalidFields(errors, 'upload');
  }
  const [given] = sides;
  return { ...file, type: kind, side: hasSide(kind) && isSide(given) ? given : null };
}

export function presentDocument(row: ApplicationDocumentRow): OnboardingDocument {
  return {
    id: row.id,
    type: row.type as OnboardingDocumentType,
    side: row.side,
    filename: row.filename,
    content_type: row.content_type,
    size: row.size,
    uploaded_at: formatDateTime(row.created_at),
  };
}
