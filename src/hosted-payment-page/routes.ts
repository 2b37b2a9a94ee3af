import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formBodyOptions } from '../core/body-shape.js';
import type { BodyShape } from '../core/config.js';
import { SeeOther, typed } from '../core/http.js';
import { missingToken } from '../core/auth.js';
import { AccountVerificationQuery, AuthorizeBody, type BrowserInfo, RedirectReturnForm, RedirectReturnQuery, MandateBody, MandateRequirements, HppParams, HppQuery, PaymentView, StartBody, StepResult, ThreeDsCallback, TokenizeBody, TokenResult } from './schemas.js';
import type { HostedPaymentPageService } from './service.js';
import { bankAccountRoutes } from './bank-account.js';
import type { PaymentRow } from '../payments/repository.js';
import type { BuyerBrowser } from '../processor/boundary.js';

/** The payment's resource token, as a Bearer token or the token query parameter. */
function resourceToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return bearer || (request.query as { token?: string }).token;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on a hosted payment page route that its body authorizes instead of the payment's token (the 3-D Secure server's callback). */
    resourceToken?: false;
    /** true on a step that checks the token again under its row lock: a token this process checked before needs no read of the payment first (checkedBefore). */
    tokenCheckedBefore?: true;
  }
  interface FastifyRequest {
    /** The payment the page's token opened, as read when the token was checked (a step that reads before locking starts from it). */
    hppPayment?: PaymentRow;
  }
}

/**
 * Every route of the scope but those opting out requires the payment's token, checked before the
 * body is read or validated: none is 401 with a bare Bearer challenge, a wrong one invalid_token.
 */
function requireResourceToken(app: FastifyInstance, hpp: HostedPaymentPageService): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.resourceToken === false) return;
    const token = resourceToken(request);
    if (!token) throw missingToken('Send the token of the payment page link as "Authorization: Bearer <token>" or as the token query parameter');
    const id = (request.params as { payment_id?: string }).payment_id;
    if (request.routeOptions.config.tokenCheckedBefore && id !== undefined && hpp.checkedBefore(token, id)) return;
    request.hppPayment = await hpp.authenticate(token, id);
  });
}

