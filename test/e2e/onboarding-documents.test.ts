import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { parse as parseContentDisposition } from 'content-disposition';
import { handWrittenUpload, PDF, PNG } from '../helpers/documents.js';
import { startApplication, step, submitApplication, type StartedApplication } from '../helpers/onboarding.js';

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
});
afterAll(() => server?.close());

const MB = 1024 * 1024;

interface Parts {
  type?: string;
  purpose?: string;
  side?: string;
  file?: { bytes: Buffer; filename: string; contentType: string };
}

function form(parts: Parts): FormData {
  const body = new FormData();
  for (const name of ['type', 'purpose', 'side'] as const) {
    const value = parts[name];
    if (value !== undefined) body.append(name, value);
  }
  if (parts.file) body.append('file', new Blob([new Uint8Array(parts.file.bytes)], { type: parts.file.contentType }), parts.file.filename);
  return body;
}

function upload(application: StartedApplication, parts: Parts) {
  return server.request('POST', '/smo/application/documents', { token: application.token, raw: form(parts) });
}

/** A PNG of exactly `size` bytes: the real image, then padding (the format is read from the signature). */
function pngOf(size: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
}

const png = (bytes: Buffer = PNG, filename = 'passport.png') => ({ bytes, filename, contentType: 'image/png' });
const pdf = { bytes: PDF, filename: 'register.pdf', contentType: 'application/pdf' };

async function blobsOf(application: StartedApplication): Promise<string[]> {
  return readdir(path.join(server.config.dataDir, 'blobs', 'onboarding', application.id)).catch(() => []);
}

function expectInvalid(response: { status: number; body: any; text: string }, pointer: string) {
  expect(response.status, response.text).toBe(400);
  expect(response.body.code).toBe('validation_error');
  expect(response.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
}

describe('what works', () => {
  it.each([
    ['a relative path', 'filename="../../x.png"', 'x.png'],
    ['a control character', 'filename="a\u0007b.png"', 'ab.png'],
    ['a C1 control and a bidirectional override (RFC 8187)', "filename*=UTF-8''a%C2%85b%E2%80%AE.png", 'ab.png'],
  ])('keeps the base name of a file name with %s, in its record and in its download', async (_what, parameter, stored) => {
    const application = await startApplication(server, platform);
    const uploaded = await server.request('POST', '/smo/application/documents', { token: application.token, ...handWrittenUpload({ type: 'passport', side: 'front' }, parameter) });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body.filename).toBe(stored);
    expect((await step(server, application, 'GET', '')).body.documents.map((document: { filename: string }) => document.filename)).toEqual([stored]);
    const content = await fetch(`${server.url}/smo/application/documents/${uploaded.body.id}/content`, { headers: { authorization: `Bearer ${application.token}` } });
    const header = content.headers.get('content-disposition')!;
    expect(header.startsWith('attachment;')).toBe(true);
    expect(parseContentDisposition(header).parameters.filename).toBe(stored);
  });

  it('uploads a passport page as PNG with its side, and shows it on the application', async () => {
    const application = await startApplication(server, platform);
    const response = await upload(application, { type: 'passport', side: 'front', file: png() });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ type: 'passport', side: 'front', filename: 'passport.png', content_type: 'image/png', size: PNG.length, uploaded_at: server.clock.now().toISOString() });
    expect(response.body.id).toMatch(/^doc_[0-9A-Za-z]{26}$/);
    expect(response.body._links.self).toEqual({ href: `${server.config.onboardingUrl}/smo/application/documents/${response.body.id}`, methods: ['DELETE'] });
    expect(response.body.workflow).toEqual({ previous: null, next: 'app:confirm-applicant', complete: false });
    const state = await step(server, application, 'GET', '');
    expect(state.body.documents).toEqual([
      { id: response.body.id, type: 'passport', side: 'front', filename: 'passport.png', content_type: 'image/png', size: PNG.length, uploaded_at: response.body.uploaded_at },
    ]);
    expect(await blobsOf(application)).toEqual([response.body.id]);
  });

  it('uploads a company registration as PDF with the kind in a part named purpose', async () => {
    const application = await startApplication(server, platform);
    const response = await upload(application, { purpose: 'company_registration', file: pdf });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ type: 'company_registration', side: null, content_type: 'application/pdf', size: PDF.length });
  });

  it('uploads a driving licence as JPEG', async () => {
    const application = await startApplication(server, platform);
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64), Buffer.from('ffd9', 'hex')]);
    const response = await upload(application, { type: 'driving_license', side: 'back', file: { bytes: jpeg, filename: 'licence.jpg', contentType: 'image/jpeg' } });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ type: 'driving_license', side: 'back', content_type: 'image/jpeg' });
  });

  it("accepts a file of exactly 4 MB (an id's back side)", async () => {
    const application = await startApplication(server, platform);
    const response = await upload(application, { type: 'id', side: 'back', file: png(pngOf(4 * MB), 'id-back.png') });
    expect(response.status, response.text).toBe(201);
    expect(response.body.size).toBe(4 * MB);
  });

  it('deletes a document and its bytes; deleting it again is 404', async () => {
    const application = await startApplication(server, platform);
    const kept = (await upload(application, { type: 'selfie_with_id', side: 'front', file: png() })).body.id;
    const gone = (await upload(application, { type: 'bank_account_proof', file: pdf })).body.id;
    const deleted = await step(server, application, 'DELETE', `/documents/${gone}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.documents.map((document: { id: string }) => document.id)).toEqual([kept]);
    expect(await blobsOf(application)).toEqual([kept]);
    const again = await step(server, application, 'DELETE', `/documents/${gone}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('not_found');
  });
});

