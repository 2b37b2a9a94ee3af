-- A key whose request committed its change but not yet its outcome (a merchant-initiated charge
-- waiting for the processor) names the object whose outcome answers it: whoever records that
-- outcome (the request, or the job that settles the attempt after a crash) keeps the answer.
ALTER TABLE idempotency_keys ADD COLUMN awaits text;
CREATE INDEX idempotency_keys_awaiting ON idempotency_keys (awaits) WHERE state = 'in_flight' AND awaits IS NOT NULL;
