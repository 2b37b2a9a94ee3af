import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import { randomSecret } from '../core/ids.js';
import formbody from '@fastify/formbody';
import { formBodyOptions } from '../core/body-shape.js';
import { byAddress, rateLimit, type RateLimiter } from '../core/rate-limit.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../core/config.js';
import type { Caller } from '../core/auth.js';
import { ApiError, logProblem, toApiError } from '../core/errors.js';
import { minorUnits } from '../core/formats.js';
import { typed } from '../core/http.js';
import { secure } from '../web/routes.js';
import type { Html } from './html.js';
import { PASSWORD_LENGTH, PAYMENTS_PAGE_SIZE, SESSION_SECONDS, type DashboardDevelopers, type DashboardService, type DashboardUsers, type Opened, type Session } from './service.js';
import { allowed } from './roles.js';
import { translator, type Translator } from './texts.js';
import * as views from './views.js';
import { confirmationKey } from './confirmations.js';
import { ClientParams, ConfirmForm, EnvironmentForm, NewClientForm, NewUserForm, HomeQuery, PaymentParams, PERIOD_DAYS, PeriodQuery, RoleForm, UserParams, PaymentsQuery, RefundForm, SessionForm, SetupForm, SetupQuery, SignInForm } from './schemas.js';
import { themeCss } from './theme.js';
import { amountFromText } from './amounts.js';
import { amountBounds, dayStart } from './filters.js';
import { paymentsCsv, payoutsCsv, refundsCsv, transfersCsv } from './exports.js';
import type { PaymentQuery } from '../payments/service.js';
import { HIDDEN, type DashboardArea, type DashboardKit } from './kit.js';

/**
 * The dashboard: server-rendered pages at /dashboard for a platform's people, signed in with a
 * session cookie. Everything shown and done goes through the API's own services, as the session's
 * platform in the environment it looks at. Every POST carries a CSRF token: the session's, or
 * before sign-in the one of the form cookie.
 */
const SESSION_COOKIE = 'dashboard_session';
const FORM_COOKIE = 'dashboard_form';
const COOKIE_PATH = '/dashboard';

declare module 'fastify' {
  interface FastifyRequest {
    texts: Translator;
    dashboardSession: Session | undefined;
  }
}

function cookies(request: FastifyRequest): Map<string, string> {
  const found = new Map<string, string>();
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) found.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return found;
}

function sameToken(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the payment page offers the session's user (the server checks each action again). */
export const permissions = (session: Session): views.PaymentPermissions => ({
  refund: allowed(session, 'move_money'),
  resend: allowed(session, 'developer'),
  buyerRefund: allowed(session, 'developer') && session.environment === 'sandbox',
  shortcuts: allowed(session, 'developer') && session.environment === 'sandbox',
});

/** The refund form's amounts in minor units, one per party of the routing; 400 unless each is an amount and some is not zero. */
function refundParts(texts: string[], currency: string, parties: number): number[] {
  const parts = texts.map((text) => amountFromText(text, currency));
  if (parts.length !== parties || parts.some((part) => part === undefined)) {
    throw new ApiError('validation_error', { detail: `Give each party's amount in ${currency}, such as 12.50` });
  }
  if (parts.every((part) => part === 0)) throw new ApiError('validation_error', { detail: 'Refund more than zero' });
  return parts as number[];
}

/** The list's filters as typed, as the payments service's query: dates as instants, amounts in each currency's minor units. */
function paymentQueryOf(filters: Omit<PaymentsQuery, 'page'>): PaymentQuery {
  return {
    search: filters.q || undefined,
    status: filters.status || undefined,
    reference: filters.reference || undefined,
    method: (filters.method || undefined) as PaymentQuery['method'],
    createdFrom: dayStart(filters.from),
    createdBefore: dayStart(filters.to, 1),
    merchantId: filters.merchant || undefined,
    amounts: amountBounds(filters.amount_from, filters.amount_to),
  };
}

/** A CSV download, streamed as it is read, never cached. */
export function sendCsv(reply: FastifyReply, filename: string, body: Readable): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(filename, { type: 'attachment' }))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

