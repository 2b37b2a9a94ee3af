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

  it("a SEPA payment's AUTHORISATION (paymentMethod sepadirectdebit) is its collection's outcome", () => {
    expect(toProcessorNotification(item('AUTHORISATION', true, { paymentMethod: 'sepadirectdebit' }))).toMatchObject({ object: 'collection', reference: 'ref_1', outcome: 'succeeded' });
    expect(toProcessorNotification(item('AUTHORISATION', false, { paymentMethod: 'sepadirectdebit', reason: 'AC04' }))).toMatchObject({ object: 'collection', outcome: 'failed', reason: 'AC04' });
  });

  it("CHARGEBACK takes the money of the payment named by originalReference; NOTIFICATION_OF_CHARGEBACK announces it", () => {
    const dispute = { pspReference: 'QFQTPCQ8HXSKGK82', originalReference: '9913140798220028', eventKey: 'QFQTPCQ8HXSKGK82:CHARGEBACK:true', reason: 'Fraud' };
    expect(toProcessorNotification(item('CHARGEBACK', true, dispute))).toEqual({
      eventKey: 'QFQTPCQ8HXSKGK82:CHARGEBACK:true', kind: 'CHARGEBACK', object: 'chargeback', reference: 'ref_1', processorReference: 'QFQTPCQ8HXSKGK82', outcome: 'succeeded', reason: 'Fraud',
      chargeback: { paymentProcessorReference: '9913140798220028', stage: 'charged_back', amountMinor: 1_000, currency: 'EUR' },
    });
    expect(toProcessorNotification(item('NOTIFICATION_OF_CHARGEBACK', true, dispute))).toMatchObject({ object: 'chargeback', chargeback: { stage: 'notified', paymentProcessorReference: '9913140798220028' } });
  });

  it('keeps CANCELLATION and unknown events as `other`, named by their event code', () => {
    for (const kind of ['CANCELLATION', 'CHARGEBACK_REVERSED', 'REPORT_AVAILABLE']) expect(toProcessorNotification(item(kind, true))).toMatchObject({ object: 'other', kind });
  });
});
