import { describe, expect, it } from 'vitest';
import { ID_PATTERN, PAYOUT_ID_PATTERN, idPattern, isId, newId, newPayoutId, pooledRandomBytes, randomSecret, type IdPrefix } from './ids.js';

const PREFIXES: IdPrefix[] = ['acc', 'doc', 'pay', 'rfd', 'tra', 'evt', 'app', 'rep', 'tok', 'att'];

describe('what works', () => {
  it('gives each object type its prefix and 26 alphanumerics', () => {
    for (const prefix of PREFIXES) {
      const id = newId(prefix);
      expect(id).toMatch(new RegExp(`^${prefix}_[0-9A-Za-z]{26}$`));
      expect(id).toMatch(new RegExp(ID_PATTERN));
      expect(isId(prefix, id)).toBe(true);
    }
  });

  it('sorts by creation: successive ids, even within one millisecond, increase', () => {
    const ids = Array.from({ length: 2_000 }, () => newId('pay'));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts across milliseconds too', async () => {
    const earlier = newId('evt');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = newId('evt');
    expect(earlier < later).toBe(true);
    // The first 10 characters are the time: they differ across milliseconds.
    expect(earlier.slice(4, 14) < later.slice(4, 14)).toBe(true);
  });

  it('never repeats over 10 000 ids', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('acc')));
    expect(ids.size).toBe(10_000);
  });

  it('makes payout ids of 32 lowercase hexadecimal characters without prefix, unique', () => {
    const ids = Array.from({ length: 1_000 }, () => newPayoutId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).toMatch(new RegExp(PAYOUT_ID_PATTERN));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves pooled random bytes that never repeat across refills of the pool', () => {
    const chunks = Array.from({ length: 1_000 }, () => pooledRandomBytes(16).toString('hex'));
    expect(new Set(chunks).size).toBe(chunks.length);
    expect(pooledRandomBytes(10_000)).toHaveLength(10_000);
  });

  it('starts each millisecond\'s ids from fresh randomness', async () => {
    const randomParts: string[] = [];
    for (let i = 0; i < 20; i++) {
      randomParts.push(newId('pay').slice(14));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(new Set(randomParts).size).toBe(20);
    expect(new Set(randomParts.map((part) => part[0])).size).toBeGreaterThan(5);
  });

  it('makes url-safe random secrets of the requested strength', () => {
    const secret = randomSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomSecret(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomSecret()).not.toBe(secret);
  });
});

describe('what is refused', () => {
  it('does not take an id of another type, length or alphabet for a valid one', () => {
    const payment = newId('pay');
    expect(isId('acc', payment)).toBe(false);
    for (const value of ['acc_', `acc_${'A'.repeat(25)}`, `acc_${'A'.repeat(27)}`, `acc_${'A'.repeat(25)}-`, `ACC_${'A'.repeat(26)}`, `acc-${'A'.repeat(26)}`, ` acc_${'A'.repeat(26)}`]) {
      expect(isId('acc', value), value).toBe(false);
    }
    expect(new RegExp(idPattern('pay')).test(`pay_${'0'.repeat(26)}`)).toBe(true);
    expect(new RegExp(PAYOUT_ID_PATTERN).test('A'.repeat(32))).toBe(false);
    expect(new RegExp(PAYOUT_ID_PATTERN).test('a'.repeat(31))).toBe(false);
  });
});
