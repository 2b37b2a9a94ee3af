import { crc32 } from 'node:zlib';
import type { Response, TestServer } from './harness.js';

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A one-page PDF. */
export const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 72 72]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
);

export const CSV = Buffer.from('name,amount\nÉlodie,1200\nZoë,350\n');

/** A ZIP archive of stored (uncompressed) entries: enough for an Office Open XML file. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    // version, flags, method (stored), time, date, crc-32, sizes, name length, extra length
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt32LE(crc32(data), 10);
    common.writeUInt32LE(data.length, 14);
    common.writeUInt32LE(data.length, 18);
    common.writeUInt16LE(nameBytes.length, 22);
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, nameBytes, data]);
    const tail = Buffer.alloc(14); // comment length, disk, internal and external attributes, offset of the local header
    tail.writeUInt32LE(offset, 10);
    centrals.push(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02, 20, 0]), common, tail, nameBytes]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** The smallest Word document: content types, the package relationship and one paragraph. */
export const DOCX = zip({
  '[Content_Types].xml':
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '</Types>',
  '_rels/.rels':
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>',
  'word/document.xml':
    `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
    '<w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
});

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface FilePart {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

export interface UploadParts {
  type?: string;
  tags?: string[];
  file?: FilePart;
}

export const pngFile = (filename = 'logo.png'): FilePart => ({ bytes: PNG, filename, contentType: 'image/png' });

/** A multipart/form-data body as a browser would send it. */
export function uploadForm({ type, tags = [], file }: UploadParts): FormData {
  const form = new FormData();
  if (type !== undefined) form.append('type', type);
  for (const tag of tags) form.append('tags', tag);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.filename);
  return form;
}

/**
 * A multipart body written by hand, to send a file name exactly as given (FormData escapes quotes
 * and line breaks): the text fields, then a PNG file part with `filenameParameter` as written.
 */
export function handWrittenUpload(fields: Record<string, string>, filenameParameter: string, bytes: Buffer = PNG) {
  const boundary = 'hand-written-boundary';
  const raw = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${filenameParameter}\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /v2/documents with a multipart body built from the parts. */
export function upload(server: TestServer, token: string, parts: UploadParts, headers: Record<string, string> = {}): Promise<Response> {
  return server.request('POST', '/v2/documents', { token, raw: uploadForm(parts), headers });
}

/** GET a document's content as bytes (the harness reads bodies as text). */
export async function download(server: TestServer, token: string, id: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${server.url}/v2/documents/${id}/content`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every document id of the caller's list, following the cursor to the end. */
export async function listAll(server: TestServer, token: string, query = ''): Promise<string[]> {
  const ids: string[] = [];
  let after = '';
  do {
    const page = await server.request('GET', `/v2/documents?first=100${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`, { token });
    if (page.status !== 200) throw new Error(`listing failed: ${page.status} ${page.text}`);
    ids.push(...page.body.data.map((document: { id: string }) => document.id));
    after = page.body.cursor ?? '';
  } while (after);
  return ids;
}
