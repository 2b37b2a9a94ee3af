import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../core/errors.js';
import { serverTextsModule } from '../core/error-texts.js';
import { typed } from '../core/http.js';
import type { Environment } from '../core/config.js';
import { pageLanguage } from '../core/language.js';
import type { HostedPaymentPageService } from '../hosted-payment-page/service.js';
import { Html, html as markup } from '../dashboard/html.js';
import type { Language } from '../core/language.js';
import type { BuyerAction } from '../processor/boundary.js';
import type { ApplicantService } from '../onboarding/applicant-service.js';
import { onboardingTestData, paymentTestData, TEST_DOCUMENT_PATH, TEST_DOCUMENTS, testModeBanner, type TestData } from './test-mode.js';

/**
 * The hosted pages people see: the buyer's payment page and the merchant's onboarding wizard. Each
 * is an HTML shell with its script and style sheet, served from here together with what they share
 * (common.js, common.css). The scripts drive the public APIs (/hpp/..., /smo/application/...) with
 * the token of the page's link, so a page can do nothing that an integrator's own front end could not.
 */
const ASSET_TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml' } as const;
const ASSET_NAMES = ['common.js', 'common.css', 'dashboard.css', 'page.js', 'page.css', 'challenge.js', 'onboarding.js', 'onboarding-texts.js', 'onboarding.css', 'favicon.svg'] as const;
const ASSETS: ReadonlyMap<string, { type: string; body: string }> = new Map([
  ...ASSET_NAMES.map((name) => [
    name,
    { type: ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1) as keyof typeof ASSET_TYPES], body: readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8') },
  ] as const),
  // Written from the server's own catalogue, so the pages word every error the server can answer.
  ['server-texts.js', { type: ASSET_TYPES.js, body: serverTextsModule() }] as const,
]);

/** Only this origin: no inline code, no third-party requests, no framing. blob: shows the previews of files being uploaded. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const PayParams = Type.Object({ payment_id: Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }) });
const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const AssetParams = Type.Object({ name: Type.String({ maxLength: 40 }) });

interface Shell {
  page: 'page' | 'onboarding';
  title: string;
  noscript: string;
  /** The sandbox's test-mode banner and test-data drawer (test-mode.ts); nothing in live. */
  testMode?: { banner: string; drawer: string };
}

/** What every page's head holds: charset, viewport, no referrer, no indexing, the icon, the shared style sheet and the page's own, and its script. */
function head(title: string, style: string, script: string): Html {
  return markup`<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/common.css">
<link rel="stylesheet" href="/assets/${style}.css">
${new Html(script)}
</head>`;
}

function shell({ page, title, noscript, testMode }: Shell): string {
  return `<!doctype html>
<html lang="en">
${head(title, page, `<script type="module" src="/assets/${page}.js"></script>`)}
<body class="${page}">
${testMode?.banner ?? ''}<header class="brand"><div class="brand-inner"><img class="brand-logo" id="brand-logo" alt="" hidden><span class="brand-name" id="brand-name"></span></div></header>
<main id="main" class="main" aria-live="polite">
<section class="panel loading" id="loading"><div class="spinner" aria-hidden="true"></div><p id="loading-text">Loading…</p></section>
<noscript><section class="panel"><h1>JavaScript is required</h1><p>${noscript}</p></section></noscript>
</main>
${testMode?.drawer ?? ''}
</body>
</html>
`;
}

const PAYMENT_PAGE: Omit<Shell, 'testMode'> = { page: 'page', title: 'Payment', noscript: 'This payment page needs JavaScript to run.' };
const ONBOARDING_PAGE: Omit<Shell, 'testMode'> = { page: 'onboarding', title: 'Onboarding', noscript: 'The onboarding pages need JavaScript to run.' };

/** Where a page's object lives and the language it speaks, to show the sandbox's signs (undefined: none, as for an unknown link). */
type PageContext = { environment: Environment; language: string | null } | undefined;

/** The headers of every page: the strict CSP, no referrer, no sniffing, no framing. */
export function secure(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY');
}

/** The form post page's words: it shows only when the browser runs no script (it posts itself at once otherwise). */
const CHALLENGE_TEXTS: Record<Language, { title: string; text: string; go: string }> = {
  en: { title: 'Confirm the payment with your bank', text: 'Your bank asks you to confirm this payment.', go: 'Continue to your bank' },
  de: { title: 'Zahlung bei Ihrer Bank bestätigen', text: 'Ihre Bank bittet Sie, diese Zahlung zu bestätigen.', go: 'Weiter zu Ihrer Bank' },
  es: { title: 'Confirme el pago con su banco', text: 'Su banco le pide que confirme este pago.', go: 'Continuar a su banco' },
};

