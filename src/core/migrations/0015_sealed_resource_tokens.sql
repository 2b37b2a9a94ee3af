-- A payment's resource token is found and checked by its digest; the token itself is kept sealed
-- (src/core/encryption.ts), only to show the page's link again.
ALTER TABLE payments ADD COLUMN resource_token_hash text;
UPDATE payments SET resource_token_hash = encode(sha256(convert_to(resource_token, 'UTF8')), 'hex');
ALTER TABLE payments ALTER COLUMN resource_token_hash SET NOT NULL;
ALTER TABLE payments DROP CONSTRAINT payments_resource_token_key;
CREATE UNIQUE INDEX payments_resource_token_hash ON payments (resource_token_hash);
