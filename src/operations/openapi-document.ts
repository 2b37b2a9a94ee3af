import { FORMAT_HINTS } from '../core/formats.js';
import { EVENT_TYPES } from '../events/outbox.js';
import { webhookPayload } from '../events/payloads.js';
import { DELIVERY_TIMEOUT_MS } from '../events/sender.js';

/**
 * The finishing of the generated OpenAPI document, on the whole of it: the tags in reading order
 * (the platform API first, then operations, the simulator and the pages' own routes) with the
 * paths in that order, a pattern or a list next to each named format, optional bodies said to be
 * optional, and the webhooks a platform receives.
 */
const TAGS = [
  { name: 'auth', description: 'Access tokens (OAuth 2.0 client credentials) and the keys that sign them' },
  { name: 'payments', description: 'Payments paid on the hosted payment page, and merchant-initiated ones' },
  { name: 'refunds', description: 'Refunds of succeeded payments' },
  { name: 'payouts', description: "Payouts of the accounts' transfers" },
  { name: 'accounts', description: 'The platform and its merchants' },
  { name: 'onboarding', description: 'Merchant applications and their onboarding links' },
  { name: 'documents', description: 'Files on the files host (/v2)' },
  { name: 'events', description: 'Events, their webhook deliveries and the webhook secret' },
  { name: 'reference data', description: 'Countries, merchant category codes, district courts, business types' },
  { name: 'sandbox', description: 'Simulations that move the sandbox: its clock, decisions, payouts, refunds' },
  { name: 'operator', description: 'Payout files and bank statements (SEPA credit transfers), for the operator alone: the bearer of OPERATOR_TOKEN' },
  { name: 'operations', description: 'Health, readiness and metrics, for the people who run the server' },
  { name: 'simulator', description: "The simulated 3-D Secure server and bank: pages the buyer's browser visits" },
  { name: 'hosted payment page', description: "The payment page's own API, authorized by the payment's page token" },
  { name: 'hosted onboarding', description: "The onboarding pages' own API, authorized by the onboarding token" },
];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Node = Record<string, unknown>;
type Operation = { tags?: string[]; requestBody?: { required?: boolean }; 'x-optional-body'?: boolean };
type PathItem = Record<string, Operation>;
interface Document {
  tags?: unknown[];
  paths: Record<string, PathItem>;
  webhooks?: Record<string, unknown>;
  [key: string]: unknown;
}

function operationsOf(item: PathItem): Operation[] {
  return METHODS.filter((method) => item[method]).map((method) => item[method]!);
}

/** The position of a path: that of its first operation's tag (an unknown tag last); the order within a tag stays. */
function orderPaths(paths: Record<string, PathItem>): Record<string, PathItem> {
  const names = TAGS.map((tag) => tag.name);
  const rank = (item: PathItem) => Math.min(...operationsOf(item).map((operation) => names.indexOf(operation.tags?.[0] ?? '') >>> 0));
  return Object.fromEntries(Object.entries(paths).sort(([, a], [, b]) => rank(a) - rank(b)));
}

/** Adds the pattern or list of a named format to every string schema that has one and none of its own. */
function hintFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(hintFormats);
  if (!node || typeof node !== 'object') return;
  const schema = node as Node;
  const hint = typeof schema.format === 'string' ? FORMAT_HINTS[schema.format] : undefined;
  if (hint && schema.enum === undefined && schema.pattern === undefined && schema.const === undefined) Object.assign(schema, hint);
  Object.values(schema).forEach(hintFormats);
}

/** A route that takes no body as {} (config.optionalBody) marks its operation; the mark becomes requestBody.required false. */
function markOptionalBodies(paths: Record<string, PathItem>): void {
  for (const operation of Object.values(paths).flatMap(operationsOf)) {
    if (!operation['x-optional-body']) continue;
    delete operation['x-optional-body'];
    if (operation.requestBody) operation.requestBody.required = false;
  }
}

const STANDARD_WEBHOOK_HEADERS = [
  { name: 'webhook-id', description: 'The event id: the same on every delivery of the event, for deduplication' },
  { name: 'webhook-timestamp', description: 'Seconds since the epoch when this delivery was signed' },
  { name: 'webhook-signature', description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the webhook secret (Standard Webhooks); two during a secret rotation' },
].map(({ name, description }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

/** One webhook per event type: the POST the platform's webhook URL receives, signed as Standard Webhooks. */
function webhooks(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const { summary, body } = webhookPayload(type);
      return [
        type,
        {
          post: {
            operationId: `webhook_${type}`,
            tags: ['events'],
            summary,
            description: `Sent to the webhook URL of the object the event is about; any 2xx answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds acknowledges it, anything else is retried.`,
            parameters: STANDARD_WEBHOOK_HEADERS,
            requestBody: { required: true, content: { 'application/json': { schema: body } } },
            responses: { '200': { description: 'Received (any 2xx)' } },
            security: [],
          },
        },
      ];
    }),
  );
}

/** A copy of the generated document, finished: its schemas may be the routes' own objects, left as they are. */
export function finishDocument<T>(openapiObject: T): T {
  const document = JSON.parse(JSON.stringify(openapiObject)) as Document;
  document.tags = TAGS;
  markOptionalBodies(document.paths);
  document.paths = orderPaths(document.paths);
  document.webhooks = webhooks();
  hintFormats(document);
  return document as T;
}
