import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { ApiError } from '../core/errors.js';
import type { UploadedFile, UploadInput } from './service.js';

/** A multipart body as sent: the values of the text parts asked for, by canonical name, and the part named file. */
export interface MultipartInput {
  fields: Record<string, string[]>;
  file?: UploadedFile;
}

/** The text parts of a document upload: part name → the field it fills. */
const DOCUMENT_FIELDS = { type: 'type', tags: 'tags', 'tags[]': 'tags' };

async function addPart(input: MultipartInput, part: Multipart, fieldNames: Record<string, string>): Promise<void> {
  if (part.type === 'file') {
    const bytes = await part.toBuffer(); // read in full even if unexpected, or the parts stop flowing
    if (part.fieldname === 'file') input.file = { filename: part.filename, contentType: part.mimetype, bytes };
    return;
  }
  const field = Object.hasOwn(fieldNames, part.fieldname) ? fieldNames[part.fieldname] : undefined;
  if (field) (input.fields[field] ??= []).push(String(part.value));
}

/**
 * The parser's plain errors (no boundary, cut short) and a part that is not the JSON it declares
 * mean a broken body; the plugin's other errors (too large, too many parts, not multipart) carry
 * a code that the error handler already answers.
 */
function isBrokenBody(error: unknown): error is Error {
  return error instanceof Error && (!('code' in error) || error.code === 'FST_INVALID_JSON_FIELD_ERROR');
}

/** Reads the whole multipart body (the file into memory): the text parts named in fieldNames and the file part. */
export async function readMultipart(request: FastifyRequest, fieldNames: Record<string, string>): Promise<MultipartInput> {
  const input: MultipartInput = { fields: {} };
  try {
    for await (const part of request.parts()) await addPart(input, part, fieldNames);
  } catch (error) {
    if (isBrokenBody(error)) throw new ApiError('malformed_request', { detail: `The multipart body could not be read: ${error.message}` });
    throw error;
  }
  return input;
}

/**
 * Reads the whole multipart body (the file into memory) before the preHandler hooks, so that
 * Idempotency-Key can fingerprint it, and leaves it as the request body.
 */
export async function readUpload(request: FastifyRequest): Promise<void> {
  const { fields, file } = await readMultipart(request, DOCUMENT_FIELDS);
  const upload: UploadInput = { type: fields.type ?? [], tags: fields.tags ?? [], ...(file ? { file } : {}) };
  request.body = upload;
}

/** The upload read by readUpload. */
export const uploadOf = (request: FastifyRequest) => request.body as UploadInput;