export async function hostedPaymentPageRoutes(fastify: FastifyInstance, { hpp, bodyShape }: { hpp: HostedPaymentPageService; bodyShape: BodyShape }): Promise<void> {
  requireResourceToken(fastify, hpp);
  await fastify.register(redirectReturnRoutes, { hpp, bodyShape });
  await fastify.register(bankAccountRoutes, { hpp, bodyShape });
  const app = typed(fastify);
  const tags = ['hosted payment page'];
  const step = { params: HppParams, querystring: HppQuery, response: { 200: StepResult } };

  app.get('/hpp/payments/:payment_id', { schema: { tags, summary: 'The payment as the page shows it', params: HppParams, querystring: HppQuery, response: { 200: PaymentView } } }, async (request) =>
    hpp.view(request.params.payment_id, resourceToken(request)),
  );

  app.post(
    '/hpp/payments/:payment_id/start',
    {
      schema: { tags, summary: 'The buyer reached the page (optionally choosing a method)', body: StartBody, ...step },
      // The body is optional (decisions §3): none is the same as {}.
      config: { optionalBody: true },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => hpp.start(request.params.payment_id, resourceToken(request), request.body.type, request.hppPayment),
  );

  app.post(
    '/hpp/payments/:payment_id/tokenize',
    { schema: { tags, summary: 'Exchange card details for a single-use token (15 minutes)', body: TokenizeBody, params: HppParams, querystring: HppQuery, response: { 201: TokenResult } }, config: { tokenCheckedBefore: true } },
    async (request, reply) => reply.code(201).send(await hpp.tokenize(request.params.payment_id, resourceToken(request), request.body)),
  );

  app.post('/hpp/payments/:payment_id/authorize', { schema: { tags, summary: 'Authorize a card payment with a token', body: AuthorizeBody, ...step }, config: { tokenCheckedBefore: true } }, async (request) =>
    hpp.authorize(request.params.payment_id, resourceToken(request), request.body.token, buyerBrowser(request, request.body.browser_info)),
  );

  app.post('/hpp/payments/:payment_id/cancel', { schema: { tags, summary: 'The buyer cancels', ...step } }, async (request) =>
    hpp.cancel(request.params.payment_id, resourceToken(request)),
  );

  app.post(
    '/hpp/callbacks/3ds',
    { schema: { tags, summary: '3-D Secure result, called by the 3-D Secure server', body: ThreeDsCallback, response: { 200: StepResult } }, config: { resourceToken: false } },
    async (request) => hpp.threeDsCallback(request.body),
  );

  app.get(
    '/hpp/payments/:payment_id/mandate-requirements',
    { schema: { tags, summary: 'What the SEPA mandate needs ({} for other methods)', params: HppParams, querystring: HppQuery, response: { 200: MandateRequirements } } },
    async (request) => hpp.mandateRequirements(request.params.payment_id, resourceToken(request), request.headers['accept-language']),
  );

  app.post('/hpp/payments/:payment_id/mandate', { schema: { tags, summary: 'Sign the SEPA mandate: the payment is authorized', body: MandateBody, ...step } }, async (request) =>
    hpp.createMandate(request.params.payment_id, resourceToken(request), request.body),
  );

  app.get(
    '/hpp/callbacks/account-verification',
    { schema: { tags, summary: 'Bank account verification result (AIS); redirects the buyer back to the page', querystring: AccountVerificationQuery, response: { 303: SeeOther } } },
    async (request, reply) => reply.redirect(await hpp.accountVerified(request.query, request.hppPayment), 303),
  );
}

/**
 * The buyer's return from an acquirer's redirect (GET, or a form POST: no script needed), which the
 * challenge's own token in the query authorizes: the authorization is finished, the buyer sent to the page.
 */
async function redirectReturnRoutes(app: FastifyInstance, { hpp, bodyShape }: { hpp: HostedPaymentPageService; bodyShape: BodyShape }): Promise<void> {
  await app.register(formbody, formBodyOptions(bodyShape));
  const tags = ['hosted payment page'];
  const summary = "The buyer back from the acquirer's 3-D Secure redirect; redirects the buyer to the payment page";
  const config = { resourceToken: false } as const;
  // The buyer's browser follows it from the acquirer's page; no client of the API calls it.
  const hide = true;
  const typedApp = typed(app);
  typedApp.get('/hpp/callbacks/redirect', { schema: { tags, summary, hide, querystring: RedirectReturnQuery, response: { 303: SeeOther } }, config }, async (request, reply) => {
    const { payment_id: paymentId, svc_token: svcToken, ...details } = request.query;
    return reply.redirect(await hpp.redirectReturn(paymentId, svcToken, definedOnly(details)), 303);
  });
  typedApp.post('/hpp/callbacks/redirect', { schema: { tags, summary, hide, querystring: RedirectReturnQuery, body: RedirectReturnForm, response: { 303: SeeOther } }, config }, async (request, reply) => {
    const { payment_id: paymentId, svc_token: svcToken, ...details } = request.query;
    return reply.redirect(await hpp.redirectReturn(paymentId, svcToken, definedOnly({ ...details, ...request.body })), 303);
  });
}

/** The buyer's browser as the page measured it (when it did) and as its request's headers say. */
function buyerBrowser(request: FastifyRequest, info: BrowserInfo | undefined): BuyerBrowser {
  const { 'user-agent': userAgent, accept } = request.headers;
  return {
    ...(userAgent ? { userAgent } : {}),
    ...(accept ? { accept } : {}),
    ...(info
      ? { page: { screenWidth: info.screen_width, screenHeight: info.screen_height, colorDepth: info.color_depth, timeZoneOffset: info.time_zone_offset, languages: info.languages, ...(info.java_enabled === undefined ? {} : { javaEnabled: info.java_enabled }) } }
      : {}),
  };
}

function definedOnly(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
