import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { startServer, type TestServer } from '../helpers/harness.js';
import { PDF, download, listAll, upload } from '../helpers/documents.js';

// s3rver: an S3-compatible server with one account. It parses AWS Signature V4 and checks the key
// id, not the signature itself (the signing is aws4fetch's, a widely used implementation).
const BUCKET = 'documents';
const ACCESS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

let s3: S3rver;
let s3Url: string;
let s3Dir: string;
let server: TestServer;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  s3Url = `http://127.0.0.1:${port}`;
  server = await startServer({ S3_BUCKET: BUCKET, S3_ENDPOINT: s3Url, S3_PREFIX: 'payments/', ...ACCESS });
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

async function blobKeyOf(id: string): Promise<string> {
  const row = await server.app.database.db.selectFrom('documents').select('blob_key').where('id', '=', id).executeTakeFirstOrThrow();
  return row.blob_key;
}

describe('what works', () => {
  it('keeps document bytes sealed in the S3 bucket, under the prefix, and serves them back', async () => {
    const token = await (await server.platform()).token();
    const created = await upload(server, token, { type: 'other', file: { bytes: PDF, filename: 'terms.pdf', contentType: 'application/pdf' } });
    expect(created.status, created.text).toBe(201);

    const fetched = await download(server, token, created.body.id);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.equals(PDF)).toBe(true);

    const client = new AwsClient({ accessKeyId: ACCESS.S3_ACCESS_KEY_ID, secretAccessKey: ACCESS.S3_SECRET_ACCESS_KEY, region: 'us-east-1', service: 's3' });
    const object = await client.fetch(`${s3Url}/${BUCKET}/payments/${await blobKeyOf(created.body.id)}`);
    expect(object.status).toBe(200);
    // Sealed in the bucket: its bytes are not the document's.
    const stored = Buffer.from(await object.arrayBuffer());
    expect(stored.includes(PDF.subarray(0, 20))).toBe(false);
    expect(server.app.database.cipher.isCurrentBytes(stored)).toBe(true);
    expect(existsSync(path.join(server.config.dataDir, 'blobs'))).toBe(false);
  });
});

describe('what is refused', () => {
  it('answers 500 and keeps no document when the bucket refuses the access key', async () => {
    const refused = await startServer({ S3_BUCKET: BUCKET, S3_ENDPOINT: s3Url, S3_ACCESS_KEY_ID: 'UNKNOWN-KEY', S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    try {
      const token = await (await refused.platform()).token();
      const answer = await upload(refused, token, { type: 'other', file: { bytes: PDF, filename: 'terms.pdf', contentType: 'application/pdf' } });
      expect(answer.status).toBe(500);
      expect(answer.text).not.toContain('not-the-secret');
      expect(await listAll(refused, token)).toEqual([]);
    } finally {
      await refused.close();
    }
  });

  it('does not start with a bucket but no credentials', () => {
    expect(() => loadConfig({ S3_BUCKET: BUCKET })).toThrow(/S3_ACCESS_KEY_ID/);
  });
});
