import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PaymentsClient, type Environment } from '../../packages/client/src/index.js';

/** A command was called wrongly: its usage follows the message, and the exit code is 2. */
export class UsageError extends Error {}

/** An operation failed in a way already explained to the user: the exit code is 1. */
export class CliFailure extends Error {}

export const DEFAULT_URL = 'http://localhost:8080';

/** The flags every command takes, wherever they appear among its arguments. */
export interface GlobalFlags {
  url?: string;
  clientId?: string;
  clientSecret?: string;
  live: boolean;
  json: boolean;
  help: boolean;
}

interface ProfileCredentials {
  client_id: string;
  client_secret: string;
}

/** What `login` writes: the server and one client per environment. */
export interface Profile {
  url?: string;
  sandbox?: ProfileCredentials;
  live?: ProfileCredentials;
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export interface Output {
  write(text: string): unknown;
}

/** What a command gets: the resolved server, credentials and typed client, and the ways to print. */
export interface CliContext {
  readonly flags: GlobalFlags;
  /** sandbox unless --live. */
  readonly environment: Environment;
  /** --json: print machine-readable JSON instead of tables. */
  readonly json: boolean;
  /** The profile file `login` writes (PAYMENTS_CONFIG, else ~/.config/payments/profile.json). */
  readonly profilePath: string;
  /** The server URL: --url, PAYMENTS_URL, the profile's, else http://localhost:8080. */
  url(): Promise<string>;
  /** The client credentials for the environment: flags, PAYMENTS_CLIENT_ID/SECRET, else the profile's. */
  credentials(): Promise<Credentials>;
  /** As much of the credentials as is given (login asks for the rest). */
  givenCredentials(): Promise<Partial<Credentials>>;
  /** The typed client for the resolved URL, credentials and environment (one per context; a scope makes a narrower one). */
  client(scope?: string): Promise<PaymentsClient>;
  readProfile(): Promise<Profile>;
  writeProfile(profile: Profile): Promise<void>;
  /** A line to stdout. */
  print(text: string): void;
  /** A line to stderr. */
  printError(text: string): void;
  /** The value as indented JSON on stdout. */
  printJson(value: unknown): void;
  /** JSON with --json, else the human text. */
  output(value: unknown, human: () => string): void;
}

/** Pulls the global flags out of a command's arguments; the rest is the command's own. */
export function splitGlobalFlags(args: string[]): { flags: GlobalFlags; rest: string[] } {
  const flags: GlobalFlags = { live: false, json: false, help: false };
  const rest: string[] = [];
  const valued = { '--url': 'url', '--client-id': 'clientId', '--client-secret': 'clientSecret' } as const;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name in valued) {
      const value = inline ?? args[++index];
      if (value === undefined || value === '') throw new UsageError(`${name} needs a value`);
      flags[valued[name as keyof typeof valued]] = value;
    } else if (arg === '--live') flags.live = true;
    else if (arg === '--json') flags.json = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else rest.push(arg);
  }
  return { flags, rest };
}

export interface ContextOptions {
  env?: NodeJS.ProcessEnv;
  stdout?: Output;
  stderr?: Output;
}

export function createContext(flags: GlobalFlags, options: ContextOptions = {}): CliContext {
  const env = options.env ?? process.env;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const environment: Environment = flags.live ? 'live' : 'sandbox';
  const profilePath = env.PAYMENTS_CONFIG || path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'payments', 'profile.json');
  let profile: Promise<Profile> | undefined;
  let client: Promise<PaymentsClient> | undefined;

  const context: CliContext = {
    flags,
    environment,
    json: flags.json,
    profilePath,
    readProfile() {
      profile ??= readProfile(profilePath);
      return profile;
    },
    async writeProfile(next) {
      await mkdir(path.dirname(profilePath), { recursive: true, mode: 0o700 });
      // Written beside and renamed, so a reader never sees half a file; created 0600 (it holds secrets).
      const temporary = `${profilePath}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, profilePath);
      profile = Promise.resolve(next);
    },
    async url() {
      const url = flags.url ?? env.PAYMENTS_URL ?? (await context.readProfile()).url ?? DEFAULT_URL;
      if (!/^https?:\/\/[^/]/.test(url)) throw new UsageError(`The server URL must start with http:// or https://, got ${url}`);
      return url.replace(/\/+$/, '');
    },
    async givenCredentials() {
      const saved = (await context.readProfile())[environment];
      return { clientId: flags.clientId ?? env.PAYMENTS_CLIENT_ID ?? saved?.client_id, clientSecret: flags.clientSecret ?? env.PAYMENTS_CLIENT_SECRET ?? saved?.client_secret };
    },
    async credentials() {
      const { clientId, clientSecret } = await context.givenCredentials();
      if (!clientId || !clientSecret) {
        throw new UsageError(
          `No ${environment} client credentials: pass --client-id and --client-secret, set PAYMENTS_CLIENT_ID and PAYMENTS_CLIENT_SECRET, or run \`login\`${flags.live ? ' --live' : ''} first`,
        );
      }
      return { clientId, clientSecret };
    },
    client(scope) {
      const build = async () => new PaymentsClient({ baseUrl: await context.url(), environment, scope, ...(await context.credentials()) });
      if (scope) return build();
      client ??= build();
      return client;
    },
    print: (text) => void stdout.write(`${text}\n`),
    printError: (text) => void stderr.write(`${text}\n`),
    printJson: (value) => void stdout.write(`${JSON.stringify(value, null, 2)}\n`),
    output(value, human) {
      if (flags.json) context.printJson(value);
      else context.print(human());
    },
  };
  return context;
}

async function readProfile(file: string): Promise<Profile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    return JSON.parse(text) as Profile;
  } catch {
    throw new CliFailure(`The profile ${file} is not valid JSON; run \`login\` again or delete it`);
  }
}
