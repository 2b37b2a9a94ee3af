import { sql } from 'kysely';
import type { Db } from '../src/core/db.js';

/**
 * What must hold of the money, whatever failed and whenever, read from the database alone. Each
 * check answers the rows that break it (none when it holds), so a failure names its culprits.
 */
const CHECKS: Record<string, string> = {
  'every ledger entry balances': `
    SELECT entry_id, sum(amount_minor) AS off FROM ledger_lines GROUP BY entry_id HAVING sum(amount_minor) <> 0`,
  'no account but buyers is below zero': `
    SELECT platform_id, account, currency, sum(amount_minor) AS balance FROM ledger_lines
    WHERE account <> 'buyers' GROUP BY platform_id, account, currency HAVING sum(amount_minor) < 0`,
  'what buyers paid is the succeeded payments less the refunds': `
    WITH paid AS (
      SELECT platform_id, currency, sum(amount_minor) AS amount FROM payments WHERE status IN ('captured', 'completed') GROUP BY platform_id, currency
    ), refunded AS (
      SELECT platform_id, currency, sum(amount_minor) AS amount FROM refunds WHERE status <> 'failed' GROUP BY platform_id, currency
    ), booked AS (
      SELECT platform_id, currency, -sum(amount_minor) AS amount FROM ledger_lines WHERE account = 'buyers' GROUP BY platform_id, currency
    )
    SELECT coalesce(b.platform_id, p.platform_id) AS platform_id, b.amount AS booked, coalesce(p.amount, 0) - coalesce(r.amount, 0) AS expected
    FROM booked b FULL JOIN paid p USING (platform_id, currency) LEFT JOIN refunded r USING (platform_id, currency)
    WHERE coalesce(b.amount, 0) <> coalesce(p.amount, 0) - coalesce(r.amount, 0)`,
  'fees kept are the fees of succeeded payments less what refunds returned': `
    WITH charged AS (
      SELECT platform_id, currency, sum(processing_fee) AS amount FROM payments WHERE status IN ('captured', 'completed') GROUP BY platform_id, currency
    ),
    returned AS (
      SELECT r.platform_id, r.currency, sum(p.fee_returned) AS amount FROM refund_parts p JOIN refunds r ON r.id = p.refund_id WHERE r.status <> 'failed' GROUP BY r.platform_id, r.currency
    ),
    booked AS (SELECT platform_id, currency, sum(amount_minor) AS amount FROM ledger_lines WHERE account = 'fees' GROUP BY platform_id, currency)
    SELECT platform_id, b.amount AS booked, coalesce(c.amount, 0) - coalesce(r.amount, 0) AS expected
    FROM booked b FULL JOIN charged c USING (platform_id, currency) LEFT JOIN returned r USING (platform_id, currency)
    WHERE coalesce(b.amount, 0) <> coalesce(c.amount, 0) - coalesce(r.amount, 0)`,
  "a payment's funds are all distributed": `
    SELECT account, sum(amount_minor) AS left FROM ledger_lines WHERE account LIKE 'payment:%' GROUP BY account HAVING sum(amount_minor) <> 0`,
  'what payouts sent is what was paid out, less what refunds took back from the creditor': `
    WITH sent AS (SELECT platform_id, account_id, currency, sum(amount_minor) AS amount FROM payouts WHERE status <> 'failed' GROUP BY platform_id, account_id, currency),
    taken AS (
      SELECT platform_id, account_id, currency, sum(amount) AS amount FROM (
        SELECT r.platform_id, p.account_id, r.currency, p.amount_minor - p.fee_returned AS amount
        FROM refund_parts p JOIN refunds r ON r.id = p.refund_id
        WHERE p.from_creditor AND r.status <> 'failed' AND NOT EXISTS (SELECT 1 FROM refund_draws d WHERE d.refund_id = p.refund_id AND d.position = p.position)
        UNION ALL
        SELECT r.platform_id, t.account_id, r.currency, d.amount_minor
        FROM refund_draws d JOIN refunds r ON r.id = d.refund_id JOIN transfers t ON t.id = d.transfer_id WHERE d.from_creditor AND r.status <> 'failed'
      ) parts GROUP BY platform_id, account_id, currency
    ),
    booked AS (
      SELECT platform_id, substr(account, 10) AS account_id, currency, sum(amount_minor) AS amount FROM ledger_lines WHERE account LIKE 'paid_out:%' GROUP BY platform_id, account, currency
    )
    SELECT platform_id, account_id, b.amount AS booked, coalesce(s.amount, 0) - coalesce(t.amount, 0) AS expected
    FROM booked b FULL JOIN sent s USING (platform_id, account_id, currency) LEFT JOIN taken t USING (platform_id, account_id, currency)
    WHERE coalesce(b.amount, 0) <> coalesce(s.amount, 0) - coalesce(t.amount, 0)`,
  "what waits for an account's payout is what its waiting transfers carry": `
    WITH waiting AS (
      SELECT environment, platform_id, account_id, currency, sum(amount_minor) AS amount FROM transfers WHERE payout_id IS NULL GROUP BY environment, platform_id, account_id, currency
    ), booked AS (
      SELECT environment, platform_id, substr(account, 9) AS account_id, currency, sum(amount_minor) AS amount FROM ledger_lines WHERE account LIKE 'pending:%' GROUP BY environment, platform_id, account, currency
    )
    SELECT platform_id, account_id, b.amount AS booked, w.amount AS waiting
    FROM booked b FULL JOIN waiting w USING (environment, platform_id, account_id, currency)
    WHERE coalesce(b.amount, 0) <> coalesce(w.amount, 0)`,
  'refunds never exceed what was paid, party by party': `
    SELECT pp.payment_id, pp.position, pp.amount_minor, pp.refundable_amount, coalesce(sum(rp.amount_minor), 0) AS refunded
    FROM payment_parties pp
    LEFT JOIN refunds r ON r.payment_id = pp.payment_id AND r.status <> 'failed'
    LEFT JOIN refund_parts rp ON rp.refund_id = r.id AND rp.position = pp.position
    GROUP BY pp.payment_id, pp.position, pp.amount_minor, pp.refundable_amount
    HAVING pp.refundable_amount < 0 OR coalesce(sum(rp.amount_minor), 0) <> pp.amount_minor - pp.refundable_amount`,
  'a refund only of a payment that succeeded': `
    SELECT r.id, p.status FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.status NOT IN ('captured', 'completed')`,
  'one set of transfers per succeeded payment, none for the others': `
    SELECT p.id, p.status, count(t.id) AS transfers, (SELECT count(*) FROM payment_parties pp WHERE pp.payment_id = p.id) AS parties
    FROM payments p LEFT JOIN transfers t ON t.payment_id = p.id AND t.reverses_refund_id IS NULL GROUP BY p.id, p.status
    HAVING (p.status IN ('captured', 'completed')) <> (count(t.id) > 0)
        OR (count(t.id) > 0 AND count(t.id) <> (SELECT count(*) FROM payment_parties pp WHERE pp.payment_id = p.id))`,
  'exactly one payment_succeeded per succeeded payment, none for the others': `
    SELECT p.id, p.status, count(e.id) AS events FROM payments p
    LEFT JOIN events e ON e.object_id = p.id AND e.type = 'payment_succeeded'
    GROUP BY p.id, p.status HAVING count(e.id) <> (CASE WHEN p.status IN ('captured', 'completed') THEN 1 ELSE 0 END)`,
};

export type Violations = Record<string, unknown[]>;

/** Runs every check; answers the broken ones with their rows. */
export async function moneyViolations(db: Db): Promise<Violations> {
  const violations: Violations = {};
  for (const [name, query] of Object.entries(CHECKS)) {
    const { rows } = await sql.raw(query).execute(db);
    if (rows.length > 0) violations[name] = rows;
  }
  return violations;
}
