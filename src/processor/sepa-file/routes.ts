import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { bearerToken, invalidToken, missingToken } from '../../core/auth.js';
import { ApiError, notFound } from '../../core/errors.js';
import { typed } from '../../core/http.js';
import { formatDateTime } from '../../core/time.js';
import type { PayoutFiles, PayoutFileSummary } from './files.js';
import { isNotAStatement } from './index.js';
import { PayoutFileList, PayoutFileParams, PayoutFileQuery, StatementExceptionList, StatementExceptionQuery, StatementImportResult, type PayoutFile } from './schemas.js';
import type { BankStatements, ExceptionSummary } from './statements.js';

interface Deps {
  files: PayoutFiles;
  statements: BankStatements;
  /** OPERATOR_TOKEN: the bearer these routes answer; unset, they answer nobody (404). */
  token: string | undefined;
}

/** A bank statement may be large: a month of a busy account. */
const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
const digest = (text: string) => createHash('sha256').update(text).digest();

function requireOperator(request: FastifyRequest, expected: string | undefined): void {
  if (expected === undefined) throw new ApiError('route_not_found', { detail: 'The operator API answers the bearer of OPERATOR_TOKEN, and no OPERATOR_TOKEN is set' });
  const token = bearerToken(request);
  if (!token) throw missingToken('Send the operator token (OPERATOR_TOKEN) as "Authorization: Bearer <token>"');
  if (!timingSafeEqual(digest(token), digest(expected))) throw invalidToken('The operator token is not valid');
}

/**
 * The operator's API (not a platform's): the pain.001 payout files, listed and downloaded, and
 * camt.053 bank statements imported, with the entries kept as exceptions. Authorized by the
 * server's OPERATOR_TOKEN as a bearer, like METRICS_TOKEN for /metrics.
 */
export async function operatorPayoutRoutes(fastify: FastifyInstance, { files, statements, token }: Deps): Promise<void> {
  const app = typed(fastify);
  app.addHook('onRequest', async (request) => requireOperator(request, token));
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string', bodyLimit: STATEMENT_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.get(
    '/operator/payout-files',
    { schema: { tags: ['operator'], summary: 'List the pain.001 payout files, newest first', querystring: PayoutFileQuery, response: { 200: PayoutFileList } } },
    async (request) => ({ data: (await files.list({ environment: request.query.environment, limit: request.query.limit ?? 50 })).map(presentFile) }),
  );

  app.get(
    '/operator/payout-files/:file_id',
    { schema: { tags: ['operator'], summary: 'Download a pain.001 payout file (its XML), to hand to the bank', params: PayoutFileParams, produces: ['application/xml'] } },
    async (request, reply) => {
      const file = await files.content(request.params.file_id);
      if (!file) throw notFound(`Payout file ${request.params.file_id} (written)`);
      return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${file.name}"`).send(file.xml);
    },
  );

  app.post(
    '/operator/bank-statements',
    {
      schema: {
        tags: ['operator'],
        summary: "Import a camt.053 statement of the operator's account: payouts booked or returned, other entries kept as exceptions",
        consumes: ['application/xml'],
        response: { 200: StatementImportResult },
      },
      config: {
        documentedBody: Type.String({
          description: 'The camt.053.001.08 file as the bank gave it',
          examples: ['<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>…</BkToCstmrStmt></Document>'],
        }),
      },
    },
    async (request) => {
      if (typeof request.body !== 'string') throw new ApiError('unsupported_media_type', { detail: 'Send the statement as application/xml' });
      try {
        return await statements.import(request.body, 'api');
      } catch (error) {
        if (isNotAStatement(error)) throw new ApiError('business_rule', { detail: (error as Error).message });
        throw error;
      }
    },
  );

  app.get(
    '/operator/bank-statement-exceptions',
    { schema: { tags: ['operator'], summary: 'Statement entries kept for the operator (matching no payout, or not its amount), newest first', querystring: StatementExceptionQuery, response: { 200: StatementExceptionList } } },
    async (request) => ({ data: (await statements.exceptions(request.query.limit ?? 50)).map(presentException) }),
  );
}

function presentFile(file: PayoutFileSummary): PayoutFile {
  return {
    id: file.id,
    environment: file.environment,
    created_at: formatDateTime(file.created_at),
    payout_count: file.payout_count,
    control_sum_minor: file.control_sum_minor,
    currency: file.currency,
    status: file.written_at ? 'written' : 'pending',
    _links: { download: { href: `/operator/payout-files/${file.id}` } },
  };
}

function presentException(exception: ExceptionSummary) {
  return { ...exception, created_at: formatDateTime(exception.created_at) };
}
