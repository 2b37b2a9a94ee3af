import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { dashboardUser, type DashboardClient } from '../helpers/dashboard.js';
import { PDF, PNG } from '../helpers/documents.js';
import { completeSteps, startApplication, step, submitApplication, uploadOnboardingDocument, type StartedApplication } from '../helpers/onboarding.js';

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const api = async (method: string, path: string, body?: unknown, tenant = platform) => server.request(method, `/sandbox${path}`, { token: await tenant.token(), body });

/** The application ids a page links to, in the page's order. */
const applicationLinks = (text: string) => [...text.matchAll(/<a href="\/dashboard\/merchants\/applications\/(app_[0-9A-Za-z]+)">/g)].map((match) => match[1]!);
/** The onboarding link shown in the field to copy. */
const shownLink = (text: string) => text.match(/<textarea id="onboarding-link"[^>]*>([^<]+)<\/textarea>/)?.[1]?.replace(/&amp;/g, '&');
const tokenOf = (href: string) => new URL(href).searchParams.get('token')!;

/** An application with every step done but submit, a director besides the applicant, a passport photo and a PDF register extract. */
async function fullApplication(tenant = platform): Promise<StartedApplication & { documents: { png: string; pdf: string } }> {
  const application = await startApplication(server, tenant, { reference: 'full-application' });
  await completeSteps(server, application);
  const director = { first_name: 'Max', last_name: 'Mustermann', email: 'max@engines.example', roles: ['director'], date_of_birth: '1980-01-31', pep: false, nationality: 'DE' };
  expect((await step(server, application, 'POST', '/representatives', director)).status).toBe(200);
  expect((await step(server, application, 'POST', '/confirm-representatives')).status).toBe(200);
  const png = await uploadOnboardingDocument(server, application, { type: 'passport', side: 'front', file: { bytes: PNG, filename: 'passport.png', contentType: 'image/png' } });
  const pdf = await uploadOnboardingDocument(server, application, { type: 'company_registration', file: { bytes: PDF, filename: 'register.pdf', contentType: 'application/pdf' } });
  return { ...application, documents: { png, pdf } };
}

