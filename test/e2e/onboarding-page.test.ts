import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { PDF, PNG } from '../helpers/documents.js';
import { startApplication, step, submitApplication, type StartedApplication } from '../helpers/onboarding.js';

/**
 * The hosted onboarding page's server side: the HTML shell at {onboarding_url}/onboarding, its
 * assets, and the download of an uploaded document that the page previews.
 */
let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
});
afterAll(() => server?.close());

async function uploadFront(application: StartedApplication, bytes: Buffer, filename: string, contentType: string): Promise<string> {
  const form = new FormData();
  form.append('type', 'id');
  form.append('side', 'front');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  const response = await server.request('POST', '/smo/application/documents', { token: application.token, raw: form });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

/** The document's bytes as the page fetches them (the harness reads bodies as text). */
async function content(token: string | undefined, id: string) {
  const response = await fetch(`${server.url}/smo/application/documents/${id}/content`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('what works', () => {
  it('serves the page of the onboarding link under a strict Content-Security-Policy, without opening the application', async () => {
    const application = await startApplication(server, platform);
    const page = await server.request('GET', `/onboarding?token=${application.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = page.headers.get('content-security-policy')!;
    for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe');
    expect(page.text).toContain('<script type="module" src="/assets/onboarding.js"></script>');
    expect(page.text).not.toMatch(/<script>|<style>| style=|https?:\/\//);

    // Only the API's first read is the applicant opening the page (application_started).
    const read = await server.request('GET', `/sandbox/applications/${application.id}`, { token: await platform.token() });
    expect(read.body.started_at).toBeNull();
  });

  it('serves the scripts and style sheets of the hosted pages, and 404 for anything else', async () => {
    for (const [name, type] of [['onboarding.js', 'text/javascript'], ['onboarding-texts.js', 'text/javascript'], ['common.js', 'text/javascript'], ['onboarding.css', 'text/css'], ['common.css', 'text/css'], ['page.js', 'text/javascript']]) {
      const asset = await server.request('GET', `/assets/${name}`);
      expect(asset.status, name).toBe(200);
      expect(asset.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const missing = await server.request('GET', '/assets/secrets.js');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
  });

  it('gives the applicant back the bytes of an uploaded document as a sandboxed download, also after submit', async () => {
    const application = await startApplication(server, platform);
    const image = await uploadFront(application, PNG, 'ausweis.png', 'image/png');
    const scan = await uploadFront(application, PDF, 'ausweis.pdf', 'application/pdf');

    const png = await content(application.token, image);
    expect(png.status).toBe(200);
    expect(png.bytes.equals(PNG)).toBe(true);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe('attachment; filename="ausweis.png"');
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    expect(png.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const pdf = await content(application.token, scan);
    expect(pdf.bytes.equals(PDF)).toBe(true);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    await submitApplication(server, application);
    expect((await content(application.token, image)).status).toBe(200);
  });
});

describe('what is refused', () => {
  it('answers 404 for an unknown or deleted document', async () => {
    const application = await startApplication(server, platform);
    const id = await uploadFront(application, PNG, 'ausweis.png', 'image/png');
    expect((await step(server, application, 'DELETE', `/documents/${id}`)).status).toBe(200);
    for (const unknown of [id, 'doc_01J00000000000000000000000']) {
      const response = await content(application.token, unknown);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.bytes.toString()).code).toBe('not_found');
    }
  });
});

describe('who may not see it', () => {
  it('needs the onboarding token of the document’s own application, current and unexpired', async () => {
    const application = await startApplication(server, platform);
    const other = await startApplication(server, await server.platform());
    const id = await uploadFront(application, PNG, 'ausweis.png', 'image/png');

    expect((await content(undefined, id)).status).toBe(401);
    expect((await content(other.token, id)).status).toBe(404);

    const relinked = await server.request('POST', `/sandbox/applications/${application.id}/link`, { token: await platform.token() });
    expect(relinked.status).toBe(200);
    expect((await content(application.token, id)).status).toBe(401);
    const token = new URL(relinked.body._links.onboarding.href).searchParams.get('token')!;
    expect((await content(token, id)).status).toBe(200);
    server.clock.advance(24 * 3600);
    try {
      expect((await content(token, id)).status).toBe(401);
    } finally {
      server.clock.advance(-24 * 3600);
    }
  });
});
