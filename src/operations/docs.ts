import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../core/config.js';
import { notFound } from '../core/errors.js';
import { CompressedBody } from './compressed.js';

/**
 * The API reference at /docs: Swagger UI (swagger-ui-dist, served from here: no CDN, no web fonts)
 * driven by docs.js, which reads /openapi.json and adds the audience to the token request of the
 * Authorize dialog; the document is fetched (preloaded) while the scripts load, all of them
 * compressed and revalidated by ETag (operations/compressed.ts). Its CSP allows this origin and the configured API hosts only, and never
 * upgrade-insecure-requests, so the page works on any plain-http host.
 */
const swaggerUiDist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSET_FILES = {
  'swagger-ui-bundle.js': path.join(swaggerUiDist, 'swagger-ui-bundle.js'),
  'swagger-ui.css': path.join(swaggerUiDist, 'swagger-ui.css'),
  'docs.js': new URL('./docs-assets/docs.js', import.meta.url),
  'docs.css': new URL('./docs-assets/docs.css', import.meta.url),
  'favicon.png': path.join(swaggerUiDist, 'favicon-32x32.png'),
} as const;
const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', png: 'image/png' };
const ASSETS = new Map(Object.entries(ASSET_FILES).map(([name, file]) => [name, new CompressedBody(() => readFileSync(file), TYPES[name.split('.').pop()!]!)]));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>API reference · Payments and merchant onboarding</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/docs.css">
<link rel="preload" href="/openapi.json" as="fetch" crossorigin="anonymous">
<script src="/docs/assets/swagger-ui-bundle.js" defer></script>
<script src="/docs/assets/docs.js" defer></script>
</head>
<body>
<header class="docs-header">
<p>Try the sandbox: press <strong>Authorize</strong>, enter a client id and secret under <em>oauth2</em> (the token is fetched for the sandbox)
or paste an access token under <em>bearerAuth</em>, then <strong>Try it out</strong> on any operation.
The document itself: <a href="/openapi.json">/openapi.json</a>.</p>
</header>
<main id="swagger-ui"><p class="docs-loading">Loading the reference…</p></main>
<noscript><p class="docs-loading">The reference needs JavaScript; the document is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
</body>
</html>
`;

/** This origin, and the API hosts "Try it out" calls when they are configured elsewhere. */
function docsCsp(config: Config): string {
  const apiOrigins = new Set([config.baseUrl, config.sandboxBaseUrl, config.authUrl, config.filesUrl, config.onboardingUrl].map((url) => new URL(url).origin));
  return (
    `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; ` +
    `connect-src 'self' ${[...apiOrigins].join(' ')}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`
  );
}

const AssetParams = Type.Object({ name: Type.String({ maxLength: 40 }) });

export async function docsRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const csp = docsCsp(config);
  const secure = (reply: FastifyReply) =>
    reply.header('content-security-policy', csp).header('referrer-policy', 'no-referrer').header('x-content-type-options', 'nosniff').header('x-frame-options', 'DENY');

  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => secure(reply).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE));

  app.get<{ Params: { name: string } }>('/docs/assets/:name', { schema: { hide: true, params: AssetParams } }, async (request, reply) => {
    const asset = ASSETS.get(request.params.name);
    if (!asset) throw notFound(`Asset ${request.params.name}`);
    return asset.send(request, secure(reply), 'public, max-age=300');
  });
}
