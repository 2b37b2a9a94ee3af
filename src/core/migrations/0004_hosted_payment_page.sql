ALTER TABLE payments ADD COLUMN selected_method text CHECK (selected_method IN ('card', 'sepa_direct_debit'));
ALTER TABLE payments ADD COLUMN card_scheme text;
ALTER TABLE payments ADD COLUMN card_last4 text;
ALTER TABLE payments ADD COLUMN stored_credential text;
ALTER TABLE payments ADD COLUMN succeeded_at timestamptz;

-- Single-use card tokens: the processor's vault reference, never the card number.
CREATE TABLE card_tokens (
  id                  text PRIMARY KEY,
  payment_id          text NOT NULL REFERENCES payments (id),
  processor_reference text NOT NULL,
  scheme              text NOT NULL,
  last4               text NOT NULL,
  created_at          timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL,
  used_at             timestamptz
);
CREATE INDEX card_tokens_payment ON card_tokens (payment_id);

CREATE TABLE three_ds_challenges (
  id                  text PRIMARY KEY,
  payment_id          text NOT NULL REFERENCES payments (id),
  processor_reference text NOT NULL,
  scheme              text NOT NULL,
  last4               text NOT NULL,
  svc_token           text NOT NULL UNIQUE,
  state               text NOT NULL CHECK (state IN ('pending', 'answered')),
  created_at          timestamptz NOT NULL
);
