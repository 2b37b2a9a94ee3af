import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { answerOf } from '../core/idempotency.js';
import { Application, ApplicationCreated, ApplicationListQuery, ApplicationPage, ApplicationParams, InitiateApplication } from './schemas.js';
import type { ApplicationService } from './service.js';
import { urlsProblems } from '../events/destinations.js';

/** The platform's side of onboarding, on the platform API (live and sandbox mounts). */
export async function applicationRoutes(fastify: FastifyInstance, { applications }: { applications: ApplicationService }): Promise<void> {
  const app = typed(fastify);
  const tags = ['onboarding'];
  const config = { scope: 'onboarding:initiate' as const };

  app.post(
    '/applications',
    { schema: { tags, summary: 'Initiate the onboarding of a merchant: the application, its merchant account and an onboarding link', body: InitiateApplication, response: { 201: ApplicationCreated } },
      config: { ...config, bodyRules: (body, request) => [...urlsProblems(request.caller.environment, body), ...applications.bodyProblems(body)] },
    },
    async (request, reply) => reply.send(await applications.initiate(request.caller, request.body, answerOf(request, reply, 201))),
  );

  app.get(
    '/applications',
    { schema: { tags, summary: 'List applications, newest first', querystring: ApplicationListQuery, response: { 200: ApplicationPage } }, config },
    async (request) => applications.list(request.caller, request.query),
  );

  app.get(
    '/applications/:application_id',
    { schema: { tags, summary: 'Read an application', params: ApplicationParams, response: { 200: Application } }, config },
    async (request) => applications.get(request.caller, request.params.application_id),
  );

  app.post(
    '/applications/:application_id/link',
    { schema: { tags, summary: 'A new onboarding link (24 hours); the previous one stops working', params: ApplicationParams, response: { 200: ApplicationCreated } }, config },
    async (request, reply) => reply.send(await applications.newLink(request.caller, request.params.application_id, answerOf(request, reply, 200))),
  );
}
