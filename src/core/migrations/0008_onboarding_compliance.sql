-- Compliance after submit: the simulator's decision moves a submitted application to succeeded or
-- action_required (the specification does not show the statuses after submitted; these are ours).
ALTER TABLE applications DROP CONSTRAINT applications_status_check;
ALTER TABLE applications ADD CONSTRAINT applications_status_check
  CHECK (status IN ('initiated', 'in_progress', 'submitted', 'succeeded', 'action_required'));
ALTER TABLE applications ADD COLUMN decided_at timestamptz;
CREATE INDEX applications_merchant ON applications (environment, merchant_id);

-- Documents the applicant uploads on the hosted onboarding steps: identity documents (with a side)
-- and application documents. The bytes live in the blob store, like the platform's documents.
CREATE TABLE application_documents (
  id             text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (id),
  type           text NOT NULL,
  side           text CHECK (side IN ('front', 'back')),
  filename       text NOT NULL,
  content_type   text NOT NULL,
  size           bigint NOT NULL,
  sha256         text NOT NULL,
  blob_key       text NOT NULL,
  created_at     timestamptz NOT NULL
);
CREATE INDEX application_documents_application ON application_documents (application_id, created_at, id);
