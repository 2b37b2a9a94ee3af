-- One transfer per routing party when a payment succeeds: the party's amount net of its fee share.
CREATE TABLE transfers (
  id             text PRIMARY KEY,
  environment    text NOT NULL,
  platform_id    text NOT NULL REFERENCES platforms (id),
  payment_id     text NOT NULL REFERENCES payments (id),
  position       integer NOT NULL,
  account_id     text NOT NULL,
  amount_minor   bigint NOT NULL CHECK (amount_minor >= 0),
  fee_minor      bigint NOT NULL CHECK (fee_minor >= 0),
  currency       text NOT NULL,
  reference      text,
  created_at     timestamptz NOT NULL,
  UNIQUE (payment_id, position)
);
CREATE INDEX transfers_account ON transfers (platform_id, environment, account_id, created_at);
