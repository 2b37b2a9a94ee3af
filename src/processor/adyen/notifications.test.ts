import { describe, expect, it } from 'vitest';
import { WebhooksContract } from '../../../test/helpers/adyen/contract.js';
import { eventKeyOf, notificationSignature, readNotifications } from './notifications.js';
import type { AdyenNotificationBody, AdyenNotificationItem } from './wire.js';

const contract = WebhooksContract.get();
const KEY = Buffer.from('44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056', 'hex');

/** One of Adyen's webhook examples, its items signed with `key` as Adyen signs them. */
function signedExample(name: string, key = KEY): AdyenNotificationBody {
  const body = contract.example(name) as AdyenNotificationBody;
  for (const { NotificationRequestItem: item } of body.notificationItems) {
    item.additionalData = { ...item.additionalData, hmacSignature: notificationSignature(item, key) };
  }
  return body;
}

describe('notificationSignature', () => {
  it('matches the signature of Adyen’s own library test (adyen-php-api-library HmacSignatureTest)', () => {
    const item = {
      pspReference: '7914073381342284', merchantAccountCode: 'TestMerchant', merchantReference: 'TestPayment-1407325143704',
      amount: { value: 1130, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true', eventDate: '2014-08-06T13:42:40+01:00',
    } satisfies AdyenNotificationItem;
    const key = Buffer.from('DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00', 'hex');
    expect(notificationSignature(item, key)).toBe('Ny9gS2veKo5E4w8/OL6xz1/wvT/hYkAXy1xNc/QvO4I=');
  });
});

describe('readNotifications on Adyen’s webhook examples', () => {
  it('an AUTHORISATION: accepted, success read, Adyen’s "null" reason dropped', () => {
    const body = signedExample('post-AUTHORISATION-authorisation');
    expect(contract.notification(body)).toEqual([]);
    expect(readNotifications(body, KEY)).toEqual({
      accepted: true,
      notifications: [{
        eventKey: 'QFQTPCQ8HXSKGK82:AUTHORISATION:true', kind: 'AUTHORISATION', pspReference: 'QFQTPCQ8HXSKGK82', merchantReference: 'YOUR_MERCHANT_REFERENCE',
        success: true, amountMinor: 1000, currency: 'EUR', eventDate: '2021-01-01T01:00:00+01:00', paymentMethod: 'ach',
      }],
    });
  });

  it('a REFUND that did not succeed: the payment’s pspReference as originalReference, the reason kept', () => {
    const batch = readNotifications(signedExample('post-REFUND-refund'), KEY);
    expect(batch).toMatchObject({
      accepted: true,
      notifications: [{ kind: 'REFUND', pspReference: 'QFQTPCQ8HXSKGK82', originalReference: '9913140798220028', success: false, reason: "Transaction hasn't been captured, refund not possible" }],
    });
  });

  it('REFUND_FAILED and CHARGEBACK read the same way', () => {
    for (const [name, kind] of [['post-REFUND_FAILED-refund_failed', 'REFUND_FAILED'], ['post-CHARGEBACK-chargeback', 'CHARGEBACK'], ['post-CANCELLATION-cancellation', 'CANCELLATION']] as const) {
      const batch = readNotifications(signedExample(name), KEY);
      expect(batch).toMatchObject({ accepted: true, notifications: [{ kind, success: true }] });
    }
  });

  it('refuses the example’s own placeholder signature, another key’s, and a signed item changed afterwards', () => {
    expect(readNotifications(contract.example('post-REFUND_FAILED-refund_failed'), KEY)).toEqual({ accepted: false, problem: 'item 0 has no valid hmacSignature' });
    expect(readNotifications(signedExample('post-REFUND-refund', Buffer.alloc(32, 1)), KEY)).toMatchObject({ accepted: false });
    const changed = signedExample('post-REFUND-refund');
    changed.notificationItems[0]!.NotificationRequestItem.amount.value = 100000;
    expect(readNotifications(changed, KEY)).toMatchObject({ accepted: false });
  });

  it('one bad item refuses the whole batch', () => {
    const good = signedExample('post-AUTHORISATION-authorisation').notificationItems[0]!;
    const bad = contract.example('post-REFUND_FAILED-refund_failed') as AdyenNotificationBody;
    const batch = { live: 'false', notificationItems: [good, ...bad.notificationItems] };
    expect(readNotifications(batch, KEY)).toEqual({ accepted: false, problem: 'item 1 has no valid hmacSignature' });
  });

  it('refuses what is not a standard webhook body', () => {
    for (const body of [null, 'x', {}, { live: 'false', notificationItems: [] }, { live: 'false', notificationItems: [{ NotificationRequestItem: { pspReference: 'P' } }] }]) {
      expect(readNotifications(body, KEY)).toEqual({ accepted: false, problem: 'not a standard webhook body' });
    }
  });
});

describe('eventKeyOf', () => {
  it('the same event sent twice has one key; a changed success is another event', () => {
    const event = { pspReference: 'P1', eventCode: 'REFUND', success: 'true' };
    expect(eventKeyOf(event)).toBe(eventKeyOf({ ...event }));
    expect(eventKeyOf(event)).not.toBe(eventKeyOf({ ...event, success: 'false' }));
    expect(eventKeyOf(event)).not.toBe(eventKeyOf({ ...event, eventCode: 'REFUND_FAILED' }));
  });
});