async function live(client: DashboardClient) {
  await client.get('/dashboard');
  expect((await client.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
  expect((await client.get('/dashboard')).text).toContain('env-live');
}

describe('applications', () => {
  it('lists the applications newest first with status and step, filters by status, pages with cursors, and links the home page to the list', async () => {
    const tenant = await server.platform();
    const started: string[] = [];
    for (let index = 0; index < 21; index++) {
      started.push((await startApplication(server, tenant, { reference: `listed-${index}` })).id);
      server.clock.advance(1);
    }
    const submitted = await startApplication(server, tenant, { reference: 'listed-submitted' });
    await submitApplication(server, submitted);
    const { client } = await dashboardUser(server, tenant.platformId, 'viewer');

    const first = await client.get('/dashboard/merchants');
    expect(first.status).toBe(200);
    expect(first.text).toContain('href="/dashboard/merchants" aria-current="page"');
    expect(applicationLinks(first.text)).toEqual([submitted.id, ...started.slice(-19).reverse()]);
    expect(first.text).toContain('<span class="status status-submitted">Submitted</span>');
    expect(first.text).toContain('Confirm the applicant'); // the next step of an application just created
    expect(first.text).toContain('None: submitted');
    expect(first.text).not.toContain('First page');
    expect(first.text).not.toContain('/dashboard/merchants/applications/new'); // a viewer creates nothing
    const next = first.text.match(/href="(\/dashboard\/merchants\?after=[^"]+)" rel="next"/)![1]!.replace(/&amp;/g, '&');
    const second = await client.get(next);
    expect(applicationLinks(second.text)).toEqual(started.slice(0, 2).reverse());
    expect(second.text).toContain('First page');
    expect(second.text).not.toContain('rel="next"');

    const filtered = await client.get('/dashboard/merchants?status=submitted');
    expect(applicationLinks(filtered.text)).toEqual([submitted.id]);
    expect(filtered.text).toContain('<option value="submitted" selected>Submitted</option>');
    expect(applicationLinks((await client.get('/dashboard/merchants?status=succeeded')).text)).toEqual([]);
    expect((await client.get('/dashboard/merchants?status=lost')).status).toBe(400);
    expect((await client.get(`${next}&status=submitted`)).status).toBe(400); // a cursor of another list

    const home = await client.get('/dashboard');
    expect(home.text).toContain('<a href="/dashboard/merchants?status=initiated">Initiated</a>');
    expect(home.text).toContain('<a href="/dashboard/merchants?status=submitted">Submitted</a>');

    const accounts = await client.get('/dashboard/merchants/accounts');
    expect(accounts.status).toBe(200);
    const listed = (await api('GET', '/accounts?first=100', undefined, tenant)).body.data as { id: string; type: string }[];
    const merchantAccounts = listed.filter((account) => account.type === 'merchant').map((account) => account.id);
    expect(merchantAccounts.length).toBe(22);
    for (const id of merchantAccounts.slice(0, 19)) expect(accounts.text).toContain(`<code>${id}</code>`);
    expect(accounts.text).not.toContain(`<code>${tenant.platformId}</code>`);
    expect(accounts.text).toContain('rel="next"');
  }, 180_000);

  it('shows an application: what it was created with, its step, business, representatives, masked IBAN, documents with previews, and its events', async () => {
    const application = await fullApplication();
    const { client } = await dashboardUser(server, platform.platformId, 'viewer');
    const shown = await client.get(`/dashboard/merchants/applications/${application.id}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Application of Ada Lovelace');
    expect(shown.text).toContain('full-application');
    expect(shown.text).toContain('https://platform.example/done');
    expect(shown.text).toContain('ada@example.com');
    expect(shown.text).toContain('<span class="status status-in_progress">In progress</span>');
    expect(shown.text).toContain('>Submit<'); // the step left
    expect(shown.text).toContain('Not submitted yet.');
    expect(shown.text).toContain('Leopoldstraße 1, 80802 München, DE');
    expect(shown.text).toContain('individual sole trader');
    // The payout account with its IBAN masked: country and check digits, then the last four.
    expect(shown.text).toContain('DE89 •••• 3000');
    expect(shown.text).not.toContain('DE89370400440532013000');
    expect(shown.text).not.toContain('370400440532');
    // The representative.
    expect(shown.text).toContain('Max Mustermann');
    expect(shown.text).toContain('max@engines.example');
    expect(shown.text).toContain('director');
    expect(shown.text).toContain('1980-01-31');
    // The documents: the image in the page, the PDF linked.
    const png = `/dashboard/merchants/applications/${application.id}/documents/${application.documents.png}`;
    const pdf = `/dashboard/merchants/applications/${application.id}/documents/${application.documents.pdf}`;
    expect(shown.text).toContain(`<img src="${png}" alt="Preview of passport.png">`);
    expect(shown.text).toContain(`<a href="${pdf}">register.pdf</a>`);
    expect(shown.text).not.toContain(`<img src="${pdf}"`);
    expect(shown.text).toContain('company registration');
    // Its events, as GET /events?object_id= lists them.
    const events = (await api('GET', `/events?object_id=${application.id}`)).body.data as { type: string }[];
    expect(events.map((event) => event.type)).toContain('application_started');
    for (const event of events) expect(shown.text).toContain(`<code>${event.type}</code>`);
    // A viewer is offered neither a new link nor a decision.
    expect(shown.text).not.toContain('/link"');
    expect(shown.text).not.toContain('/decision"');
  }, 120_000);

  it("serves a document of the application inline with its type and nosniff, and refuses another application's, another platform's and live (404)", async () => {
    const application = await fullApplication();
    const other = await fullApplication();
    const { client } = await dashboardUser(server, platform.platformId, 'viewer');
    const url = (app: string, doc: string) => `${server.url}/dashboard/merchants/applications/${app}/documents/${doc}`;
    const fetchAs = (who: DashboardClient, app: string, doc: string) => fetch(url(app, doc), { headers: { cookie: [...who.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });

    const image = await fetchAs(client, application.id, application.documents.png);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBe('inline; filename="passport.png"');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const document = await fetchAs(client, application.id, application.documents.pdf);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toBe('inline; filename="register.pdf"');
    expect(Buffer.from(await document.arrayBuffer()).equals(PDF)).toBe(true);

    // Another application's document under this application's id.
    expect((await fetchAs(client, application.id, other.documents.png)).status).toBe(404);
    // Another platform's user: neither the application nor its document.
    const stranger = await server.platform();
    const { client: theirs } = await dashboardUser(server, stranger.platformId, 'admin');
    expect((await theirs.get(`/dashboard/merchants/applications/${application.id}`)).status).toBe(404);
    expect((await fetchAs(theirs, application.id, application.documents.png)).status).toBe(404);
    expect((await theirs.post(`/dashboard/merchants/applications/${application.id}/link`, { confirm: 'yes' })).status).toBe(404);
    // The platform's own user in live: the sandbox's application is not there.
    await live(client);
    expect((await client.get(`/dashboard/merchants/applications/${application.id}`)).status).toBe(404);
    expect((await fetchAs(client, application.id, application.documents.png)).status).toBe(404);
    expect(applicationLinks((await client.get('/dashboard/merchants')).text)).toEqual([]);
    // Without a session: the sign-in, not the file.
    expect((await fetch(url(application.id, application.documents.png), { redirect: 'manual' })).status).toBe(303);
  }, 120_000);
});

describe('a new application', () => {
  it('names every bad field on the form shown again, then creates the application as POST /applications does and shows its onboarding link', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const form = await client.get('/dashboard/merchants/applications/new');
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="email"');
    expect(form.text).toContain('name="currencies" value="EUR"');

    const bad = await client.post('/dashboard/merchants/applications', {
      email: 'not-an-email',
      first_name: 'A',
      last_name: 'Lovelace',
      number: 'twelve',
      line1: 'Leopoldstraße',
      language: 'fr',
      currencies: 'USD',
      redirect: 'nowhere',
      webhook: 'https://user:secret@platform.example/hooks',
    });
    expect(bad.status).toBe(400);
    for (const name of ['email', 'first_name', 'number', 'zip', 'town_city', 'language', 'currencies', 'redirect', 'webhook']) {
      expect(bad.text, name).toMatch(new RegExp(`id="new-${name}-error"`));
    }
    expect(bad.text).not.toContain('id="new-last_name-error"');
    expect(bad.text).toContain('aria-invalid="true"');
    // Each error worded by its code in the dashboard's language (core/error-texts), the body rules' too
    expect(bad.text).toContain('<p class="error" id="new-webhook-error">This web address cannot receive notifications.</p>');
    expect(bad.text).toContain('<p class="error" id="new-currencies-error">Please choose one of the currencies offered.</p>');
    expect(bad.text).toContain('value="Lovelace"'); // what was typed stays
    expect(bad.text).toContain('role="alert"');
    const before = (await api('GET', '/applications?first=100')).body.data.length;

    const good = await client.post('/dashboard/merchants/applications', {
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      legal_name: 'Hopper Compilers GmbH',
      line1: 'Hauptstraße',
      number: '12',
      zip: '10115',
      town_city: 'Berlin',
      country: 'de',
      registration_number_code: 'DeHrb',
      registration_number: 'HRB 12345',
      currencies: 'EUR',
      language: 'de',
      reference: 'grace-1',
      redirect: 'https://platform.example/onboarded',
      webhook: '',
    });
    expect(good.status, good.text).toBe(201);
    const id = good.text.match(/href="\/dashboard\/merchants\/applications\/(app_[0-9A-Za-z]+)"/)![1]!;
    const link = shownLink(good.text)!;
    expect(link).toMatch(/\/onboarding\?token=/);
    expect(good.text).toContain('<label for="onboarding-link">Onboarding link</label>');
    expect(good.text).toContain('readonly');
    // The API sees it as created: the application, its merchant account, and a link that opens it.
    expect((await api('GET', '/applications?first=100')).body.data.length).toBe(before + 1);
    const created = await api('GET', `/applications/${id}`);
    expect(created.body).toMatchObject({ status: 'initiated', reference: 'grace-1', language: 'de', currencies: ['EUR'], applicant: { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' }, urls: { redirect: 'https://platform.example/onboarded', webhook: null } });
    const account = await api('GET', `/accounts/${created.body.merchant_id}`);
    expect(account.body).toMatchObject({ name: 'Hopper Compilers GmbH', type: 'merchant', onboarding: { application_id: id, status: 'initiated' } });
    const opened = await server.request('GET', '/smo/application', { token: tokenOf(link) });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.business.profile).toMatchObject({ legal_name: 'Hopper Compilers GmbH', registration_number: 'HRB 12345', registered_address: { line1: 'Hauptstraße', number: 12, zip: '10115', town_city: 'Berlin', country: 'DE' } });
    const page = await client.get(`/dashboard/merchants/applications/${id}`);
    expect(page.text).toContain('Hopper Compilers GmbH');
    expect(page.text).toContain('Hauptstraße 12, 10115 Berlin, DE');
  }, 120_000);

  it('refuses a viewer (403) and a POST without the CSRF token, and creates nothing', async () => {
    const before = (await api('GET', '/applications?first=100')).body.data.length;
    const { client: viewer } = await dashboardUser(server, platform.platformId, 'viewer');
    expect((await viewer.get('/dashboard/merchants/applications/new')).status).toBe(403);
    expect((await viewer.post('/dashboard/merchants/applications', { email: 'v@example.com', first_name: 'Vi', last_name: 'Ewer' })).status).toBe(403);
    const { client: developer } = await dashboardUser(server, platform.platformId, 'developer');
    expect((await developer.post('/dashboard/merchants/applications', { email: 'c@example.com', first_name: 'Cs', last_name: 'Rf', _csrf: '' })).status).toBe(403);
    expect((await developer.post('/dashboard/merchants/applications', { email: 'c@example.com', first_name: 'Cs', last_name: 'Rf', _csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await api('GET', '/applications?first=100')).body.data.length).toBe(before);
  }, 60_000);
});

describe('a new onboarding link', () => {
  it('asks first, then issues a new link as POST /applications/{id}/link does: the previous one stops working', async () => {
    const application = await startApplication(server, platform);
    expect((await step(server, application, 'GET', '')).status).toBe(200);
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    const page = await client.get(`/dashboard/merchants/applications/${application.id}`);
    expect(page.text).toContain(`action="/dashboard/merchants/applications/${application.id}/link"`);
    const asked = await client.post(`/dashboard/merchants/applications/${application.id}/link`);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('stops working at once');
    expect(asked.text).toContain('name="confirm" value="yes"');
    expect((await step(server, application, 'GET', '')).status).toBe(200); // asking changed nothing

    const issued = await client.post(`/dashboard/merchants/applications/${application.id}/link`, { confirm: 'yes' });
    expect(issued.status).toBe(200);
    const link = shownLink(issued.text)!;
    expect(tokenOf(link)).not.toBe(application.token);
    expect((await step(server, application, 'GET', '')).status).toBe(401);
    expect((await server.request('GET', '/smo/application', { token: tokenOf(link) })).status).toBe(200);
  }, 60_000);

  it('refuses a viewer (403) and a POST without the CSRF token; the link keeps working', async () => {
    const application = await startApplication(server, platform);
    const { client: viewer } = await dashboardUser(server, platform.platformId, 'viewer');
    expect((await viewer.post(`/dashboard/merchants/applications/${application.id}/link`, { confirm: 'yes' })).status).toBe(403);
    const { client: developer } = await dashboardUser(server, platform.platformId, 'developer');
    expect((await developer.post(`/dashboard/merchants/applications/${application.id}/link`, { confirm: 'yes', _csrf: '' })).status).toBe(403);
    expect((await step(server, application, 'GET', '')).status).toBe(200);
  }, 60_000);
});

describe("the sandbox's decision", () => {
  it('decides a submitted application after confirmation, as the simulation route does, and the API shows it with its event', async () => {
    const application = await startApplication(server, platform);
    await submitApplication(server, application);
    const { client } = await dashboardUser(server, platform.platformId, 'developer');
    const page = await client.get(`/dashboard/merchants/applications/${application.id}`);
    expect(page.text).toContain('Pending since');
    expect(page.text).toContain('name="outcome" value="succeeded"');
    expect(page.text).toContain('name="outcome" value="action_required"');

    const asked = await client.post(`/dashboard/merchants/applications/${application.id}/decision`, { outcome: 'action_required' });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('decide now, with their event: Action required.');
    expect((await api('GET', `/applications/${application.id}`)).body.status).toBe('submitted');

    const decided = await client.post(`/dashboard/merchants/applications/${application.id}/decision`, { outcome: 'action_required', confirm: 'yes' });
    expect(decided.status).toBe(200);
    expect(decided.text).toContain(`Application ${application.id} decided: Action required.`);
    expect(decided.text).toContain('Action required since');
    expect((await api('GET', `/applications/${application.id}`)).body.status).toBe('action_required');

    // Action required may be decided again: approved.
    expect((await client.post(`/dashboard/merchants/applications/${application.id}/decision`, { outcome: 'succeeded', confirm: 'yes' })).status).toBe(200);
    const approved = await api('GET', `/applications/${application.id}`);
    expect(approved.body.status).toBe('succeeded');
    const events = (await api('GET', `/events?object_id=${application.id}`)).body.data.map((event: { type: string }) => event.type);
    expect(events).toEqual(expect.arrayContaining(['application_submitted', 'application_action_required', 'application_succeeded']));
    const shown = await client.get(`/dashboard/merchants/applications/${application.id}`);
    expect(shown.text).toContain('<code>application_succeeded</code>');
    expect(shown.text).toContain('Succeeded on');
    expect(shown.text).not.toContain('/decision"'); // an approved application stays approved
    // Decided already: the API's 409, as a page.
    expect((await client.post(`/dashboard/merchants/applications/${application.id}/decision`, { outcome: 'action_required', confirm: 'yes' })).status).toBe(409);
  }, 120_000);

  it('refuses a viewer (403), a missing CSRF token, and answers 404 in live', async () => {
    const application = await startApplication(server, platform);
    await submitApplication(server, application);
    const { client: viewer } = await dashboardUser(server, platform.platformId, 'viewer');
    expect((await viewer.post(`/dashboard/merchants/applications/${application.id}/decision`, { outcome: 'succeeded', confirm: 'yes' })).status).toBe(403);
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    expect((await client.post(`/dashboard/merchants/applications/${application.id}/decision`, { outcome: 'succeeded', confirm: 'yes', _csrf: '' })).status).toBe(403);
    expect((await client.post(`/dashboard/merchants/applications/${application.id}/decision`, { outcome: 'rejected', confirm: 'yes' })).status).toBe(400);
    await live(client);
    expect((await client.post(`/dashboard/merchants/applications/${application.id}/decision`, { outcome: 'succeeded', confirm: 'yes' })).status).toBe(404);
    expect((await api('GET', `/applications/${application.id}`)).body.status).toBe('submitted');
  }, 60_000);
});
