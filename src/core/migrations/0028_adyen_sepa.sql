-- Chargebacks: the buyer's bank took a payment's money back (a card chargeback, a SEPA return after
-- the collection succeeded), as the processor notified it. One row per dispute event of the
-- processor (its own reference and event: a notification of chargeback, then the chargeback);
-- a chargeback that moved money names the buyer-origin refund that booked it in the ledger.
CREATE TABLE chargebacks (
  id                  text PRIMARY KEY,
  environment         text NOT NULL CHECK (environment IN ('live', 'sandbox')),
  platform_id         text NOT NULL,
  payment_id          text NOT NULL REFERENCES payments (id),
  processor           text NOT NULL,
  processor_reference text NOT NULL,
  -- notified: a dispute opened, no money moved yet; charged_back: the money went back to the buyer
  stage               text NOT NULL CHECK (stage IN ('notified', 'charged_back')),
  amount_minor        bigint NOT NULL CHECK (amount_minor >= 0),
  currency            text NOT NULL,
  reason              text,
  refund_id           text REFERENCES refunds (id),
  created_at          timestamptz NOT NULL,
  UNIQUE (processor, processor_reference, stage)
);
CREATE INDEX chargebacks_payment ON chargebacks (payment_id, created_at);
