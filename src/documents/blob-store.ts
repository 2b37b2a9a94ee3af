import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Config, S3Settings } from '../core/config.js';
import type { Cipher } from '../core/encryption.js';

/** Where document bytes live; metadata stays in the database. */
export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

/** A blob the store does not hold (deleted, or never written). */
export class MissingBlob extends Error {
  constructor(key: string) {
    super(`blob ${key} is not in the store`);
  }
}

/** Keys are made by the services; anything else is a bug, never a path to follow. */
function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9_/-]+$/.test(key) || key.includes('..')) throw new Error(`invalid blob key ${key}`);
  return key;
}

/** Blobs as files under DATA_DIR/blobs, written atomically (temporary file, then rename), readable by their owner only. */
export class FileBlobStore implements BlobStore {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'blobs');
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      throw (error as NodeJS.ErrnoException).code === 'ENOENT' ? new MissingBlob(key) : error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/**
 * Blobs as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), requests signed with
 * AWS Signature V4. With S3_ENDPOINT the bucket is addressed by path (what S3-compatible servers
 * expect); without it, AWS's virtual-hosted address in S3_REGION.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: 's3' });
  }

  private urlOf(key: string): string {
    const { bucket, endpoint, region, prefix } = this.settings;
    const object = `${prefix}${checkedKey(key)}`;
    return endpoint ? `${endpoint}/${bucket}/${object}` : `https://${bucket}.s3.${region}.amazonaws.com/${object}`;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer): Promise<Response> {
    const response = await this.client.fetch(this.urlOf(key), { method, ...(body ? { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), headers: { 'content-type': 'application/octet-stream' } } : {}) });
    if (method === 'GET' && response.status === 404) throw new MissingBlob(key);
    // A missing object is already deleted.
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      throw new Error(`object storage answered ${response.status} to ${method} of blob ${key}: ${(await response.text()).slice(0, 200)}`);
    }
    return response;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await (await this.send('PUT', key, bytes)).arrayBuffer();
  }

  async get(key: string): Promise<Buffer> {
    return Buffer.from(await (await this.send('GET', key)).arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    await (await this.send('DELETE', key)).arrayBuffer();
  }
}

/**
 * Blobs sealed with the data's keys (AES-256-GCM, `Cipher.sealBytes`), each bound to its key: a
 * sealed blob copied to another key does not open there. Blobs kept in clear by an earlier version
 * are read as they are, until sealed (src/documents/sealing.ts).
 */
export class SealedBlobStore implements BlobStore {
  constructor(
    private readonly store: BlobStore,
    readonly cipher: Cipher,
  ) {}

  put(key: string, bytes: Buffer): Promise<void> {
    return this.store.put(key, this.cipher.sealBytes(bytes, key));
  }

  async get(key: string): Promise<Buffer> {
    return this.cipher.openBytes(await this.store.get(key), key);
  }

  delete(key: string): Promise<void> {
    return this.store.delete(key);
  }

  /** Seals the blob again with the current key, unless it is already: whether it did. */
  async reseal(key: string): Promise<boolean> {
    const stored = await this.store.get(key);
    if (this.cipher.isCurrentBytes(stored)) return false;
    await this.put(key, this.cipher.openBytes(stored, key));
    return true;
  }
}

/** The filesystem under DATA_DIR unless S3_BUCKET names a bucket; sealed either way. */
export function blobStoreFor(config: Config, cipher: Cipher): SealedBlobStore {
  return new SealedBlobStore(config.s3 ? new S3BlobStore(config.s3) : new FileBlobStore(config.dataDir), cipher);
}
