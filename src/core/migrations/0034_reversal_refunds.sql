-- What a refund part drew from its party's reversal transfers (those of the party's failed refunds),
-- which it draws from before the party's own transfer: net money and fee off a waiting reversal, or
-- net money received back once that reversal was paid out (payout_id: the payout it was in). The
-- rest of the part comes from the party's transfer, as before. A failure gives each draw back.
CREATE TABLE refund_draws (
  refund_id     text NOT NULL REFERENCES refunds (id),
  position      integer NOT NULL,
  transfer_id   text NOT NULL REFERENCES transfers (id),
  amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
  fee_minor     bigint NOT NULL CHECK (fee_minor >= 0),
  from_creditor boolean NOT NULL,
  payout_id     text REFERENCES payouts (id),
  PRIMARY KEY (refund_id, transfer_id)
);
