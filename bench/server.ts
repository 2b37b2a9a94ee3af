import { audienceOf, loadConfig } from '../src/core/config.js';
import { openDatabase } from '../src/core/db.js';
import { buildApp } from '../src/server.js';

/**
 * Our server as the benchmarks run it: no logs, no rate limit, a free port; on PostgreSQL in a
 * throw-away schema, or (with DATA_DIR in `env`) on the embedded database. `env` adds settings.
 */
export type BenchServer = Awaited<ReturnType<typeof benchServer>>;

export async function benchServer(databaseUrl: string, schema: string, env: Record<string, string> = {}) {
  const where = env.DATA_DIR ? {} : { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
  const config = loadConfig({ ...where, LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '0', PORT: '0', ...env });
  const database = await openDatabase(config);
  const { app, services, close } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { config, services, close, db: database.db, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

export const CARD = { type: 'card', value: '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 2, cvv: '123' } };

/** POSTs JSON; answers the body, or throws with the answer when it is not 2xx. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The Authorization header of a new platform's sandbox client. */
export async function sandboxAuthorization(server: Pick<BenchServer, 'config' | 'services' | 'url'>): Promise<Record<string, string>> {
  const client = await server.services.clients.create({ environment: 'sandbox', platformName: 'bench' });
  const granted = await post(`${server.url}/oauth/token`, { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, audience: audienceOf(server.config, 'sandbox') });
  return { authorization: `Bearer ${granted.access_token as string}` };
}

/** A sandbox card payment (`body` adds to a hosted EUR 25.00 one) paid on the hosted page's API and captured; answers its id. */
export async function capturedPayment(url: string, headers: Record<string, string>, body: Record<string, unknown> = {}): Promise<string> {
  const created = await post(`${url}/sandbox/payments`, { amount_minor: 2_500, currency: 'EUR', reference: 'bench', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, ...body }, headers);
  const id = created.id as string;
  const token = { authorization: `Bearer ${new URL((created._links as { hosted_page: { href: string } }).hosted_page.href).searchParams.get('token')!}` };
  await post(`${url}/hpp/payments/${id}/start`, {}, token);
  const tokenized = await post(`${url}/hpp/payments/${id}/tokenize`, CARD, token);
  const authorized = await post(`${url}/hpp/payments/${id}/authorize`, { token: tokenized.token }, token);
  if (authorized.status !== 'captured') throw new Error(`payment ${id} is ${String(authorized.status)}`);
  return id;
}
