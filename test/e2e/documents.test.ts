import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseContentDisposition } from 'content-disposition';
import { startServer, type Response, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { CSV, DOCX, DOCX_TYPE, PDF, PNG, download, handWrittenUpload, listAll, pngFile, upload, type FilePart } from '../helpers/documents.js';

const MB = 1024 * 1024;

let server: TestServer;
let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  token = await platform.token();
});
afterAll(() => server?.close());

const uploadOther = (file: FilePart, as = token) => upload(server, as, { type: 'other', file });

async function uploaded(response: Response): Promise<string> {
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

function expectInvalid(response: Response, pointers: string[]) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.body.code).toBe('validation_error');
  expect(response.body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(pointers);
}

function rawUpload(filenameParameter: string, bytes: Buffer): Promise<Response> {
  return server.request('POST', '/v2/documents', { token, ...handWrittenUpload({ type: 'other' }, filenameParameter, bytes) });
}

describe('what works', () => {
  it.each([
    { format: 'PNG', file: { bytes: PNG, filename: 'logo.png', contentType: 'image/png' } },
    { format: 'PDF', file: { bytes: PDF, filename: 'statement.pdf', contentType: 'application/pdf' } },
    { format: 'CSV', file: { bytes: CSV, filename: 'ledger.csv', contentType: 'text/csv' } },
    { format: 'DOCX', file: { bytes: DOCX, filename: 'contract.docx', contentType: DOCX_TYPE } },
  ])('uploads a $format, describes it and returns its bytes unchanged', async ({ file }) => {
    const created = await upload(server, token, { type: 'other', tags: ['q3', 'audit'], file });
    expect(created.body).toEqual({ id: expect.stringMatching(/^doc_[0-9A-Za-z]{26}$/) });
    const id = await uploaded(created);

    const metadata = await server.request('GET', `/v2/documents/${id}`, { token });
    expect(metadata.status).toBe(200);
    expect(metadata.body).toEqual({
      id,
      type: 'other',
      filename: file.filename,
      content_type: file.contentType,
      uploaded_at: server.clock.now().toISOString(),
      size: file.bytes.length,
      tags: ['q3', 'audit'],
    });

    const content = await download(server, token, id);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe(file.contentType);
    expect(content.headers.get('content-length')).toBe(String(file.bytes.length));
    expect(parseContentDisposition(content.headers.get('content-disposition')!)).toEqual({ type: 'attachment', parameters: { filename: file.filename } });
    expect(content.bytes.equals(file.bytes)).toBe(true);
  });

  it('accepts a company_logo PNG and a declared type with parameters, storing the bare media type', async () => {
    await uploaded(await upload(server, token, { type: 'company_logo', file: pngFile() }));
    const id = await uploaded(await uploadOther({ bytes: CSV, filename: 'UPPER.CSV', contentType: 'text/csv; charset=utf-8' }));
    const metadata = await server.request('GET', `/v2/documents/${id}`, { token });
    expect(metadata.body).toMatchObject({ content_type: 'text/csv', filename: 'UPPER.CSV' });
  });

  it('accepts a file of exactly 10 MB, 20 tags of 50 characters and an onboarding document of exactly 4 MB', async () => {
    const tenMegabytes = { bytes: Buffer.alloc(10 * MB, 'a'), filename: 'big.txt', contentType: 'text/plain' };
    const tags = Array.from({ length: 20 }, (_, index) => String(index).padStart(50, 't'));
    const id = await uploaded(await upload(server, token, { type: 'other', tags, file: tenMegabytes }));
    expect((await server.request('GET', `/v2/documents/${id}`, { token })).body).toMatchObject({ size: 10 * MB, tags });
    const passport = { bytes: Buffer.concat([PNG, Buffer.alloc(4 * MB - PNG.length)]), filename: 'passport.png', contentType: 'image/png' };
    await uploaded(await upload(server, token, { type: 'passport', file: passport }));
  });

  it.each([
    { name: 'quotes', parameter: 'filename="say \\"cheese\\"; please.png"', stored: 'say "cheese"; please.png' },
    { name: 'unicode (RFC 8187)', parameter: "filename*=UTF-8''%C3%A9t%C3%A9%20%E2%9C%93%20%E6%97%A5%E6%9C%AC.png", stored: 'été ✓ 日本.png' },
    { name: 'path separators', parameter: 'filename="../../etc/évil.png"', stored: 'évil.png' },
    { name: 'Windows path separators', parameter: 'filename="C:\\\\Users\\\\me\\\\évil.png"', stored: 'évil.png' },
    { name: 'a relative path', parameter: 'filename="../../x.png"', stored: 'x.png' },
    { name: 'a control character', parameter: 'filename="a\u0007b.png"', stored: 'ab.png' },
    { name: 'control characters and a bidirectional override (RFC 8187)', parameter: "filename*=UTF-8''a%07%C2%85b%E2%80%AE.png", stored: 'ab.png' },
  ])('answers a valid Content-Disposition for a file name with $name', async ({ parameter, stored }) => {
    const id = await uploaded(await rawUpload(parameter, PNG));
    expect((await server.request('GET', `/v2/documents/${id}`, { token })).body.filename).toBe(stored);
    const header = (await download(server, token, id)).headers.get('content-disposition')!;
    expect(header.startsWith('attachment;')).toBe(true);
    expect(parseContentDisposition(header).parameters.filename).toBe(stored);
  });

  it('pages through 25 documents newest first, without repeats or gaps, and omits the cursor on the last page', async () => {
    const owner = await server.platform();
    const ownerToken = await owner.token();
    const created: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      if (index % 4 === 0) server.clock.advance(1); // runs of equal upload times, so both keyset columns count
      created.push(await uploaded(await uploadOther(pngFile(`page-${index}.png`), ownerToken)));
    }

    const pages: Array<{ data: Array<{ id: string }>; cursor?: string }> = [];
    let after: string | undefined;
    do {
      const page = await server.request('GET', `/v2/documents?first=10${after ? `&after=${encodeURIComponent(after)}` : ''}`, { token: ownerToken });
      expect(page.status).toBe(200);
      pages.push(page.body);
      after = page.body.cursor;
    } while (after);

    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 5]);
    expect(pages.map((page) => page.cursor === undefined)).toEqual([false, false, true]);
    expect(pages.flatMap((page) => page.data.map((document) => document.id))).toEqual([...created].reverse());
  });

  it('filters the list by type', async () => {
    const owner = await server.platform();
    const ownerToken = await owner.token();
    const logo = await uploaded(await upload(server, ownerToken, { type: 'company_logo', file: pngFile() }));
    const other = await uploaded(await uploadOther(pngFile(), ownerToken));
    expect(await listAll(server, ownerToken, '&type=company_logo')).toEqual([logo]);
    expect(await listAll(server, ownerToken, '&type=other')).toEqual([other]);
    expect(await listAll(server, ownerToken, '&type=passport')).toEqual([]);
  });
});

