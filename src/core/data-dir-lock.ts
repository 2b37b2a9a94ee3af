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
 * What tells a process from an earlier one that had the same PID: the kernel's boot and the
 * process's start time (Linux; undefined elsewhere, where the PID alone counts). A container's
 * process is PID 1 at every start, so a lock left by a killed container names a live PID: itself.
 */
async function startOf(pid: number): Promise<string | undefined> {
  try {
    const [boot, stat] = await Promise.all([readFile('/proc/sys/kernel/random/boot_id', 'utf8'), readFile(`/proc/${pid}/stat`, 'utf8')]);
    // starttime is field 22; the command's name (field 2) may hold spaces, so count after its closing parenthesis.
    return `${boot.trim()}/${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
  } catch {
    return undefined;
  }
}

/** The process that wrote the lock, if it still runs: the same PID, and (where known) the same start. */
async function holderOf(file: string): Promise<number | undefined> {
  const [pidText, start] = (await readFile(file, 'utf8').catch(() => '')).trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  return start === undefined || start === (await startOf(pid)) ? pid : undefined;
}

/**
 * Takes the lock of an embedded database directory, or throws EmbeddedDatabaseInUse. PGlite keeps
 * its database in the memory of one process and writes it back to the directory: a second process
 * on the same directory (the CLI beside `npm start`) would neither see the other's writes nor keep
 * its own. A lock left by a process that has gone (or whose PID another process has now) is taken
 * over. Answers the function that releases it.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'pglite.lock');
  const start = await startOf(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(start === undefined ? String(process.pid) : `${process.pid} ${start}`);
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await holderOf(file);
      if (holder !== undefined) throw new EmbeddedDatabaseInUse(dir, holder);
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
