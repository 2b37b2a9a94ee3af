/**
 * Adyen's published OpenAPI documents as validators (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses):
 * a request or an answer of the Checkout API by its operation, a webhook body by its event code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Adyen's documents, vendored unchanged (Adyen/adyen-openapi, MIT). */
const OPENAPI_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'openapi');

interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components: { examples: Record<string, { value: unknown }> };
}
interface Operation {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}

class Contract {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  protected readonly document: OpenApiDocument;

  /** The absolute id the document is registered under, for the $refs of the schemas compiled from it. */
  private readonly id: string;

  protected constructor(private readonly name: string, file: string) {
    this.id = `https://adyen-openapi.invalid/${file}`;
    this.document = parse(readFileSync(path.join(OPENAPI_DIR, file), 'utf8')) as OpenApiDocument;
    // strict: false: Adyen's documents carry OpenAPI's own keywords (x-*, nullable, example) beside JSON Schema's.
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: this.id, components: this.document.components });
  }

  /** Errors of `value` against `schema` (a fragment of the document, its $refs local to the document); none: valid. */
  protected check(cacheKey: string, schema: object, value: unknown): string[] {
    let validate = this.compiled.get(cacheKey);
    if (!validate) {
      validate = this.ajv.compile(rebase(schema, this.id));
      this.compiled.set(cacheKey, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  }

  /** A named example of the document (components.examples), a copy. */
  example(name: string): unknown {
    const example = this.document.components.examples[name];
    if (!example) throw new Error(`no example ${name} in ${this.name}`);
    return structuredClone(example.value);
  }
}

/** Local $refs ("#/components/…") made to point into the document registered under `id`. */
function rebase(schema: object, id: string): object {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${id}#/`)) as object;
}

let checkout: CheckoutContract | undefined;
let webhooks: WebhooksContract | undefined;

/** The path template of the document that `actual` (e.g. /payments/ABC/refunds) is an instance of. */
function templateOf(paths: string[], actual: string): string | undefined {
  return paths.find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(actual));
}

export class CheckoutContract extends Contract {
  static get(): CheckoutContract {
    checkout ??= new CheckoutContract('CheckoutService-v71', 'CheckoutService-v71.yaml');
    return checkout;
  }

  private operation(method: string, actualPath: string): { key: string; operation: Operation } | { error: string } {
    const paths = this.document.paths ?? {};
    const template = templateOf(Object.keys(paths), actualPath);
    const operation = template ? paths[template]?.[method.toLowerCase()] : undefined;
    if (!template || !operation) return { error: `${method} ${actualPath} is no operation of the Checkout API v71` };
    return { key: `${method} ${template}`, operation };
  }

  /** Violations of a request body (empty: valid). */
  request(method: string, actualPath: string, body: unknown): string[] {
    const found = this.operation(method, actualPath);
    if ('error' in found) return [found.error];
    const schema = found.operation.requestBody?.content['application/json']?.schema;
    if (!schema) return [`${found.key} takes no JSON body`];
    return this.check(`${found.key} request`, schema, body);
  }

  /** Violations of an answer with its status (empty: valid). */
  response(method: string, actualPath: string, status: number, body: unknown): string[] {
    const found = this.operation(method, actualPath);
    if ('error' in found) return [found.error];
    const schema = found.operation.responses[String(status)]?.content?.['application/json']?.schema;
    if (!schema) return [`${found.key} has no ${status} answer`];
    return this.check(`${found.key} ${status}`, schema, body);
  }
}

export class WebhooksContract extends Contract {
  static get(): WebhooksContract {
    webhooks ??= new WebhooksContract('Webhooks-v1', 'Webhooks-v1.yaml');
    return webhooks;
  }

  /** Violations of a webhook body: every item against its own event's schema (empty: valid). */
  notification(body: { notificationItems: { NotificationRequestItem: { eventCode: string } }[] }): string[] {
    return body.notificationItems.flatMap((wrapper) => {
      const eventCode = wrapper.NotificationRequestItem.eventCode;
      const schema = this.document.webhooks?.[`/${eventCode}`]?.post?.requestBody?.content['application/json']?.schema;
      if (!schema) return [`no webhook ${eventCode} in Webhooks-v1.yaml`];
      return this.check(eventCode, schema, { ...body, notificationItems: [wrapper] });
    });
  }
}
