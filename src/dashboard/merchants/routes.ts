import contentDisposition from 'content-disposition';
import type { Config } from '../../core/config.js';
import { typed } from '../../core/http.js';
import type { InitiateApplication } from '../../onboarding/schemas.js';
import { HIDDEN, type DashboardArea } from '../kit.js';
import { allowed } from '../roles.js';
import { confirmPage, type View } from '../views.js';
import { AccountsQuery, applicationBody, ApplicationIdParams, ApplicationsQuery, DecisionForm, DocumentIdParams, LinkForm, NewApplicationForm } from './schemas.js';
import type { DashboardMerchants } from './service.js';
import { accountsPage, applicationPage, applicationsPage, linkPage, newApplicationPage, type MerchantPermissions } from './views.js';

/** What the session's user may do here (the routes check each action again). */
const permissionsOf = (view: View): MerchantPermissions => {
  const developer = allowed(view.session, 'developer');
  return { create: developer, newLink: developer, decide: developer && view.session.environment === 'sandbox' };
};

/**
 * Merchants and onboarding: the platform's applications (GET /applications) with their current step,
 * an application with its business, people, masked payout account, documents and events, the merchant
 * accounts (GET /accounts); for a developer or an admin a new application (POST /applications), a new
 * onboarding link (POST /applications/{id}/link) and in the sandbox the compliance decision
 * (POST /simulations/applications/{id}/decision), each through the API's own service call.
 */
export function merchantsArea({ merchants, config }: { merchants: DashboardMerchants; config: Pick<Config, 'supportedCurrencies'> }): DashboardArea {
  return async (scope, kit) => {
    const app = typed(scope);

    app.get('/dashboard/merchants', { schema: { ...HIDDEN, querystring: ApplicationsQuery } }, async (request, reply) => {
      const view = await kit.view(request);
      const status = request.query.status || undefined;
      const listed = await merchants.list(kit.caller(view), status, request.query.after || undefined);
      return kit.send(reply, applicationsPage(view, status, listed.data, listed.cursor, Boolean(request.query.after), permissionsOf(view).create));
    });

    app.get('/dashboard/merchants/accounts', { schema: { ...HIDDEN, querystring: AccountsQuery } }, async (request, reply) => {
      const view = await kit.view(request);
      const listed = await merchants.accounts(kit.caller(view), request.query.after || undefined);
      return kit.send(reply, accountsPage(view, listed.data, listed.cursor, Boolean(request.query.after), permissionsOf(view).create));
    });

    app.get('/dashboard/merchants/applications/new', { schema: HIDDEN }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      return kit.send(reply, newApplicationPage(view, config.supportedCurrencies));
    });

    // Checked as POST /applications checks its body: every bad field named on the form shown again; then the same call.
    app.post('/dashboard/merchants/applications', { schema: { ...HIDDEN, body: NewApplicationForm } }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      const caller = kit.caller(view);
      const { _csrf, ...form } = request.body;
      const body = applicationBody(form);
      const problems = merchants.problems(caller, body);
      if (problems.length > 0) return kit.send(reply, newApplicationPage(view, config.supportedCurrencies, form, problems), 400);
      const created = await merchants.initiate(caller, body as InitiateApplication);
      request.log.info({ user_id: view.session.userId, application_id: created.id }, 'dashboard application created');
      return kit.send(reply, linkPage(view, view.t.t('newApplication'), view.t.t('applicationCreated', { id: created.id, merchant: created.merchant_id }), created), 201);
    });

    app.get('/dashboard/merchants/applications/:id', { schema: { ...HIDDEN, params: ApplicationIdParams } }, async (request, reply) => {
      const view = await kit.view(request);
      return kit.send(reply, applicationPage(view, await merchants.application(kit.caller(view), request.params.id), permissionsOf(view)));
    });

    // The stored file of this application only, shown by the browser (images in the page, PDFs opened), never sniffed into something else.
    app.get('/dashboard/merchants/applications/:id/documents/:documentId', { schema: { ...HIDDEN, params: DocumentIdParams } }, async (request, reply) => {
      const view = await kit.view(request);
      const file = await merchants.document(kit.caller(view), request.params.id, request.params.documentId);
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename, { type: 'inline' }))
        .header('content-length', String(file.bytes.length))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'")
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(file.bytes);
    });

    // A new onboarding link after confirmation: the previous one stops working (POST /applications/{id}/link).
    app.post('/dashboard/merchants/applications/:id/link', { schema: { ...HIDDEN, params: ApplicationIdParams, body: LinkForm } }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      const caller = kit.caller(view);
      const { id } = request.params;
      const action = `/dashboard/merchants/applications/${id}/link`;
      if (request.body.confirm !== 'yes') {
        await merchants.application(caller, id); // 404 before asking, for another platform's application
        return kit.send(reply, confirmPage(view, view.t.t('confirmNewLinkTitle'), view.t.t('confirmNewLinkText', { id }), action, view.t.t('confirmNewLink'), `/dashboard/merchants/applications/${id}`));
      }
      const created = await merchants.newLink(caller, id);
      request.log.info({ user_id: view.session.userId, application_id: id }, 'dashboard onboarding link issued');
      return kit.send(reply, linkPage(view, view.t.t('issueNewLink'), view.t.t('newLinkIssued', { id }), created));
    });

    // The sandbox's decision after confirmation (POST /simulations/applications/{id}/decision); not found in live.
    app.post('/dashboard/merchants/applications/:id/decision', { schema: { ...HIDDEN, params: ApplicationIdParams, body: DecisionForm } }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      const caller = kit.caller(view);
      const { id } = request.params;
      const { outcome } = request.body;
      merchants.sandboxOnly(caller, id);
      if (request.body.confirm !== 'yes') {
        await merchants.application(caller, id);
        const text = view.t.t('confirmDecisionText', { id, outcome: view.t.status(outcome) });
        return kit.send(reply, confirmPage(view, view.t.t('confirmDecisionTitle'), text, `/dashboard/merchants/applications/${id}/decision`, view.t.t(`decide_${outcome}`), `/dashboard/merchants/applications/${id}`, { outcome }));
      }
      await merchants.decide(caller, id, outcome);
      request.log.info({ user_id: view.session.userId, application_id: id, outcome }, 'dashboard sandbox decision');
      const notice = view.t.t('applicationDecided', { id, outcome: view.t.status(outcome) });
      return kit.send(reply, applicationPage(view, await merchants.application(caller, id), permissionsOf(view), notice));
    });
  };
}
