import type { FastifyInstance } from 'fastify';
import { typed } from '../core/http.js';
import { Branding, BrandingParams, BrandingUpdate, LogoParams } from './schemas.js';
import type { BrandingService } from './service.js';

/** The platform API's branding of an account: the platform's own account or a merchant's. */
export async function brandingRoutes(fastify: FastifyInstance, { branding }: { branding: BrandingService }): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/accounts/:account_id/branding',
    {
      schema: { tags: ['accounts'], summary: "Read an account's branding for the hosted pages", params: BrandingParams, response: { 200: Branding } },
      config: { scope: 'accounts:read' },
    },
    async (request) => branding.get(request.caller, request.params.account_id),
  );

  app.patch(
    '/accounts/:account_id/branding',
    {
      schema: {
        tags: ['accounts'],
        summary: "Set an account's branding: name shown, colours, logo, the payment page's format",
        params: BrandingParams,
        body: BrandingUpdate,
        response: { 200: Branding },
      },
      config: { scope: 'accounts:read_write' },
    },
    async (request) => branding.update(request.caller, request.params.account_id, request.body),
  );
}

/**
 * The logos the pages show, served from this origin without a token (a logo is public): only a
 * document some branding shows, never rendered as a document of this origin (nosniff, sandboxed).
 */
export async function logoRoutes(fastify: FastifyInstance, { branding }: { branding: BrandingService }): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/brand-logos/:document_id',
    { schema: { tags: ['hosted payment page'], summary: 'A logo the pages show', params: LogoParams, produces: ['image/png', 'image/jpeg', 'image/svg+xml'] } },
    async (request, reply) => {
      const logo = await branding.logo(request.params.document_id);
      return reply
        .type(logo.contentType)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(logo.bytes);
    },
  );
}
