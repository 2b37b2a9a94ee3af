import { typed } from '../../core/http.js';
import { themeCss } from '../theme.js';
import { HIDDEN, type DashboardArea } from '../kit.js';
import { allowed } from '../roles.js';
import { secure } from '../../web/routes.js';
import { BrandingForm, BrandingQuery, LogoParams, PreviewColours } from './schemas.js';
import type { DashboardBranding } from './service.js';
import { brandingPage } from './views.js';

/**
 * Branding: an account's name shown, colours, logo and the payment page's format (GET and PATCH
 * /accounts/{id}/branding), previewed in both formats and in the wizard before it is saved, with what
 * the contrast correction changes. Everyone reads it; a developer or an admin changes it (accounts:read_write).
 */
export function brandingArea({ branding }: { branding: DashboardBranding }): DashboardArea {
  return async (scope, kit) => {
    const app = typed(scope);

    app.get('/dashboard/branding', { schema: { ...HIDDEN, querystring: BrandingQuery } }, async (request, reply) => {
      const view = await kit.view(request);
      const screen = await branding.screen(kit.caller(view), request.query.account);
      return kit.send(reply, brandingPage(view, screen, { saved: request.query.saved === '1', canEdit: allowed(view.session, 'developer') }));
    });

    // Preview: the values typed, as the pages would show them, nothing kept. Save: the API's call, then back to the page (303).
    app.post('/dashboard/branding', { schema: { ...HIDDEN, body: BrandingForm } }, async (request, reply) => {
      const view = await kit.view(request, 'developer');
      const caller = kit.caller(view);
      const { _csrf, account, intent, ...fields } = request.body;
      if (intent === 'save') {
        const errors = await branding.save(caller, account, fields);
        if (errors.length === 0) {
          request.log.info({ user_id: view.session.userId, account_id: account }, 'dashboard branding saved');
          return kit.seeOther(reply, `/dashboard/branding?account=${encodeURIComponent(account)}&saved=1`);
        }
      }
      const screen = await branding.screen(caller, account, fields);
      return kit.send(reply, brandingPage(view, screen, { draft: fields, canEdit: true }), screen.errors.length > 0 ? 400 : 200);
    });

    app.get('/dashboard/branding/preview.css', { schema: { ...HIDDEN, querystring: PreviewColours } }, async (request, reply) => {
      const { pp, ps, mp, ms } = request.query;
      const css = themeCss({ primary: pp ?? '', secondary: ps ?? '' }, '.bp-platform') + themeCss({ primary: mp ?? '', secondary: ms ?? '' }, '.bp-merchant');
      return secure(reply).header('cache-control', 'private, max-age=300').type('text/css; charset=utf-8').send(css);
    });

    app.get('/dashboard/branding/logos/:id', { schema: { ...HIDDEN, params: LogoParams } }, async (request, reply) => {
      const view = await kit.view(request);
      const logo = await branding.tenantLogo(kit.caller(view), request.params.id);
      return reply
        .type(logo.contentType)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(logo.bytes);
    });
  };
}
