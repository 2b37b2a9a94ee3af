-- Work that comes due on the clock (SEPA settlement now; payouts, refunds and compliance later).
CREATE TABLE scheduled_jobs (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind       text NOT NULL,
  subject_id text NOT NULL,
  due_at     timestamptz NOT NULL,
  state      text NOT NULL CHECK (state IN ('pending', 'done')),
  created_at timestamptz NOT NULL,
  done_at    timestamptz
);
CREATE INDEX scheduled_jobs_due ON scheduled_jobs (due_at) WHERE state = 'pending';

ALTER TABLE payments ADD COLUMN verified_iban text;
ALTER TABLE payments ADD COLUMN account_holder text;
ALTER TABLE payments ADD COLUMN account_type text CHECK (account_type IN ('consumer', 'business'));
ALTER TABLE payments ADD COLUMN mandate jsonb;

-- The simulated bank's account-verification reports (the account-information service's side).
CREATE TABLE simulator_bank_reports (
  id             text PRIMARY KEY,
  payment_id     text NOT NULL REFERENCES payments (id),
  iban           text NOT NULL,
  account_holder text NOT NULL,
  account_type   text NOT NULL CHECK (account_type IN ('consumer', 'business')),
  created_at     timestamptz NOT NULL
);
