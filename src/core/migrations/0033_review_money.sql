-- The payout a refund part was received back from (from_creditor: the party's payout had started).
-- Should that payout be sent back by the bank before the refund fails, the part goes back to the
-- party's waiting transfer (or a reversal transfer), not to what the party was paid out.
-- Null for a part taken from a waiting transfer, and for parts recorded before this column.
ALTER TABLE refund_parts ADD COLUMN payout_id text REFERENCES payouts (id);
