import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchantAccount, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { DashboardClient, dashboardUser } from '../helpers/dashboard.js';
import { PNG, upload } from '../helpers/documents.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function tenant() {
  const platform = await server.platform();
  const accounts = await server.request('GET', '/sandbox/accounts', { token: await platform.token() });
  const platformAccount: string = accounts.body.data.find((account: { type: string }) => account.type === 'platform').id;
  return { platform, platformAccount };
}

const apiBranding = async (platform: TestPlatform, account: string) => (await server.request('GET', `/sandbox/accounts/${account}/branding`, { token: await platform.token() })).body;
const fieldValue = (text: string, name: string) => text.match(new RegExp(`name="${name}" type="text" value="([^"]*)"`))?.[1];

async function developer(platform: TestPlatform): Promise<DashboardClient> {
  return (await dashboardUser(server, platform.platformId, 'developer')).client;
}

describe('what works', () => {
  it("shows the platform's branding with previews of the page in both formats and of the wizard; a viewer may not change it", async () => {
    const { platform, platformAccount } = await tenant();
    const { client } = await dashboardUser(server, platform.platformId, 'viewer');
    const shown = await client.get('/dashboard/branding');
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('href="/dashboard/branding" aria-current="page"');
    expect(shown.text).toContain(`<option value="${platformAccount}" selected>Test platform (platform, ${platformAccount})</option>`);
    expect(shown.text).toContain('Payment page, merchant_primary');
    expect(shown.text).toContain('Payment page, platform_primary');
    expect(shown.text).toContain('Onboarding wizard');
    expect(shown.text).not.toContain('value="save"');
    expect(shown.text).toContain('a developer or an admin changes it');
    const refused = await client.post('/dashboard/branding', { account: platformAccount, intent: 'save', name: 'Nope' });
    expect(refused.status).toBe(403);
    expect((await apiBranding(platform, platformAccount)).name).toBe('Test platform');
  });

  it('previews typed colours without saving them, with the contrast correction they need', async () => {
    const { platform, platformAccount } = await tenant();
    const client = await developer(platform);
    await client.get('/dashboard/branding');
    const preview = await client.post('/dashboard/branding', { account: platformAccount, intent: 'preview', name: 'Sonnenschein', primary: '#ffeb3b', secondary: '#ffffff', format: '', logo: '' });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.text).toContain('not saved yet');
    expect(fieldValue(preview.text, 'primary')).toBe('#ffeb3b');
    expect(preview.text).toMatch(/<link rel="stylesheet" href="\/dashboard\/branding\/preview\.css\?pp=%23ffeb3b&amp;ps=%23ffffff&amp;mp=%23ffeb3b&amp;ms=%23ffffff">/);
    expect(preview.text).toContain('<span class="bp-name">Sonnenschein</span>');
    const report = preview.text.slice(preview.text.indexOf('id="contrast-report"'));
    expect(report).toMatch(/Links, selected choices and focus rings on white<\/td>\s*<td[^>]*><code>#ffeb3b<\/code><\/td>\s*<td[^>]*><code>#[0-9a-f]{6}<\/code><\/td>/);
    expect((await apiBranding(platform, platformAccount)).colors.primary).not.toBe('#ffeb3b');

    const css = await client.get('/dashboard/branding/preview.css?pp=%23ffeb3b&ps=%23ffffff&mp=%23123456&ms=%23000000');
    expect(css.status).toBe(200);
    expect(css.text).toMatch(/\.bp-platform \{\n {2}--primary: #ffeb3b;/);
    expect(css.text).toMatch(/\.bp-merchant \{\n {2}--primary: #123456;/);
  });

  it("saves the branding through the API's call, and the dashboard's own colours follow the platform's", async () => {
    const { platform, platformAccount } = await tenant();
    const client = await developer(platform);
    await client.get('/dashboard/branding');
    const saved = await client.post('/dashboard/branding', { account: platformAccount, intent: 'save', name: 'Ticketwelt', primary: '#0a7d4f', secondary: '', format: 'platform_primary', logo: '' });
    expect(saved.status, saved.text).toBe(303);
    expect(saved.location).toBe(`/dashboard/branding?account=${platformAccount}&saved=1`);
    const shown = await client.get(saved.location!);
    expect(shown.text).toContain('Branding saved.');
    expect(fieldValue(shown.text, 'name')).toBe('Ticketwelt');
    expect(fieldValue(shown.text, 'secondary')).toBe('');
    expect(shown.text).toMatch(/<input type="radio" name="format" value="platform_primary" checked/);
    expect(await apiBranding(platform, platformAccount)).toMatchObject({ name: 'Ticketwelt', colors: { primary: '#0a7d4f' }, format: 'platform_primary', inherited: ['colors.secondary', 'logo'] });
    expect((await client.get('/dashboard/theme.css')).text).toContain('--primary: #0a7d4f;');
    expect((await client.get('/dashboard')).text).toContain('<span class="brand-name">Ticketwelt</span>');
  });

  it("sets a merchant's logo from the company_logo documents, shown in the preview from the dashboard", async () => {
    const { platform } = await tenant();
    const merchant = await addMerchantAccount(server, platform.platformId, 'Plattenladen');
    const logo = await upload(server, await platform.token(), { type: 'company_logo', file: { bytes: PNG, filename: 'platten.png', contentType: 'image/png' } });
    const client = await developer(platform);
    const shown = await client.get(`/dashboard/branding?account=${merchant}`);
    expect(shown.text).toContain(`<option value="${merchant}" selected>Plattenladen (merchant, ${merchant})</option>`);
    expect(shown.text).toContain(`<option value="${logo.body.id}" >platten.png (${logo.body.id})</option>`);

    const saved = await client.post('/dashboard/branding', { account: merchant, intent: 'save', name: '', primary: '#7a1f5c', secondary: '', format: '', logo: logo.body.id });
    expect(saved.status, saved.text).toBe(303);
    const page = await client.get(saved.location!);
    expect(page.text).toContain(`<img class="bp-logo" src="/dashboard/branding/logos/${logo.body.id}" alt="">`);
    const image = await fetch(`${server.url}/dashboard/branding/logos/${logo.body.id}`, { headers: { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect((await apiBranding(platform, merchant)).logo.document_id).toBe(logo.body.id);
  });
});

describe('what is refused', () => {
  it('names a wrong colour at its field in the page language and saves nothing', async () => {
    const { platform, platformAccount } = await tenant();
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const german = new DashboardClient(server.url, { 'accept-language': 'de' });
    for (const [name, value] of client.cookies) german.cookies.set(name, value);
    await german.get('/dashboard/branding');
    const refused = await german.post('/dashboard/branding', { account: platformAccount, intent: 'save', name: 'Neu', primary: 'grün', secondary: '', format: '', logo: '' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Nicht gespeichert');
    expect(refused.text).toMatch(/<input id="branding-primary" name="primary" type="text" value="grün"[^>]*aria-invalid="true"/);
    expect(refused.text).toContain('<p class="error" id="branding-primary-error">Bitte eine Farbe als # und sechs Hexadezimalziffern eingeben');
    expect((await apiBranding(platform, platformAccount)).name).toBe('Test platform');
  });
});

describe('who may not', () => {
  it("answers 404 for another platform's account and logo", async () => {
    const mine = await tenant();
    const other = await tenant();
    const logo = await upload(server, await other.platform.token(), { type: 'company_logo', file: { bytes: PNG, filename: 'other.png', contentType: 'image/png' } });
    const client = await developer(mine.platform);
    expect((await client.get(`/dashboard/branding?account=${other.platformAccount}`)).status).toBe(404);
    expect((await client.get(`/dashboard/branding/logos/${logo.body.id}`)).status).toBe(404);
    await client.get('/dashboard/branding');
    expect((await client.post('/dashboard/branding', { account: other.platformAccount, intent: 'save', name: 'Stolen', primary: '', secondary: '', format: '', logo: '' })).status).toBe(404);
  });
});
