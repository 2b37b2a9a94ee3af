import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import type { Clock } from '../core/clock.js';
import { invalidFields, notFound, textProblem, type FieldError, type FieldProblem } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { decide, UNKEYED, type Answer } from '../core/idempotency.js';
import type { Pager, PageRequest } from '../core/pagination.js';
import { formatDateTime } from '../core/time.js';
import type { BlobStore } from './blob-store.js';
import { baseMediaType, formatProblems } from './file-rules.js';
import * as repo from './repository.js';
import { DOCUMENT_TYPES, MAX_TAGS, MAX_TAG_LENGTH, TYPE_RULES, type Document, type DocumentType } from './schemas.js';

export interface UploadedFile {
  filename: string;
  /** The Content-Type the client declared for the file part. */
  contentType: string;
  bytes: Buffer;
}

/** An upload as the client sent it, before any check: every text part named type, the tags, the file part. */
export interface UploadInput {
  type: string[];
  tags: string[];
  file?: UploadedFile;
}

interface ValidUpload extends UploadedFile {
  type: DocumentType;
  tags: string[];
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What makes two uploads the same request (for Idempotency-Key): the fields and a digest of the file. */
export function uploadFingerprint(input: UploadInput) {
  const file = input.file && { filename: input.file.filename, content_type: input.file.contentType, sha256: sha256(input.file.bytes) };
  return { type: input.type, tags: input.tags, file: file ?? null };
}

export interface DocumentContent {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

function present(row: repo.DocumentRow): Document {
  return {
    id: row.id,
    type: row.type as DocumentType,
    filename: row.filename,
    content_type: row.content_type,
    uploaded_at: formatDateTime(row.uploaded_at),
    size: row.size,
    tags: row.tags,
  };
}

/** Control characters (C0, DEL, C1), and the bidirectional marks that make "gnp.exe" read as "exe.png". */
const UNSAFE_IN_FILENAMES = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const MAX_FILENAME_CHARACTERS = 255;

/**
 * Keeps what a file name means to a person and drops what could hurt: the base name only (no
 * path), without control characters or bidirectional marks; "." and ".." name no file ('').
 */
export function cleanFilename(filename: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(UNSAFE_IN_FILENAMES, '').trim();
  // Cut by code points, so that no surrogate pair is split.
  const name = Array.from(base).slice(0, MAX_FILENAME_CHARACTERS).join('');
  return name === '.' || name === '..' ? '' : name;
}

function isDocumentType(value: string | undefined): value is DocumentType {
  return DOCUMENT_TYPES.some((known) => known === value);
}

function typeProblem(values: string[]): FieldProblem | undefined {
  if (values.length === 0) return { code: 'required', detail: 'is required: a text part named type' };
  if (values.length > 1) return { code: 'given_twice', detail: 'must be given once' };
  return isDocumentType(values[0]) ? undefined : { code: 'not_one_of', detail: `must be one of ${DOCUMENT_TYPES.join(', ')}` };
}

function tagProblems(tags: string[]): FieldError[] {
  const errors: FieldError[] = tags.length > MAX_TAGS ? [{ pointer: '/tags', code: 'too_many_items', detail: `must have at most ${MAX_TAGS} items`, params: { limit: MAX_TAGS } }] : [];
  tags.forEach((tag, index) => {
    const pointer = `/tags/${index}`;
    if (tag.length === 0 || tag.length > MAX_TAG_LENGTH) {
      errors.push({ pointer, code: 'length_out_of_range', detail: `must be 1 to ${MAX_TAG_LENGTH} characters`, params: { min: 1, max: MAX_TAG_LENGTH } });
      return;
    }
    const problem = textProblem(tag);
    if (problem) errors.push({ pointer, code: 'invalid_text', detail: problem });
  });
  return errors;
}

/** What is wrong with the file: its name, its declared type against its bytes, and what the document type allows. */
export async function fileProblems(file: UploadedFile | undefined, type: DocumentType | undefined): Promise<string[]> {
  if (!file) return ['is required: a file part named file carrying the document'];
  const problems = file.filename ? await formatProblems(file.filename, file.contentType, file.bytes) : ['must carry a file name'];
  const rules = type && TYPE_RULES[type];
  if (rules && !rules.formats.includes(file.contentType)) problems.push(`a ${type} must be one of ${rules.formats.join(', ')}`);
  if (rules?.maxBytes !== undefined && file.bytes.length > rules.maxBytes) {
    problems.push(`a ${type} must be at most ${rules.maxBytes / (1024 * 1024)} MB`);
  }
  return problems;
}

/** The one error of the file part: missing, or each thing wrong with it. */
export function fileError(file: UploadedFile | undefined, problems: string[]): FieldError {
  return { pointer: '/file', code: file ? 'file_rejected' : 'required', detail: problems.join('; ') };
}

/** Checks every field at once, so that every bad field is listed in one answer. */
async function validate(input: UploadInput): Promise<ValidUpload> {
  const [first] = input.type;
  const type = input.type.length === 1 && isDocumentType(first) ? first : undefined;
  const file = input.file && { filename: cleanFilename(input.file.filename), contentType: baseMediaType(input.file.contentType), bytes: input.file.bytes };
  const typeError = typeProblem(input.type);
  const fileErrors = await fileProblems(file, type);
  const errors: FieldError[] = [
    ...(typeError ? [{ pointer: '/type', ...typeError }] : []),
    ...tagProblems(input.tags),
    ...(fileErrors.length > 0 ? [fileError(file, fileErrors)] : []),
  ];
  if (errors.length > 0 || !type || !file) {
    throw invalidFields(errors, 'upload');
  }
  return { type, tags: input.tags, ...file };
}

export class DocumentService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly blobs: BlobStore,
    private readonly pager: Pager,
    private readonly clock: Clock,
  ) {}

  async upload(caller: Caller, input: UploadInput, answer: Answer<{ id: string }> = UNKEYED): Promise<{ id: string }> {
    const upload = await validate(input);
    const id = newId('doc');
    const blobKey = `documents/${caller.environment}/${id}`;
    await this.blobs.put(blobKey, upload.bytes);
    const now = this.clock.now();
    try {
      return await decide(this.db, answer, async (trx) => {
        await repo.insertDocument(trx, {
          id,
          environment: caller.environment,
          platform_id: caller.platformId,
          type: upload.type,
          filename: upload.filename,
          content_type: upload.contentType,
          size: upload.bytes.length,
          sha256: sha256(upload.bytes),
          tags: upload.tags,
          blob_key: blobKey,
          uploaded_at: now,
          created_at: now,
        });
        return { id };
      });
    } catch (error) {
      await this.blobs.delete(blobKey);
      throw error;
    }
  }

  async get(caller: Caller, id: string): Promise<Document> {
    return present(await this.find(caller, id));
  }

  async content(caller: Caller, id: string): Promise<DocumentContent> {
    const row = await this.find(caller, id);
    return { filename: row.filename, contentType: row.content_type, bytes: await this.blobs.get(row.blob_key) };
  }

  list(caller: Caller, query: PageRequest & { type?: DocumentType }) {
    const list = `documents:${caller.environment}:${caller.platformId}:${query.type ?? ''}`;
    return this.pager.page(list, query, (limit, after) => repo.listDocuments(this.db, caller, { type: query.type }, limit, after), present);
  }

  private async find(caller: Caller, id: string): Promise<repo.DocumentRow> {
    const row = await repo.findDocument(this.db, caller, id);
    if (!row) throw notFound(`Document ${id}`);
    return row;
  }
}
