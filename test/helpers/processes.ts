import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { listeningSocket, portOf } from './ports.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export type Script = 'src/main.ts' | 'src/worker.ts' | 'src/cli/main.ts';

/**
 * Runs a project script from this test run's production build (test/helpers/build-once.ts), as
 * `npm run start:prod`, `worker:prod` and `cli:prod` do, in a clean environment.
 */
export function runScript(script: Script, args: string[], env: Record<string, string>, cwd: string): Started {
  return run(process.execPath, ['--enable-source-maps', builtFile(script), ...args], env, cwd);
}

function builtFile(script: Script): string {
  // Outside a test run (`npm run chaos`), the build its script made in dist/.
  const buildDir = process.env.VITEST ? inject('buildDir') : path.join(ROOT, 'dist');
  return path.join(buildDir, script.replace(/\.ts$/, '.js'));
}

/** The API as a process of its own, and where it listens. */
export interface StartedApi {
  proc: Started;
  port: number;
  url: string;
}

/**
 * Runs the API on a socket bound here first (LISTEN_FD): the port is the child's from the start, so
 * no other process can take it while the child starts (a port picked first and bound by the child
 * seconds later once was: EADDRINUSE). Port 0 (the default) is any free one; a restart gives its
 * predecessor's.
 */
export async function runApi(env: Record<string, string>, cwd: string, port = 0): Promise<StartedApi> {
  const socket = await listeningSocket(port);
  const bound = portOf(socket);
  try {
    const proc = run(process.execPath, ['--enable-source-maps', builtFile('src/main.ts')], { HOST: '127.0.0.1', ...env, PORT: String(bound), LISTEN_FD: '3' }, cwd, [
      'ignore',
      'pipe',
      'pipe',
      // The descriptor of the listening socket, inherited as the child's fd 3 (a Node internal: the public API has none).
      (socket as unknown as { _handle: { fd: number } })._handle.fd,
    ]);
    return { proc, port: bound, url: `http://127.0.0.1:${bound}` };
  } finally {
    // The child holds its own copy; this process must not accept on it.
    socket.close();
  }
}

/** Runs a shell command line as a reader would type it, in the same clean environment. */
export function runShell(command: string, env: Record<string, string>, cwd: string): Started {
  return run('bash', ['-c', command], env, cwd);
}

function run(file: string, args: string[], env: Record<string, string>, cwd: string, stdio: StdioOptions = ['ignore', 'pipe', 'pipe']): Started {
  const child = spawn(file, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}), ...env },
    stdio,
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
