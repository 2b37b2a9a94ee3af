import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import contentDisposition from 'content-disposition';
import type { Config } from '../core/config.js';
import { typed } from '../core/http.js';
import { answerOf } from '../core/idempotency.js';
import { Document, DocumentCreated, DocumentListQuery, DocumentPage, DocumentParams, UploadBody } from './schemas.js';
import { uploadFingerprint, type DocumentContent, type DocumentService } from './service.js';
import { readUpload, uploadOf } from './upload-body.js';

/** A stored file as a download: never rendered by the browser on this origin (attachment, nosniff, sandboxed). */
export function sendDownload(reply: FastifyReply, file: DocumentContent): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.filename, { type: 'attachment' }))
    .header('content-length', String(file.bytes.length))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.bytes);
}

export async function documentRoutes(fastify: FastifyInstance, { documents, config }: { documents: DocumentService; config: Config }): Promise<void> {
  // Uploads are multipart/form-data only: without a parser for anything else, other bodies are 415.
  fastify.removeAllContentTypeParsers();
  await fastify.register(multipart, { limits: { fileSize: config.maxDocumentBytes, files: 1, fields: 30, parts: 32, fieldSize: 1024 } });
  const app = typed(fastify);

  app.post(
    '/v2/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Upload a document',
        consumes: ['multipart/form-data'],
        // Documented, not validated by Ajv: the service checks the parts, the file's bytes included.
        description: 'multipart/form-data: a text part type, optional tags parts, and a file part whose Content-Type matches the file. At most 10 MB.',
        response: { 201: DocumentCreated },
      },
      config: { scope: 'documents:read_write', documentedBody: UploadBody, fingerprint: (request) => uploadFingerprint(uploadOf(request)) },
      preValidation: readUpload,
    },
    async (request, reply) => reply.send(await documents.upload(request.caller, uploadOf(request), answerOf(request, reply, 201))),
  );

  app.get(
    '/v2/documents',
    { schema: { tags: ['documents'], summary: 'List documents, newest first', querystring: DocumentListQuery, response: { 200: DocumentPage } }, config: { scope: 'documents:read' } },
    async (request) => documents.list(request.caller, request.query),
  );

  app.get(
    '/v2/documents/:document_id',
    { schema: { tags: ['documents'], summary: 'Read document metadata', params: DocumentParams, response: { 200: Document } }, config: { scope: 'documents:read' } },
    async (request) => documents.get(request.caller, request.params.document_id),
  );

  app.get(
    '/v2/documents/:document_id/content',
    {
      schema: { tags: ['documents'], summary: 'Download the file', params: DocumentParams, produces: ['application/octet-stream'] },
      config: { scope: 'documents:read' },
    },
    async (request, reply) => {
      return sendDownload(reply, await documents.content(request.caller, request.params.document_id));
    },
  );
}