describe('what is refused', () => {
  let application: StartedApplication;
  beforeAll(async () => {
    application = await startApplication(server, platform);
  });

  it.each([
    ['a 5 MB file', 5 * MB],
    ['a file one byte past 4 MB', 4 * MB + 1],
  ])('refuses %s with 413 payload_too_large', async (_label, size) => {
    const refused = await upload(application, { type: 'passport', side: 'front', file: png(pngOf(size)) });
    expect(refused.status, refused.text).toBe(413);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body.code).toBe('payload_too_large');
    expect(await blobsOf(application)).toEqual([]);
  });

  it('refuses a PNG renamed .pdf, sent as PDF or as PNG', async () => {
    const asPdf = await upload(application, { type: 'bank_account_proof', file: { bytes: PNG, filename: 'proof.pdf', contentType: 'application/pdf' } });
    expectInvalid(asPdf, '/file');
    expect(asPdf.body.errors[0].detail).toContain('image/png');
    expectInvalid(await upload(application, { type: 'bank_account_proof', file: { bytes: PNG, filename: 'proof.pdf', contentType: 'image/png' } }), '/file');
  });

  it('refuses formats other than JPEG, PNG and PDF', async () => {
    expectInvalid(await upload(application, { type: 'passport', side: 'front', file: { bytes: Buffer.from('name\nAda\n'), filename: 'passport.txt', contentType: 'text/plain' } }), '/file');
  });

  it.each([
    ['no kind', { side: 'front', file: png() }, '/type'],
    ['an unknown kind', { type: 'company_logo', file: png() }, '/type'],
    ['an unknown kind named purpose', { purpose: 'tax_return', file: pdf }, '/purpose'],
    ['the kind as type and as purpose', { type: 'passport', purpose: 'passport', side: 'front', file: png() }, '/purpose'],
    ['an identity document without a side', { type: 'driving_license', file: png() }, '/side'],
    ['an unknown side', { type: 'passport', side: 'left', file: png() }, '/side'],
    ['a side on an application document', { type: 'company_registration', side: 'front', file: pdf }, '/side'],
    ['no file', { type: 'passport', side: 'front' }, '/file'],
  ] as [string, Parts, string][])('refuses %s with 400', async (_name, parts, pointer) => {
    expectInvalid(await upload(application, parts), pointer);
  });

  it('answers 415 for a JSON body', async () => {
    const response = await server.request('POST', '/smo/application/documents', { token: application.token, body: { type: 'passport', side: 'front' } });
    expect(response.status).toBe(415);
  });

  it('refuses uploads and deletions after submit with 409', async () => {
    const submitted = await startApplication(server, platform);
    const document = (await upload(submitted, { type: 'passport', side: 'front', file: png() })).body.id;
    await submitApplication(server, submitted);
    const late = await upload(submitted, { type: 'passport', side: 'back', file: png() });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('conflict');
    expect((await step(server, submitted, 'DELETE', `/documents/${document}`)).status).toBe(409);
    expect(await blobsOf(submitted)).toEqual([document]);
  });
});

describe('who may not see it', () => {
  it('requires the onboarding token before reading the upload: 401 with a bare Bearer challenge, also for a body it would refuse', async () => {
    for (const raw of [form({ type: 'passport', side: 'front', file: png() }), form({ type: 'passport', side: 'front', file: png(pngOf(5 * MB)) }), form({})]) {
      const refused = await server.request('POST', '/smo/application/documents', { raw });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('unauthenticated');
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await server.request('POST', '/smo/application/documents', { raw: form({}), token: 'wrong' })).headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect((await server.request('DELETE', '/smo/application/documents/doc_01J00000000000000000000000')).status).toBe(401);
  });

  it("answers 404 for an unknown id and for another application's document", async () => {
    const mine = await startApplication(server, platform);
    const theirs = await startApplication(server, await server.platform());
    const theirDocument = (await upload(theirs, { type: 'passport', side: 'front', file: png() })).body.id;
    expect((await step(server, mine, 'DELETE', '/documents/doc_01J00000000000000000000000')).status).toBe(404);
    expect((await step(server, mine, 'DELETE', `/documents/${theirDocument}`)).status).toBe(404);
    expect(await blobsOf(theirs)).toEqual([theirDocument]);
  });
});