describe('what is refused', () => {
  it.each([
    { what: 'a PNG declared as application/pdf', file: { bytes: PNG, filename: 'logo.pdf', contentType: 'application/pdf' } },
    { what: 'a .txt declared as image/png', file: { bytes: Buffer.from('just text'), filename: 'notes.txt', contentType: 'image/png' } },
    { what: 'an unsupported Content-Type', file: { bytes: DOCX, filename: 'archive.zip', contentType: 'application/zip' } },
    { what: 'a PNG named .pdf with its true type', file: { bytes: PNG, filename: 'logo.pdf', contentType: 'image/png' } },
    { what: 'a CSV that is not UTF-8 text', file: { bytes: Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x2c, 0xe9, 0x0a]), filename: 'latin1.csv', contentType: 'text/csv' } },
    { what: 'an empty file', file: { bytes: Buffer.alloc(0), filename: 'empty.txt', contentType: 'text/plain' } },
  ])('refuses $what with 400 at /file', async ({ file }) => {
    expectInvalid(await uploadOther(file), ['/file']);
  });

  it('refuses a company_logo that is a PDF', async () => {
    const response = await upload(server, token, { type: 'company_logo', file: { bytes: PDF, filename: 'logo.pdf', contentType: 'application/pdf' } });
    expectInvalid(response, ['/file']);
    expect(response.body.errors[0].detail).toContain('company_logo');
  });

  it('refuses a file over 10 MB with 413', async () => {
    const response = await uploadOther({ bytes: Buffer.alloc(10 * MB + 1, 'a'), filename: 'big.txt', contentType: 'text/plain' });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body.code).toBe('payload_too_large');
  });

  it('refuses an onboarding document over 4 MB', async () => {
    const passport = { bytes: Buffer.concat([PNG, Buffer.alloc(4 * MB + 1 - PNG.length)]), filename: 'passport.png', contentType: 'image/png' };
    expectInvalid(await upload(server, token, { type: 'passport', file: passport }), ['/file']);
  });

  it('points at /file when the file part is missing, at /type when type is missing, and lists both when both are', async () => {
    expectInvalid(await upload(server, token, { type: 'other' }), ['/file']);
    expectInvalid(await upload(server, token, { file: pngFile() }), ['/type']);
    expectInvalid(await upload(server, token, {}), ['/type', '/file']);
  });

  it('lists every bad field at once: an unknown type, too many tags, a too long tag and a mismatched file', async () => {
    const tags = [...Array.from({ length: 20 }, () => 'ok'), 'x'.repeat(51)];
    const response = await upload(server, token, { type: 'selfie', tags, file: { bytes: PNG, filename: 'a.pdf', contentType: 'application/pdf' } });
    expectInvalid(response, ['/type', '/tags', '/tags/20', '/file']);
  });

  it('refuses a tag no text column can hold (a NUL character)', async () => {
    const response = await upload(server, token, { type: 'other', tags: ['ok', 'a\u0000b'], file: pngFile() });
    expectInvalid(response, ['/tags/1']);
    expect(response.body.errors[0].detail).toBe('must not contain the NUL character (U+0000)');
  });

  it('refuses a JSON body and a request without a body with 415', async () => {
    const json = await server.request('POST', '/v2/documents', { token, body: { type: 'other', file: PNG.toString('base64') } });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('unsupported_media_type');
    const empty = await server.request('POST', '/v2/documents', { token });
    expect(empty.status).toBe(415);
    expect(empty.body.code).toBe('unsupported_media_type');
  });

  it.each([
    { what: 'without a boundary', contentType: 'multipart/form-data', raw: 'type=other' },
    { what: 'cut short', contentType: 'multipart/form-data; boundary=B', raw: '--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc' },
    {
      what: 'with a part declared JSON that is not JSON',
      contentType: 'multipart/form-data; boundary=B',
      raw: '--B\r\nContent-Disposition: form-data; name="type"\r\nContent-Type: application/json\r\n\r\n{oops\r\n--B--\r\n',
    },
  ])('refuses a multipart body $what with 400 malformed_request', async ({ contentType, raw }) => {
    const response = await server.request('POST', '/v2/documents', { token, raw, headers: { 'content-type': contentType } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('malformed_request');
  });

  it('refuses a second file part', async () => {
    const form = new FormData();
    form.append('type', 'other');
    for (const name of ['a.png', 'b.png']) form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), name);
    const response = await server.request('POST', '/v2/documents', { token, raw: form });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_error');
  });

  it('answers 404 for an unknown or malformed document id', async () => {
    const unknown = await server.request('GET', '/v2/documents/doc_00000000000000000000000000', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect((await download(server, token, 'not-an-id')).status).toBe(404);
  });

  it('refuses a cursor of another list', async () => {
    const owner = await server.platform();
    const ownerToken = await owner.token();
    for (let index = 0; index < 2; index += 1) await uploaded(await uploadOther(pngFile(), ownerToken));
    const { cursor } = (await server.request('GET', '/v2/documents?first=1', { token: ownerToken })).body;
    const filtered = await server.request('GET', `/v2/documents?first=1&type=other&after=${encodeURIComponent(cursor)}`, { token: ownerToken });
    expect(filtered.status).toBe(400);
    expect(filtered.body.code).toBe('invalid_cursor');
  });
});

