import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseInUse, lockDataDir } from './data-dir-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The pid of a process that has exited. */
function goneProcessId(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('lockDataDir', () => {
  it('is held by one opener at a time and free again once released', async () => {
    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'pglite.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} [0-9a-f-]+/\\d+$`));
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(EmbeddedDatabaseInUse);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('names the process that holds it and what to do', async () => {
    const release = await lockDataDir(dir);
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(new RegExp(`open in process ${process.pid}.*DATABASE_URL`));
    } finally {
      await release();
    }
  });

  it('takes over a lock left by a process that has gone', async () => {
    await writeFile(path.join(dir, 'pglite.lock'), String(goneProcessId()));
    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'pglite.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    await release();
  });

  it('takes over a lock that names a live PID started after the lock was written (a container restarted: PID 1 again), or at another boot', async () => {
    const ours = await lockDataDir(dir);
    const [, start] = (await readFile(path.join(dir, 'pglite.lock'), 'utf8')).split(' ');
    await ours();
    const [boot, startTime] = start!.split('/');
    for (const earlier of [`${boot}/${Number(startTime) - 1}`, `another-boot/${startTime}`]) {
      await writeFile(path.join(dir, 'pglite.lock'), `${process.pid} ${earlier}`);
      const release = await lockDataDir(dir);
      await release();
    }
  });
});

