import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signatureHeader } from './signing.js';

describe('signatureHeader', () => {
  it('produces signatures the Standard Webhooks library verifies, one per secret', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ event_id: 'evt_1', type: 'payment_succeeded', data: { amount_minor: 100 } });
    const timestamp = Math.floor(Date.now() / 1000);
    const header = signatureHeader([current, previous], 'evt_1', timestamp, body);
    expect(header.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': header };
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(body.replace('100', '1000'), headers)).toThrow();
  });
});