describe('who may not see it', () => {
  let id: string;

  beforeAll(async () => {
    id = await uploaded(await uploadOther(pngFile('private.png')));
  });

  it('lets a documents:read token read, list and download, but not upload', async () => {
    const reader = await platform.token('sandbox', 'documents:read');
    const refused = await uploadOther(pngFile(), reader);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="documents:read_write"');
    expect((await server.request('GET', `/v2/documents/${id}`, { token: reader })).status).toBe(200);
    expect((await download(server, reader, id)).bytes.equals(PNG)).toBe(true);
    expect(await listAll(server, reader)).toContain(id);
  });

  it('refuses a token without a documents scope (403) and a request without a token (401)', async () => {
    const other = await platform.token('sandbox', 'accounts:read');
    expect((await server.request('GET', `/v2/documents/${id}`, { token: other })).status).toBe(403);
    const anonymous = await server.request('GET', `/v2/documents/${id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('unauthenticated');
  });

  it('answers 404 to another platform and leaves the document out of its list', async () => {
    const stranger = await (await server.platform()).token();
    expect((await server.request('GET', `/v2/documents/${id}`, { token: stranger })).status).toBe(404);
    expect((await download(server, stranger, id)).status).toBe(404);
    expect(await listAll(server, stranger)).toEqual([]);
  });

  it('answers 404 to a live token for a sandbox document', async () => {
    const live = await platform.token('live');
    const metadata = await server.request('GET', `/v2/documents/${id}`, { token: live });
    expect(metadata.status).toBe(404);
    expect(metadata.body.code).toBe('not_found');
    expect((await download(server, live, id)).status).toBe(404);
    expect(await listAll(server, live)).not.toContain(id);
  });
});
