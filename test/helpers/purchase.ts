import type { ServerProcess } from './api-process.js';

/**
 * One buyer's card payment on the hosted page API of a process: created (with an Idempotency-Key
 * and a webhook URL), started, tokenized and authorized. Answers the payment's id; the capture and
 * its payment_succeeded webhook come from whichever process runs the jobs and the deliveries.
 */
export async function purchase(api: ServerProcess, token: string, reference: string, webhookUrl: string): Promise<string> {
  const body = { amount_minor: 1_000, currency: 'EUR', reference, payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return', webhook: webhookUrl } };
  const created = await api.request('POST', '/sandbox/payments', { token, body, headers: { 'idempotency-key': reference } });
  if (created.status !== 201) throw new Error(`create ${reference}: ${created.status} ${created.text}`);
  const id: string = created.body.id;
  const page = { token: new URL(created.body._links.hosted_page.href).searchParams.get('token')! };
  const hpp = async (method: string, suffix: string, payload: unknown, expected: number) => {
    const answer = await api.request(method, `/hpp/payments/${id}${suffix}`, { ...page, body: payload });
    if (answer.status !== expected) throw new Error(`${method} ${suffix} of ${reference}: ${answer.status} ${answer.text}`);
    return answer;
  };
  await hpp('POST', '/start', {}, 200);
  const tokenized = await hpp('POST', '/tokenize', { type: 'card', value: '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 2, cvv: '123' } }, 201);
  await hpp('POST', '/authorize', { token: tokenized.body.token }, 200);
  return id;
}