/**
 * The buyer sent to the acquirer's page by a form post (Adyen's redirect with method POST): the
 * form posts itself (challenge.js), and its button does it without script. The CSP lets the form
 * go to that page's origin only.
 */
function challengePage(action: BuyerAction, language: Language): { body: string; csp: string } {
  const text = CHALLENGE_TEXTS[language];
  const fields = Object.entries(action.data ?? {}).map(([name, value]) => markup`<input type="hidden" name="${name}" value="${value}">`);
  const body = markup`<!doctype html>
<html lang="${language}">
${head(text.title, 'page', '<script src="/assets/challenge.js" defer></script>')}
<body class="page">
<main id="main" class="main">
<form class="panel" id="challenge" method="post" action="${action.url}">
<h1>${text.title}</h1>
<p>${text.text}</p>
${fields}
<button class="button primary" type="submit" id="to-bank">${text.go}</button>
</form>
</main>
</body>
</html>
`.value;
  return { body, csp: PAGE_CSP.replace("form-action 'self'", `form-action ${new URL(action.url).origin}`) };
}

const html = (reply: FastifyReply, body: string) => secure(reply).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

interface WebDeps {
  hpp: HostedPaymentPageService;
  applicant: ApplicantService;
  /** The sandbox's test data for the drawers (test-mode.ts: sandboxTestData). */
  testData: TestData;
}

export async function webRoutes(fastify: FastifyInstance, { hpp, applicant, testData }: WebDeps): Promise<void> {
  const app = typed(fastify);
  const hide = { hide: true };

  /** The sandbox's banner and drawer for a page whose object is a sandbox one; nothing in live. */
  const testModeOf = (context: PageContext, acceptLanguage: string | undefined, page: 'payment' | 'onboarding') => {
    if (context?.environment !== 'sandbox') return undefined;
    const lang = pageLanguage(context.language, acceptLanguage);
    const drawer = page === 'payment' ? paymentTestData(lang, testData) : onboardingTestData(lang, testData);
    return { banner: testModeBanner(lang, page), drawer };
  };

  // The page is shown whatever its status (401, 404, 410): its script asks the API and tells the buyer why.
  app.get('/pay/:payment_id', { schema: { ...hide, params: PayParams, querystring: TokenQuery } }, async (request, reply) => {
    const status = await hpp.pageStatus(request.params.payment_id, request.query.token);
    const context = status === 404 ? undefined : await hpp.pageContext(request.params.payment_id);
    return html(reply.code(status), shell({ ...PAYMENT_PAGE, testMode: testModeOf(context, request.headers['accept-language'], 'payment') }));
  });

  app.get('/pay/:payment_id/challenge', { schema: { ...hide, params: PayParams, querystring: TokenQuery } }, async (request, reply) => {
    const { action, language } = await hpp.challengeForm(request.params.payment_id, request.query.token, request.headers['accept-language']);
    const page = challengePage(action, language);
    return html(reply, page.body).header('content-security-policy', page.csp);
  });

  // The onboarding link's page; the script reads the token from the address and asks the API.
  app.get('/onboarding', { schema: { ...hide, querystring: TokenQuery } }, async (request, reply) => {
    const context = request.query.token ? await applicant.pageContext(request.query.token) : undefined;
    return html(reply, shell({ ...ONBOARDING_PAGE, testMode: testModeOf(context, request.headers['accept-language'], 'onboarding') }));
  });

  // The wizard's test documents (linked from the sandbox's drawer only): files the upload accepts.
  app.get(`${TEST_DOCUMENT_PATH}/:name`, { schema: { ...hide, params: AssetParams } }, async (request, reply) => {
    const document = TEST_DOCUMENTS.get(request.params.name);
    if (!document) throw notFound(`Test document ${request.params.name}`);
    return secure(reply).header('cache-control', 'public, max-age=300').header('content-disposition', `attachment; filename="${request.params.name}"`).type(document.type).send(document.body);
  });

  app.get('/assets/:name', { schema: { ...hide, params: AssetParams } }, async (request, reply) => {
    const asset = ASSETS.get(request.params.name);
    if (!asset) throw notFound(`Asset ${request.params.name}`);
    return secure(reply).header('cache-control', 'public, max-age=300').type(asset.type).send(asset.body);
  });
}
