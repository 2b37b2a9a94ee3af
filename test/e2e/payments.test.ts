import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceOf, loadConfig, type Environment } from '../../src/core/config.js';
import { newId } from '../../src/core/ids.js';
import type { Caller } from '../../src/core/auth.js';
import type { ApiError } from '../../src/core/errors.js';
import type { InitiatePayment } from '../../src/payments/schemas.js';
import type { CompiledQuery } from 'kysely';
import { apiPath, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { PaymentsClient, type CreatePayment } from '../../packages/client/src/index.js';

let server: TestServer;
let platform: TestPlatform;
let merchants: string[];

beforeAll(async () => {
  server = await startServer({ SUPPORTED_CURRENCIES: 'EUR,USD,JPY' });
  platform = await server.platform();
  merchants = await addMerchants(platform, 'sandbox', 2);
});
afterAll(() => server?.close());

/** Merchant accounts come from onboarding; here they are written straight into the table. */
async function addMerchants(owner: TestPlatform, environment: Environment, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    environment,
    id: newId('acc'),
    platform_id: owner.platformId,
    type: 'merchant' as const,
    display_name: `Merchant ${i}`,
    created_at: server.clock.now(),
  }));
  await server.app.database.db.insertInto('accounts').values(rows).execute();
  return rows.map((row) => row.id);
}

const minimal = (overrides: Record<string, unknown> = {}) => ({
  amount_minor: 10_000,
  currency: 'EUR',
  reference: 'order-1',
  integration: { type: 'hosted' },
  urls: { redirect: 'https://shop.example/return', webhook: 'https://shop.example/webhooks' },
  ...overrides,
});

async function initiate(body: unknown, options: { environment?: Environment; headers?: Record<string, string>; owner?: TestPlatform } = {}) {
  const environment = options.environment ?? 'sandbox';
  const owner = options.owner ?? platform;
  return server.request('POST', apiPath(environment, '/payments'), { token: await owner.token(environment), body, headers: options.headers });
}

async function read(id: string, environment: Environment = 'sandbox', owner: TestPlatform = platform) {
  return server.request('GET', apiPath(environment, `/payments/${id}`), { token: await owner.token(environment) });
}

