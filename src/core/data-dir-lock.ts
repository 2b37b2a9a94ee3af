import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** Another live process has the embedded database of this data directory open. */
export class EmbeddedDatabaseInUse extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is open in process ${pid} (a running \`npm start\`?). ` +
        'Stop that process first, or point every process at one PostgreSQL server with DATABASE_URL.',
    );
    this.name = 'EmbeddedDatabaseInUse';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of an embedded database directory, or throws EmbeddedDatabaseInUse. PGlite keeps
 * its database in the memory of one process and writes it back to the directory: a second process
 * on the same directory (the CLI beside `npm start`) would neither see the other's writes nor keep
 * its own. A lock left by a process that has gone is taken over. Answers the function that releases it.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isSafeInteger(holder) && holder > 0 && isAlive(holder)) throw new EmbeddedDatabaseInUse(dir, holder);
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
