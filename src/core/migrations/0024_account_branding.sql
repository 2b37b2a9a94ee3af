-- Branding an account sets for its pages (issue 32): the name shown, its colours, its logo (a
-- company_logo document) and, for the payment page, whose brand leads. A null column inherits: a
-- platform's from its platforms row, a merchant's colours from its platform, its name from its business.
CREATE TABLE account_branding (
  environment      text NOT NULL,
  account_id       text NOT NULL,
  platform_id      text NOT NULL REFERENCES platforms (id),
  name             text,
  primary_color    text,
  secondary_color  text,
  format           text CHECK (format IN ('merchant_primary', 'platform_primary')),
  logo_document_id text,
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (environment, account_id),
  FOREIGN KEY (environment, account_id) REFERENCES accounts (environment, id)
);
CREATE INDEX account_branding_logo ON account_branding (logo_document_id) WHERE logo_document_id IS NOT NULL;
