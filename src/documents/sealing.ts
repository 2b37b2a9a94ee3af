import type { Db } from '../core/db.js';
import { MissingBlob, type SealedBlobStore } from './blob-store.js';
import * as repo from './repository.js';

const BATCH = 100;

/**
 * Seals again every stored document (the platform's and the applicants') not sealed with the
 * current key: kept in clear by an earlier version, or sealed with a previous key; then records
 * that key as the one they all are sealed with. Safe beside running processes, which seal with the
 * current key. Answers how many it sealed.
 */
export async function sealDocuments(db: Db, blobs: SealedBlobStore): Promise<number> {
  let sealed = 0;
  for (const table of repo.BLOB_TABLES) {
    for (let after = ''; ; ) {
      const rows = await repo.blobsAfter(db, table, after, BATCH);
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      for (const row of rows) if (await resealKept(db, blobs, table, row)) sealed += 1;
    }
  }
  await repo.recordDocumentsKey(db, blobs.cipher.current.id);
  return sealed;
}

/** At a start: seals what an earlier version kept in clear, once (a new key's documents are sealed again by `keys rotate`). */
export async function sealDocumentsOnce(db: Db, blobs: SealedBlobStore): Promise<number> {
  return (await repo.documentsKey(db)) === undefined ? sealDocuments(db, blobs) : 0;
}

async function resealKept(db: Db, blobs: SealedBlobStore, table: repo.BlobTable, row: { id: string; blob_key: string }): Promise<boolean> {
  try {
    if (!(await blobs.reseal(row.blob_key))) return false;
  } catch (error) {
    // Deleted since the page was read: nothing to seal.
    if (error instanceof MissingBlob) return false;
    throw error;
  }
  if (await repo.blobRowExists(db, table, row.id)) return true;
  // Deleted while it was sealed again: the blob written again goes too.
  await blobs.delete(row.blob_key);
  return false;
}
