export { PaymentsClient, type ClientOptions, type CreateOptions, type Environment, type RequestOptions } from './client.js';
export { PaymentsApiError, PaymentsConnectionError, WebhookVerificationError, type FieldError, type ProblemCode } from './errors.js';
export { PageIterator, type Page, type PageQuery } from './paging.js';
export type { Answer } from './transport.js';
export { verifyWebhook, TIMESTAMP_TOLERANCE_SECONDS, type WebhookHeaders } from './webhooks.js';
export type * from './types.js';
