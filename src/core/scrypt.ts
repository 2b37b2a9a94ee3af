import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N (CPU and memory), r (block size), p (parallelism). Each hash names its own. */
export interface ScryptSettings {
  N: number;
  r: number;
  p: number;
}

export interface ScryptHash {
  settings: ScryptSettings;
  salt: Buffer;
  key: Buffer;
}

const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** The key scrypt derives. It needs 128·N·r bytes (128 MiB at N=2^17, r=8), above Node's default limit of 32 MiB: the limit is raised to fit. */
export function scryptKey(secret: string, salt: Buffer, settings: ScryptSettings): Promise<Buffer> {
  const maxmem = 128 * settings.N * settings.r + 16 * 1024 * 1024;
  return new Promise((resolve, reject) =>
    scryptCallback(secret, salt, KEY_BYTES, { ...settings, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** How every hash made with these settings begins. */
export function settingsPrefix(settings: ScryptSettings): string {
  return `scrypt$${settings.N}$${settings.r}$${settings.p}$`;
}

/** A hash as stored: `scrypt$N$r$p$<salt>$<key>` (base64), its settings with it. */
export function formatHash({ settings, salt, key }: ScryptHash): string {
  return `${settingsPrefix(settings)}${salt.toString('base64')}$${key.toString('base64')}`;
}

export function parseHash(stored: string): ScryptHash | undefined {
  const [scheme, N, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || rest.length > 0) return undefined;
  return { settings: { N: Number(N), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export function sameSettings(a: ScryptSettings, b: ScryptSettings): boolean {
  return a.N === b.N && a.r === b.r && a.p === b.p;
}

/** Whether two derived keys are equal, in constant time. */
export function sameKey(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function hashSecret(secret: string, settings: ScryptSettings, salt: Buffer = randomBytes(SALT_BYTES)): Promise<string> {
  return formatHash({ settings, salt, key: await scryptKey(secret, salt, settings) });
}

/** Whether `secret` is the one hashed, with the settings the hash names. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash) return false;
  return sameKey(await scryptKey(secret, hash.salt, hash.settings), hash.key);
}
