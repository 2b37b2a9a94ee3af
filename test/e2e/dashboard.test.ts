import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchantAccount, createDataStore, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { DashboardClient, dashboardUser, PASSWORD, userIdOf } from '../helpers/dashboard.js';
import { payByCard } from '../helpers/money.js';
import { runScript } from '../helpers/processes.js';
import { eventually, startReceiver } from '../helpers/receiver.js';
import { startApplication } from '../helpers/onboarding.js';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL } from '../../src/dashboard/service.js';
import { audienceOf, type Environment } from '../../src/core/config.js';
import { ALL_SCOPES } from '../../src/core/auth.js';
import { hashSecret } from '../../src/core/scrypt.js';
import { EARLIER_SETTINGS, PASSWORD_SETTINGS } from '../../src/dashboard/passwords.js';

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A live payment, initiated (live payments are paid on the real page; initiated is enough to be listed). */
async function livePayment(reference: string): Promise<string> {
  const created = await server.request('POST', '/payments', {
    token: await platform.token('live'),
    body: { amount_minor: 1200, currency: 'EUR', reference, payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

describe('signing in', () => {
  it('sets the password once through the link, signs in and out, and shows nothing without a session', async () => {
    const { setupUrl } = await server.app.services.dashboardUsers.createUser({ platformId: platform.platformId, email: 'Ada@Example.com', role: 'viewer' });
    const link = new URL(setupUrl);
    expect(link.pathname).toBe('/dashboard/setup');
    const browser = new DashboardClient(server.url);
    expect((await browser.get('/dashboard')).location).toBe('/dashboard/sign-in');
    expect((await browser.get(`${link.pathname}${link.search}`)).text).toContain('ada@example.com');
    // Too short a password is refused; the link still works.
    expect((await browser.post('/dashboard/setup', { token: link.searchParams.get('token')!, password: 'short' })).status).toBe(400);
    const set = await browser.post('/dashboard/setup', { token: link.searchParams.get('token')!, password: PASSWORD });
    expect(set.status).toBe(303);
    const cookie = browser.cookies.get('dashboard_session')!;
    expect(cookie).toBeTruthy();
    expect((await browser.get('/dashboard')).status).toBe(200);
    // The link is spent.
    expect((await new DashboardClient(server.url).get(`${link.pathname}${link.search}`)).status).toBe(404);

    // Sign-out ends the session: the old cookie is refused afterwards.
    const out = await browser.post('/dashboard/sign-out');
    expect(out.status).toBe(200);
    expect(out.text).toContain('You are signed out.');
    const replayed = new DashboardClient(server.url);
    replayed.cookies.set('dashboard_session', cookie);
    expect((await replayed.get('/dashboard')).location).toBe('/dashboard/sign-in');

    // Signing in again, email in any case.
    const again = await browser.signIn('ADA@example.com', PASSWORD);
    expect(again.status).toBe(303);
    expect((await browser.get('/dashboard/payments')).status).toBe(200);
  }, 60_000);

  it('sets the session cookie HttpOnly and SameSite=Lax on http (Secure only for an https base URL)', async () => {
    await server.app.services.dashboardUsers.createUser({ platformId: platform.platformId, email: 'cookie@example.com', role: 'viewer' });
    const { client, email } = await dashboardUser(server, platform.platformId, 'viewer');
    const response = await fetch(`${server.url}/dashboard/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `dashboard_form=${'a'.repeat(43)}` },
      body: new URLSearchParams({ _csrf: 'a'.repeat(43), email, password: PASSWORD }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const session = response.headers.getSetCookie().find((line) => line.startsWith('dashboard_session='))!;
    expect(session).toMatch(/; Path=\/dashboard; Max-Age=43200; HttpOnly; SameSite=Lax$/);
    expect(client.cookies.has('dashboard_session')).toBe(true);

    const https = await startServer({ BASE_URL: 'https://payments.example' });
    try {
      const other = await https.platform();
      const signedIn = await dashboardUser(https, other.platformId, 'viewer');
      expect(signedIn.client.cookies.has('dashboard_session')).toBe(true);
      const again = await fetch(`${https.url}/dashboard/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `dashboard_form=${'b'.repeat(43)}` },
        body: new URLSearchParams({ _csrf: 'b'.repeat(43), email: signedIn.email, password: PASSWORD }).toString(),
        redirect: 'manual',
      });
      expect(again.headers.getSetCookie().find((line) => line.startsWith('dashboard_session='))).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await https.close();
    }
  }, 90_000);

  it('refuses a wrong password, then limits failed attempts per email, and records every attempt', async () => {
    const { email } = await dashboardUser(server, platform.platformId, 'viewer');
    const browser = new DashboardClient(server.url);
    for (let attempt = 0; attempt < MAX_FAILURES_PER_EMAIL; attempt++) {
      const wrong = await browser.signIn(email, 'not the password');
      expect(wrong.status).toBe(401);
      expect(wrong.text).toContain('The email or the password is wrong.');
    }
    expect(browser.cookies.has('dashboard_session')).toBe(false);
    // Now even the right password is refused for this email, until the window has passed.
    const limited = await browser.signIn(email, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('Too many failed attempts');
    const rows = (await server.app.database.db.selectFrom('dashboard_sign_ins').selectAll().execute()).filter((row) => row.email === email);
    expect(rows.filter((row) => !row.succeeded)).toHaveLength(MAX_FAILURES_PER_EMAIL);
    expect(rows.filter((row) => row.succeeded)).toHaveLength(0);
    server.clock.advance(16 * 60_000);
    expect((await browser.signIn(email, PASSWORD)).status).toBe(303);
  }, 60_000);

  /**
   * Runs `work` on a server of its own, whose callers' addresses the test chooses (X-Forwarded-For),
   * with a viewer: its limits would otherwise refuse the other tests' sign-ins.
   */
  async function onOwnServer(work: (own: TestServer, email: string, tenant: TestPlatform) => Promise<void>): Promise<void> {
    const own = await startServer({ TRUST_PROXY: 'true' });
    try {
      const tenant = await own.platform();
      const { email } = await dashboardUser(own, tenant.platformId, 'viewer');
      await work(own, email, tenant);
    } finally {
      await own.close();
    }
  }

  it('limits failed attempts per address, whatever the emails', async () => {
    await onOwnServer(async (own, email) => {
      const attacker = new DashboardClient(own.url, { 'x-forwarded-for': '203.0.113.9' });
      for (let attempt = 0; attempt < MAX_FAILURES_PER_ADDRESS; attempt++) expect((await attacker.signIn(`guess-${attempt}@example.com`, 'x')).status).toBe(401);
      expect((await attacker.signIn(email, PASSWORD)).status).toBe(429);
      // Another address still signs in.
      expect((await new DashboardClient(own.url, { 'x-forwarded-for': '198.51.100.7' }).signIn(email, PASSWORD)).status).toBe(303);
    });
  }, 90_000);

  it('answers an unknown email as a wrong password, and limits its attempts alike', async () => {
    await onOwnServer(async (own, email) => {
      const unknown = 'nobody@example.com';
      const browser = () => new DashboardClient(own.url, { 'x-forwarded-for': '192.0.2.10' });
      const shape = (page: { status: number; text: string }, login: string) => ({ status: page.status, text: page.text.replaceAll(login, 'EMAIL').replace(/value="[A-Za-z0-9_-]{43}"/g, 'TOKEN') });
      for (let attempt = 0; attempt <= MAX_FAILURES_PER_EMAIL; attempt++) {
        const wrong = await browser().signIn(email, 'not the password');
        const nobody = await browser().signIn(unknown, 'not the password');
        expect(shape(nobody, unknown)).toEqual(shape(wrong, email));
        expect(nobody.status).toBe(attempt < MAX_FAILURES_PER_EMAIL ? 401 : 429);
      }
      expect((await browser().signIn(unknown, PASSWORD)).text).toContain('Too many failed attempts');
    });
  }, 180_000);

  it('lets no more attempts past the count than the limits allow, however many arrive at once: the right password after them is refused', async () => {
    await onOwnServer(async (own, email, tenant) => {
      const form = 'f'.repeat(43);
      const signIn = (address: string, login: string, password: string) =>
        fetch(`${own.url}/dashboard/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `dashboard_form=${form}`, 'x-forwarded-for': address },
          body: new URLSearchParams({ _csrf: form, email: login, password }).toString(),
          redirect: 'manual',
        }).then((response) => response.status);
      const statuses = (answers: number[]) => [401, 429, 303].map((status) => answers.filter((each) => each === status).length);

      // One email from 60 addresses at once: 59 wrong passwords, the right one 41st.
      const perEmail = await Promise.all(Array.from({ length: 60 }, (_, index) => signIn(`198.51.100.${index}`, email, index === 40 ? PASSWORD : `wrong ${index}`)));
      expect(statuses(perEmail)).toEqual([MAX_FAILURES_PER_EMAIL, 60 - MAX_FAILURES_PER_EMAIL, 0]);
      expect(perEmail[40]).toBe(429);

      // One address, 60 emails at once: the user's, with the right password, 41st.
      const { email: other } = await dashboardUser(own, tenant.platformId, 'viewer');
      const perAddress = await Promise.all(Array.from({ length: 60 }, (_, index) => signIn('203.0.113.50', index === 40 ? other : `guess-${index}@example.com`, index === 40 ? PASSWORD : 'wrong')));
      expect(statuses(perAddress)).toEqual([MAX_FAILURES_PER_ADDRESS, 60 - MAX_FAILURES_PER_ADDRESS, 0]);
      expect(perAddress[40]).toBe(429);

      // What was let past is what was recorded: every attempt decided, none signed in.
      const rows = await own.app.database.db.selectFrom('dashboard_sign_ins').select(['email', 'address', 'succeeded']).execute();
      expect(rows.filter((row) => row.email === email && row.succeeded === false)).toHaveLength(MAX_FAILURES_PER_EMAIL);
      expect(rows.filter((row) => row.address === '203.0.113.50' && row.succeeded === false)).toHaveLength(MAX_FAILURES_PER_ADDRESS);
      expect(rows.filter((row) => row.succeeded !== false)).toEqual([]);
    });
  }, 120_000);

  it('ends every session of a user on revocation (at the next request)', async () => {
    const { client, email } = await dashboardUser(server, platform.platformId, 'developer');
    const second = new DashboardClient(server.url);
    expect((await second.signIn(email, PASSWORD)).status).toBe(303);
    expect(await server.app.services.dashboardUsers.revokeSessions(email)).toBe(2);
    expect((await client.get('/dashboard')).location).toBe('/dashboard/sign-in');
    expect((await second.get('/dashboard/payments')).location).toBe('/dashboard/sign-in');
  }, 60_000);
});

describe('an upgrade from a version that kept them in clear', () => {
  it("seals and digests the users' and sign-ins' emails and addresses at the first start, and rehashes an earlier password at OWASP's settings on sign-in", async () => {
    const store = await createDataStore();
    try {
      const earlier = await startServer({}, { store });
      const tenant = await earlier.platform();
      const { email } = await dashboardUser(earlier, tenant.platformId, 'admin');
      // As the earlier version left them: in clear, without digests, the password hashed at N=2^14.
      const raw = earlier.app.database.db.withoutPlugins();
      await raw.updateTable('dashboard_users').set({ email, email_digest: null, password_hash: await hashSecret(PASSWORD, EARLIER_SETTINGS) }).execute();
      await raw.insertInto('dashboard_sign_ins').values({ email, address: '203.0.113.77', user_id: null, succeeded: false, attempted_at: earlier.clock.now() }).execute();
      await raw.updateTable('server_secrets').set({ value: earlier.app.database.cipher.seal('sealed columns of an earlier version') }).where('name', '=', 'encryption_check').execute();
      await earlier.close();

      const upgraded = await startServer({}, { store, passwordSettings: PASSWORD_SETTINGS });
      try {
        const stored = upgraded.app.database.db.withoutPlugins();
        const [user] = await stored.selectFrom('dashboard_users').selectAll().execute();
        expect(user).toMatchObject({ email: expect.stringMatching(/^enc:1:/), email_digest: expect.stringMatching(/^[0-9a-f]{64}$/), password_hash: expect.stringMatching(/^scrypt\$16384\$8\$1\$/) });
        const [attempt] = await stored.selectFrom('dashboard_sign_ins').selectAll().execute();
        expect(attempt).toMatchObject({ email: expect.stringMatching(/^enc:1:/), address: expect.stringMatching(/^enc:1:/), email_digest: user!.email_digest, address_digest: expect.stringMatching(/^[0-9a-f]{64}$/) });

        // Found by its digest, the user signs in with the password of before; the hash is made again at N=2^17, and holds.
        const browser = new DashboardClient(upgraded.url);
        expect((await browser.signIn(email.toUpperCase(), PASSWORD)).status).toBe(303);
        const rehashed = await stored.selectFrom('dashboard_users').select('password_hash').executeTakeFirstOrThrow();
        expect(rehashed.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
        expect((await new DashboardClient(upgraded.url).signIn(email, PASSWORD)).status).toBe(303);
        expect((await new DashboardClient(upgraded.url).signIn(email, 'not the password')).status).toBe(401);
      } finally {
        await upgraded.close();
      }
    } finally {
      await store.remove();
    }
  }, 180_000);
});

describe('what is refused', () => {
  it('refuses a POST without the CSRF token, with a wrong one, or without a session', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    await client.get('/dashboard');
    const missing = await client.post('/dashboard/environment', { environment: 'live', _csrf: '' });
    expect(missing.status).toBe(403);
    expect(missing.text).toContain('The form was not sent'); // the token, not the role
    expect((await client.post('/dashboard/environment', { environment: 'live', _csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await client.post('/dashboard/sign-out', { _csrf: 'wrong' })).status).toBe(403);
    // The session is intact: the right token works.
    await client.get('/dashboard');
    expect((await client.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
    const anonymous = new DashboardClient(server.url);
    expect((await anonymous.post('/dashboard/environment', { environment: 'live', _csrf: 'x' })).status).toBe(403);
    // The sign-in form has its own token (form cookie and hidden field must match).
    const forged = new DashboardClient(server.url);
    expect((await forged.post('/dashboard/sign-in', { _csrf: 'forged', email: 'a@example.com', password: PASSWORD })).status).toBe(403);
  }, 60_000);

  it('refuses a refund to a viewer, and in live to a developer (403), changing nothing; a developer refunds in the sandbox', async () => {
    const id = await payByCard(server, platform, { amount_minor: 1500, reference: 'roles-1' });
    const live = await livePayment('roles-live');
    const { client: viewer } = await dashboardUser(server, platform.platformId, 'viewer');
    const { client: developer } = await dashboardUser(server, platform.platformId, 'developer');
    const refusedTo = async (client: DashboardClient, paymentId: string) => {
      const shown = await client.get(`/dashboard/payments/${paymentId}`);
      expect(shown.status).toBe(200);
      expect(shown.text).not.toContain('/refund"');
      const refused = await client.confirmed(`/dashboard/payments/${paymentId}/refund`, { part: '15.00', description: 'Refund' });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain('Your role does not allow this.');
    };
    await refusedTo(viewer, id);
    await developer.get('/dashboard');
    expect((await developer.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
    await refusedTo(developer, live);
    const refunds = await server.request('GET', `/sandbox/refunds?payment_id=${id}`, { token: await platform.token() });
    expect(refunds.body.data).toEqual([]);

    // Sandbox money is not real: there a developer refunds, as its sandbox API clients may.
    await developer.get('/dashboard');
    expect((await developer.post('/dashboard/environment', { environment: 'sandbox' })).status).toBe(303);
    expect((await developer.get(`/dashboard/payments/${id}`)).text).toContain('/refund"');
    const refunded = await developer.confirmed(`/dashboard/payments/${id}/refund`, { part: ['15.00'], description: 'Refund' });
    expect(refunded.status, refunded.text).toBe(200);
    expect((await server.request('GET', `/sandbox/refunds?payment_id=${id}`, { token: await platform.token() })).body.data).toHaveLength(1);
  }, 60_000);

  it("answers 404 for another platform's payment and for a payment of the other environment", async () => {
    const other = await server.platform();
    const theirs = await payByCard(server, other, { amount_minor: 900, reference: 'theirs' });
    const ours = await payByCard(server, platform, { amount_minor: 900, reference: 'ours-sandbox' });
    const live = await livePayment('ours-live');
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    const foreign = await client.get(`/dashboard/payments/${theirs}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('theirs');
    expect((await client.confirmed(`/dashboard/payments/${theirs}/refund`, { part: '9.00', description: 'Refund' })).status).toBe(404);
    expect((await client.get(`/dashboard/payments?reference=theirs`)).text).toContain('No payments.');

    // Sandbox: the sandbox payment, not the live one; marked as sandbox.
    expect((await client.get(`/dashboard/payments/${live}`)).status).toBe(404);
    const sandboxList = await client.get('/dashboard/payments');
    expect(sandboxList.text).toContain('ours-sandbox');
    expect(sandboxList.text).not.toContain('ours-live');
    expect(sandboxList.text).toContain('class="sandbox-banner"');

    // Live: the live payment only, and no sandbox marking.
    expect((await client.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
    const liveList = await client.get('/dashboard/payments');
    expect(liveList.text).toContain('ours-live');
    expect(liveList.text).not.toContain('ours-sandbox');
    expect(liveList.text).not.toContain('sandbox-banner');
    expect((await client.get(`/dashboard/payments/${live}`)).status).toBe(200);
    expect((await client.get(`/dashboard/payments/${ours}`)).status).toBe(404);
  }, 90_000);
});

describe('payments', () => {
  it('filters by status, method, date, reference, merchant and amount in major units, and pages by number with the count and a previous page', async () => {
    const tenant = await server.platform();
    const merchantId = await addMerchantAccount(server, tenant.platformId);
    const paid = await payByCard(server, tenant, {
      amount_minor: 4200,
      reference: 'paid-1',
      routing: { platform: { amount_minor: 3200, processing_fee_contribution: 100 }, merchants: [{ id: merchantId, type: 'merchant', amount_minor: 1000, processing_fee_contribution: 0 }] },
    });
    await Promise.all(
      Array.from({ length: 21 }, async (_, index) => {
        const created = await server.request('POST', '/sandbox/payments', {
          token: await tenant.token(),
          body: { amount_minor: 100 + index, currency: 'EUR', reference: `open-${index}`, payment_method: { type: 'sepa_direct_debit' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } },
        });
        expect(created.status, created.text).toBe(201);
      }),
    );
    const { client } = await dashboardUser(server, tenant.platformId, 'viewer');
    const references = (text: string) => [...text.matchAll(/href="\/dashboard\/payments\/pay_[^"]+">([^<]+)</g)].map((match) => match[1]);

    const first = await client.get('/dashboard/payments');
    expect(references(first.text)).toHaveLength(20);
    expect(first.text).toContain('1–20 of 22 · Page 1 of 2');
    expect(first.text).not.toContain('rel="prev"');
    const next = first.text.match(/href="([^"]+)" rel="next"/)![1]!.replace(/&amp;/g, '&');
    expect(next).toBe('/dashboard/payments?page=2');
    const second = await client.get(next);
    expect(references(second.text)).toHaveLength(2);
    expect(second.text).toContain('21–22 of 22 · Page 2 of 2');
    expect(second.text).not.toContain('rel="next"');
    expect(second.text).toContain('href="/dashboard/payments?page=1" rel="prev"');
    const beyond = await client.get('/dashboard/payments?page=9');
    expect(beyond.text).toContain('<p class="result-count" role="status">Nothing found.</p>');
    expect(beyond.text).toContain('href="/dashboard/payments?page=2" rel="prev"');
    expect(new Set([...references(first.text), ...references(second.text)]).size).toBe(22);
    const filteredNext = (await client.get('/dashboard/payments?method=sepa_direct_debit')).text.match(/href="([^"]+)" rel="next"/)![1]!;
    expect(filteredNext).toBe('/dashboard/payments?method=sepa_direct_debit&amp;page=2');

    expect(references((await client.get('/dashboard/payments?status=captured')).text)).toEqual(['paid-1']);
    expect(references((await client.get('/dashboard/payments?method=card')).text)).toEqual(['paid-1']);
    expect(references((await client.get('/dashboard/payments?method=sepa_direct_debit')).text)).toHaveLength(20);
    expect(references((await client.get('/dashboard/payments?reference=open-3')).text)).toEqual(['open-3']);
    const today = server.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(server.clock.now().getTime() + 86400_000).toISOString().slice(0, 10);
    expect(references((await client.get(`/dashboard/payments?from=${today}&to=${today}&status=captured`)).text)).toEqual(['paid-1']);
    expect((await client.get(`/dashboard/payments?from=${tomorrow}`)).text).toContain('No payments.');
    expect(references((await client.get(`/dashboard/payments?merchant=${merchantId}`)).text)).toEqual(['paid-1']);
    expect((await client.get(`/dashboard/payments?merchant=${tenant.platformId}`)).text).toContain('No payments.');
    expect(references((await client.get('/dashboard/payments?amount_from=42')).text)).toEqual(['paid-1']);
    expect(references((await client.get('/dashboard/payments?amount_to=1')).text)).toEqual(['open-0']);
    expect(references((await client.get('/dashboard/payments?amount_from=1.10&amount_to=1,11')).text).sort()).toEqual(['open-10', 'open-11']);
    // Typed with more decimals than the euro has: a lower bound rounds up, an upper one down.
    expect(references((await client.get('/dashboard/payments?amount_from=1.195&amount_to=1.2')).text)).toEqual(['open-20']);
    expect((await client.get('/dashboard/payments?status=bogus')).status).toBe(400);
    expect((await client.get('/dashboard/payments?amount_from=-1')).status).toBe(400);

    const home = await client.get('/dashboard');
    expect(home.text).toMatch(/Payments initiated<\/h2><p class="figure">22</);
    expect(home.text).toContain('open-20');
    expect(home.text).toMatch(/data-label="Succeeded volume" class="num">€42.00</);
    const payment = await client.get(`/dashboard/payments/${paid}`);
    expect(payment.text).toContain('Card · visa •••• 4242');
  }, 120_000);

  it('answers a date, amount, page or cursor filter that does not parse with 400 naming it, never 500', async () => {
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    const refused = ['from=9999-99-99', 'to=2023-02-29', 'from=2024-1-1', 'to=today', 'amount_from=12.5000', 'amount_to=1e3', 'amount_from=12345678901234', 'page=0', 'page=x'];
    for (const query of refused) expect((await client.get(`/dashboard/payments?${query}`)).status, query).toBe(400);
    expect((await client.get('/dashboard/payments?from=9999-99-99')).text).toContain('/from: must be a date YYYY-MM-DD');
    for (const query of ['from=9999-99-99', 'to=2023-02-29', 'after=not-a-cursor']) expect((await client.get(`/dashboard/payouts?${query}`)).status, query).toBe(400);
    expect((await client.get('/dashboard/events?after=not-a-cursor')).status).toBe(400);
    expect((await client.get('/dashboard/merchants?after=not-a-cursor')).status).toBe(400);
    // The widest dates there are: a list, not an error.
    expect((await client.get('/dashboard/payments?from=1000-01-01&to=9999-12-31')).status).toBe(200);
    expect((await client.get('/dashboard/payouts?from=1000-01-01&to=9999-12-31')).status).toBe(200);
  });

  it('shows the pages in German or Spanish as the browser asks, else English', async () => {
    const { email } = await dashboardUser(server, platform.platformId, 'viewer');
    const german = new DashboardClient(server.url, { 'accept-language': 'de-DE,de;q=0.9' });
    const signIn = await german.get('/dashboard/sign-in');
    expect(signIn.text).toContain('<html lang="de">');
    expect(signIn.text).toContain('Anmelden');
    await german.post('/dashboard/sign-in', { email, password: PASSWORD });
    const home = await german.get('/dashboard');
    expect(home.text).toContain('Sandbox: nur Testdaten');
    expect(home.text).toContain('Start');
    // The statuses in words, their values the API's.
    expect((await german.get('/dashboard/payments')).text).toMatch(/<option value="captured"\s*>Eingezogen<\/option>[\s\S]*<option value="authentication_failed"\s*>Authentifizierung fehlgeschlagen<\/option>/);

    const spanish = new DashboardClient(server.url, { 'accept-language': 'es-ES,es;q=0.9' });
    expect((await spanish.get('/dashboard/sign-in')).text).toContain('<html lang="es">');
    await spanish.post('/dashboard/sign-in', { email, password: PASSWORD });
    const spanishPayments = (await spanish.get('/dashboard/payments')).text;
    expect(spanishPayments).toContain('Sandbox: solo datos de prueba');
    expect(spanishPayments).toMatch(/<option value="not_completed"\s*>No completado<\/option>/);
    // Any other language: English.
    expect((await new DashboardClient(server.url, { 'accept-language': 'fr-FR' }).get('/dashboard/sign-in')).text).toContain('<html lang="en">');
  }, 60_000);

  it('refunds per party from the payment page (admin, after confirmation) through the API refund, which the API then shows with its events', async () => {
    const merchantId = await addMerchantAccount(server, platform.platformId);
    const id = await payByCard(server, platform, { amount_minor: 3000, reference: 'refund-me', routing: { platform: { amount_minor: 2000, processing_fee_contribution: 100 }, merchants: [{ id: merchantId, type: 'merchant', amount_minor: 1000, processing_fee_contribution: 0 }] } });
    const token = await platform.token();
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    const shown = await client.get(`/dashboard/payments/${id}`);
    expect(shown.text).toContain('Refund: per party, at most what it has left');
    expect(shown.text).toContain('id="part-0" name="part" inputmode="decimal" required maxlength="20" value="20.00"');
    expect(shown.text).toContain('id="part-1" name="part" inputmode="decimal" required maxlength="20" value="10.00"');

    // The merchant's part only, first: confirmation, then the refund.
    const confirm = await client.post(`/dashboard/payments/${id}/refund`, { part: ['0', '4'], description: 'Refund refund-me' });
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Confirm the refund');
    expect(confirm.text).toContain(`Merchant (${merchantId})</dt><dd>€4.00`);
    expect((await server.request('GET', `/sandbox/refunds?payment_id=${id}`, { token })).body.data).toEqual([]);
    // Confirmed twice at once (a double click), then once more (a reload of the answer): one refund.
    const confirmed = { part: ['0.00', '4.00'], description: 'Refund refund-me', confirm: 'yes', once: confirm.text.match(/name="once" value="([^"]+)"/)![1]! };
    const clicks = await Promise.all([0, 1].map(() => client.post(`/dashboard/payments/${id}/refund`, confirmed)));
    const first = clicks.find((answer) => /Refund rfd_\w+ started/.test(answer.text))!;
    expect(first.status, first.text).toBe(200);
    const firstId = first.text.match(/Refund (rfd_[0-9A-Za-z]+) started/)![1]!;
    const repeated = `This confirmation was sent before: refund ${firstId} was started then, and nothing more is refunded.`;
    expect(clicks.find((answer) => answer !== first)!.text).toContain(repeated);
    expect((await client.post(`/dashboard/payments/${id}/refund`, confirmed)).text).toContain(repeated);
    expect((await server.request('GET', `/sandbox/refunds?payment_id=${id}`, { token })).body.data).toHaveLength(1);
    const refund = await server.request('GET', `/sandbox/refunds/${firstId}`, { token });
    expect(refund.body).toMatchObject({ payment_id: id, amount_minor: 400, status: 'initiated', description: 'Refund refund-me', routing: { platform: { amount_minor: 0 }, merchants: [{ id: merchantId, amount_minor: 400 }] } });
    expect((await server.request('GET', `/sandbox/events?object_id=${firstId}`, { token })).body.data.map((event: { type: string }) => event.type)).toEqual(['refund_initiated']);
    expect(first.text).toContain('id="part-1" name="part" inputmode="decimal" required maxlength="20" value="6.00"');

    // More than a party has left is refused by the refund's own rule (422); amounts that are none are refused (400).
    const tooMuch = await client.confirmed(`/dashboard/payments/${id}/refund`, { part: ['0', '6.01'], description: 'Too much' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.text).toContain('is more than the party&#39;s refundable amount 600');
    expect((await client.post(`/dashboard/payments/${id}/refund`, { part: ['0', '0'], description: 'Nothing' })).status).toBe(400);
    expect((await client.post(`/dashboard/payments/${id}/refund`, { part: ['1.234', '0'], description: 'Odd' })).status).toBe(400);
    expect((await client.post(`/dashboard/payments/${id}/refund`, { part: '1', description: 'One part for two parties' })).status).toBe(400);

    // Then the rest of both.
    const rest = await client.confirmed(`/dashboard/payments/${id}/refund`, { part: ['20', '6'], description: 'Refund rest' });
    expect(rest.status, rest.text).toBe(200);
    const restId = rest.text.match(/Refund (rfd_[0-9A-Za-z]+) started/)![1]!;
    expect((await server.request('GET', `/sandbox/refunds/${restId}`, { token })).body).toMatchObject({ amount_minor: 2600, routing: { platform: { amount_minor: 2000 }, merchants: [{ id: merchantId, amount_minor: 600 }] } });
    const read = await server.request('GET', `/sandbox/payments/${id}`, { token });
    expect(read.body.routing.platform.refundable_amount).toBe(0);
    expect(read.body.routing.merchants[0].refundable_amount).toBe(0);
    // The page shows both with their events, and offers no further refund.
    const after = await client.get(`/dashboard/payments/${id}`);
    expect(after.text).toContain(firstId);
    expect(after.text).toContain(restId);
    expect(after.text.split('<ol class="events">')[1]!.match(/refund_initiated/g)).toHaveLength(2);
    expect(after.text).not.toContain('Refund: per party');
  }, 90_000);
});

describe('webhooks of a payment', () => {
  it('shows each event with its webhook attempts, and resends for a developer but not a viewer', async () => {
    const receiver = await startReceiver();
    try {
      const id = await payByCard(server, platform, { amount_minor: 700, reference: 'hooked', urls: { redirect: 'https://shop.example/return', webhook: receiver.url } });
      const token = await platform.token();
      const events = await server.request('GET', `/sandbox/events?object_id=${id}`, { token });
      const eventId: string = events.body.data[0].event_id;
      await eventually(async () => (await server.request('GET', `/sandbox/events/${eventId}`, { token })).body.deliveries[0]?.attempts.length > 0);

      const viewer = (await dashboardUser(server, platform.platformId, 'viewer')).client;
      const shown = await viewer.get(`/dashboard/payments/${id}`);
      expect(shown.text).toContain('Webhook attempts');
      expect(shown.text).toContain(receiver.url);
      expect(shown.text).toMatch(/data-label="Answer" class="wrap">200</);
      expect(shown.text).not.toContain('/resend"');
      expect((await viewer.post(`/dashboard/events/${eventId}/resend`, { back: `/dashboard/payments/${id}` })).status).toBe(403);
      expect((await server.request('GET', `/sandbox/events/${eventId}`, { token })).body.deliveries).toHaveLength(1);

      const developer = (await dashboardUser(server, platform.platformId, 'developer')).client;
      expect((await developer.get(`/dashboard/payments/${id}`)).text).toContain(`/dashboard/events/${eventId}/resend`);
      const resent = await developer.post(`/dashboard/events/${eventId}/resend`, { back: `/dashboard/payments/${id}` });
      expect(resent.status, resent.text).toBe(200);
      expect(resent.text).toContain(`Event ${eventId} is delivered again.`);
      expect(resent.text).toContain('<h1>Payment hooked</h1>'); // the payment's page it was asked from
      expect((await server.request('GET', `/sandbox/events/${eventId}`, { token })).body.deliveries).toHaveLength(2);
      // Another platform's event is not found.
      const other = await server.platform();
      const theirs = await payByCard(server, other, { amount_minor: 700, reference: 'their-hook', urls: { redirect: 'https://shop.example/return', webhook: receiver.url } });
      const theirEvent = (await server.request('GET', `/sandbox/events?object_id=${theirs}`, { token: await other.token() })).body.data[0].event_id;
      expect((await developer.post(`/dashboard/events/${theirEvent}/resend`, { back: `/dashboard/payments/${id}` })).status).toBe(404);
    } finally {
      await receiver.close();
    }
  }, 90_000);
});

describe('home', () => {
  it('names the failing webhook endpoints and counts the merchants waiting on onboarding, of this platform only', async () => {
    const tenant = await server.platform();
    const receiver = await startReceiver();
    try {
      receiver.answers.push({ status: 500 });
      const id = await payByCard(server, tenant, { amount_minor: 700, reference: 'failing', urls: { redirect: 'https://shop.example/return', webhook: `${receiver.url}?tenant` } });
      const token = await tenant.token();
      const [event] = (await server.request('GET', `/sandbox/events?object_id=${id}`, { token })).body.data;
      await eventually(async () => (await server.request('GET', `/sandbox/events/${event.event_id}`, { token })).body.deliveries[0]?.attempts[0]?.status_code === 500);
      await startApplication(server, tenant);
      await startApplication(server, await server.platform());

      const { client } = await dashboardUser(server, tenant.platformId, 'viewer');
      const home = await client.get('/dashboard');
      expect(home.text).toContain(`${receiver.url}?tenant`);
      expect(home.text).toMatch(/data-label="Failed \/ attempts" class="num">1 \/ 1</);
      expect(home.text).toMatch(/<dt><a href="\/dashboard\/merchants\?status=initiated">Initiated<\/a><\/dt><dd>1<\/dd>/); // linked to the merchants list of that status
      // Another platform sees neither.
      const { client: other } = await dashboardUser(server, platform.platformId, 'viewer');
      const theirs = await other.get('/dashboard');
      expect(theirs.text).not.toContain(`${receiver.url}?tenant`);
    } finally {
      await receiver.close();
    }
  }, 90_000);
});

describe('users page', () => {
  it("lets an admin create a user (link shown once) and sign a user out everywhere, of the admin's platform only; refuses others", async () => {
    const tenant = await server.platform();
    const { client: admin } = await dashboardUser(server, tenant.platformId, 'admin');
    const { client: developer, email: developerEmail } = await dashboardUser(server, tenant.platformId, 'developer');
    const listed = await admin.get('/dashboard/users');
    expect(listed.status).toBe(200);
    expect(listed.text).toContain(developerEmail);
    expect(listed.text).toContain('href="/dashboard/users"');

    // A developer and a viewer are refused the page and its actions, and see no link to it.
    expect((await developer.get('/dashboard')).text).not.toContain('href="/dashboard/users"');
    expect((await developer.get('/dashboard/users')).status).toBe(403);
    expect((await developer.post('/dashboard/users', { email: 'x@example.com', role: 'admin' })).status).toBe(403);

    // A new user: the one-time link is shown, and works.
    const created = await admin.post('/dashboard/users', { email: 'New.Person@example.com', role: 'viewer' });
    expect(created.status, created.text).toBe(200);
    const link = new URL(created.text.match(/<code class="link">([^<]+)<\/code>/)![1]!.replace(/&amp;/g, '&'));
    const newcomer = new DashboardClient(server.url);
    await newcomer.get(`${link.pathname}${link.search}`);
    expect((await newcomer.post('/dashboard/setup', { token: link.searchParams.get('token')!, password: PASSWORD })).status).toBe(303);
    expect((await newcomer.get('/dashboard')).text).toContain('new.person@example.com (viewer)');
    expect((await admin.post('/dashboard/users', { email: 'new.person@example.com', role: 'viewer' })).status).toBe(400);

    // Signing the developer out everywhere ends the developer's session.
    const developerId = await userIdOf(server, tenant.platformId, developerEmail);
    await admin.get('/dashboard/users');
    const out = await admin.post(`/dashboard/users/${developerId}/sign-out`);
    expect(out.status, out.text).toBe(200);
    expect(out.text).toContain(`${developerEmail} is signed out of 1 session(s).`);
    expect((await developer.get('/dashboard')).location).toBe('/dashboard/sign-in');

    // Another platform's user is not found; that platform's admin sees none of these users.
    const { client: foreignAdmin } = await dashboardUser(server, platform.platformId, 'admin');
    expect((await foreignAdmin.post(`/dashboard/users/${developerId}/sign-out`)).status).toBe(404);
    expect((await foreignAdmin.get('/dashboard/users')).text).not.toContain(developerEmail);
  }, 90_000);
});

describe('users of several platforms', () => {
  it("tells an admin nothing of another platform's users: an email in use there is created as any other, and each user signs in with its own password", async () => {
    const [first, second] = [await server.platform(), await server.platform()];
    const { email: taken } = await dashboardUser(server, first.platformId, 'admin');
    const { client: admin } = await dashboardUser(server, second.platformId, 'admin');
    const fresh = `fresh-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const create = async (email: string) => {
      await admin.get('/dashboard/users');
      const page = await admin.post('/dashboard/users', { email, role: 'viewer' });
      const link = page.text.match(/<code class="link">([^<]+)<\/code>/)?.[1]?.replace(/&amp;/g, '&');
      const notice = page.text.match(/<div class="notice"[\s\S]*?<\/div>/)?.[0].replaceAll(email, 'EMAIL').replace(link ?? '', 'LINK');
      return { status: page.status, notice, link: new URL(link ?? 'about:blank') };
    };
    const [elsewhere, unknown] = [await create(taken), await create(fresh)];
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.notice).toBeDefined();
    expect(elsewhere.notice).toEqual(unknown.notice);
    // Twice on one platform is still refused.
    expect((await admin.post('/dashboard/users', { email: taken, role: 'viewer' })).status).toBe(400);

    // The second platform's user sets its own password; each password signs in to its own platform.
    const newcomer = new DashboardClient(server.url);
    await newcomer.get(`${elsewhere.link.pathname}${elsewhere.link.search}`);
    expect((await newcomer.post('/dashboard/setup', { token: elsewhere.link.searchParams.get('token')!, password: `${PASSWORD} too` })).status).toBe(303);
    const signedIn = async (password: string) => {
      const browser = new DashboardClient(server.url);
      expect((await browser.signIn(taken, password)).status).toBe(303);
      return (await browser.get('/dashboard')).text;
    };
    expect(await signedIn(`${PASSWORD} too`)).toContain(`${taken} (viewer)`);
    expect(await signedIn(PASSWORD)).toContain(`${taken} (admin)`);
  }, 90_000);
});

describe('users: roles and removal', () => {

  it("changes a user's role (in force at the user's next page) and removes a user after confirmation, its sessions ended", async () => {
    const tenant = await server.platform();
    const { client: admin } = await dashboardUser(server, tenant.platformId, 'admin');
    const { client: viewer, email: viewerEmail } = await dashboardUser(server, tenant.platformId, 'viewer');
    const viewerId = await userIdOf(server, tenant.platformId, viewerEmail);
    expect((await viewer.get('/dashboard/developers')).status).toBe(403);

    await admin.get('/dashboard/users');
    const changed = await admin.post(`/dashboard/users/${viewerId}/role`, { role: 'developer' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.text).toContain(`${viewerEmail} is now developer`);
    expect((await viewer.get('/dashboard/developers')).status).toBe(200);

    // Removal asks first; the confirmed removal ends the user's sessions and the user cannot sign in again.
    const asked = await admin.post(`/dashboard/users/${viewerId}/remove`);
    expect(asked.text).toContain('cannot be undone');
    expect((await viewer.get('/dashboard')).status).toBe(200);
    const removed = await admin.post(`/dashboard/users/${viewerId}/remove`, { confirm: 'yes' });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.text).toContain(`${viewerEmail} is removed.`);
    expect(removed.text).not.toContain(`>${viewerEmail}</td>`);
    expect((await viewer.get('/dashboard')).location).toBe('/dashboard/sign-in');
    expect((await new DashboardClient(server.url).signIn(viewerEmail, PASSWORD)).status).toBe(401);
  }, 90_000);

  it('keeps an admin on the platform, even when two admins demote each other at once', async () => {
    const tenant = await server.platform();
    const { client: first, email: firstEmail } = await dashboardUser(server, tenant.platformId, 'admin');
    const { client: second, email: secondEmail } = await dashboardUser(server, tenant.platformId, 'admin');
    const [firstId, secondId] = [await userIdOf(server, tenant.platformId, firstEmail), await userIdOf(server, tenant.platformId, secondEmail)];
    await Promise.all([first.get('/dashboard/users'), second.get('/dashboard/users')]);
    const answers = await Promise.all([first.post(`/dashboard/users/${secondId}/role`, { role: 'viewer' }), second.post(`/dashboard/users/${firstId}/role`, { role: 'viewer' })]);
    // The later one is refused: 403 when the first had already made its sender a viewer, else 400 on the locked users.
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    const admins = await server.app.database.db.selectFrom('dashboard_users').select('id').where('platform_id', '=', tenant.platformId).where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);

    // The last admin can neither step down nor be removed.
    const [lastAdmin, lastId] = admins[0]!.id === firstId ? [first, firstId] : [second, secondId];
    await lastAdmin.get('/dashboard/users');
    const refused = await lastAdmin.post(`/dashboard/users/${lastId}/role`, { role: 'developer' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('The platform needs an admin');
    expect((await lastAdmin.post(`/dashboard/users/${lastId}/remove`, { confirm: 'yes' })).status).toBe(400);
  }, 90_000);

  it("refuses a developer (403), a POST without the CSRF token, and another platform's user (404)", async () => {
    const tenant = await server.platform();
    const { client: developer, email: developerEmail } = await dashboardUser(server, tenant.platformId, 'developer');
    const developerId = await userIdOf(server, tenant.platformId, developerEmail);
    expect((await developer.post(`/dashboard/users/${developerId}/role`, { role: 'admin' })).status).toBe(403);
    expect((await developer.post(`/dashboard/users/${developerId}/remove`, { confirm: 'yes' })).status).toBe(403);
    const { client: foreignAdmin } = await dashboardUser(server, (await server.platform()).platformId, 'admin');
    expect((await foreignAdmin.post(`/dashboard/users/${developerId}/role`, { role: 'viewer' })).status).toBe(404);
    expect((await foreignAdmin.post(`/dashboard/users/${developerId}/remove`, { confirm: 'yes' })).status).toBe(404);
    expect((await foreignAdmin.post(`/dashboard/users/${developerId}/role`, { _csrf: '', role: 'viewer' })).status).toBe(403);
    const row = await server.app.database.db.selectFrom('dashboard_users').select('role').where('id', '=', developerId).executeTakeFirstOrThrow();
    expect(row.role).toBe('developer');
  }, 90_000);
});

/** What the token endpoint answers for a client's id and secret. */
function tokenFor(clientId: string, clientSecret: string, environment: Environment = 'sandbox') {
  return server.request('POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, audience: audienceOf(server.config, environment) } });
}

const shownSecret = (text: string) => text.match(/<code class="secret">([^<]+)<\/code>/)?.[1];

describe('developers page', () => {
  it('creates an API client (secret shown once) whose secret gets a token, and revokes it after confirmation; of the platform and environment only', async () => {
    const tenant = await server.platform();
    const { client: developer } = await dashboardUser(server, tenant.platformId, 'developer');
    const page = await developer.get('/dashboard/developers');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/dashboard/developers"');
    expect(page.text).toContain(tenant.sandbox.clientId);
    expect(page.text).not.toContain(tenant.live.clientId);
    expect(page.text).not.toContain('class="secret"');

    const created = await developer.post('/dashboard/developers/clients', { name: 'Shop <backend>', scope: ['payments:read', 'events:read'] });
    expect(created.status, created.text).toBe(200);
    expect(created.text).toContain('Shop &lt;backend&gt;');
    const clientId = created.text.match(/API client (sandbox_[0-9a-f]+) is created/)![1]!;
    const secret = shownSecret(created.text)!;
    expect(secret).toMatch(/^secret_/);
    const issued = await tokenFor(clientId, secret);
    expect(issued.status, issued.text).toBe(200);
    expect(issued.body.scope).toBe('payments:read events:read');
    expect((await server.request('GET', '/sandbox/payments', { token: issued.body.access_token })).status).toBe(200);
    // The secret is never shown again.
    const again = await developer.get('/dashboard/developers');
    expect(again.text).toContain(clientId);
    expect(again.text).not.toContain(secret);

    // No scope, or an unknown one, is refused.
    expect((await developer.post('/dashboard/developers/clients', { name: 'none' })).status).toBe(400);
    expect((await developer.post('/dashboard/developers/clients', { name: 'bad', scope: 'root' })).status).toBe(400);

    // Revoking asks first; the confirmed revocation stops new tokens and the issued ones.
    const asked = await developer.post(`/dashboard/developers/clients/${clientId}/revoke`);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('Revoke the API client');
    expect((await tokenFor(clientId, secret)).status).toBe(200);
    const revoked = await developer.post(`/dashboard/developers/clients/${clientId}/revoke`, { confirm: 'yes' });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.text).toContain(`API client ${clientId} is revoked.`);
    expect((await tokenFor(clientId, secret)).status).toBe(401);
    await eventually(async () => (await server.request('GET', '/sandbox/payments', { token: issued.body.access_token })).status === 401);

    // Another platform's client, or one of the other environment, cannot be revoked.
    for (const other of [platform.sandbox.clientId, tenant.live.clientId]) {
      await developer.get('/dashboard/developers');
      expect((await developer.post(`/dashboard/developers/clients/${other}/revoke`, { confirm: 'yes' })).status).toBe(404);
    }
    expect((await tokenFor(platform.sandbox.clientId, platform.sandbox.clientSecret)).status).toBe(200);
    expect((await tokenFor(tenant.live.clientId, tenant.live.clientSecret, 'live')).status).toBe(200);
  }, 90_000);

  it('offers and gives only the scopes the role may give: in live, scopes that move money need an admin', async () => {
    const tenant = await server.platform();
    const { client: developer } = await dashboardUser(server, tenant.platformId, 'developer');
    const { client: admin } = await dashboardUser(server, tenant.platformId, 'admin');
    const offered = async (client: DashboardClient) => [...(await client.get('/dashboard/developers')).text.matchAll(/name="scope" value="([^"]+)"/g)].map((match) => match[1]);
    const moneyMoving = ['payments:read_write', 'payments:*', 'refunds:initiate'];
    const toLive = async (client: DashboardClient) => {
      await client.get('/dashboard');
      expect((await client.post('/dashboard/environment', { environment: 'live' })).status).toBe(303);
    };

    // In the sandbox a developer gives every scope.
    expect(await offered(developer)).toEqual([...ALL_SCOPES]);
    // In live, none that moves money: not offered, and refused when sent anyway (403, no client made).
    await toLive(developer);
    expect(await offered(developer)).toEqual(ALL_SCOPES.filter((scope) => !moneyMoving.includes(scope)));
    expect(developer.last!.text).toContain('Live scopes that move money (payments:read_write, payments:*, refunds:initiate) are given by an admin.');
    for (const scope of moneyMoving) {
      const refused = await developer.post('/dashboard/developers/clients', { name: 'refunder', scope: ['payments:read', scope] });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain('Your role does not allow this.');
      await developer.get('/dashboard/developers');
    }
    expect(developer.last!.text).not.toContain('refunder');
    expect((await developer.post('/dashboard/developers/clients', { name: 'reader', scope: ['payments:read', 'events:read'] })).status).toBe(200);

    // An admin gives them in live.
    await toLive(admin);
    expect(await offered(admin)).toEqual([...ALL_SCOPES]);
    const created = await admin.post('/dashboard/developers/clients', { name: 'refunder', scope: 'refunds:initiate' });
    expect(created.status, created.text).toBe(200);
    const issued = await tokenFor(created.text.match(/API client (live_[0-9a-f]+) is created/)![1]!, shownSecret(created.text)!, 'live');
    expect(issued.body.scope).toBe('refunds:initiate');
  }, 90_000);

  it('reveals the webhook secret on a POST only and rotates it after confirmation, as the API then answers', async () => {
    const tenant = await server.platform();
    const { client: admin } = await dashboardUser(server, tenant.platformId, 'admin');
    const token = await tenant.token();
    await admin.get('/dashboard/developers');
    const revealed = await admin.post('/dashboard/developers/webhook-secret');
    expect(revealed.status, revealed.text).toBe(200);
    const before = (await server.request('GET', '/sandbox/webhook-secret', { token })).body.secret;
    expect(shownSecret(revealed.text)).toBe(before);
    expect((await admin.get('/dashboard/developers')).text).not.toContain(before);

    const asked = await admin.post('/dashboard/developers/webhook-secret/rotate');
    expect(asked.text).toContain('Rotate the webhook signing secret');
    expect((await server.request('GET', '/sandbox/webhook-secret', { token })).body.secret).toBe(before);
    const rotated = await admin.post('/dashboard/developers/webhook-secret/rotate', { confirm: 'yes' });
    expect(rotated.status, rotated.text).toBe(200);
    const shown = shownSecret(rotated.text);
    expect(shown).not.toBe(before);
    const answered = await server.request('GET', '/sandbox/webhook-secret', { token });
    expect(answered.body.secret).toBe(shown);
    expect(answered.body.previous_secret_expires_at).not.toBeNull();
    // The live environment has its own secret.
    expect((await server.request('GET', '/live/webhook-secret', { token: await tenant.token('live') })).body.secret).not.toBe(shown);
  }, 90_000);

  it('refuses a viewer (403) and a POST without the CSRF token, and changes nothing', async () => {
    const tenant = await server.platform();
    const { client: viewer } = await dashboardUser(server, tenant.platformId, 'viewer');
    expect((await viewer.get('/dashboard')).text).not.toContain('href="/dashboard/developers"');
    expect((await viewer.get('/dashboard/developers')).status).toBe(403);
    await viewer.get('/dashboard');
    expect((await viewer.post('/dashboard/developers/clients', { name: 'x', scope: 'payments:read' })).status).toBe(403);
    await viewer.get('/dashboard');
    expect((await viewer.post('/dashboard/developers/webhook-secret')).status).toBe(403);
    await viewer.get('/dashboard');
    expect((await viewer.post(`/dashboard/developers/clients/${tenant.sandbox.clientId}/revoke`, { confirm: 'yes' })).status).toBe(403);

    const { client: developer } = await dashboardUser(server, tenant.platformId, 'developer');
    const secret = (await server.request('GET', '/sandbox/webhook-secret', { token: await tenant.token() })).body.secret;
    for (const [path, form] of [
      ['/dashboard/developers/clients', { name: 'forged', scope: 'payments:read' }],
      ['/dashboard/developers/webhook-secret', {}],
      ['/dashboard/developers/webhook-secret/rotate', { confirm: 'yes' }],
      [`/dashboard/developers/clients/${tenant.sandbox.clientId}/revoke`, { confirm: 'yes' }],
    ] as const) {
      const refused = await developer.post(path, { ...form, _csrf: 'x'.repeat(43) });
      expect(refused.status).toBe(403);
      expect(refused.text).not.toContain(secret);
    }
    expect((await server.request('GET', '/sandbox/webhook-secret', { token: await tenant.token() })).body.secret).toBe(secret);
    expect((await tokenFor(tenant.sandbox.clientId, tenant.sandbox.clientSecret)).status).toBe(200);
    const listed = await developer.get('/dashboard/developers');
    expect(listed.text).not.toContain('forged');
  }, 90_000);
});

describe('CLI', () => {
  it('creates a user whose printed link sets the password, and signs the user out', async () => {
    const store = await createDataStore();
    try {
      const cli = async (args: string[]) => {
        const proc = runScript('src/cli/main.ts', args, store.env, store.dataDir);
        return { code: await proc.exited, output: proc.output() };
      };
      const client = await cli(['clients', 'create', '--environment', 'sandbox']);
      expect(client.code, client.output).toBe(0);
      const platformId = client.output.match(/^platform_id:\s+(\S+)$/m)![1]!;
      expect((await cli(['users', 'create', '--platform', platformId, '--email', 'ops@example.com', '--role', 'root'])).code).toBe(2);
      const created = await cli(['users', 'create', '--platform', platformId, '--email', 'ops@example.com', '--role', 'admin']);
      expect(created.code, created.output).toBe(0);
      const link = new URL(created.output.match(/(http\S+\/dashboard\/setup\?token=\S+)/)![1]!);
      // Again on the same platform: refused; on another platform: a user of its own.
      expect((await cli(['users', 'create', '--platform', platformId, '--email', 'ops@example.com', '--role', 'viewer'])).code).toBe(1);
      const otherPlatform = (await cli(['clients', 'create', '--environment', 'sandbox'])).output.match(/^platform_id:\s+(\S+)$/m)![1]!;
      expect((await cli(['users', 'create', '--platform', otherPlatform, '--email', 'ops@example.com', '--role', 'viewer'])).code).toBe(0);

      const started = await startServer({}, { store });
      try {
        const browser = new DashboardClient(started.url);
        expect((await browser.get(`${link.pathname}${link.search}`)).status).toBe(200);
        expect((await browser.post('/dashboard/setup', { token: link.searchParams.get('token')!, password: PASSWORD })).status).toBe(303);
        expect((await browser.get('/dashboard')).text).toContain('ops@example.com (admin)');
      } finally {
        await started.close();
      }
      const out = await cli(['users', 'sign-out', 'ops@example.com']);
      expect(out.code, out.output).toBe(0);
      expect(out.output).toContain('Signed ops@example.com out of 1 session(s).');
      expect((await cli(['users', 'sign-out', 'nobody@example.com'])).code).toBe(1);
    } finally {
      await store.remove();
    }
  }, 180_000);
});
