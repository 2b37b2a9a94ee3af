import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './types.js';

/** Headers as Node (IncomingHttpHeaders), fetch (Headers) or a plain object give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** How far webhook-timestamp may be from this machine's clock (Standard Webhooks: 5 minutes), against replays. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

function header(headers: WebhookHeaders, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]);
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new WebhookVerificationError(`Missing ${name} header`);
  return text;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/**
 * Checks a webhook as the platform signs it (Standard Webhooks: HMAC-SHA256 of
 * "webhook-id.webhook-timestamp.body" with the secret's bytes, any of the space-separated v1
 * signatures matching) and answers its event. Pass the raw body, exactly as received.
 */
export function verifyWebhook(body: string | Uint8Array, headers: WebhookHeaders, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): WebhookEvent {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const sentAt = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - sentAt) > TIMESTAMP_TOLERANCE_SECONDS) {
    throw new WebhookVerificationError('webhook-timestamp is missing or too far from now (a replay?)');
  }
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const expected = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${text}`).digest();
  const matches = signatures.split(' ').some((signature) => {
    const [version, value] = signature.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('No webhook-signature matches the secret');
  return JSON.parse(text) as WebhookEvent;
}
