import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { QueryResult, UnknownRow } from 'kysely';
import { Cipher, copyOfRow, DecryptionError, keyOf, SealingPlugin, sealedColumn, sealedValue, tokenMatches, tokenHash } from './encryption.js';

const key = () => keyOf(randomBytes(32));

describe('Cipher', () => {
  it('seals text and JSON so that only a cipher with the key opens them, each time differently', () => {
    const cipher = new Cipher([key()]);
    const sealed = cipher.seal('whsec_abc');
    expect(sealed).toMatch(new RegExp(`^enc:1:${cipher.current.id}:[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain('whsec_abc');
    expect(cipher.seal('whsec_abc')).not.toBe(sealed);
    expect(cipher.open(sealed)).toBe('whsec_abc');
    expect(cipher.open(cipher.sealJson({ iban: 'DE89370400440532013000', n: 1 }))).toEqual({ iban: 'DE89370400440532013000', n: 1 });
    expect(() => new Cipher([key()]).open(sealed)).toThrow(DecryptionError);
  });

  it('opens with a previous key, seals with the current one, and refuses an altered value', () => {
    const old = key();
    const sealedBefore = new Cipher([old]).seal('secret');
    const rotated = new Cipher([key(), old]);
    expect(rotated.open(sealedBefore)).toBe('secret');
    expect(rotated.isCurrent(sealedBefore)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('secret'))).toBe(true);
    const at = sealedBefore.length - 10; // inside the sealed bytes, where every bit of a character counts
    const altered = sealedBefore.slice(0, at) + (sealedBefore[at] === 'A' ? 'B' : 'A') + sealedBefore.slice(at + 1);
    expect(() => rotated.open(altered)).toThrow(/does not open/);
    const truncated = sealedBefore.slice(0, sealedBefore.indexOf(':', 6) + 1) + Buffer.from(sealedBefore.split(':')[3]!, 'base64url').subarray(0, 16).toString('base64url');
    expect(() => rotated.open(truncated)).toThrow(DecryptionError);
    expect(rotated.open('plain text')).toBe('plain text');
    expect(rotated.open(null)).toBeNull();
  });

  it('remembers what it opened only when asked to, never an object a caller could change for another, never what did not open', () => {
    const cipher = new Cipher([key()]);
    const sealedJson = cipher.sealJson({ holder: 'Ada' });
    const first = cipher.open(sealedJson, true) as { holder: string };
    first.holder = 'changed';
    expect(cipher.open(sealedJson, true)).toEqual({ holder: 'Ada' });
    const sealed = cipher.seal('token');
    expect([cipher.open(sealed, true), cipher.open(sealed, true)]).toEqual(['token', 'token']);
    const at = sealed.length - 10;
    const altered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(() => cipher.open(altered, true)).toThrow(/does not open/);
    expect(() => cipher.open(altered, true)).toThrow(/does not open/);
    // Another key ring remembers nothing of this one's.
    expect(() => new Cipher([key()]).open(sealed, true)).toThrow(DecryptionError);
  });

  it('seals bytes bound to where they are kept, opens them with any key of the ring, and returns bytes never sealed as they are', () => {
    const old = key();
    const document = Buffer.from('%PDF-1.4 a passport scan');
    const sealedBefore = new Cipher([old]).sealBytes(document, 'onboarding/app_1/doc_1');
    expect(sealedBefore.includes(document)).toBe(false);
    expect(sealedBefore.subarray(0, 21).toString('latin1')).toBe(`\0encb:1:${old.id}:`);
    const rotated = new Cipher([key(), old]);
    expect(rotated.openBytes(sealedBefore, 'onboarding/app_1/doc_1').equals(document)).toBe(true);
    expect(rotated.isCurrentBytes(sealedBefore)).toBe(false);
    expect(rotated.isCurrentBytes(rotated.sealBytes(document, 'k'))).toBe(true);
    expect(() => rotated.openBytes(sealedBefore, 'onboarding/app_1/doc_2')).toThrow(/does not open/);
    expect(() => new Cipher([key()]).openBytes(sealedBefore, 'onboarding/app_1/doc_1')).toThrow(/which this process was not given/);
    const altered = Buffer.from(sealedBefore);
    altered[altered.length - 1]! ^= 1;
    expect(() => rotated.openBytes(altered, 'onboarding/app_1/doc_1')).toThrow(DecryptionError);
    expect(rotated.openBytes(document, 'onboarding/app_1/doc_1')).toBe(document);
    expect(rotated.isCurrentBytes(document)).toBe(false);
  });

  it('seals only the sealed columns of a table, NULL left as it is, jsonb as JSON text', () => {
    const cipher = new Cipher([key()]);
    expect(sealedValue(cipher, 'payments', 'reference', 'ref-1')).toBe('ref-1');
    expect(sealedValue(cipher, 'payments', 'verified_iban', null)).toBeNull();
    expect(cipher.open(sealedValue(cipher, 'payments', 'verified_iban', 'DE89370400440532013000'))).toBe('DE89370400440532013000');
    expect(cipher.open(JSON.parse(String(sealedValue(cipher, 'payments', 'mandate', { a: 1 }))))).toEqual({ a: 1 });
    expect(sealedColumn(cipher, 'payments', 'id', 'pay_1')).toBe('pay_1');
    expect(sealedColumn(cipher, 'payments', 'mandate', null)).toBeNull();
    expect(cipher.open(sealedColumn(cipher, 'payments', 'resource_token', 'tok'))).toBe('tok');
    expect(cipher.open(sealedColumn(cipher, 'payments', 'mandate', { a: 1 }))).toEqual({ a: 1 });
  });
});

describe('sealed columns read', () => {
  const cipher = new Cipher([key()]);
  const plugin = new SealingPlugin(cipher);
  const read = async (...rows: UnknownRow[]) =>
    (await plugin.transformResult({ result: { rows } as QueryResult<UnknownRow>, queryId: { queryId: 'q' } })).rows;
  const stored = () => ({ id: 'pay_1', resource_token: cipher.seal('tok'), customer: cipher.sealJson({ email: 'a@example.com' }), verified_iban: null, reference: 'enc:1:not a sealed column' });
  const plain = { id: 'pay_1', resource_token: 'tok', customer: { email: 'a@example.com' }, verified_iban: null, reference: 'enc:1:not a sealed column' };
  const isOpened = (row: UnknownRow, column: string) => 'value' in Object.getOwnPropertyDescriptor(row, column)!;

  it('are opened when first read, once, and every reader sees the plain value', async () => {
    const [row] = await read(stored());
    expect(isOpened(row!, 'resource_token')).toBe(false);
    expect(isOpened(row!, 'id') && isOpened(row!, 'verified_iban') && isOpened(row!, 'reference')).toBe(true);
    expect(row!.resource_token).toBe('tok');
    expect(isOpened(row!, 'resource_token')).toBe(true);
    expect(isOpened(row!, 'customer')).toBe(false);
    expect(Object.keys(row!)).toEqual(Object.keys(plain));

    const [spread, json, equal] = await read(stored(), stored(), stored());
    expect({ ...spread }).toEqual(plain);
    expect(JSON.parse(JSON.stringify(json))).toEqual(plain);
    expect(equal).toEqual(plain);
  });

  it('can be written before they are read, and copied unopened', async () => {
    const [written, original] = await read(stored(), stored());
    written!.resource_token = 'other';
    expect(written!.resource_token).toBe('other');
    const copy = copyOfRow(original!);
    expect(isOpened(copy, 'resource_token')).toBe(false);
    expect(copy.customer).toEqual(plain.customer);
    expect(isOpened(original!, 'customer')).toBe(false);
    expect(copy).toEqual(plain);
    expect(original).toEqual(plain);
  });

  it('fail where a value that does not open is read', async () => {
    const [row] = await read({ ...stored(), resource_token: new Cipher([key()]).seal('tok') });
    expect(row!.id).toBe('pay_1');
    expect(() => row!.resource_token).toThrow(DecryptionError);
  });
});

describe('token digests', () => {
  it('matches the token whose digest is stored, and nothing else', () => {
    const stored = tokenHash('resource-token');
    expect(tokenMatches('resource-token', stored)).toBe(true);
    expect(tokenMatches('resource-tokem', stored)).toBe(false);
    expect(tokenMatches('resource-token', undefined)).toBe(false);
  });
});
