import { describe, expect, it } from 'vitest';
import { adyenCheckoutClient } from './client.js';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A client whose fetch answers `status` and `body`, and records what it was asked. */
function clientAnswering(status: number, body: string) {
  const sent: Sent[] = [];
  const client = adyenCheckoutClient({
    checkoutUrl: 'https://checkout-test.adyen.com/v71',
    apiKey: 'key-1',
    fetch: async (url, init) => {
      sent.push({ url: String(url), init: init ?? {} });
      return new Response(body, { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, sent };
}

const REFUND = { merchantAccount: 'M', reference: 'ref_1', amount: { value: 100, currency: 'EUR' } };

describe('adyenCheckoutClient', () => {
  it('POSTs to the Checkout URL + the operation’s path, the version once, with the API key and the call’s Idempotency-Key', async () => {
    const { client, sent } = clientAnswering(201, JSON.stringify({ status: 'received', pspReference: 'R1' }));
    await client.refund('993617894903480A', REFUND, 'ref_1');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://checkout-test.adyen.com/v71/payments/993617894903480A/refunds');
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.headers).toMatchObject({ 'x-api-key': 'key-1', 'idempotency-key': 'ref_1', 'content-type': 'application/json' });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual(REFUND);
    expect(sent[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('5xx, 429 and "still in flight" (422, 704) are unavailable: the same call may be repeated', async () => {
    for (const [status, body] of [[500, '{"status":500,"errorCode":"905","message":"Payment details are not supported","errorType":"configuration"}'], [429, ''], [422, '{"status":422,"errorCode":"704","message":"request already processed or in progress","errorType":"validation"}']] as const) {
      const { client } = clientAnswering(status, body);
      await expect(client.payments({} as never, 'k')).rejects.toMatchObject({ kind: 'unavailable', retryable: true, status });
    }
  });

  it('other 4xx are refused with Adyen’s errorCode, not to be repeated', async () => {
    const { client } = clientAnswering(422, '{"status":422,"errorCode":"14_030","message":"Return URL is missing.","errorType":"validation"}');
    await expect(client.payments({} as never, 'k')).rejects.toMatchObject({ kind: 'refused', retryable: false, status: 422, errorCode: '14_030', message: 'POST /payments: 422 14_030 Return URL is missing.' });
  });

  it('an answer that is not JSON is unexpected; no answer at all is unavailable', async () => {
    await expect(clientAnswering(200, '<html>').client.paymentsDetails({ details: {} }, 'k')).rejects.toMatchObject({ kind: 'unexpected' });
    const silent = adyenCheckoutClient({ checkoutUrl: 'https://x.example/v71', apiKey: 'k', fetch: () => Promise.reject(new TypeError('fetch failed')) });
    await expect(silent.payments({} as never, 'k')).rejects.toMatchObject({ kind: 'unavailable', message: 'POST /payments: no answer (TypeError)' });
  });
});
