import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** tsx as a loader of node itself, as `npm start` uses it: the tsx CLI relays signals to a child it kills when the child is slow to answer. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** A project script running as a process of its own (and its own process group). */
export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Ends the whole process group at once, as a power cut or the OOM killer would. */
  kill(): Promise<void>;
}

const started: Started[] = [];

/** Runs a project script with the tsx loader, as `npm start` and `npm run worker` do, in a clean environment. */
export function runScript(script: string, args: string[], env: Record<string, string>, cwd: string): Started {
  return run(process.execPath, ['--import', TSX_LOADER, path.join(ROOT, script), ...args], env, cwd);
}

/** Runs a shell command line as a reader would type it, in the same clean environment. */
export function runShell(command: string, env: Record<string, string>, cwd: string): Started {
  return run('bash', ['-c', command], env, cwd);
}

function run(file: string, args: string[], env: Record<string, string>, cwd: string): Started {
  const child = spawn(file, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const proc: Started = {
    child,
    output: () => output,
    exited,
    async waitFor(pattern, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = output.match(pattern);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${pattern} never appeared; output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
  };
  started.push(proc);
  return proc;
}

/** Ends every process started since the last call (after each test, so a failing test leaves none behind). */
export async function stopStarted(): Promise<void> {
  for (const proc of started.splice(0)) await proc.kill();
}
