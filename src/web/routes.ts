import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { typed } from '../core/http.js';

/**
 * The buyer-facing hosted payment page: an HTML shell, one script and one style sheet, all served
 * from here. The script drives the public /hpp/... API with the page's resource token, so the page
 * can do nothing that an integrator's own front end could not.
 */
const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');
const PAGE_JS = asset('page.js');
const PAGE_CSS = asset('page.css');

/** Only this origin: no inline code, no third-party requests, no framing. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const PayParams = Type.Object({ payment_id: Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }) });
const PayQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

function shell(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>Payment</title>
<link rel="stylesheet" href="/pay/assets/page.css">
<script src="/pay/assets/page.js" defer></script>
</head>
<body>
<header class="brand"><div class="brand-inner"><span class="brand-name" id="brand-name"></span></div></header>
<main id="main" class="main" aria-live="polite">
<section class="panel loading" id="loading"><div class="spinner" aria-hidden="true"></div><p id="loading-text">Loading…</p></section>
<noscript><section class="panel"><h1>JavaScript is required</h1><p>This payment page needs JavaScript to run.</p></section></noscript>
</main>
</body>
</html>
`;
}

export async function webRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const security = (reply: { header(name: string, value: string): unknown }) => {
    reply.header('content-security-policy', PAGE_CSP);
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
  };

  app.get('/pay/:payment_id', { schema: { hide: true, params: PayParams, querystring: PayQuery } }, async (_request, reply) => {
    security(reply);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(shell());
  });

  app.get('/pay/assets/page.js', { schema: { hide: true } }, async (_request, reply) => {
    security(reply);
    return reply.header('cache-control', 'public, max-age=300').type('text/javascript; charset=utf-8').send(PAGE_JS);
  });

  app.get('/pay/assets/page.css', { schema: { hide: true } }, async (_request, reply) => {
    security(reply);
    return reply.header('cache-control', 'public, max-age=300').type('text/css; charset=utf-8').send(PAGE_CSS);
  });
}
