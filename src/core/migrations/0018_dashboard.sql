-- The dashboard's people: each belongs to one platform and signs in with email and password.
-- Until the password is set, the user has a one-time setup link (its token kept as a SHA-256 digest).
CREATE TABLE dashboard_users (
  id text PRIMARY KEY,
  platform_id text NOT NULL REFERENCES platforms (id),
  email text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('admin', 'developer', 'viewer')),
  password_hash text,
  setup_token_digest text UNIQUE,
  setup_expires_at timestamptz,
  created_at timestamptz NOT NULL
);

-- A signed-in browser: the cookie's SHA-256 digest, its CSRF token and the environment it looks at.
-- Deleting the row signs the browser out at its next request.
CREATE TABLE dashboard_sessions (
  digest text PRIMARY KEY,
  user_id text NOT NULL REFERENCES dashboard_users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('live', 'sandbox')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id);

-- Every sign-in attempt (the audit trail), also what the per-address and per-email limits count.
CREATE TABLE dashboard_sign_ins (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  address text NOT NULL,
  user_id text,
  succeeded boolean NOT NULL,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX dashboard_sign_ins_email ON dashboard_sign_ins (email, attempted_at);
CREATE INDEX dashboard_sign_ins_address ON dashboard_sign_ins (address, attempted_at);
