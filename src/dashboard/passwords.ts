import { randomSecret } from '../core/ids.js';
import { formatHash, hashSecret, parseHash, sameKey, sameSettings, scryptKey, verifySecret, type ScryptHash, type ScryptSettings } from '../core/scrypt.js';

/** OWASP's scrypt settings for passwords (Password Storage Cheat Sheet): N=2^17, r=8, p=1, 128 MiB per hash. */
export const PASSWORD_SETTINGS: ScryptSettings = { N: 2 ** 17, r: 8, p: 1 };
/** What versions before migration 0020 hashed dashboard passwords with, each with a random salt. */
export const EARLIER_SETTINGS: ScryptSettings = { N: 2 ** 14, r: 8, p: 1 };

/** A user whose password may be the one given. */
export interface Candidate {
  password_hash: string | null;
}

export interface Match<T> {
  user: T | undefined;
  /** The matched user's password hashed anew, when its hash has earlier settings. */
  rehash?: string;
}

/**
 * Dashboard passwords. One e-mail may have a user on several platforms, each with its own password:
 * the passwords of one e-mail share a salt (a keyed digest of the e-mail), so a sign-in derives one
 * key and compares it with each user's, and takes as long whether the e-mail has no user, one, or
 * users on other platforms too. Hashes of earlier versions (one per e-mail: e-mails were unique
 * then) are checked as they are, and hashed anew on the sign-in that matches them.
 */
export class Passwords {
  private earlierDecoy: Promise<string> | undefined;

  constructor(
    private readonly saltOf: (email: string) => Buffer,
    readonly settings: ScryptSettings = PASSWORD_SETTINGS,
  ) {}

  hash(email: string, password: string): Promise<string> {
    return hashSecret(password, this.settings, this.saltOf(email));
  }

  /**
   * The first candidate (callers order them oldest first) whose password this is. `earlierRemain`:
   * whether some user anywhere still has a hash of earlier settings; while one does, every sign-in
   * checks one such hash (the e-mail's, or a decoy), so that this costs the same for every e-mail.
   */
  async match<T extends Candidate>(email: string, password: string, candidates: readonly T[], earlierRemain: boolean): Promise<Match<T>> {
    const salt = this.saltOf(email);
    const key = await scryptKey(password, salt, this.settings);
    const hashes = candidates.map((candidate) => (candidate.password_hash === null ? undefined : parseHash(candidate.password_hash)));
    const isCurrent = (hash: ScryptHash | undefined) => hash !== undefined && sameSettings(hash.settings, this.settings) && hash.salt.equals(salt);
    const earlierAt = hashes.findIndex((hash) => hash !== undefined && !isCurrent(hash));
    let earlierMatches = false;
    if (earlierAt >= 0 || earlierRemain) {
      this.earlierDecoy ??= hashSecret(randomSecret(), EARLIER_SETTINGS);
      earlierMatches = await verifySecret(password, earlierAt >= 0 ? candidates[earlierAt]!.password_hash! : await this.earlierDecoy);
    }
    const at = hashes.findIndex((hash, index) => (isCurrent(hash) ? sameKey(hash!.key, key) : index === earlierAt && earlierMatches));
    if (at < 0) return { user: undefined };
    return { user: candidates[at], ...(at === earlierAt ? { rehash: formatHash({ settings: this.settings, salt, key }) } : {}) };
  }
}
