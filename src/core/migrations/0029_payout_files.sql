-- Payouts by SEPA credit-transfer file (PAYOUT_RAIL sepa_file, src/processor/sepa-file): each
-- cut-off's payouts are claimed into one pain.001 file in the cut-off's transaction; the file's XML
-- (IBANs and names: sealed at rest) is written after, so a crash in between writes the same file again.
CREATE TABLE payout_files (
  id            text PRIMARY KEY,            -- the pain.001 message id (MsgId), unique for ever
  environment   text NOT NULL CHECK (environment IN ('live', 'sandbox')),
  created_at    timestamptz NOT NULL,
  payout_count  integer NOT NULL,
  control_sum_minor bigint NOT NULL,
  currency      text NOT NULL,
  content       text,                        -- sealed XML once written
  written_at    timestamptz
);
CREATE INDEX payout_files_page ON payout_files (created_at DESC, id DESC);
-- Each payout in the file that pays it (a payout is in one file at most: its id is the key), with
-- what the file says of it: the creditor as the account's payout account read at the cut-off.
CREATE TABLE payout_file_items (
  payout_id     text PRIMARY KEY REFERENCES payouts (id),
  file_id       text NOT NULL REFERENCES payout_files (id),
  amount_minor  bigint NOT NULL,
  currency      text NOT NULL,
  creditor_name text NOT NULL,
  creditor_iban text NOT NULL,
  remittance    text NOT NULL
);
CREATE INDEX payout_file_items_file ON payout_file_items (file_id);

-- A payout account the bank refused (a return: AC04 closed, AC01 wrong IBAN…): the reason code,
-- until the account is changed; its transfers wait meanwhile.
ALTER TABLE applications ADD COLUMN payout_account_refused text;

-- The platform's own payout account (its share of the payments), per environment; IBAN and name sealed.
CREATE TABLE platform_payout_accounts (
  platform_id   text NOT NULL REFERENCES platforms (id),
  environment   text NOT NULL CHECK (environment IN ('live', 'sandbox')),
  iban          text NOT NULL,
  owner_name    text NOT NULL,
  currency      text NOT NULL,
  refused       text,
  updated_at    timestamptz NOT NULL,
  PRIMARY KEY (platform_id, environment)
);

-- camt.053 statements imported: the same statement (its content, or its id on the account) once.
CREATE TABLE bank_statements (
  id            text PRIMARY KEY,
  digest        text NOT NULL UNIQUE,        -- SHA-256 of the file
  statement_key text NOT NULL UNIQUE,        -- the account's IBAN digest and the message id
  source        text NOT NULL,               -- api, cli or directory
  imported_at   timestamptz NOT NULL,
  entries       integer NOT NULL,
  outcomes      integer NOT NULL,
  exceptions    integer NOT NULL
);

-- Each booked entry applied once, whatever statement carries it again.
CREATE TABLE bank_statement_entries (
  entry_key     text PRIMARY KEY,
  statement_id  text NOT NULL REFERENCES bank_statements (id),
  payout_id     text,
  outcome       text NOT NULL CHECK (outcome IN ('paid', 'returned', 'exception'))
);

-- Entries that matched nothing, or not the payout's amount: kept for the operator, never guessed.
CREATE TABLE bank_statement_exceptions (
  id            text PRIMARY KEY,
  statement_id  text NOT NULL REFERENCES bank_statements (id),
  entry_key     text NOT NULL,
  reason        text NOT NULL,
  end_to_end_id text,                        -- the EndToEndId the entry names, if any
  amount_minor  bigint NOT NULL,
  currency      text NOT NULL,
  credit_debit  text NOT NULL,
  booking_date  text,
  details       jsonb NOT NULL,              -- the entry as read (sealed: it names accounts)
  created_at    timestamptz NOT NULL
);
CREATE INDEX bank_statement_exceptions_page ON bank_statement_exceptions (created_at DESC, id DESC);
