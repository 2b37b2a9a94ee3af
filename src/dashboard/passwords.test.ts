import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecret, parseHash, verifySecret } from '../core/scrypt.js';
import { EARLIER_SETTINGS, Passwords } from './passwords.js';

const SETTINGS = { N: 2 ** 10, r: 8, p: 1 };
const saltOf = (email: string) => createHash('sha256').update(email).digest().subarray(0, 16);
const passwords = new Passwords(saltOf, SETTINGS);
const EMAIL = 'ops@example.com';

async function user(id: string, password: string | null) {
  return { id, password_hash: password === null ? null : await passwords.hash(EMAIL, password) };
}

describe('dashboard passwords', () => {
  it("find, among one email's users of several platforms, the one whose password is given", async () => {
    const users = [await user('first', 'first password'), await user('unset', null), await user('second', 'second password')];
    expect((await passwords.match(EMAIL, 'second password', users, false)).user?.id).toBe('second');
    expect((await passwords.match(EMAIL, 'first password', users, false)).user?.id).toBe('first');
    expect((await passwords.match(EMAIL, 'neither', users, false)).user).toBeUndefined();
    expect((await passwords.match(EMAIL, 'first password', [], true)).user).toBeUndefined();
  });

  it('take the oldest of several users with the same password', async () => {
    const users = [await user('older', 'same password'), await user('newer', 'same password')];
    expect((await passwords.match(EMAIL, 'same password', users, false)).user?.id).toBe('older');
  });

  it('store their settings and the salt of the email, the same for every user of one email', async () => {
    const [a, b] = [await passwords.hash(EMAIL, 'one'), await passwords.hash(EMAIL, 'two')];
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(parseHash(a)!.salt).toEqual(parseHash(b)!.salt);
    expect(parseHash(a)!.salt).toEqual(saltOf(EMAIL));
  });

  it('match a hash of earlier settings and give it anew at the current ones, which then matches', async () => {
    const earlier = { id: 'earlier', password_hash: await hashSecret('old password', EARLIER_SETTINGS) };
    const current = await user('current', 'new password');
    const matched = await passwords.match(EMAIL, 'old password', [earlier, current], true);
    expect(matched.user?.id).toBe('earlier');
    expect(matched.rehash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifySecret('old password', matched.rehash!)).toBe(true);
    expect((await passwords.match(EMAIL, 'old password', [{ id: 'earlier', password_hash: matched.rehash! }], false)).rehash).toBeUndefined();
    // A current hash is not given anew; a wrong password matches neither.
    expect(await passwords.match(EMAIL, 'new password', [earlier, current], true)).toEqual({ user: current });
    expect(await passwords.match(EMAIL, 'wrong', [earlier, current], true)).toEqual({ user: undefined });
  });
});
