-- A refund locks every transfer of its payments, reversals included, and an authorization
-- supersedes its payment's pending challenges: both looked rows up by payment without an index
-- they could use (transfers_payment_position holds only transfers that reverse no refund), so each
-- read every row of the table.
CREATE INDEX transfers_payment ON transfers (payment_id);
CREATE INDEX three_ds_challenges_pending ON three_ds_challenges (payment_id) WHERE state = 'pending';
