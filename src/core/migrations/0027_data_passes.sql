-- One-time passes over data an earlier version wrote (for example digesting the buyers of payments
-- made before the dashboard's search): a pass is recorded once done, so the next start skips it.
CREATE TABLE data_passes (
  name    text PRIMARY KEY,
  done_at timestamptz NOT NULL
);
