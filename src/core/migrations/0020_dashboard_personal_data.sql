-- Dashboard users' e-mails and the sign-in audit's e-mails and addresses are kept sealed
-- (src/core/encryption.ts). A keyed digest (HMAC-SHA256 under a server secret) finds a user by
-- e-mail and counts the attempts per e-mail and per address; the digests of existing rows are
-- written at the first start of this version (DashboardUsers.open), which has the key.
-- An e-mail is unique per platform: one platform's admin is not told that another platform has it.
ALTER TABLE dashboard_users DROP CONSTRAINT dashboard_users_email_key;
ALTER TABLE dashboard_users ADD COLUMN email_digest text;
CREATE UNIQUE INDEX dashboard_users_platform_email ON dashboard_users (platform_id, email_digest);
CREATE INDEX dashboard_users_email_digest ON dashboard_users (email_digest);

-- An attempt is reserved (succeeded NULL) before its password is checked, and counts as failed until it is decided.
ALTER TABLE dashboard_sign_ins ALTER COLUMN succeeded DROP NOT NULL;
ALTER TABLE dashboard_sign_ins ADD COLUMN email_digest text;
ALTER TABLE dashboard_sign_ins ADD COLUMN address_digest text;
DROP INDEX dashboard_sign_ins_email;
DROP INDEX dashboard_sign_ins_address;
CREATE INDEX dashboard_sign_ins_email_digest ON dashboard_sign_ins (email_digest, attempted_at);
CREATE INDEX dashboard_sign_ins_address_digest ON dashboard_sign_ins (address_digest, attempted_at);
