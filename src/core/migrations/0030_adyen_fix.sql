-- A refund that fails after the party's transfer left in a payout: what the refund had taken off
-- that transfer is owed to the party again, carried by a transfer of its own (the failed refund's
-- reversal) that waits for the party's next payout. A payment keeps one transfer per routing
-- party; the reversals of its failed refunds come on top, one per refund and party.
ALTER TABLE transfers ADD COLUMN reverses_refund_id text REFERENCES refunds (id);
ALTER TABLE transfers DROP CONSTRAINT transfers_payment_id_position_key;
CREATE UNIQUE INDEX transfers_payment_position ON transfers (payment_id, position) WHERE reverses_refund_id IS NULL;
CREATE UNIQUE INDEX transfers_refund_reversal ON transfers (reverses_refund_id, position) WHERE reverses_refund_id IS NOT NULL;

-- What the buyer of a challenge must do when it is a form post (Adyen's redirect with method POST
-- and its data): our page posts it for the buyer. Null: a plain link, followed from the answer.
ALTER TABLE three_ds_challenges ADD COLUMN action jsonb;
