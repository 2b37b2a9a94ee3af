-- An authorization (a card charge, a SEPA collection) is recorded with the reference the processor
-- knows it by and committed before the processor is asked; a second transaction records the
-- outcome while the attempt is still open, or the recovery job asks the processor again with the
-- same reference. While one is open (authorization_reference set) no other step runs on the payment.
ALTER TABLE payments ADD COLUMN authorization_reference text UNIQUE;
ALTER TABLE payments ADD COLUMN authorization_started_at timestamptz;
-- What the attempt asks the processor for (the card or the mandate), to record its outcome whoever does.
ALTER TABLE payments ADD COLUMN authorization_request jsonb;
-- Where the buyer verifies the bank account: a page of the account-information service, as it answered.
ALTER TABLE payments ADD COLUMN account_verification_url text;

-- The simulator is an outside party: its records are its own, tied to no table of the product.
ALTER TABLE simulator_bank_reports DROP CONSTRAINT simulator_bank_reports_payment_id_fkey;
ALTER TABLE simulator_bank_reports ALTER COLUMN created_at SET DEFAULT now();

-- The simulated acquirer's authorizations, one per reference however often asked (requests counts the asks).
CREATE TABLE simulator_card_authorizations (
  reference        text PRIMARY KEY,
  card             text NOT NULL,
  amount_minor     bigint NOT NULL,
  currency         text NOT NULL,
  outcome          text NOT NULL CHECK (outcome IN ('approved', 'declined', 'challenge')),
  decline_reason   text,
  authorization_id text,
  challenge_id     text,
  requests         integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- The simulated 3-D Secure server's challenges: what it shows the buyer and whom it calls back.
CREATE TABLE simulator_3ds_challenges (
  id           text PRIMARY KEY,
  amount_minor bigint NOT NULL,
  currency     text NOT NULL,
  last4        text NOT NULL,
  language     text,
  callback_url text NOT NULL,
  payment_id   text NOT NULL,
  svc_token    text NOT NULL,
  return_url   text NOT NULL,
  state        text NOT NULL CHECK (state IN ('pending', 'answered')),
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- The simulated account-information service's sessions: one per verification reference.
CREATE TABLE simulator_bank_sessions (
  token        text PRIMARY KEY,
  reference    text NOT NULL UNIQUE,
  language     text,
  callback_url text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- The simulated bank's collections, one per reference.
CREATE TABLE simulator_debit_collections (
  reference     text PRIMARY KEY,
  collection_id text NOT NULL,
  requests      integer NOT NULL DEFAULT 1,
  created_at    timestamptz NOT NULL DEFAULT now()
);
