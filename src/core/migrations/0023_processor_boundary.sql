-- The processor boundary (src/processor/boundary.ts): the partner that took each payment, and the
-- partner's own reference (and opaque data) of each authorization, collection, refund and payout,
-- used for every later call about it.
ALTER TABLE payments ADD COLUMN processor text;
ALTER TABLE payments ADD COLUMN processor_reference text;
CREATE INDEX payments_processor_reference ON payments (processor_reference) WHERE processor_reference IS NOT NULL;
ALTER TABLE refunds ADD COLUMN processor_reference text;
ALTER TABLE refunds ADD COLUMN failure_reason text;
CREATE INDEX refunds_processor_reference ON refunds (processor_reference) WHERE processor_reference IS NOT NULL;
ALTER TABLE payouts ADD COLUMN processor_reference text;
ALTER TABLE payouts ADD COLUMN failure_reason text;
CREATE INDEX payouts_processor_reference ON payouts (processor_reference) WHERE processor_reference IS NOT NULL;

-- Refunds and payouts end as the partner reports: a refund or a payout may fail.
ALTER TABLE refunds DROP CONSTRAINT refunds_status_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('initiated', 'completed', 'failed'));
ALTER TABLE payouts DROP CONSTRAINT payouts_status_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_status_check CHECK (status IN ('in_transit', 'paid', 'failed'));
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
  CHECK (kind IN ('capture', 'fee', 'transfer', 'payout', 'refund', 'fee_return', 'transfer_reversal', 'return_from_creditor', 'refund_failed', 'payout_failed'));

-- Our card vault: the card typed on the page, sealed, until an authorization uses the token (the
-- details then go, sealed, with the open attempt's request, erased with it when its answer is
-- recorded), or for at most the token's 15 minutes. The partner's vault is not used.
ALTER TABLE card_tokens ADD COLUMN card_details jsonb;
-- (a token of the simulator's vault, from before, holds no details: it can no longer be used)
ALTER TABLE card_tokens DROP COLUMN processor_reference;
-- A challenged authorization is finished (complete) at the partner, by its reference and data.
ALTER TABLE three_ds_challenges ADD COLUMN processor_data jsonb;

-- The processors' notifications, stored before they are acknowledged and applied once each by the
-- job runner: the partner's own event key makes the same notification twice one row.
CREATE TABLE processor_notifications (
  id           text PRIMARY KEY,
  processor    text NOT NULL,
  event_key    text NOT NULL,
  notification jsonb NOT NULL,
  received_at  timestamptz NOT NULL,
  applied_at   timestamptz,
  -- applied; unknown (no object of ours has its references); final (the object had ended already)
  result       text CHECK (result IN ('applied', 'unknown', 'final')),
  UNIQUE (processor, event_key)
);

-- The simulator's own records: what its 3-D Secure server's challenges are for, the answer and
-- the credential it keeps per authorization, and the money it moves later (its notifications).
ALTER TABLE simulator_3ds_challenges ADD COLUMN reference text;
ALTER TABLE simulator_card_authorizations ADD COLUMN challenge_result text CHECK (challenge_result IN ('passed', 'failed'));
ALTER TABLE simulator_card_authorizations ADD COLUMN stored_credential text;
CREATE INDEX simulator_card_authorizations_authorization_id ON simulator_card_authorizations (authorization_id);
CREATE TABLE simulator_movements (
  reference           text PRIMARY KEY,
  processor_reference text NOT NULL UNIQUE,
  environment         text NOT NULL CHECK (environment IN ('live', 'sandbox')),
  kind                text NOT NULL CHECK (kind IN ('collection', 'refund', 'payout')),
  outcome             text NOT NULL CHECK (outcome IN ('succeeded', 'failed')),
  reason              text,
  created_at          timestamptz NOT NULL DEFAULT now()
);
DROP TABLE simulator_debit_collections;

-- What was taken before the boundary was taken by the simulator: later calls (refunds) go to it,
-- by a reference of its own.
UPDATE payments SET processor = 'simulator', processor_reference = 'sim_legacy_' || id
WHERE processor IS NULL AND status IN ('authorized', 'captured', 'completed');
-- Work that ended by the product's own timers (SEPA settlement, refund and payout arrival) now
-- ends by the simulator's notification, due when the timer was.
INSERT INTO simulator_movements (reference, processor_reference, environment, kind, outcome)
SELECT 'legacy:' || p.id, p.processor_reference, j.environment, 'collection', 'succeeded'
FROM scheduled_jobs j JOIN payments p ON p.id = j.subject_id WHERE j.kind = 'sepa_settlement' AND j.state = 'pending';
UPDATE scheduled_jobs j SET kind = 'simulator.notification', subject_id = p.processor_reference
FROM payments p WHERE j.kind = 'sepa_settlement' AND j.state = 'pending' AND p.id = j.subject_id;
INSERT INTO simulator_movements (reference, processor_reference, environment, kind, outcome)
SELECT subject_id, 'sim_rf_legacy_' || subject_id, environment, 'refund', 'succeeded' FROM scheduled_jobs WHERE kind = 'refunds.arrival' AND state = 'pending';
UPDATE refunds r SET processor_reference = 'sim_rf_legacy_' || r.id
FROM scheduled_jobs j WHERE j.kind = 'refunds.arrival' AND j.state = 'pending' AND j.subject_id = r.id;
INSERT INTO simulator_movements (reference, processor_reference, environment, kind, outcome)
SELECT subject_id, 'sim_po_legacy_' || subject_id, environment, 'payout', 'succeeded' FROM scheduled_jobs WHERE kind = 'payouts.arrival' AND state = 'pending';
UPDATE payouts p SET processor_reference = 'sim_po_legacy_' || p.id
FROM scheduled_jobs j WHERE j.kind = 'payouts.arrival' AND j.state = 'pending' AND j.subject_id = p.id;
UPDATE scheduled_jobs SET kind = 'simulator.notification', subject_id = 'sim_rf_legacy_' || subject_id WHERE kind = 'refunds.arrival' AND state = 'pending';
UPDATE scheduled_jobs SET kind = 'simulator.notification', subject_id = 'sim_po_legacy_' || subject_id WHERE kind = 'payouts.arrival' AND state = 'pending';
