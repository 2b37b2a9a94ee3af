-- A platform's own fee schedule; platforms without a row use the default of the decisions.
CREATE TABLE fee_schedules (
  platform_id     text PRIMARY KEY REFERENCES platforms (id),
  card_rate_bp    integer NOT NULL,
  card_fixed      bigint NOT NULL,
  sepa_rate_bp    integer NOT NULL,
  sepa_minimum    bigint NOT NULL,
  created_at      timestamptz NOT NULL
);

CREATE TABLE payments (
  id               text PRIMARY KEY,
  environment      text NOT NULL,
  platform_id      text NOT NULL REFERENCES platforms (id),
  amount_minor     bigint NOT NULL CHECK (amount_minor >= 0),
  currency         text NOT NULL,
  status           text NOT NULL,
  method_type      text NOT NULL CHECK (method_type IN ('card', 'sepa_direct_debit', 'user_selected')),
  reference        text NOT NULL,
  description      text,
  remittance_info  text,
  language         text NOT NULL,
  cit_mode         text NOT NULL CHECK (cit_mode IN ('one_off', 'initial')),
  customer         jsonb,
  redirect_url     text NOT NULL,
  webhook_url      text,
  generate_qr_code boolean NOT NULL,
  resource_token   text NOT NULL UNIQUE,
  processing_fee   bigint,
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX payments_page ON payments (platform_id, environment, created_at DESC, id DESC);

-- The routing of a payment: one row per party, position 0 is the platform.
CREATE TABLE payment_parties (
  payment_id        text NOT NULL REFERENCES payments (id),
  position          integer NOT NULL,
  party_type        text NOT NULL CHECK (party_type IN ('platform', 'merchant', 'seller')),
  account_id        text NOT NULL,
  reference         text,
  amount_minor      bigint NOT NULL CHECK (amount_minor >= 0),
  fee_contribution  integer NOT NULL CHECK (fee_contribution BETWEEN 0 AND 100),
  fee_share         bigint,
  refundable_amount bigint NOT NULL CHECK (refundable_amount >= 0),
  PRIMARY KEY (payment_id, position)
);
