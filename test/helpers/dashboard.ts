import { expect } from 'vitest';
import type { DashboardRole } from '../../src/core/db.js';
import type { TestPlatform, TestServer } from './harness.js';

export interface Page {
  status: number;
  location: string | null;
  text: string;
}

/**
 * A browser for the dashboard over plain HTTP: keeps its cookies, reads the CSRF token of the
 * page it was last shown, and posts forms as a browser does (application/x-www-form-urlencoded).
 */
export class DashboardClient {
  readonly cookies = new Map<string, string>();
  last: Page | undefined;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  private async send(method: string, pathname: string, form?: Record<string, string | string[]>): Promise<Page> {
    const headers: Record<string, string> = { ...this.headers, cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${this.url}${pathname}`, { method, headers, body: form ? encodeForm(form) : undefined, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === '' || /Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    this.last = { status: response.status, location: response.headers.get('location'), text: await response.text() };
    return this.last;
  }

  get(pathname: string): Promise<Page> {
    return this.send('GET', pathname);
  }

  /** Posts the form with the CSRF token of the last page shown (unless the form names its own). */
  post(pathname: string, form: Record<string, string | string[]> = {}): Promise<Page> {
    return this.send('POST', pathname, { _csrf: this.csrf() ?? '', ...form });
  }

  /**
   * Sends a change that asks for confirmation as a user clicking through does: the form, then the
   * confirmation page's form (its one-time key included); a refusal before any confirmation is the answer.
   */
  async confirmed(pathname: string, form: Record<string, string | string[]>): Promise<Page> {
    const asked = await this.post(pathname, form);
    const once = asked.text.match(/name="once" value="([^"]+)"/)?.[1];
    return once ? this.post(pathname, { ...form, confirm: 'yes', once }) : asked;
  }

  csrf(): string | undefined {
    return this.last?.text.match(/name="_csrf" value="([^"]+)"/)?.[1];
  }

  async signIn(email: string, password: string): Promise<Page> {
    await this.get('/dashboard/sign-in');
    return this.post('/dashboard/sign-in', { email, password });
  }
}

/** A form as a browser sends it: a field given several values repeats. */
function encodeForm(form: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const each of [value].flat()) body.append(name, each);
  return body.toString();
}

export const PASSWORD = 'correct horse battery';

/** A user of the platform's dashboard with its password set through the one-time link, signed in. */
export async function dashboardUser(server: TestServer, platformId: string, role: DashboardRole, email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const { setupUrl } = await server.app.services.dashboardUsers.createUser({ platformId, email, role });
  const client = new DashboardClient(server.url);
  const link = new URL(setupUrl);
  expect((await client.get(`${link.pathname}${link.search}`)).status).toBe(200);
  const set = await client.post('/dashboard/setup', { token: link.searchParams.get('token')!, password: PASSWORD });
  expect(set.status, set.text).toBe(303);
  await client.get('/dashboard');
  expect(client.last!.status).toBe(200);
  return { client, email };
}

/** The id of the platform's dashboard user with the email (emails are sealed: found among the users read). */
export async function userIdOf(server: TestServer, platformId: string, email: string): Promise<string> {
  const users = await server.app.database.db.selectFrom('dashboard_users').select(['id', 'email']).where('platform_id', '=', platformId).execute();
  return users.find((user) => user.email === email)!.id;
}

/** The platform's sandbox API for a test's setting up and checking: answers the body, failing the test on an error status. */
export function sandboxApi(server: TestServer, platform: () => Pick<TestPlatform, 'token'>) {
  return async (method: string, path: string, body?: unknown) => {
    const answer = await server.request(method, `/sandbox${path}`, { token: await platform().token(), body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.body;
  };
}
