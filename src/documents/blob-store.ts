import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Where document bytes live; metadata stays in the database. */
export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

/** Blobs as files under DATA_DIR/blobs, written atomically (temporary file, then rename). */
export class FileBlobStore implements BlobStore {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'blobs');
  }

  private pathOf(key: string): string {
    if (!/^[A-Za-z0-9_/-]+$/.test(key) || key.includes('..')) throw new Error(`invalid blob key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
