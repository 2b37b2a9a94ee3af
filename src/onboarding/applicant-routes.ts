import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { readMultipart, type MultipartInput } from '../documents/upload-body.js';
import { sendDownload } from '../documents/routes.js';
import { ONBOARDING_UPLOAD_FIELDS } from './documents.js';
import { ONBOARDING_MAX_BYTES } from '../documents/schemas.js';
import { bearerToken, missingToken } from '../core/auth.js';
import { typed } from '../core/http.js';
import {
  ApplicantDetails,
  ApplicationState,
  BusinessProfileBody,
  BusinessTypeBody,
  ConfirmApplicant,
  DocumentParams,
  DocumentResult,
  FieldConfiguration,
  FieldConfigurationParams,
  OnboardingUploadBody,
  PayoutAccountBody,
  RepresentativeBody,
  RepresentativeParams,
  RepresentativeResult,
} from './schemas.js';
import type { ApplicantService } from './applicant-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The application the request's onboarding token opens. */
    applicationId: string;
  }
}

/** Every route of the scope requires an onboarding token as a Bearer token. */
function requireOnboardingToken(app: FastifyInstance, applicant: ApplicantService): void {
  app.decorateRequest('applicationId', '');
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) throw missingToken('Send the onboarding token of the link as "Authorization: Bearer <token>"');
    request.applicationId = await applicant.authenticate(token);
  });
}

const tags = ['hosted onboarding'];
const stepAnswer = { 200: ApplicationState };

/** The applicant's side of onboarding, on the onboarding host, authorized by the onboarding token. */
/** The document upload, in its own scope: multipart/form-data only (anything else is 415), read in full before the handler. */
async function documentUploadRoute(fastify: FastifyInstance, { applicant }: { applicant: ApplicantService }): Promise<void> {
  fastify.removeAllContentTypeParsers();
  // Every onboarding kind takes at most 4 MB: a larger file is 413 as it streams in.
  await fastify.register(multipart, { limits: { fileSize: ONBOARDING_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 } });
  typed(fastify).post(
    '/smo/application/documents',
    {
      schema: {
        tags,
        summary: 'Upload an identity document of the applicant (with its side) or a document of the application',
        consumes: ['multipart/form-data'],
        description: 'multipart/form-data: a file part, a text part type (or purpose) and, for identity documents, side. JPEG, PNG or PDF by content, at most 4 MB.',
        response: { 201: DocumentResult },
      },
      config: { documentedBody: OnboardingUploadBody },
      preValidation: async (request) => {
        request.body = await readMultipart(request, ONBOARDING_UPLOAD_FIELDS);
      },
    },
    async (request, reply) => reply.code(201).send(await applicant.uploadDocument(request.applicationId, request.body as MultipartInput)),
  );
}

export async function applicantRoutes(fastify: FastifyInstance, { applicant }: { applicant: ApplicantService }): Promise<void> {
  requireOnboardingToken(fastify, applicant);
  const app = typed(fastify);
  const read = { schema: { tags, summary: 'The application as the applicant sees it (the first read emits application_started)', response: stepAnswer } };

  app.get('/smo/application', read, async (request) => applicant.read(request.applicationId));
  app.get('/merchants/application', read, async (request) => applicant.read(request.applicationId));

  app.post('/smo/application/confirm-applicant', { schema: { tags, summary: 'Confirm the applicant', body: ConfirmApplicant, response: stepAnswer } }, async (request) =>
    applicant.confirmApplicant(request.applicationId, request.body),
  );

  app.patch('/smo/application/applicant', { schema: { tags, summary: "Update the applicant's details", body: ApplicantDetails, response: stepAnswer } }, async (request) =>
    applicant.updateApplicant(request.applicationId, request.body),
  );

  app.post('/smo/application/business-type', { schema: { tags, summary: 'Confirm the business type, structure and country', body: BusinessTypeBody, response: stepAnswer } }, async (request) =>
    applicant.confirmBusinessType(request.applicationId, request.body),
  );

  app.put('/smo/application/business-profile', { schema: { tags, summary: 'Update the business profile', body: BusinessProfileBody, response: stepAnswer } }, async (request) =>
    applicant.updateBusinessProfile(request.applicationId, request.body),
  );

  app.post(
    '/smo/application/representatives',
    { schema: { tags, summary: 'Add a representative', body: RepresentativeBody, response: { 200: RepresentativeResult } } },
    async (request) => applicant.addRepresentative(request.applicationId, request.body),
  );

  app.put(
    '/smo/application/representatives/:representative_id',
    { schema: { tags, summary: "Replace a representative's details", params: RepresentativeParams, body: RepresentativeBody, response: stepAnswer } },
    async (request) => applicant.updateRepresentative(request.applicationId, request.params.representative_id, request.body),
  );

  app.delete(
    '/smo/application/representatives/:representative_id',
    { schema: { tags, summary: 'Delete a representative', params: RepresentativeParams, response: stepAnswer } },
    async (request) => applicant.deleteRepresentative(request.applicationId, request.params.representative_id),
  );

  await fastify.register(documentUploadRoute, { applicant });

  app.get(
    '/smo/application/documents/:document_id/content',
    { schema: { tags, summary: 'Download an uploaded document (its preview in the hosted onboarding page)', params: DocumentParams, produces: ['application/octet-stream'] } },
    async (request, reply) => sendDownload(reply, await applicant.documentContent(request.applicationId, request.params.document_id)),
  );

  app.delete(
    '/smo/application/documents/:document_id',
    { schema: { tags, summary: 'Delete an uploaded document', params: DocumentParams, response: stepAnswer } },
    async (request) => applicant.deleteDocument(request.applicationId, request.params.document_id),
  );

  app.post('/smo/application/confirm-representatives', { schema: { tags, summary: 'State that all representatives were added', response: stepAnswer } }, async (request) =>
    applicant.confirmRepresentatives(request.applicationId),
  );

  app.put('/smo/application/payout-account', { schema: { tags, summary: 'Update the payout account', body: PayoutAccountBody, response: stepAnswer } }, async (request) =>
    applicant.updatePayoutAccount(request.applicationId, request.body),
  );

  app.post('/smo/application/submit', { schema: { tags, summary: 'Submit the application; no change is possible afterwards', response: stepAnswer } }, async (request) =>
    applicant.submit(request.applicationId),
  );

  app.get(
    '/smo/application/field-configuration/:step',
    { schema: { tags, summary: 'Dynamic field configuration of a step (business-profile only); null hides a field', params: FieldConfigurationParams, response: { 200: FieldConfiguration } } },
    async (request) => applicant.fieldConfiguration(request.applicationId, request.params.step),
  );
}
