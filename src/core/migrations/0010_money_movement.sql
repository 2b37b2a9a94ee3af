-- The environment clock: live runs on real time; sandbox on real time plus the advances made.
CREATE TABLE environment_clocks (
  environment text PRIMARY KEY CHECK (environment IN ('live', 'sandbox')),
  offset_ms   bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0 AND (environment = 'sandbox' OR offset_ms = 0))
);
INSERT INTO environment_clocks (environment) VALUES ('live'), ('sandbox');

-- Jobs fall due on their environment's clock.
ALTER TABLE scheduled_jobs ADD COLUMN environment text;
UPDATE scheduled_jobs SET environment = COALESCE(
  (SELECT environment FROM payments WHERE payments.id = scheduled_jobs.subject_id),
  (SELECT environment FROM applications WHERE applications.id = scheduled_jobs.subject_id),
  'live');
ALTER TABLE scheduled_jobs ALTER COLUMN environment SET NOT NULL;
ALTER TABLE scheduled_jobs ADD CONSTRAINT scheduled_jobs_environment_check CHECK (environment IN ('live', 'sandbox'));
-- One pending job per kind and subject: the recurring payout cut-off is scheduled once however many processes start.
CREATE UNIQUE INDEX scheduled_jobs_one_pending ON scheduled_jobs (kind, subject_id) WHERE state = 'pending';

-- A refund takes from each party at most what remains refundable.
ALTER TABLE payment_parties ADD CONSTRAINT payment_parties_refundable_check CHECK (refundable_amount >= 0 AND refundable_amount <= amount_minor);

-- Payouts: one per account and currency at a cut-off, grouping the account's due transfers.
CREATE TABLE payouts (
  id           text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  environment  text NOT NULL,
  platform_id  text NOT NULL REFERENCES platforms (id),
  account_id   text NOT NULL,
  currency     text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  status       text NOT NULL CHECK (status IN ('in_transit', 'paid')),
  created_at   timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX payouts_account ON payouts (platform_id, environment, account_id, created_at);

-- A transfer moves until its payout starts (a refund before that reduces it); afterwards what a
-- refund takes back is received from the creditor, at most what was paid out.
ALTER TABLE transfers ADD COLUMN payout_id text REFERENCES payouts (id);
ALTER TABLE transfers ADD COLUMN returned_minor bigint NOT NULL DEFAULT 0;
ALTER TABLE transfers ADD CONSTRAINT transfers_returned_check CHECK (returned_minor >= 0 AND returned_minor <= amount_minor);
CREATE INDEX transfers_due ON transfers (environment, platform_id, account_id, currency) WHERE payout_id IS NULL;
CREATE INDEX transfers_payout ON transfers (payout_id);

CREATE TABLE refunds (
  id           text PRIMARY KEY,
  environment  text NOT NULL,
  platform_id  text NOT NULL REFERENCES platforms (id),
  payment_id   text NOT NULL REFERENCES payments (id),
  origin       text NOT NULL CHECK (origin IN ('platform', 'buyer')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency     text NOT NULL,
  description  text,
  reference    text,
  webhook_url  text,
  status       text NOT NULL CHECK (status IN ('initiated', 'completed')),
  created_at   timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX refunds_page ON refunds (platform_id, environment, created_at DESC, id DESC);
CREATE INDEX refunds_payment ON refunds (payment_id, created_at DESC, id DESC);

-- What a refund takes from each party: the amount, the share of the processing fee returned with
-- it, and whether it came back from the creditor (the party's payout had started).
CREATE TABLE refund_parts (
  refund_id      text NOT NULL REFERENCES refunds (id),
  position       integer NOT NULL,
  account_id     text NOT NULL,
  amount_minor   bigint NOT NULL CHECK (amount_minor > 0),
  fee_returned   bigint NOT NULL CHECK (fee_returned >= 0 AND fee_returned <= amount_minor),
  from_creditor  boolean NOT NULL,
  PRIMARY KEY (refund_id, position)
);

-- The double-entry ledger: an entry is one movement; its lines add up to zero per currency.
CREATE TABLE ledger_entries (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  environment text NOT NULL,
  platform_id text NOT NULL REFERENCES platforms (id),
  kind        text NOT NULL CHECK (kind IN ('capture', 'fee', 'transfer', 'payout', 'refund', 'fee_return', 'transfer_reversal', 'return_from_creditor')),
  currency    text NOT NULL,
  payment_id  text,
  refund_id   text,
  payout_id   text,
  transfer_id text,
  created_at  timestamptz NOT NULL
);
CREATE INDEX ledger_entries_payment ON ledger_entries (payment_id);

CREATE TABLE ledger_lines (
  entry_id     bigint NOT NULL REFERENCES ledger_entries (id),
  environment  text NOT NULL,
  platform_id  text NOT NULL,
  currency     text NOT NULL,
  account      text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0)
);
CREATE INDEX ledger_lines_entry ON ledger_lines (entry_id);
CREATE INDEX ledger_lines_account ON ledger_lines (platform_id, environment, account, currency);

-- Checked at commit, so an entry's lines may be written one by one: an unbalanced entry rolls the transaction back.
CREATE FUNCTION ledger_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF (SELECT sum(amount_minor) FROM ledger_lines WHERE entry_id = NEW.entry_id) <> 0 THEN RAISE EXCEPTION 'ledger entry % does not balance', NEW.entry_id; END IF; RETURN NULL; END $$;
CREATE CONSTRAINT TRIGGER ledger_lines_balance AFTER INSERT ON ledger_lines DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balances();
