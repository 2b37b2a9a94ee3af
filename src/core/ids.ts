import { randomBytes, randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulidx';

/** Object-type prefixes of the specification's identifier table (plus evt_, tok_, att_ for the processor's reference of an authorization attempt, ntf_ for a processor's notification, chb_ for a chargeback, bst_ and bsx_ for an imported bank statement and an entry of it kept as an exception). */
export type IdPrefix = 'acc' | 'doc' | 'pay' | 'rfd' | 'tra' | 'evt' | 'app' | 'rep' | 'tok' | 'att' | 'usr' | 'ntf' | 'chb' | 'bst' | 'bsx';

type Brand<P extends IdPrefix> = `${P}_${string}` & { readonly __brand: P };
export type AccountId = Brand<'acc'>;
export type DocumentId = Brand<'doc'>;
export type PaymentId = Brand<'pay'>;
export type RefundId = Brand<'rfd'>;
export type TransferId = Brand<'tra'>;
export type EventId = Brand<'evt'>;
export type ApplicationId = Brand<'app'>;
export type RepresentativeId = Brand<'rep'>;
export type TokenId = Brand<'tok'>;

// The CSPRNG read 4 KiB at a time: each read is a system call (OpenSSL also checks the process id),
// and an id took 16 one-byte reads, about 6 % of a payment initiation's CPU time in the profile.
// Node's randomUUID caches its entropy in the same way.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function takeFromPool(count: number): number {
  if (poolOffset + count > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += count;
  return poolOffset - count;
}

/** A request's trace id: 32 random hex digits, in its trace-id header, its problem body and its log lines. */
export function newTraceId(): string {
  const start = takeFromPool(16);
  const hex = pool.toString('hex', start, start + 16);
  pool.fill(0, start, start + 16);
  return hex;
}

/** Random bytes from the CSPRNG, served from a pool refilled when spent. */
export function pooledRandomBytes(count: number): Buffer {
  if (count > pool.length) return randomBytes(count);
  const start = takeFromPool(count);
  const bytes = Buffer.from(pool.subarray(start, start + count));
  pool.fill(0, start, start + count); // a secret made from them stays only where its caller keeps it
  return bytes;
}

/** A uniform value in [0, 1) from one CSPRNG byte: enough for one base-32 character. */
function randomFraction(): number {
  return pool[takeFromPool(1)]! / 256;
}

// A ULID is 48 bits of time and 80 bits from the CSPRNG in 26 Crockford base-32 characters:
// sortable by creation time, unguessable, and alphanumeric as the specification requires.
const ulid = monotonicFactory(randomFraction);

export function newId<P extends IdPrefix>(prefix: P): Brand<P> {
  return `${prefix}_${ulid()}` as Brand<P>;
}

export const ID_PATTERN = '^[a-z]{3}_[0-9A-Za-z]{26}$';

export function idPattern(prefix: IdPrefix): string {
  return `^${prefix}_[0-9A-Za-z]{26}$`;
}

export function isId(prefix: IdPrefix, value: string): boolean {
  return new RegExp(idPattern(prefix)).test(value);
}

/** A payout identifier: 32 lowercase hexadecimal characters, no prefix. */
export function newPayoutId(): string {
  return randomBytes(16).toString('hex');
}

export const PAYOUT_ID_PATTERN = '^[0-9a-f]{32}$';

/** Secrets and opaque tokens: 32 random bytes, base64url. */
export function randomSecret(bytes = 32): string {
  return pooledRandomBytes(bytes).toString('base64url');
}
