import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { PNG, upload } from '../helpers/documents.js';

let server: TestServer;
let platform: TestPlatform;
let token: string;
let platformAccount: string;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  token = await platform.token();
  const accounts = await server.request('GET', '/sandbox/accounts', { token });
  platformAccount = accounts.body.data.find((account: { type: string }) => account.type === 'platform').id;
});
afterAll(() => server?.close());

const branding = (account: string, as = token, environment = '/sandbox') => server.request('GET', `${environment}/accounts/${account}/branding`, { token: as });
const setBranding = (account: string, body: unknown, as = token) => server.request('PATCH', `/sandbox/accounts/${account}/branding`, { token: as, body });

async function uploadLogo(type = 'company_logo', bytes = PNG): Promise<string> {
  const created = await upload(server, token, { type, file: { bytes, filename: 'logo.png', contentType: 'image/png' } });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

/** The branding a payment's page shows: a hosted payment routed to the merchant, when one is given. */
async function pageBranding(merchant?: string) {
  const routing = merchant && { routing: { platform: { amount_minor: 500, processing_fee_contribution: 100 }, merchants: [{ id: merchant, type: 'merchant', amount_minor: 2_000, processing_fee_contribution: 0 }] } };
  const created = await server.request('POST', '/sandbox/payments', {
    token,
    body: { amount_minor: 2_500, currency: 'EUR', reference: 'brand-1', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' }, ...routing },
  });
  expect(created.status, created.text).toBe(201);
  const pageToken = new URL(created.body._links.hosted_page.href).searchParams.get('token')!;
  const view = await server.request('GET', `/hpp/payments/${created.body.id}`, { token: pageToken });
  expect(view.status).toBe(200);
  return view.body.branding;
}

describe('what works', () => {
  it("reads the platform's branding as inherited from the platform until it is set, then as set", async () => {
    const initial = await branding(platformAccount);
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ account_id: platformAccount, name: 'Test platform', format: 'merchant_primary', logo: null });
    expect(initial.body.inherited).toEqual(['name', 'colors.primary', 'colors.secondary', 'format', 'logo']);

    const set = await setBranding(platformAccount, { name: 'Ticketwelt', colors: { primary: '#0a7d4f', secondary: '#102030' } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ name: 'Ticketwelt', colors: { primary: '#0a7d4f', secondary: '#102030' }, inherited: ['format', 'logo'] });
    expect((await branding(platformAccount)).body).toEqual(set.body);
    expect(await pageBranding()).toMatchObject({ shown: 'platform', platform: { name: 'Ticketwelt', colors: { primary: '#0a7d4f', secondary: '#102030' }, logo_url: null } });

    const reset = await setBranding(platformAccount, { name: null, colors: { primary: null, secondary: null } });
    expect(reset.body).toMatchObject({ name: 'Test platform', inherited: ['name', 'colors.primary', 'colors.secondary', 'format', 'logo'] });
  });

  it('reports where the pages show a darker colour than a light brand set, with the contrast reached', async () => {
    const merchant = await addMerchantAccount(server, platform.platformId, 'Sonnenschein');
    const light = await setBranding(merchant, { colors: { primary: '#ffeb3b', secondary: '#ffffff' } });
    expect(light.status).toBe(200);
    const links = light.body.contrast_adjustments.find((adjustment: { use: string }) => adjustment.use === 'links_and_focus');
    expect(links).toMatchObject({ given: '#ffeb3b', minimum: 4.5 });
    expect(links.shown).not.toBe('#ffeb3b');
    expect(links.ratio).toBeGreaterThanOrEqual(4.5);
    const header = light.body.contrast_adjustments.find((adjustment: { use: string }) => adjustment.use === 'header_text');
    expect(header).toMatchObject({ given: '#ffffff', shown: '#000000' });
  });

  it("shows a merchant's own brand on a merchant_primary page, the platform's on a platform_primary one", async () => {
    const merchant = await addMerchantAccount(server, platform.platformId, 'Plattenladen');
    const inherited = await branding(merchant);
    expect(inherited.body).toMatchObject({ name: 'Plattenladen', format: 'merchant_primary', inherited: ['name', 'colors.primary', 'colors.secondary', 'format', 'logo'] });
    expect((await pageBranding(merchant)).shown).toBe('platform');

    await setBranding(merchant, { name: 'Plattenladen Köln', colors: { primary: '#7a1f5c' } });
    expect(await pageBranding(merchant)).toMatchObject({ format: 'merchant_primary', shown: 'merchant', merchant: { name: 'Plattenladen Köln', colors: { primary: '#7a1f5c' } } });

    await setBranding(merchant, { format: 'platform_primary' });
    expect(await pageBranding(merchant)).toMatchObject({ format: 'platform_primary', shown: 'platform' });
    await setBranding(platformAccount, { format: 'platform_primary' });
    await setBranding(merchant, { format: null });
    expect(await pageBranding(merchant)).toMatchObject({ format: 'platform_primary', shown: 'platform' });
    await setBranding(platformAccount, { format: null });
  });

  it('serves a logo a branding shows from this origin, sandboxed, and no longer once it is removed', async () => {
    const logo = await uploadLogo();
    const set = await setBranding(platformAccount, { logo_document_id: logo });
    expect(set.body.logo).toEqual({ document_id: logo, url: `/brand-logos/${logo}` });
    expect((await pageBranding()).platform.logo_url).toBe(`/brand-logos/${logo}`);

    const served = await fetch(`${server.url}/brand-logos/${logo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    await setBranding(platformAccount, { logo_document_id: null });
    expect((await fetch(`${server.url}/brand-logos/${logo}`)).status).toBe(404);
  });

  it("never serves a document no branding shows", async () => {
    const document = await uploadLogo('other');
    expect((await fetch(`${server.url}/brand-logos/${document}`)).status).toBe(404);
  });
});

describe('what is refused', () => {
  it.each([
    { body: { colors: { primary: 'green' } }, pointer: '/colors/primary', code: 'invalid_hex_color' },
    { body: { name: '' }, pointer: '/name', code: 'too_short' },
    { body: { name: 'x'.repeat(81) }, pointer: '/name', code: 'too_long' },
    { body: { format: 'merchant_only' }, pointer: '/format', code: 'not_one_of' },
    { body: { colour: '#000000' }, pointer: '/colour', code: 'not_allowed' },
  ])('refuses $body with $code', async ({ body, pointer, code }) => {
    const refused = await setBranding(platformAccount, body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer, code })]);
  });

  it('accepts a name of 80 characters', async () => {
    expect((await setBranding(platformAccount, { name: 'x'.repeat(80) })).status).toBe(200);
    await setBranding(platformAccount, { name: null });
  });

  it('refuses a logo that is no company_logo, too large, or of no document', async () => {
    const other = await uploadLogo('other');
    const large = await uploadLogo('company_logo', Buffer.concat([PNG, Buffer.alloc(256 * 1024 + 1 - PNG.length)]));
    const justFits = await uploadLogo('company_logo', Buffer.concat([PNG, Buffer.alloc(256 * 1024 - PNG.length)]));
    for (const id of [other, large, 'doc_01HZZZZZZZZZZZZZZZZZZZZZZZ']) {
      const refused = await setBranding(platformAccount, { logo_document_id: id });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/logo_document_id', code: 'logo_unusable', params: { limit: 256 } })]);
    }
    expect((await setBranding(platformAccount, { logo_document_id: justFits })).status).toBe(200);
    await setBranding(platformAccount, { logo_document_id: null });
  });
});

describe('who may not', () => {
  it("answers 404 for another platform's account and for the other environment's; each environment has its own branding", async () => {
    const other = await server.platform();
    expect((await branding(platformAccount, await other.token())).status).toBe(404);
    expect((await setBranding(platformAccount, { name: 'Stolen' }, await other.token())).status).toBe(404);
    const sandboxMerchant = await addMerchantAccount(server, platform.platformId, 'Sandkasten');
    expect((await branding(sandboxMerchant, await platform.token('live'), '')).status).toBe(404);

    await setBranding(platformAccount, { name: 'Only in the sandbox' });
    const live = await branding(platformAccount, await platform.token('live'), '');
    expect(live.body).toMatchObject({ name: 'Test platform', inherited: expect.arrayContaining(['name']) });
    await setBranding(platformAccount, { name: null });
  });

  it('needs accounts:read to read and accounts:read_write to set', async () => {
    const reader = await platform.token('sandbox', 'accounts:read');
    expect((await branding(platformAccount, reader)).status).toBe(200);
    expect((await setBranding(platformAccount, { name: 'Nope' }, reader)).status).toBe(403);
    expect((await branding(platformAccount, await platform.token('sandbox', 'payments:read'))).status).toBe(403);
  });
});
