import type { FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import type { FieldError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The rules of a route's body that need code (the caller's environment, the deployment's
     * configuration). They run with the schema, whether or not the body matches it, so that one
     * 400 names every bad field; the body they see may therefore have any shape.
     */
    bodyRules?: (body: unknown, request: FastifyRequest) => FieldError[];
  }
}

/** The value at a path of a body that may not match its schema; undefined where the path ends early. */
export function valueAt(body: unknown, ...path: string[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The route's body rules broken by `body`, as Ajv errors to report with the schema's own. */
export function bodyRuleErrors(body: unknown, request: FastifyRequest | undefined): ErrorObject[] {
  const rules = request?.routeOptions.config.bodyRules;
  if (!request || !rules) return [];
  return rules(body, request).map(({ pointer, code, detail, params }) => ({ keyword: 'rule', instancePath: pointer, schemaPath: '#', params: { code, values: params }, message: detail }));
}
