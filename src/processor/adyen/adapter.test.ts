import { describe, expect, it } from 'vitest';
import { toProcessorNotification } from './adapter.js';
import type { ProcessorNotification as AdyenNotification } from './types.js';

const item = (kind: string, success: boolean, extra: Partial<AdyenNotification> = {}): AdyenNotification => ({
  eventKey: `8835511210681324:${kind}:${success}`, kind, pspReference: '8835511210681324', merchantReference: 'ref_1', success,
  amountMinor: 1_000, currency: 'EUR', eventDate: '2026-11-27T01:00:00+01:00', ...extra,
});

describe("Adyen's notifications in the boundary's words", () => {
  it('AUTHORISATION: the authorization of our attempt (merchantReference), by its pspReference', () => {
    expect(toProcessorNotification(item('AUTHORISATION', true))).toEqual({
      eventKey: '8835511210681324:AUTHORISATION:true', kind: 'AUTHORISATION', object: 'authorization', reference: 'ref_1', processorReference: '8835511210681324', outcome: 'succeeded',
    });
    expect(toProcessorNotification(item('AUTHORISATION', false, { reason: 'Refused' }))).toMatchObject({ object: 'authorization', outcome: 'failed', reason: 'Refused' });
  });

  it('REFUND ends a refund as its success says; REFUND_FAILED fails it whatever its success says', () => {
    expect(toProcessorNotification(item('REFUND', true, { originalReference: 'PAYMENT' }))).toMatchObject({ object: 'refund', reference: 'ref_1', outcome: 'succeeded' });
    expect(toProcessorNotification(item('REFUND', false))).toMatchObject({ object: 'refund', outcome: 'failed' });
    expect(toProcessorNotification(item('REFUND_FAILED', true))).toMatchObject({ object: 'refund', outcome: 'failed' });
  });

  it('keeps CANCELLATION, CHARGEBACK and unknown events as `other`, named by their event code', () => {
    for (const kind of ['CANCELLATION', 'CHARGEBACK', 'REPORT_AVAILABLE']) expect(toProcessorNotification(item(kind, true))).toMatchObject({ object: 'other', kind });
  });
});