describe('what works', () => {
  it('initiates a payment and answers the creation result with its links', async () => {
    const response = await initiate(minimal({ description: 'Two tickets', remittance_info: 'Order 1' }));
    expect(response.status).toBe(201);
    const { id, _links } = response.body;
    expect(id).toMatch(/^pay_[0-9A-Za-z]{26}$/);
    expect(response.body).toMatchObject({ status: 'initiated', reference: 'order-1', integration: { type: 'hosted' } });
    expect(Date.parse(response.body.expires_at) - server.clock.now().getTime()).toBe(3600 * 1000);
    expect(_links.self.href).toBe(`${server.config.sandboxBaseUrl}/payments/${id}`);
    expect(_links.hosted_page.href).toMatch(new RegExp(`^${server.config.baseUrl}/pay/${id}\\?token=[A-Za-z0-9_-]{40,}$`));
    expect(_links.qr_code).toBeUndefined();
  });

  it('reads the payment record: routed entirely to the platform, fee unknown until the buyer picks a method', async () => {
    const created = await initiate(minimal());
    const response = await read(created.body.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: created.body.id,
      amount_minor: 10_000,
      currency: 'EUR',
      status: 'initiated',
      succeeded: false,
      reference: 'order-1',
      processing_fee: null,
      payment_method: { type: 'user_selected' },
      routing: { platform: { id: platform.platformId, amount_minor: 10_000, processing_fee_contribution: 100, refundable_amount: 10_000, transfer: null }, merchants: [] },
    });
    expect(response.body.initiated_at).toBe(server.clock.now().toISOString());
  });

  it('fixes the fee when the method is known and splits it between the parties by largest remainder', async () => {
    const body = minimal({
      payment_method: { type: 'card' },
      routing: {
        platform: { amount_minor: 1_000, processing_fee_contribution: 34 },
        merchants: [
          { type: 'merchant', id: merchants[0], reference: 'm-0', amount_minor: 6_000, processing_fee_contribution: 33 },
          { type: 'seller', id: merchants[1], amount_minor: 3_000, processing_fee_contribution: 33 },
        ],
      },
    });
    const created = await initiate(body);
    expect(created.status).toBe(201);
    const payment = (await read(created.body.id)).body;
    expect(payment.processing_fee).toEqual({ amount_minor: 165, currency: 'EUR' });
    expect(payment.routing.platform).toMatchObject({ amount_minor: 1_000, processing_fee_contribution: 34, refundable_amount: 1_000 });
    expect(payment.routing.merchants).toEqual([
      { id: merchants[0], type: 'merchant', reference: 'm-0', amount_minor: 6_000, processing_fee_contribution: 33, refundable_amount: 6_000, transfer: null },
      { id: merchants[1], type: 'seller', reference: null, amount_minor: 3_000, processing_fee_contribution: 33, refundable_amount: 3_000, transfer: null },
    ]);
  });

  it('charges SEPA Direct Debit 0.35 % with a minimum of 35', async () => {
    const small = await initiate(minimal({ payment_method: { type: 'sepa_direct_debit' }, amount_minor: 1_000 }));
    expect((await read(small.body.id)).body.processing_fee.amount_minor).toBe(35);
    const large = await initiate(minimal({ payment_method: { type: 'sepa_direct_debit' }, amount_minor: 100_000 }));
    expect((await read(large.body.id)).body.processing_fee.amount_minor).toBe(350);
  });

  it('serves a PNG QR code that decodes to the hosted page URL when asked for one', async () => {
    const created = await initiate(minimal({ integration: { type: 'hosted', generate_qr_code: true } }));
    expect(created.body._links.qr_code.href).toBe(`${created.body._links.self.href}/qr-code`);
    const image = await fetch(created.body._links.qr_code.href.replace(server.config.baseUrl, server.url), { headers: { authorization: `Bearer ${await platform.token()}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const png = PNG.sync.read(bytes);
    // jsqr is CommonJS: its function is both the module and its default export.
    const jsQR = (jsqr as unknown as { default: typeof jsqr.default }).default;
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(created.body._links.hosted_page.href);
    expect((await read(created.body.id)).body._links.qr_code).toEqual(created.body._links.qr_code);
    const plain = await initiate(minimal());
    expect((await server.request('GET', `/sandbox/payments/${plain.body.id}/qr-code`, { token: await platform.token() })).status).toBe(404);
  });

  it('accepts a zero amount for the initial payment of a MIT series', async () => {
    const created = await initiate(minimal({ amount_minor: 0, cit_mode: 'initial', payment_method: { type: 'card' } }));
    expect(created.status).toBe(201);
    expect((await read(created.body.id)).body).toMatchObject({ amount_minor: 0, cit_mode: 'initial' });
  });

  it('creates one payment for two requests with one Idempotency-Key', async () => {
    const headers = { 'idempotency-key': `pay-${Date.now()}` };
    const body = minimal({ reference: 'idempotent-order' });
    const [first, second] = await Promise.all([initiate(body, { headers }), initiate(body, { headers })]);
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const replay = await initiate(body, { headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const listed = await server.request('GET', '/sandbox/payments?reference=idempotent-order', { token: await platform.token() });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].id).toBe(replay.body.id);
    expect((await initiate({ ...body, amount_minor: 1 }, { headers })).status).toBe(422);
  });

  // Through the typed client (packages/client), so the client follows the API.
  it('lists payments newest first and filters by status and reference', async () => {
    const owner = await server.platform();
    const client = new PaymentsClient({ baseUrl: server.url, ...owner.sandbox, audience: audienceOf(server.config, 'sandbox') });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advance(1);
      ids.push((await client.payments.create(minimal({ reference: `list-${i}` }) as CreatePayment)).id);
    }
    const page = await client.payments.list({ first: 2 }).firstPage();
    expect(page.data.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    const next = await client.request('GET', '/payments', { query: { first: 2, after: page.cursor } });
    expect(next.data.map((p) => p.id)).toEqual([ids[0]]);
    expect(next.cursor).toBeUndefined();
    expect((await client.payments.list({ status: 'initiated', reference: 'list-1' }).toArray()).map((p) => p.id)).toEqual([ids[1]]);
    expect(await client.payments.list({ status: 'captured' }).toArray()).toEqual([]);
  });
});

/** A caller as the token hook makes it, for calling the service directly. */
const callerOf = (platformId: string, environment: Environment): Caller => ({ platformId, environment, clientId: 'test', scopes: new Set(['payments:read_write']) });

describe('initiations and reads made at the same time (one statement serves several)', () => {
  it('gives each simultaneous initiation its own payment, with its own routing, and each simultaneous read its own record', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? minimal({ amount_minor: 1_000 + i, reference: `together-${i}`, payment_method: { type: 'card' } })
        : minimal({
            amount_minor: 1_000 + i,
            reference: `together-${i}`,
            routing: { platform: { amount_minor: 500, processing_fee_contribution: 40 }, merchants: [{ type: 'merchant', id: merchants[i % 4 === 1 ? 0 : 1], reference: `m-${i}`, amount_minor: 500 + i, processing_fee_contribution: 60 }] },
          }),
    );
    const token = await platform.token();
    const created = await Promise.all(bodies.map((body) => server.request('POST', '/sandbox/payments', { token, body })));
    expect(created.map((response) => response.status)).toEqual(bodies.map(() => 201));
    expect(new Set(created.map((response) => response.body.id)).size).toBe(40);
    const records = await Promise.all(created.map((response) => server.request('GET', `/sandbox/payments/${response.body.id}`, { token })));
    records.forEach((record, i) => {
      expect(record.body).toMatchObject({ id: created[i]!.body.id, amount_minor: 1_000 + i, reference: `together-${i}`, status: 'initiated' });
      if (i % 2 === 0) {
        expect(record.body.routing).toEqual({ platform: { id: platform.platformId, amount_minor: 1_000 + i, processing_fee_contribution: 100, refundable_amount: 1_000 + i, transfer: null }, merchants: [] });
        expect(record.body.processing_fee).toEqual({ amount_minor: Math.floor(((1_000 + i) * 140 + 5_000) / 10_000) + 25, currency: 'EUR' });
      } else {
        expect(record.body.routing.merchants).toEqual([
          { id: merchants[i % 4 === 1 ? 0 : 1], type: 'merchant', reference: `m-${i}`, amount_minor: 500 + i, processing_fee_contribution: 60, refundable_amount: 500 + i, transfer: null },
        ]);
      }
    });
  });

  it('answers every read of one batch for its own platform and environment only', async () => {
    const sandbox = await initiate(minimal());
    const live = await initiate(minimal(), { environment: 'live' });
    const other = await server.platform();
    const payments = server.app.services.payments;
    const outcomes = await Promise.allSettled([
      payments.get(callerOf(platform.platformId, 'sandbox'), sandbox.body.id),
      payments.get(callerOf(other.platformId, 'sandbox'), sandbox.body.id),
      payments.get(callerOf(platform.platformId, 'live'), sandbox.body.id),
      payments.get(callerOf(platform.platformId, 'live'), live.body.id),
      payments.get(callerOf(platform.platformId, 'sandbox'), sandbox.body.id),
    ]);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.id : (outcome.reason as ApiError).code))).toEqual([
      sandbox.body.id,
      'not_found',
      'not_found',
      live.body.id,
      sandbox.body.id,
    ]);
  });

  it('stores the other payments of a batch when the database refuses one: the batch is retried one payment at a time', async () => {
    const db = server.app.database.db;
    const executeQuery = db.executeQuery.bind(db);
    const inserts: number[] = [];
    db.executeQuery = ((query: CompiledQuery) => {
      if (query.sql.startsWith('with payment as')) inserts.push(JSON.parse(String(query.parameters[0])).length);
      return executeQuery(query);
    }) as typeof db.executeQuery;
    try {
      const payments = server.app.services.payments;
      // No fee schedule or merchant to look up: both reach the insert in the same turn.
      const [refused, stored] = await Promise.allSettled([
        payments.initiate(callerOf(newId('acc'), 'sandbox'), minimal({ reference: 'no-such-platform' }) as InitiatePayment),
        payments.initiate(callerOf(platform.platformId, 'sandbox'), minimal({ reference: 'batch-survivor' }) as InitiatePayment),
      ]);
      expect(inserts).toEqual([2, 1, 1]);
      expect(refused.status).toBe('rejected');
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: '23503' }); // foreign key: no such platform
      const survivor = await read((stored as PromiseFulfilledResult<{ id: string }>).value.id);
      expect(survivor.body).toMatchObject({ status: 'initiated', reference: 'batch-survivor' });
    } finally {
      db.executeQuery = executeQuery;
    }
  });
});

describe('what is refused', () => {
  const pointers = (response: { body: { errors?: { pointer: string }[] } }) => (response.body.errors ?? []).map((error) => error.pointer);

  it.each([
    ['reference', 'r'.repeat(50), 'r'.repeat(51)],
    ['description', 'd'.repeat(100), 'd'.repeat(101)],
    ['remittance_info', 'i'.repeat(140), 'i'.repeat(141)],
    ['amount_minor', 99_999_999, 100_000_000],
    ['amount_minor', 1, 0],
  ])('accepts %s at its bound and refuses it just past with 400 and its pointer', async (field, inside, outside) => {
    expect((await initiate(minimal({ [field]: inside }))).status).toBe(201);
    const refused = await initiate(minimal({ [field]: outside }));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_error');
    expect(pointers(refused)).toEqual([`/${field}`]);
  });

  let routingRefusals = 0;
  /** A routing of 10 000: 4 000 to the platform, 6 000 to a merchant, each bearing half the fee unless told otherwise. */
  const routing = (merchant: Record<string, unknown> = {}, platformShare: Record<string, unknown> = {}) => ({
    platform: { amount_minor: 4_000, processing_fee_contribution: 50, ...platformShare },
    merchants: [{ type: 'merchant', id: merchants[0], amount_minor: 6_000, processing_fee_contribution: 50, ...merchant }],
  });

  it.each([
    ['a merchant reference of 50 characters', { reference: 'm'.repeat(50) }, {}],
    ['processing_fee_contribution 0 for the platform and 100 for the merchant', { processing_fee_contribution: 100 }, { processing_fee_contribution: 0 }],
    ['processing_fee_contribution 100 for the platform and 0 for the merchant', { processing_fee_contribution: 0 }, { processing_fee_contribution: 100 }],
    ['a seller', { type: 'seller' }, {}],
  ])('accepts a routing with %s, and reads it back', async (_label, merchant, platformShare) => {
    const body = routing(merchant, platformShare);
    const created = await initiate(minimal({ payment_method: { type: 'card' }, routing: body }));
    expect(created.status, created.text).toBe(201);
    const payment = (await read(created.body.id)).body;
    expect(payment.routing.platform).toMatchObject({ id: platform.platformId, ...body.platform });
    expect(payment.routing.merchants).toEqual([expect.objectContaining({ reference: null, ...body.merchants[0], refundable_amount: 6_000, transfer: null })]);
  });

  it.each([
    ['a merchant type other than seller or merchant', { type: 'partner' }, {}, '/routing/merchants/0/type'],
    ['a merchant type of platform', { type: 'platform' }, {}, '/routing/merchants/0/type'],
    ['a merchant reference of 51 characters', { reference: 'm'.repeat(51) }, {}, '/routing/merchants/0/reference'],
    ['a merchant processing_fee_contribution of -1', { processing_fee_contribution: -1 }, { processing_fee_contribution: 100 }, '/routing/merchants/0/processing_fee_contribution'],
    ['a merchant processing_fee_contribution of 101', { processing_fee_contribution: 101 }, { processing_fee_contribution: 0 }, '/routing/merchants/0/processing_fee_contribution'],
    ['a platform processing_fee_contribution of -1', { processing_fee_contribution: 100 }, { processing_fee_contribution: -1 }, '/routing/platform/processing_fee_contribution'],
    ['a platform processing_fee_contribution of 101', { processing_fee_contribution: 0 }, { processing_fee_contribution: 101 }, '/routing/platform/processing_fee_contribution'],
    ['a fractional merchant processing_fee_contribution', { processing_fee_contribution: 49.5 }, {}, '/routing/merchants/0/processing_fee_contribution'],
  ])('refuses a routing with %s with 400 and its pointer, creating no payment', async (_label, merchant, platformShare, pointer) => {
    const reference = `refused-routing-${++routingRefusals}`;
    const refused = await initiate(minimal({ reference, routing: routing(merchant, platformShare) }));
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.code).toBe('validation_error');
    expect(pointers(refused)).toEqual([pointer]);
    expect((await server.request('GET', `/sandbox/payments?reference=${reference}`, { token: await platform.token() })).body.data).toEqual([]);
  });

  it.each([
    ['a float amount', { amount_minor: 10.5 }, '/amount_minor'],
    ['a string amount', { amount_minor: '10000' }, '/amount_minor'],
    ['an unsafe integer amount', { amount_minor: 2 ** 60 }, '/amount_minor'],
    ['a lowercase currency', { currency: 'eur' }, '/currency'],
    ['an unknown currency', { currency: 'EUX' }, '/currency'],
    ['another integration type', { integration: { type: 'embedded' } }, '/integration/type'],
    ['an unknown payment method', { payment_method: { type: 'paypal' } }, '/payment_method/type'],
    ['an unknown cit_mode', { cit_mode: 'recurring' }, '/cit_mode'],
    ['a redirect that is not a URL', { urls: { redirect: 'shop/return' } }, '/urls/redirect'],
    ['a customer e-mail that is not one', { customer: { email: 'nope' } }, '/customer/email'],
    ['a customer first name of spaces only', { customer: { first_name: '  ' } }, '/customer/first_name'],
    ['an unknown field', { color: 'blue' }, '/color'],
  ])('refuses %s with 400', async (_label, overrides, pointer) => {
    const refused = await initiate(minimal(overrides));
    expect(refused.status).toBe(400);
    expect(pointers(refused)).toContain(pointer);
  });

  it('names every bad field at once', async () => {
    const refused = await initiate({ amount_minor: -1, currency: 'euro', reference: '', integration: {}, extra: 1 });
    expect(refused.status).toBe(400);
    expect(pointers(refused).sort()).toEqual(['/amount_minor', '/currency', '/extra', '/integration/type', '/reference', '/urls'].sort());
  });

  it('names every bad field in one 400 whichever check finds it: the one-off minimum and the URL rules with the schema', async () => {
    const refused = await initiate(minimal({ amount_minor: 0, currency: 'eur', reference: 'r'.repeat(51) }));
    expect(refused.status).toBe(400);
    expect(pointers(refused).sort()).toEqual(['/amount_minor', '/currency', '/reference']);
    const live = await initiate(minimal({ currency: 'eur', urls: { redirect: 'http://shop.example/return', webhook: 'https://127.0.0.1/webhooks' } }), { environment: 'live' });
    expect(live.status).toBe(400);
    expect(pointers(live).sort()).toEqual(['/currency', '/urls/redirect', '/urls/webhook']);
  });

  it('refuses a one-off amount of 0 and a webhook URL carrying credentials each alone', async () => {
    for (const [overrides, pointer] of [
      [{ amount_minor: 0 }, '/amount_minor'],
      [{ amount_minor: 0, cit_mode: 'one_off' }, '/amount_minor'],
      [{ urls: { redirect: 'https://shop.example/return', webhook: 'https://user:secret@shop.example/webhooks' } }, '/urls/webhook'],
    ] as const) {
      const refused = await initiate(minimal(overrides));
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('validation_error');
      expect(pointers(refused)).toEqual([pointer]);
    }
  });

  it('refuses a live webhook URL that is not https or points at a private address', async () => {
    // Every IPv6 form that embeds a private IPv4 address: compatible, mapped, translated, NAT64, 6to4, Teredo.
    const embedding = ['[::7f00:1]', '[::127.0.0.1]', '[::ffff:a00:5]', '[::ffff:0:a9fe:a9fe]', '[64:ff9b::a00:5]', '[64:ff9b:1::808:808]', '[2002:7f00:1::1]', '[2001:0:4136:e378:8000:63bf:80ff:fffe]'];
    for (const webhook of ['http://shop.example/webhooks', 'https://127.0.0.1/webhooks', 'https://localhost/webhooks', ...embedding.map((host) => `https://${host}/webhooks`)]) {
      const refused = await initiate(minimal({ urls: { redirect: 'https://shop.example/return', webhook } }), { environment: 'live' });
      expect(refused.status, webhook).toBe(400);
      expect(pointers(refused)).toEqual(['/urls/webhook']);
    }
    expect((await initiate(minimal({ urls: { redirect: 'http://localhost:3000/return', webhook: 'http://localhost:3000/hooks' } }))).status).toBe(201);
  });

  it('refuses an unsupported currency and SEPA Direct Debit outside EUR with 422', async () => {
    const gbp = await initiate(minimal({ currency: 'GBP' }));
    expect(gbp.status).toBe(422);
    expect(pointers(gbp)).toEqual(['/currency']);
    const sepaUsd = await initiate(minimal({ currency: 'USD', payment_method: { type: 'sepa_direct_debit' } }));
    expect(sepaUsd.status).toBe(422);
    expect(sepaUsd.body.errors).toEqual([{ pointer: '/currency', code: 'currency_not_supported', detail: 'must be EUR for SEPA Direct Debit' }]);
    expect((await initiate(minimal({ currency: 'USD', payment_method: { type: 'card' } }))).status).toBe(201);
  });

  it('counts amounts in the currency’s own minor unit: a yen has none, so 1 % of ¥10 000 is ¥140 + ¥25', async () => {
    const yen = await initiate(minimal({ currency: 'JPY', amount_minor: 10_000, payment_method: { type: 'card' } }));
    expect(yen.status).toBe(201);
    expect((await read(yen.body.id)).body).toMatchObject({ amount_minor: 10_000, currency: 'JPY', processing_fee: { amount_minor: 165, currency: 'JPY' } });
  });

  it('refuses routings that do not add up, unknown or foreign merchants, and fee shares above a party’s amount', async () => {
    const other = await server.platform();
    const [foreign] = await addMerchants(other, 'sandbox', 1);
    const [liveMerchant] = await addMerchants(platform, 'live', 1);
    const cases: [unknown, string[]][] = [
      [{ platform: { amount_minor: 9_000, processing_fee_contribution: 100 } }, ['/routing']],
      [{ platform: { amount_minor: 10_000, processing_fee_contribution: 90 } }, ['/routing']],
      [{ platform: { amount_minor: 5_000, processing_fee_contribution: 50 }, merchants: [{ type: 'merchant', id: foreign, amount_minor: 5_000, processing_fee_contribution: 50 }] }, ['/routing/merchants/0/id']],
      [{ platform: { amount_minor: 5_000, processing_fee_contribution: 50 }, merchants: [{ type: 'merchant', id: liveMerchant, amount_minor: 5_000, processing_fee_contribution: 50 }] }, ['/routing/merchants/0/id']],
      [{ platform: { amount_minor: 5_000, processing_fee_contribution: 50 }, merchants: [{ type: 'merchant', id: newId('acc'), amount_minor: 5_000, processing_fee_contribution: 50 }] }, ['/routing/merchants/0/id']],
      [
        {
          merchants: [
            { type: 'merchant', id: merchants[0], amount_minor: 5_000, processing_fee_contribution: 50 },
            { type: 'merchant', id: merchants[0], amount_minor: 5_000, processing_fee_contribution: 50 },
          ],
        },
        ['/routing/merchants/1/id'],
      ],
    ];
    for (const [routing, expected] of cases) {
      const refused = await initiate(minimal({ routing }));
      expect(refused.status, JSON.stringify(routing)).toBe(422);
      expect(refused.body.code).toBe('business_rule');
      expect(pointers(refused)).toEqual(expected);
    }
    const feeTooLarge = await initiate(
      minimal({
        payment_method: { type: 'card' },
        routing: { platform: { amount_minor: 100, processing_fee_contribution: 100 }, merchants: [{ type: 'merchant', id: merchants[0], amount_minor: 9_900, processing_fee_contribution: 0 }] },
      }),
    );
    expect(feeTooLarge.status).toBe(422);
    expect(pointers(feeTooLarge)).toEqual(['/routing/platform']);
  });

  it('refuses a zero amount for SEPA Direct Debit even for an initial payment', async () => {
    const refused = await initiate(minimal({ amount_minor: 0, cit_mode: 'initial', payment_method: { type: 'sepa_direct_debit' } }));
    expect(refused.status).toBe(422);
    expect(pointers(refused)).toEqual(['/amount_minor']);
  });
});

describe("a deployment's own bounds", () => {
  it('applies MAX_AMOUNT_MINOR and PAYMENT_TTL_SECONDS, and states the bound in the OpenAPI document', async () => {
    const own = await startServer({ MAX_AMOUNT_MINOR: '500', PAYMENT_TTL_SECONDS: '600' });
    try {
      const owner = await own.platform();
      const token = await owner.token();
      const pay = (amount: number) => own.request('POST', '/sandbox/payments', { token, body: minimal({ amount_minor: amount }) });
      const inside = await pay(500);
      expect(inside.status).toBe(201);
      expect(Date.parse(inside.body.expires_at) - own.clock.now().getTime()).toBe(600 * 1000);
      const outside = await pay(501);
      expect(outside.status).toBe(400);
      expect(outside.body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(['/amount_minor']);
      const openapi = (await own.request('GET', '/openapi.json')).body;
      const schema = openapi.paths['/payments'].post.requestBody.content['application/json'].schema;
      expect(schema.properties.amount_minor).toMatchObject({ minimum: 0, maximum: 500 });
      expect(schema.if).toMatchObject({ properties: { cit_mode: {} }, required: ['cit_mode'] });
      expect(schema.else.properties.amount_minor.minimum).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('refuses to start with a SUPPORTED_CURRENCIES entry that has no minor unit or does not exist', () => {
    expect(() => loadConfig({ SUPPORTED_CURRENCIES: 'EUR,XAU' })).toThrow(/XAU/);
    expect(() => loadConfig({ SUPPORTED_CURRENCIES: 'EUR,EUX' })).toThrow(/EUX/);
    expect(loadConfig({ SUPPORTED_CURRENCIES: 'eur, xof' }).supportedCurrencies).toEqual(['EUR', 'XOF']);
    expect(() => loadConfig({ MAX_AMOUNT_MINOR: '0' })).toThrow(/MAX_AMOUNT_MINOR/);
  });
});

describe('who may not see it', () => {
  it('hides a payment from another platform and from the other environment', async () => {
    const created = await initiate(minimal());
    const other = await server.platform();
    expect((await read(created.body.id, 'sandbox', other)).status).toBe(404);
    expect((await read(created.body.id, 'live')).status).toBe(404);
    expect((await server.request('GET', '/sandbox/payments', { token: await other.token() })).body.data).toEqual([]);
  });

  it('needs payments:read_write to initiate and payments:read to read', async () => {
    const readOnly = await platform.token('sandbox', 'payments:read');
    expect((await server.request('POST', '/sandbox/payments', { token: readOnly, body: minimal() })).status).toBe(403);
    const created = await initiate(minimal());
    expect((await server.request('GET', `/sandbox/payments/${created.body.id}`, { token: readOnly })).status).toBe(200);
    const wildcard = await platform.token('sandbox', 'payments:*');
    expect((await server.request('POST', '/sandbox/payments', { token: wildcard, body: minimal() })).status).toBe(201);
    const none = await platform.token('sandbox', 'refunds:read');
    expect((await server.request('GET', `/sandbox/payments/${created.body.id}`, { token: none })).status).toBe(403);
  });
});
