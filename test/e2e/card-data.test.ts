import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { capturedLog } from '../helpers/log.js';

/**
 * Card numbers and security codes are exchanged for single-use tokens and never kept: not in the
 * log (at its most verbose level), not in any table. The server runs with its real logger, every
 * line captured.
 */
let server: TestServer;
let platform: TestPlatform;
const log = capturedLog();

beforeAll(async () => {
  server = await startServer({}, { logger: log.logger });
  platform = await server.platform();
});
afterAll(() => server?.close());

const CARDS = [
  { number: '4242424242424242', cvv: '7391' }, // captured
  { number: '4000000000003220', cvv: '8264' }, // 3-D Secure, passed
  { number: '4000000000000002', cvv: '5917' }, // declined
];
const LUHN_FAILING = '4242424242424241';

/** A code on its own, not inside a longer run of letters and digits (an id, a hash, a timestamp). */
const standalone = (code: string) => new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`);

async function payWith(card: { number: string; cvv: string }) {
  const created = await server.request('POST', '/sandbox/payments', {
    token: await platform.token(),
    body: { amount_minor: 1_000, currency: 'EUR', reference: 'card-data', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } },
  });
  const id = created.body.id;
  const token = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
  const page = (suffix: string, body: unknown) => server.request('POST', `/hpp/payments/${id}${suffix}`, { token, body });
  await page('/start', {});
  const tokenData = { expiry_month: 12, expiry_year: 2099, cvv: card.cvv, holder_name: 'Erika Mustermann' };
  const refused = await page('/tokenize', { type: 'card', value: LUHN_FAILING, issuer: 'visa', token_data: { ...tokenData, cvv: `${card.cvv}x` } });
  expect(refused.status).toBe(400);
  expect(refused.text).not.toContain(LUHN_FAILING);
  const tokenized = await page('/tokenize', { type: 'card', value: card.number, issuer: 'visa', token_data: tokenData });
  expect(tokenized.status).toBe(201);
  const authorized = await page('/authorize', { token: tokenized.body.token });
  if (authorized.body._links.challenge) {
    await server.request('POST', authorized.body._links.challenge.href.replace(server.config.baseUrl, ''), { raw: 'outcome=pass', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }
  return id;
}

describe('card data', () => {
  it('never appears in the log or in any database row, neither the card number nor the CVV; only the last four digits and the scheme are kept', async () => {
    const ids: string[] = [];
    for (const card of CARDS) ids.push(await payWith(card));
    const payments = await Promise.all(ids.map(async (id) => (await server.request('GET', `/sandbox/payments/${id}`, { token: await platform.token() })).body.status));
    expect(payments).toEqual(['captured', 'captured', 'declined']);

    expect(log.text()).toContain('/tokenize'); // the requests were logged
    for (const { number, cvv } of CARDS) {
      expect(log.text()).not.toContain(number);
      expect(log.text()).not.toContain(`"${cvv}"`);
      expect(log.text()).not.toContain(`"${cvv}x"`);
    }
    expect(log.text()).not.toContain(LUHN_FAILING);
    expect(log.text()).not.toMatch(/"cvv":"\d/);

    const db = server.app.database.db;
    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['payments', 'card_tokens', 'three_ds_challenges', 'idempotency_keys', 'events']));
    let rowCount = 0;
    for (const { table_name: table } of tables.rows) {
      const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(table)} t`.execute(db);
      rowCount += rows.rows.length;
      for (const { row } of rows.rows) {
        for (const { number, cvv } of CARDS) {
          expect(row, table).not.toContain(number);
          expect(row, table).not.toContain(number.slice(0, -4)); // nor the digits before the last four kept
          expect(row, table).not.toMatch(standalone(cvv));
          expect(row, table).not.toMatch(standalone(`${cvv}x`));
        }
        expect(row, table).not.toContain(LUHN_FAILING);
        expect(row, table).not.toMatch(/"{1,2}cvv"{1,2}\s*:/); // no request body kept with its card data (JSON inside the row's text)
      }
    }
    expect(rowCount).toBeGreaterThan(0);
    const kept = await db.selectFrom('payments').select(['card_scheme', 'card_last4']).where('id', 'in', ids).orderBy('created_at').orderBy('id').execute();
    expect(kept.map((row) => row.card_last4).sort()).toEqual(['0002', '3220', '4242']);
    expect(new Set(kept.map((row) => row.card_scheme))).toEqual(new Set(['visa']));
  });
});
