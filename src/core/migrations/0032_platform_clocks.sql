-- Each platform has its own sandbox clock (decisions section 10): real time plus the advances that
-- platform made. A platform without a row runs on real time; live always does. The platforms of the
-- deployment keep the time the shared sandbox clock had reached.
CREATE TABLE platform_clocks (
  platform_id text PRIMARY KEY REFERENCES platforms (id),
  offset_ms   bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0)
);
INSERT INTO platform_clocks (platform_id, offset_ms)
SELECT p.id, c.offset_ms FROM platforms p JOIN environment_clocks c ON c.environment = 'sandbox' WHERE c.offset_ms > 0;

-- How far a clock is ahead of real time. Read FOR SHARE: an advance (which updates the row) waits
-- for the transactions scheduling work on that clock, and they for it, so nothing scheduled while
-- a clock moves is left on its former time.
-- (Each function on one line: the migrations are split into statements at the semicolons ending a line.)
CREATE FUNCTION clock_offset(clock_environment text, clock_platform_id text) RETURNS interval LANGUAGE plpgsql AS $$ DECLARE found_ms bigint; BEGIN IF clock_environment <> 'sandbox' OR clock_platform_id IS NULL THEN RETURN interval '0'; END IF; SELECT c.offset_ms INTO found_ms FROM platform_clocks c WHERE c.platform_id = clock_platform_id FOR SHARE; RETURN COALESCE(found_ms, 0) * interval '1 millisecond'; END $$;

-- Jobs and webhook deliveries keep their due time on their platform's clock (due_at,
-- next_attempt_at: what handlers and pages read) and, kept by a trigger, the same moment in real
-- time (real_due_at): one index on it finds everything due on every clock; an advance sets the
-- real_due_at of its platform's pending rows again from their due time and the new offset.
ALTER TABLE scheduled_jobs ADD COLUMN platform_id text, ADD COLUMN real_due_at timestamptz;
UPDATE scheduled_jobs j SET platform_id = COALESCE(
  (SELECT platform_id FROM payments WHERE id = j.subject_id),
  (SELECT platform_id FROM refunds WHERE id = j.subject_id),
  (SELECT platform_id FROM payouts WHERE id = j.subject_id),
  (SELECT platform_id FROM applications WHERE id = j.subject_id),
  (SELECT COALESCE(p.platform_id, r.platform_id, o.platform_id) FROM simulator_movements m
     LEFT JOIN payments p ON p.id = m.reference LEFT JOIN refunds r ON r.id = m.reference LEFT JOIN payouts o ON o.id = m.reference
     WHERE m.processor_reference = j.subject_id))
WHERE j.state = 'pending' AND j.environment = 'sandbox';
UPDATE scheduled_jobs SET real_due_at = due_at - CASE WHEN environment = 'sandbox' THEN (SELECT offset_ms FROM environment_clocks WHERE environment = 'sandbox') ELSE 0 END * interval '1 millisecond';
ALTER TABLE scheduled_jobs ALTER COLUMN real_due_at SET NOT NULL;
DROP INDEX scheduled_jobs_due;
CREATE INDEX scheduled_jobs_due ON scheduled_jobs (real_due_at, id) WHERE state = 'pending';
-- A sandbox platform's pending jobs in the order they run: what an advance moves, and a lease's followers.
CREATE INDEX scheduled_jobs_platform_pending ON scheduled_jobs (platform_id, real_due_at, id) WHERE state = 'pending' AND environment = 'sandbox';

CREATE FUNCTION scheduled_job_real_due_at() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.real_due_at := NEW.due_at - clock_offset(NEW.environment, NEW.platform_id); RETURN NEW; END $$;
CREATE TRIGGER scheduled_jobs_real_due_at BEFORE INSERT OR UPDATE OF due_at, platform_id ON scheduled_jobs
  FOR EACH ROW EXECUTE FUNCTION scheduled_job_real_due_at();

ALTER TABLE webhook_deliveries ADD COLUMN environment text, ADD COLUMN platform_id text, ADD COLUMN real_due_at timestamptz;
UPDATE webhook_deliveries d SET environment = e.environment, platform_id = e.platform_id FROM events e WHERE e.id = d.event_id;
UPDATE webhook_deliveries SET real_due_at = next_attempt_at - CASE WHEN environment = 'sandbox' THEN (SELECT offset_ms FROM environment_clocks WHERE environment = 'sandbox') ELSE 0 END * interval '1 millisecond';
ALTER TABLE webhook_deliveries ALTER COLUMN environment SET NOT NULL, ALTER COLUMN platform_id SET NOT NULL;
DROP INDEX webhook_deliveries_due;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (real_due_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_platform_pending ON webhook_deliveries (platform_id) WHERE state = 'pending' AND environment = 'sandbox';

CREATE FUNCTION webhook_delivery_real_due_at() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.real_due_at := NEW.next_attempt_at - clock_offset(NEW.environment, NEW.platform_id); RETURN NEW; END $$;
CREATE TRIGGER webhook_deliveries_real_due_at BEFORE INSERT OR UPDATE OF next_attempt_at ON webhook_deliveries
  FOR EACH ROW EXECUTE FUNCTION webhook_delivery_real_due_at();

DROP TABLE environment_clocks;

-- Webhook faults on demand (sandbox, per platform; off while no row or every ratio is 0): some
-- deliveries sent twice, some held back within a window (so they arrive out of order), some late.
CREATE TABLE webhook_faults (
  platform_id            text PRIMARY KEY REFERENCES platforms (id),
  duplicate_ratio        real NOT NULL DEFAULT 0 CHECK (duplicate_ratio BETWEEN 0 AND 1),
  reorder_ratio          real NOT NULL DEFAULT 0 CHECK (reorder_ratio BETWEEN 0 AND 1),
  reorder_window_seconds integer NOT NULL DEFAULT 0 CHECK (reorder_window_seconds >= 0),
  delay_ratio            real NOT NULL DEFAULT 0 CHECK (delay_ratio BETWEEN 0 AND 1),
  delay_seconds          integer NOT NULL DEFAULT 0 CHECK (delay_seconds >= 0),
  updated_at             timestamptz NOT NULL
);
-- An attempt the sandbox made on purpose (a duplicate), or a delivery it held back (reordered, delayed).
ALTER TABLE webhook_attempts ADD COLUMN injected text CHECK (injected IN ('duplicate', 'reordered', 'delayed'));
ALTER TABLE webhook_deliveries ADD COLUMN injected text CHECK (injected IN ('duplicate', 'reordered', 'delayed'));
