import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { ApiError } from '../core/errors.js';
import type { UploadInput } from './service.js';

const TAG_FIELDS = new Set(['tags', 'tags[]']);

async function addPart(upload: UploadInput, part: Multipart): Promise<void> {
  if (part.type === 'file') {
    const bytes = await part.toBuffer(); // read in full even if unexpected, or the parts stop flowing
    if (part.fieldname === 'file') upload.file = { filename: part.filename, contentType: part.mimetype, bytes };
  } else if (part.fieldname === 'type') {
    upload.type.push(String(part.value));
  } else if (TAG_FIELDS.has(part.fieldname)) {
    upload.tags.push(String(part.value));
  }
}

/**
 * The parser's plain errors (no boundary, cut short) and a part that is not the JSON it declares
 * mean a broken body; the plugin's other errors (too large, too many parts, not multipart) carry
 * a code that the error handler already answers.
 */
function isBrokenBody(error: unknown): error is Error {
  return error instanceof Error && (!('code' in error) || error.code === 'FST_INVALID_JSON_FIELD_ERROR');
}

/**
 * Reads the whole multipart body (the file into memory) before the preHandler hooks, so that
 * Idempotency-Key can fingerprint it, and leaves it as the request body.
 */
export async function readUpload(request: FastifyRequest): Promise<void> {
  const upload: UploadInput = { type: [], tags: [] };
  try {
    for await (const part of request.parts()) await addPart(upload, part);
  } catch (error) {
    if (isBrokenBody(error)) throw new ApiError('malformed_request', { detail: `The multipart body could not be read: ${error.message}` });
    throw error;
  }
  request.body = upload;
}

/** The upload read by readUpload. */
export const uploadOf = (request: FastifyRequest) => request.body as UploadInput;
