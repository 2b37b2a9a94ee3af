import type { components, paths, webhooks } from './openapi.js';

export type { paths, components, operations, webhooks } from './openapi.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Every path of the served OpenAPI document (relative to its server: the platform API's paths to the environment's API URL). */
export type ApiPath = keyof paths;

type Operation<P extends ApiPath, M extends HttpMethod> = NonNullable<paths[P][Lowercase<M>]>;

/** The methods a path answers. */
export type MethodOf<P extends ApiPath> = { [M in HttpMethod]: [Operation<P, M>] extends [never] ? never : M }[HttpMethod];

type Parameters<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends { parameters: infer X } ? X : never;
export type PathParamsOf<P extends ApiPath, M extends HttpMethod> = NonNullable<Parameters<P, M> extends { path?: infer X } ? X : never>;
export type QueryOf<P extends ApiPath, M extends HttpMethod> = NonNullable<Parameters<P, M> extends { query?: infer X } ? X : never>;
export type BodyOf<P extends ApiPath, M extends HttpMethod> =
  NonNullable<Operation<P, M> extends { requestBody?: infer X } ? X : never> extends { content: { 'application/json': infer B } } ? B : never;

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends { responses: infer R } ? R : never;
type ContentOf<R> = R extends { content: { 'application/json': infer B } } ? B : R extends { content: Record<string, infer B> } ? B : undefined;
/** The body of a path's success answer (200, 201, 202 or 204). */
export type ResponseOf<P extends ApiPath, M extends HttpMethod> = {
  [S in keyof Responses<P, M> & SuccessStatus]: ContentOf<Responses<P, M>[S]>;
}[keyof Responses<P, M> & SuccessStatus];

type Item<T> = T extends { data: (infer I)[] } ? I : never;

export type Payment = ResponseOf<'/payments/{payment_id}', 'GET'>;
export type PaymentCreated = ResponseOf<'/payments', 'POST'>;
export type CreatePayment = BodyOf<'/payments', 'POST'>;
export type AuthorizePayment = BodyOf<'/payments/authorize', 'POST'>;
export type PaymentListQuery = QueryOf<'/payments', 'GET'>;
export type PaymentSummary = Item<ResponseOf<'/payments', 'GET'>>;
export type Refund = ResponseOf<'/refunds/{refund_id}', 'GET'>;
export type CreateRefund = BodyOf<'/refunds', 'POST'>;
export type RefundListQuery = QueryOf<'/refunds', 'GET'>;
export type EventDetail = ResponseOf<'/events/{event_id}', 'GET'>;
export type EventSummary = Item<ResponseOf<'/events', 'GET'>>;
export type EventListQuery = QueryOf<'/events', 'GET'>;
export type EventType = EventSummary['type'];
export type WebhookSecret = ResponseOf<'/webhook-secret', 'GET'>;
export type Payout = ResponseOf<'/payouts/{payout_id}', 'GET'>;
export type PayoutListQuery = QueryOf<'/payouts', 'GET'>;
export type Application = ResponseOf<'/applications/{application_id}', 'GET'>;
export type CreateApplication = BodyOf<'/applications', 'POST'>;
export type ApplicationListQuery = QueryOf<'/applications', 'GET'>;
export type Account = ResponseOf<'/accounts/{account_id}', 'GET'>;
export type AccountListQuery = QueryOf<'/accounts', 'GET'>;
export type Branding = ResponseOf<'/accounts/{account_id}/branding', 'GET'>;
export type BrandingUpdate = BodyOf<'/accounts/{account_id}/branding', 'PATCH'>;
export type PlatformPayoutAccount = ResponseOf<'/platform/payout-account', 'GET'>;
export type PlatformPayoutAccountBody = BodyOf<'/platform/payout-account', 'PUT'>;
export type ClockTime = ResponseOf<'/simulations/clock', 'GET'>;
export type ClockMoved = ResponseOf<'/simulations/clock/advance', 'POST'>;
export type WebhookFaults = ResponseOf<'/simulations/webhook-faults', 'GET'>;
export type WebhookFaultsInput = BodyOf<'/simulations/webhook-faults', 'PUT'>;
/** An RFC 9457 problem, as every error answer carries it. */
export type Problem = components['schemas']['Problem'];

type PayloadOf<W> = W extends { post: { requestBody: { content: { 'application/json': infer B } } } } ? B : never;
/** The payloads of the document's `webhooks` section (never while it has none). */
type DocumentedEvent = { [K in keyof webhooks]: PayloadOf<webhooks[K]> }[keyof webhooks];
/** The event envelope as GET /events describes it, one member per type. */
type EnvelopeEvent = {
  [T in EventType]: { event_id: string; type: T; occurred_at: string; data: Record<string, unknown> };
}[EventType];

/** A webhook as delivered (Standard Webhooks body): one member per event type, told apart by `type`. */
export type WebhookEvent = [DocumentedEvent] extends [never] ? EnvelopeEvent : DocumentedEvent;
