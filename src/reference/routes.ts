import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { typed } from '../core/http.js';
import { pageLanguage } from '../core/language.js';
import { BusinessTypeQuery, BusinessTypes, CountryList, DistrictCourtList, DistrictCourtQuery, MerchantCategoryCodeList, MerchantCategoryCodeQuery } from './schemas.js';
import { reference, type Cacheable } from './service.js';

/** Reference data changes with a release, not per request: clients and proxies may keep it a day. */
export const CACHE_CONTROL = 'public, max-age=86400';

/** RFC 9110 13.1.2: If-None-Match compares weakly; "*" matches any current representation. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

function send<T>(request: FastifyRequest, reply: FastifyReply, answer: Cacheable<T>): T | FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', CACHE_CONTROL);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return answer.body;
}

const tags = ['reference data'];
const cacheNote = 'Public, no token. Answers carry ETag and Cache-Control; If-None-Match with the current ETag gives 304.';

/** Public reference data: no `config.scope`, so the platform mounts require no token here. */
export async function referenceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.get(
    '/reference/countries',
    { schema: { tags, summary: 'ISO 3166-1 countries with calling code and EEA membership', description: cacheNote, response: { 200: CountryList } } },
    async (request, reply) => send(request, reply, reference.countries()),
  );

  app.get(
    '/reference/merchant-category-codes',
    {
      schema: {
        tags,
        summary: 'ISO 18245 merchant category codes, named in English, German or Spanish',
        description: `${cacheNote} The language parameter, else Accept-Language, chooses the names (Content-Language; Vary: Accept-Language).`,
        querystring: MerchantCategoryCodeQuery,
        response: { 200: MerchantCategoryCodeList },
      },
    },
    async (request, reply) => {
      const language = pageLanguage(request.query.language ?? null, request.headers['accept-language']);
      reply.header('content-language', language).header('vary', 'Accept-Language');
      return send(request, reply, reference.merchantCategoryCodes(language));
    },
  );

  app.get(
    '/reference/district-courts',
    {
      schema: {
        tags,
        summary: 'Local courts keeping commercial registers (German Registergerichte)',
        description: `${cacheNote} A country_code that is not an ISO 3166-1 alpha-2 code is 400; a country without such courts gives [].`,
        querystring: DistrictCourtQuery,
        response: { 200: DistrictCourtList },
      },
    },
    async (request, reply) => send(request, reply, reference.districtCourts(request.query.country_code)),
  );

  app.get(
    '/reference/business-types',
    {
      schema: {
        tags,
        summary: 'Business types and their legal structures in a country',
        description: `${cacheNote} A country_code that is not an ISO 3166-1 alpha-2 code (uppercase) is 404.`,
        querystring: BusinessTypeQuery,
        response: { 200: BusinessTypes },
      },
    },
    async (request, reply) => send(request, reply, reference.businessTypes(request.query.country_code)),
  );
}
