-- Merchant onboarding: an application per merchant account, filled in by the applicant on the
-- hosted onboarding steps. Each step's answer is kept in its own column; null means not done yet.
CREATE TABLE applications (
  id                        text PRIMARY KEY,
  environment               text NOT NULL,
  platform_id               text NOT NULL REFERENCES platforms (id),
  merchant_id               text NOT NULL,
  reference                 text,
  status                    text NOT NULL CHECK (status IN ('initiated', 'in_progress', 'submitted')),
  language                  text NOT NULL,
  currencies                text[] NOT NULL,
  redirect_url              text,
  webhook_url               text,
  applicant                 jsonb NOT NULL,
  applicant_details         jsonb,
  business_prefill          jsonb,
  business_type             jsonb,
  business_profile          jsonb,
  payout_account            jsonb,
  applicant_confirmed_at    timestamptz,
  representatives_confirmed_at timestamptz,
  started_at                timestamptz,
  submitted_at              timestamptz,
  created_at                timestamptz NOT NULL,
  updated_at                timestamptz NOT NULL,
  FOREIGN KEY (environment, merchant_id) REFERENCES accounts (environment, id)
);
CREATE INDEX applications_page ON applications (platform_id, environment, created_at DESC, id DESC);

-- Onboarding tokens: only a SHA-256 digest is kept; one live token per application.
CREATE TABLE onboarding_tokens (
  token_hash     text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (id),
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  revoked_at     timestamptz
);
CREATE INDEX onboarding_tokens_application ON onboarding_tokens (application_id) WHERE revoked_at IS NULL;

CREATE TABLE representatives (
  id             text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (id),
  status         text NOT NULL,
  details        jsonb NOT NULL,
  created_at     timestamptz NOT NULL
);
CREATE INDEX representatives_application ON representatives (application_id, created_at, id);
