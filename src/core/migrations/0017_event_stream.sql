-- The event stream's order: the transaction that wrote each event. The stream reads only events
-- written by transactions older than every one still running, so a position in that order never
-- gains an event later: resuming after an event misses nothing and repeats nothing.
ALTER TABLE events ADD COLUMN tx_id xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX events_stream ON events (platform_id, environment, tx_id, id);