function refused(detail: string): ApiError {
  return new ApiError('insufficient_scope', { detail });
}

/** A form refused for its token, not for the user's role: the page says so. */
function formRefused(detail: string): ApiError {
  return new ApiError('insufficient_scope', { detail, extra: { form: true } });
}

export async function dashboardRoutes(
  fastify: FastifyInstance,
  { dashboard, users, developers, config, limiter, areas = [] }: { dashboard: DashboardService; users: DashboardUsers; developers: DashboardDevelopers; config: Config; limiter: RateLimiter; areas?: DashboardArea[] },
): Promise<void> {
  const app = typed(fastify);
  const secureCookie = config.baseUrl.startsWith('https:') ? '; Secure' : '';
  const setCookie = (reply: FastifyReply, name: string, value: string, maxAge: number, sameSite = 'Lax') =>
    reply.header('set-cookie', `${name}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=${sameSite}${secureCookie}`);
  const send = (reply: FastifyReply, page: Html, status = 200) => secure(reply.code(status)).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.value);
  const seeOther = (reply: FastifyReply, location: string) => reply.code(303).header('location', location).send();
  const hide = HIDDEN;

  await app.register(formbody, formBodyOptions(config.bodyShape));
  app.decorateRequest('texts', null as unknown as Translator);
  app.decorateRequest('dashboardSession', undefined);
  app.addHook('onRequest', async (request) => {
    request.texts = translator(request.headers['accept-language'], minorUnits);
    request.dashboardSession = await users.session(cookies(request).get(SESSION_COOKIE));
  });
  // Who is not signed in (the sign-in and set-up pages, a guess at a session) is limited per address.
  rateLimit(app, limiter, (request) => (request.dashboardSession ? undefined : byAddress(request)));

  async function viewOf(request: FastifyRequest): Promise<views.View> {
    const session = request.dashboardSession!;
    const brand = await users.brand(session);
    return { t: request.texts, session, platformName: brand.name, path: request.url.split('?')[0]! };
  }

  // Errors as pages: 404 for what is another platform's or environment's, 403 for a role or token refused.
  app.setErrorHandler(async (error: Error, request, reply) => {
    const apiError = toApiError(error);
    const t = request.texts;
    logProblem(request.log, apiError, error);
    for (const [name, value] of Object.entries(apiError.options.headers ?? {})) reply.header(name, value);
    const [title, text] =
      apiError.status === 404
        ? [t.t('notFound'), t.t('notFoundText')]
        : apiError.status === 403
          ? apiError.options.extra?.form ? [t.t('formRefused'), t.t('formRefusedText')] : [t.t('forbidden'), t.t('forbiddenText')]
          : apiError.status < 500
            ? [t.t('refused'), [apiError.message, ...(apiError.options.errors ?? []).map((each) => each.detail)].join(': ')]
            : [t.t('error'), t.t('error')];
    const view = request.dashboardSession ? await viewOf(request) : undefined;
    return send(reply, views.message(t, title, text, view), apiError.status);
  });

  /** The form token of a visitor not signed in (double-submit: cookie and hidden field must match). */
  function formToken(request: FastifyRequest, reply: FastifyReply): string {
    const existing = cookies(request).get(FORM_COOKIE);
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomSecret();
    setCookie(reply, FORM_COOKIE, token, 3600, 'Strict');
    return token;
  }

  function checkFormToken(request: FastifyRequest, given: string): void {
    if (!sameToken(given, cookies(request).get(FORM_COOKIE))) throw formRefused('The form expired; open it again');
  }

  const signedIn = (reply: FastifyReply, opened: Opened) => {
    setCookie(reply, SESSION_COOKIE, opened.cookie, SESSION_SECONDS);
    return seeOther(reply, '/dashboard');
  };

  app.get('/dashboard/sign-in', { schema: hide }, async (request, reply) => {
    if (request.dashboardSession) return seeOther(reply, '/dashboard');
    return send(reply, views.signInPage(request.texts, formToken(request, reply)));
  });

  app.post('/dashboard/sign-in', { schema: { ...hide, body: SignInForm } }, async (request, reply) => {
    checkFormToken(request, request.body._csrf);
    const t = request.texts;
    const result = await users.signIn(request.body.email, request.body.password, request.ip, request.log);
    if (result.outcome === 'signed_in') return signedIn(reply, result.opened);
    const [status, error] = result.outcome === 'limited' ? [429, t.t('tooManyAttempts')] : [401, t.t('wrongCredentials')];
    return send(reply, views.signInPage(t, formToken(request, reply), { email: request.body.email, error }), status);
  });

  app.get('/dashboard/setup', { schema: { ...hide, querystring: SetupQuery } }, async (request, reply) => {
    const t = request.texts;
    const user = await users.setupUser(request.query.token);
    if (!user) return send(reply, views.message(t, t.t('setPasswordTitle'), t.t('setupInvalid')), 404);
    return send(reply, views.setupPage(t, formToken(request, reply), request.query.token, user.email));
  });

  app.post('/dashboard/setup', { schema: { ...hide, body: SetupForm } }, async (request, reply) => {
    checkFormToken(request, request.body._csrf);
    const t = request.texts;
    const { token, password } = request.body;
    const user = await users.setupUser(token);
    if (!user) return send(reply, views.message(t, t.t('setPasswordTitle'), t.t('setupInvalid')), 404);
    if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
      return send(reply, views.setupPage(t, formToken(request, reply), token, user.email, t.t('passwordTooShort')), 400);
    }
    const opened = await users.completeSetup(token, password);
    if (!opened) return send(reply, views.message(t, t.t('setPasswordTitle'), t.t('setupInvalid')), 404);
    return signedIn(reply, opened);
  });

  // The platform's colours (contrast-checked as on the hosted pages) as a style sheet: the CSP allows no inline style.
  app.get('/dashboard/theme.css', { schema: hide }, async (request, reply) => {
    const session = request.dashboardSession;
    const css = session ? themeCss(await users.brand(session)) : '';
    return secure(reply).header('cache-control', 'private, no-cache').type('text/css; charset=utf-8').send(css);
  });

  // Everything else needs a session; a POST also the session's CSRF token.
  await app.register(async (scope) => {
    const api = typed(scope);
    scope.addHook('preHandler', async (request, reply) => {
      const session = request.dashboardSession;
      if (!session) {
        if (request.method === 'GET') return seeOther(reply, '/dashboard/sign-in');
        throw formRefused('Sign in first');
      }
      if (request.method === 'POST' && !sameToken((request.body as { _csrf?: string } | undefined)?._csrf, session.csrfToken)) throw formRefused('The CSRF token is missing or wrong');
    });
    const sessionOf = (request: FastifyRequest) => request.dashboardSession!;
    const kit: DashboardKit = {
      send,
      seeOther,
      async view(request, action = 'read') {
        const view = await viewOf(request);
        if (!allowed(view.session, action)) throw refused(`The role ${view.session.role} may not do this`);
        return view;
      },
      caller: (view) => dashboard.caller(view.session),
    };
    for (const area of areas) await area(scope, kit);

    api.post('/dashboard/sign-out', { schema: { ...hide, body: SessionForm } }, async (request, reply) => {
      await users.signOut(sessionOf(request));
      setCookie(reply, SESSION_COOKIE, '', 0);
      return send(reply, views.signInPage(request.texts, formToken(request, reply), { notice: request.texts.t('signedOut') }));
    });

    api.post('/dashboard/environment', { schema: { ...hide, body: EnvironmentForm } }, async (request, reply) => {
      await users.switchEnvironment(sessionOf(request), request.body.environment);
      return seeOther(reply, '/dashboard');
    });

    api.get('/dashboard', { schema: { ...hide, querystring: HomeQuery } }, async (request, reply) => {
      const view = await viewOf(request);
      const period = { days: Number(request.query.period || PERIOD_DAYS[0]), merchantId: request.query.merchant || undefined };
      return send(reply, views.homePage(view, await dashboard.home(dashboard.caller(view.session), period)));
    });

    api.get('/dashboard/payments', { schema: { ...hide, querystring: PaymentsQuery } }, async (request, reply) => {
      const view = await viewOf(request);
      const { page, ...filters } = request.query;
      const number = Number(page || '1');
      const caller = dashboard.caller(view.session);
      // An id of a refund, a transfer, a payout or an application typed in the search box opens its page.
      const named = filters.q ? await dashboard.pageOf(caller, filters.q) : undefined;
      if (named) return seeOther(reply, named);
      const found = await dashboard.searchPayments(caller, paymentQueryOf(filters), number);
      return send(reply, views.paymentsPage(view, filters, found.data, { number, size: PAYMENTS_PAGE_SIZE, total: found.total }));
    });

    // The same payments as the list, all of them, streamed as CSV (amounts in major units, for an accountant).
    api.get('/dashboard/payments/export.csv', { schema: { ...hide, querystring: PaymentsQuery } }, async (request, reply) => {
      const view = await viewOf(request);
      const { page: _page, ...filters } = request.query;
      const batches = dashboard.exportPayments(dashboard.caller(view.session), paymentQueryOf(filters));
      return sendCsv(reply, `payments-${view.session.environment}.csv`, paymentsCsv(batches));
    });

    // Refunds, payouts and transfers of a period (the days from and to, both included), streamed as CSV.
    const exportRoute = (kind: string, body: (lists: ReturnType<DashboardService['exports']>) => Readable) =>
      api.get(`/dashboard/${kind}/export.csv`, { schema: { ...hide, querystring: PeriodQuery } }, async (request, reply) => {
        const view = await viewOf(request);
        const lists = dashboard.exports(dashboard.caller(view.session), { from: dayStart(request.query.from), before: dayStart(request.query.to, 1) });
        return sendCsv(reply, `${kind}-${view.session.environment}.csv`, body(lists));
      });
    exportRoute('refunds', (lists) => refundsCsv(lists.refunds));
    exportRoute('payouts', (lists) => payoutsCsv(lists.payouts));
    exportRoute('transfers', (lists) => transfersCsv(lists.transfers));

    api.get('/dashboard/payments/:id', { schema: { ...hide, params: PaymentParams } }, async (request, reply) => {
      const view = await viewOf(request);
      const detail = await dashboard.payment(dashboard.caller(view.session), request.params.id);
      return send(reply, views.paymentPage(view, detail, permissions(view.session)));
    });

    // Refund per party: the form asks for confirmation first; the confirmed form refunds the amounts shown, through the API's refund.
    api.post('/dashboard/payments/:id/refund', { schema: { ...hide, params: PaymentParams, body: RefundForm } }, async (request, reply) => {
      const view = await viewOf(request);
      if (!allowed(view.session, 'move_money')) throw refused(`The role ${view.session.role} may not refund in ${view.session.environment}`);
      const caller = dashboard.caller(view.session);
      const { payment } = await dashboard.payment(caller, request.params.id);
      const parts = refundParts([request.body.part].flat(), payment.currency, 1 + payment.routing.merchants.length);
      const { confirm, once, description } = request.body;
      if (confirm !== 'yes' || !once) return send(reply, views.confirmRefundPage(view, payment, parts, description, confirmationKey()));
      const [platformPart, ...merchantParts] = parts;
      const routing = { platform: platformPart!, merchants: payment.routing.merchants.map((merchant, index) => ({ id: merchant.id, amount_minor: merchantParts[index]! })) };
      const refund = await dashboard.once(caller, { route: 'refund', key: once, run: (answer) => dashboard.refund(caller, payment.id, description, routing, answer) });
      request.log.info({ user_id: view.session.userId, refund_id: refund.id, payment_id: payment.id, repeated: refund.repeated }, 'dashboard refund');
      const after = await dashboard.payment(caller, request.params.id);
      return send(reply, views.paymentPage(view, after, permissions(view.session), view.t.t(refund.repeated ? 'refundAlreadyStarted' : 'refundStarted', { id: refund.id })));
    });

    // Users: an admin's page (the platform's users only).
    const adminView = async (request: FastifyRequest) => {
      const view = await viewOf(request);
      if (!allowed(view.session, 'manage_users')) throw refused('Only an admin manages users');
      return view;
    };
    api.get('/dashboard/users', { schema: hide }, async (request, reply) => {
      const view = await adminView(request);
      return send(reply, views.usersPage(view, await users.list(view.session)));
    });

    api.post('/dashboard/users', { schema: { ...hide, body: NewUserForm } }, async (request, reply) => {
      const view = await adminView(request);
      let created;
      try {
        created = await users.createUser({ platformId: view.session.platformId, email: request.body.email, role: request.body.role });
      } catch (error) {
        throw new ApiError('validation_error', { detail: (error as Error).message });
      }
      request.log.info({ user_id: view.session.userId, created_user_id: created.userId }, 'dashboard user created');
      const notice = { text: view.t.t('userCreated', { email: request.body.email.trim().toLowerCase() }), link: created.setupUrl };
      return send(reply, views.usersPage(view, await users.list(view.session), notice));
    });

    api.post('/dashboard/users/:id/sign-out', { schema: { ...hide, params: UserParams, body: SessionForm } }, async (request, reply) => {
      const view = await adminView(request);
      const count = await users.signOutUser(view.session, request.params.id);
      if (count === undefined) throw new ApiError('not_found', { detail: `User ${request.params.id} does not exist` });
      const list = await users.list(view.session);
      const email = list.find((user) => user.id === request.params.id)?.email ?? '';
      request.log.info({ user_id: view.session.userId, signed_out_user_id: request.params.id, sessions: count }, 'dashboard user signed out');
      if (request.params.id === view.session.userId) return seeOther(reply, '/dashboard/sign-in');
      return send(reply, views.usersPage(view, list, { text: view.t.t('signedOutUser', { email, count: String(count) }) }));
    });

    api.post('/dashboard/users/:id/role', { schema: { ...hide, params: UserParams, body: RoleForm } }, async (request, reply) => {
      const view = await adminView(request);
      const changed = await users.changeUser(view.session, request.params.id, request.body.role);
      if (!changed) throw new ApiError('not_found', { detail: `User ${request.params.id} does not exist` });
      request.log.info({ user_id: view.session.userId, changed_user_id: request.params.id, role: request.body.role }, 'dashboard user role changed');
      return send(reply, views.usersPage(view, await users.list(view.session), { text: view.t.t('roleChanged', { email: changed.email, role: view.t.t(request.body.role) }) }));
    });

    api.post('/dashboard/users/:id/remove', { schema: { ...hide, params: UserParams, body: ConfirmForm } }, async (request, reply) => {
      const view = await adminView(request);
      const user = (await users.list(view.session)).find((each) => each.id === request.params.id);
      if (!user) throw new ApiError('not_found', { detail: `User ${request.params.id} does not exist` });
      if (request.body.confirm !== 'yes') {
        return send(reply, views.confirmPage(view, view.t.t('confirmRemoveUserTitle'), view.t.t('confirmRemoveUserText', { email: user.email }), `/dashboard/users/${user.id}/remove`, view.t.t('removeUser'), '/dashboard/users'));
      }
      await users.changeUser(view.session, user.id, undefined);
      request.log.info({ user_id: view.session.userId, removed_user_id: user.id }, 'dashboard user removed');
      if (user.id === view.session.userId) return seeOther(reply, '/dashboard/sign-in');
      return send(reply, views.usersPage(view, await users.list(view.session), { text: view.t.t('userRemoved', { email: user.email }) }));
    });

    // Developers: the API clients and the webhook signing secret of the platform in the session's environment (a developer's or an admin's).
    const developerView = async (request: FastifyRequest) => {
      const view = await viewOf(request);
      if (!allowed(view.session, 'developer')) throw refused('Only a developer or an admin manages API clients and webhook secrets');
      return { view, caller: dashboard.caller(view.session) };
    };
    const developersPage = async (reply: FastifyReply, view: views.View, caller: Caller, shown?: views.DevelopersNotice) =>
      send(reply, views.developersPage(view, await developers.clients(caller), shown));

    api.get('/dashboard/developers', { schema: hide }, async (request, reply) => {
      const { view, caller } = await developerView(request);
      return developersPage(reply, view, caller);
    });

    api.post('/dashboard/developers/clients', { schema: { ...hide, body: NewClientForm } }, async (request, reply) => {
      const { view, caller } = await developerView(request);
      const created = await developers.createClient(caller, view.session, request.body.name.trim(), [...new Set([request.body.scope].flat())]);
      request.log.info({ user_id: view.session.userId, client_id: created.clientId, environment: caller.environment }, 'dashboard client created');
      return developersPage(reply, view, caller, { text: view.t.t('clientCreated', { id: created.clientId }), secret: { label: view.t.t('clientSecret'), value: created.clientSecret } });
    });

    api.post('/dashboard/developers/clients/:id/revoke', { schema: { ...hide, params: ClientParams, body: ConfirmForm } }, async (request, reply) => {
      const { view, caller } = await developerView(request);
      if (request.body.confirm !== 'yes') {
        const client = await developers.client(caller, request.params.id);
        return send(reply, views.confirmPage(view, view.t.t('confirmRevokeTitle'), view.t.t('confirmRevokeText', { id: client.id, name: client.name }), `/dashboard/developers/clients/${client.id}/revoke`, view.t.t('revoke')));
      }
      const client = await developers.revokeClient(caller, request.params.id);
      request.log.info({ user_id: view.session.userId, client_id: client.id }, 'dashboard client revoked');
      return developersPage(reply, view, caller, { text: view.t.t('clientRevoked', { id: client.id }) });
    });

    // The secret is never on the page by default: a POST reveals it on its answer only.
    api.post('/dashboard/developers/webhook-secret', { schema: { ...hide, body: SessionForm } }, async (request, reply) => {
      const { view, caller } = await developerView(request);
      const secret = await developers.webhookSecret(caller);
      return developersPage(reply, view, caller, { text: view.t.t('webhookSecretShown'), secret: { label: view.t.t('webhookSecret'), value: secret.secret } });
    });

    api.post('/dashboard/developers/webhook-secret/rotate', { schema: { ...hide, body: ConfirmForm } }, async (request, reply) => {
      const { view, caller } = await developerView(request);
      if (request.body.confirm !== 'yes') {
        return send(reply, views.confirmPage(view, view.t.t('confirmRotateTitle'), view.t.t('confirmRotateText'), '/dashboard/developers/webhook-secret/rotate', view.t.t('rotate')));
      }
      const secret = await developers.rotateWebhookSecret(caller);
      request.log.info({ user_id: view.session.userId, environment: caller.environment }, 'dashboard webhook secret rotated');
      return developersPage(reply, view, caller, { text: view.t.t('webhookSecretRotated'), secret: { label: view.t.t('webhookSecret'), value: secret.secret } });
    });
  });
}
