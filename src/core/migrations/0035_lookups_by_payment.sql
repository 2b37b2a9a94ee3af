-- A refund locks every transfer of its payments, reversals included, and an authorization
-- supersedes its payment's pending challenges: both looked rows up by payment without an index
-- they could use (transfers_payment_position holds only transfers that reverse no refund), so each
-- read every row of the table. IF NOT EXISTS: on a large table an operator may build them
-- beforehand with CREATE INDEX CONCURRENTLY, which writes are not held up by.
CREATE INDEX IF NOT EXISTS transfers_payment ON transfers (payment_id);
CREATE INDEX IF NOT EXISTS three_ds_challenges_pending ON three_ds_challenges (payment_id) WHERE state = 'pending';
