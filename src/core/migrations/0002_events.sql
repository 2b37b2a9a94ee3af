-- Webhook signing secret per platform and environment; during rotation the previous one stays valid.
CREATE TABLE webhook_secrets (
  platform_id         text NOT NULL REFERENCES platforms (id),
  environment         text NOT NULL,
  secret              text NOT NULL,
  created_at          timestamptz NOT NULL,
  previous_secret     text,
  previous_expires_at timestamptz,
  PRIMARY KEY (platform_id, environment)
);

-- The transactional outbox: an event is written in the transaction of the change that causes it.
CREATE TABLE events (
  id          text PRIMARY KEY,
  environment text NOT NULL,
  platform_id text NOT NULL REFERENCES platforms (id),
  type        text NOT NULL,
  object_id   text,
  data        jsonb NOT NULL,
  occurred_at timestamptz NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX events_page ON events (platform_id, environment, created_at DESC, id DESC);
CREATE INDEX events_object ON events (platform_id, environment, object_id, created_at DESC, id DESC);
CREATE INDEX events_type ON events (platform_id, environment, type, created_at DESC, id DESC);

CREATE TABLE webhook_deliveries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id        text NOT NULL REFERENCES events (id),
  url             text NOT NULL,
  state           text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  attempt_count   integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  lease_until     timestamptz,
  created_at      timestamptz NOT NULL,
  completed_at    timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id  bigint NOT NULL REFERENCES webhook_deliveries (id),
  attempted_at timestamptz NOT NULL,
  status_code  integer,
  duration_ms  integer NOT NULL,
  error        text
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempted_at);
