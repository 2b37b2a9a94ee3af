import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** A project script running as a process of its own (its process group, so tsx's child goes with it). */
export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Ends the whole process group at once, as a power cut or the OOM killer would. */
  kill(): Promise<void>;
}

const started: Started[] = [];

/** Runs a project script with tsx, as `npm start` and `npm run cli` do, in a clean environment. */
export function runScript(script: string, args: string[], env: Record<string, string>, cwd: string): Started {
  const child = spawn(TSX, [path.join(ROOT, script), ...args], {
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
    async waitFor(pattern, timeoutMs = 30_000) {
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
