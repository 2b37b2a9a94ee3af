/**
 * How many SQL statements each step of the money path sends to PostgreSQL (issue 17: time follows
 * statements). One card flow of the hosted page (create → start → tokenize → authorize, captured,
 * with a webhook URL so its delivery is written) and one partial refund, on a server without its
 * webhook and job workers (their statements are not a step's). Prints each step's count and
 * statements, begin and commit included.
 *
 *   npm run bench:statements    (DATABASE_URL defaults to the local test database)
 */
import { benchServer, CARD, countStatements, post, sandboxAuthorization } from './server.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const sent: string[] = [];
const restore = countStatements((text) => sent.push(text.replace(/\s+/g, ' ').trim()));

const server = await benchServer(DATABASE_URL, `bench_statements_${Date.now().toString(36)}`, { WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' });
try {
  const headers = await sandboxAuthorization(server);
  const counts: Record<string, number> = {};
  const step = async <T>(name: string, call: () => Promise<T>): Promise<T> => {
    sent.length = 0;
    const answer = await call();
    counts[name] = sent.length;
    console.log(`${name}: ${sent.length}\n${sent.map((text) => `  ${text.slice(0, 150)}`).join('\n')}`);
    return answer;
  };
  const payment = { amount_minor: 2_500, currency: 'EUR', reference: 'bench', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return', webhook: 'https://shop.example/hooks' } };
  await post(`${server.url}/sandbox/payments`, payment, headers); // the first of a platform reads its fee schedule, and the like
  const created = await step('create', () => post(`${server.url}/sandbox/payments`, payment, headers));
  const id = created.id as string;
  const token = { authorization: `Bearer ${new URL((created._links as { hosted_page: { href: string } }).hosted_page.href).searchParams.get('token')!}` };
  await step('start', () => post(`${server.url}/hpp/payments/${id}/start`, {}, token));
  const tokenized = await step('tokenize', () => post(`${server.url}/hpp/payments/${id}/tokenize`, CARD, token));
  await step('authorize', () => post(`${server.url}/hpp/payments/${id}/authorize`, { token: tokenized.token }, token));
  await step('refund', () => post(`${server.url}/sandbox/refunds`, { payment_id: id, description: 'Refund bench', routing: { platform: { amount_minor: 10 } } }, headers));
  const flow = counts.create! + counts.start! + counts.tokenize! + counts.authorize!;
  console.log(JSON.stringify({ card_flow: flow, ...counts }));
} finally {
  restore();
  await server.close();
}
