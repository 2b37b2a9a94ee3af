-- Tenancy: a platform is a tenant. Its platform account (acc_) exists in both environments.
CREATE TABLE platforms (
  id              text PRIMARY KEY,
  name            text NOT NULL,
  primary_color   text NOT NULL DEFAULT '#1a56db',
  secondary_color text NOT NULL DEFAULT '#f3f4f6',
  created_at      timestamptz NOT NULL
);

CREATE TABLE accounts (
  environment text NOT NULL,
  id          text NOT NULL,
  platform_id text NOT NULL REFERENCES platforms (id),
  type        text NOT NULL CHECK (type IN ('platform', 'merchant')),
  name        text NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (environment, id)
);
CREATE INDEX accounts_page ON accounts (platform_id, environment, created_at DESC, id DESC);

CREATE TABLE clients (
  id          text PRIMARY KEY,
  platform_id text NOT NULL REFERENCES platforms (id),
  environment text NOT NULL CHECK (environment IN ('live', 'sandbox')),
  secret_hash text NOT NULL,
  scopes      text[] NOT NULL,
  name        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);

CREATE TABLE signing_keys (
  kid         text PRIMARY KEY,
  alg         text NOT NULL,
  private_jwk jsonb NOT NULL,
  public_jwk  jsonb NOT NULL,
  created_at  timestamptz NOT NULL
);

-- Process-independent secrets (cursor signing), created once at first start.
CREATE TABLE server_secrets (
  name  text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE idempotency_keys (
  client_id        text NOT NULL,
  environment      text NOT NULL,
  route            text NOT NULL,
  key              text NOT NULL,
  request_hash     text NOT NULL,
  state            text NOT NULL CHECK (state IN ('in_flight', 'done')),
  response_status  integer,
  response_headers jsonb,
  response_body    text,
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  PRIMARY KEY (client_id, environment, route, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

CREATE TABLE documents (
  id           text PRIMARY KEY,
  environment  text NOT NULL,
  platform_id  text NOT NULL REFERENCES platforms (id),
  type         text NOT NULL,
  filename     text NOT NULL,
  content_type text NOT NULL,
  size         bigint NOT NULL,
  sha256       text NOT NULL,
  tags         jsonb NOT NULL DEFAULT '[]',
  blob_key     text NOT NULL,
  uploaded_at  timestamptz NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX documents_page ON documents (platform_id, environment, created_at DESC, id DESC);
