import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../core/db.js';
import type { Caller } from '../core/auth.js';
import type { Clock } from '../core/clock.js';
import { ApiError, notFound, type FieldError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { Pager, PageRequest } from '../core/pagination.js';
import { formatDateTime } from '../core/time.js';
import type { BlobStore } from './blob-store.js';
import { baseMediaType, fileProblems } from './file-rules.js';
import * as repo from './repository.js';
import { DOCUMENT_TYPES, MAX_TAGS, MAX_TAG_LENGTH, TYPE_RULES, type Document, type DocumentType } from './schemas.js';

export interface UploadInput {
  type?: string;
  tags: string[];
  file?: { filename: string; contentType: string; bytes: Buffer };
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

/** Keeps what a file name means to a person and drops what could hurt: paths and control characters. */
export function cleanFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
}

export class DocumentService {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly blobs: BlobStore,
    private readonly pager: Pager,
    private readonly clock: Clock,
  ) {}

  private async validate(input: UploadInput): Promise<{ type: DocumentType; filename: string; contentType: string; bytes: Buffer }> {
    const errors: FieldError[] = [];
    const type = DOCUMENT_TYPES.find((known) => known === input.type);
    if (input.type === undefined) errors.push({ pointer: '/type', detail: 'is required' });
    else if (!type) errors.push({ pointer: '/type', detail: `must be one of ${DOCUMENT_TYPES.join(', ')}` });
    if (input.tags.length > MAX_TAGS) errors.push({ pointer: '/tags', detail: `must have at most ${MAX_TAGS} items` });
    input.tags.forEach((tag, index) => {
      if (tag.length === 0 || tag.length > MAX_TAG_LENGTH) errors.push({ pointer: `/tags/${index}`, detail: `must be 1 to ${MAX_TAG_LENGTH} characters` });
    });
    const file = input.file;
    const filename = file ? cleanFilename(file.filename) : '';
    const contentType = file ? baseMediaType(file.contentType) : '';
    if (!file) errors.push({ pointer: '/file', detail: 'is required: a part named file carrying the document' });
    else {
      if (!filename) errors.push({ pointer: '/file', detail: 'must carry a file name' });
      for (const problem of await fileProblems(filename, contentType, file.bytes)) errors.push({ pointer: '/file', detail: problem });
      const rules = type ? TYPE_RULES[type] : undefined;
      if (rules && !rules.formats.includes(contentType)) {
        errors.push({ pointer: '/file', detail: `a ${type} must be one of ${rules.formats.join(', ')}` });
      }
      if (rules?.maxBytes !== undefined && file.bytes.length > rules.maxBytes) {
        errors.push({ pointer: '/file', detail: `a ${type} must be at most ${rules.maxBytes / (1024 * 1024)} MB` });
      }
    }
    if (errors.length > 0 || !type || !file) {
      throw new ApiError('validation_error', { detail: `The upload has ${errors.length} problem(s): ${errors.map((e) => `${e.pointer} ${e.detail}`).join('; ')}`, errors });
    }
    return { type, filename, contentType, bytes: file.bytes };
  }

  async upload(caller: Caller, input: UploadInput): Promise<{ id: string }> {
    const file = await this.validate(input);
    const id = newId('doc');
    const blobKey = `documents/${caller.environment}/${id}`;
    await this.blobs.put(blobKey, file.bytes);
    const now = this.clock.now();
    try {
      await repo.insertDocument(this.db, {
        id,
        environment: caller.environment,
        platform_id: caller.platformId,
        type: file.type,
        filename: file.filename,
        content_type: file.contentType,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        tags: JSON.stringify(input.tags) as unknown as string[],
        blob_key: blobKey,
        uploaded_at: now,
        created_at: now,
      });
    } catch (error) {
      await this.blobs.delete(blobKey);
      throw error;
    }
    return { id };
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
