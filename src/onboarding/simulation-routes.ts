import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { answerOf } from '../core/idempotency.js';
import { Application, ApplicationParams, DecisionBody } from './schemas.js';
import type { ApplicationService } from './service.js';

/** Sandbox-only controls of onboarding: registered on the sandbox mount alone, so live answers 404. */
export async function onboardingSimulationRoutes(fastify: FastifyInstance, { applications }: { applications: ApplicationService }): Promise<void> {
  const app = typed(fastify);
  app.post(
    '/simulations/applications/:application_id/decision',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Decide the compliance checks of a submitted application now (sandbox only)',
        params: ApplicationParams,
        body: DecisionBody,
        response: { 200: Application },
      },
      config: { scope: 'onboarding:initiate' },
    },
    async (request, reply) => reply.send(await applications.forceDecision(request.caller, request.params.application_id, request.body.outcome, answerOf(request, reply, 200))),
  );
}
