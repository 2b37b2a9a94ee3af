import type { Db } from '../core/db.js';
import { keyedDigest, sharedSecret } from '../core/secrets.js';

/** How an e-mail or a name is compared: case, accents' encoding and spacing do not count. */
function normal(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('und').trim().replace(/\s+/g, ' ');
}

/**
 * Keyed digests of what a buyer is searched by (e-mail, full name, each part of the name) while the
 * values themselves stay sealed: a search digests what is typed the same way and compares digests.
 */
export class BuyerDigests {
  private constructor(private readonly key: string) {}

  static async open(db: Db): Promise<BuyerDigests> {
    return new BuyerDigests(await sharedSecret(db, 'buyer search'));
  }

  /** The digest a search term is looked up by. */
  of(term: string): string {
    return keyedDigest(this.key, normal(term));
  }

  /** The digests a payment is found by: the customer's e-mail and names, and the bank account holder's name. */
  ofBuyer(buyer: { email?: string; first_name?: string; last_name?: string; holder?: string | null }): string[] {
    const names = [[buyer.first_name, buyer.last_name].filter(Boolean).join(' '), buyer.holder ?? ''].filter(Boolean);
    const terms = [buyer.email ?? '', ...names, ...names.flatMap((name) => name.split(/\s+/).filter((part) => part.length > 1))];
    return [...new Set(terms.map(normal).filter(Boolean))].map((term) => keyedDigest(this.key, term));
  }
}
