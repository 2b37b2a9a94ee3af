import type { Db } from '../core/db.js';
import { runPassOnce } from '../core/data-passes.js';
import { keyedDigest, sharedSecret } from '../core/secrets.js';
import { buyersAfter, setBuyerDigests } from './repository.js';

const PASS_BATCH = 500;

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

type Buyer = Parameters<BuyerDigests['ofBuyer']>[0];

/**
 * Digests the buyers of the payments an earlier version wrote without digests, once, at the first
 * start after the upgrade: they are found by the dashboard's search like newer ones. Each payment's
 * sealed customer and account holder are opened one batch at a time; digests it has already are
 * kept. Answers how many payments it went through.
 */
export function digestBuyersOnce(db: Db, buyers: BuyerDigests, now: Date): Promise<number> {
  return runPassOnce(db, 'buyer digests', now, async () => {
    let seen = 0;
    for (let after = ''; ; ) {
      const rows = await buyersAfter(db, after, PASS_BATCH);
      if (rows.length === 0) return seen;
      const digested = rows.map((row) => ({
        id: row.id,
        digests: [...new Set([...row.buyer_digests, ...buyers.ofBuyer({ ...(row.customer as Buyer | null), holder: row.account_holder })])],
      }));
      await setBuyerDigests(db, digested);
      seen += rows.length;
      after = rows.at(-1)!.id;
    }
  });
}
