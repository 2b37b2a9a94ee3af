-- The bearer tokens of the 3-D Secure and bank-verification flows are found by their SHA-256
-- digest; where one must be shown again (the bank page's address), it is also kept sealed
-- (src/core/encryption.ts).
ALTER TABLE three_ds_challenges RENAME COLUMN svc_token TO svc_token_hash;
UPDATE three_ds_challenges SET svc_token_hash = encode(sha256(convert_to(svc_token_hash, 'UTF8')), 'hex');
UPDATE simulator_3ds_challenges SET id = encode(sha256(convert_to(id, 'UTF8')), 'hex');
ALTER TABLE simulator_bank_sessions RENAME COLUMN token TO token_hash;
ALTER TABLE simulator_bank_sessions ADD COLUMN token text;
UPDATE simulator_bank_sessions SET token = token_hash, token_hash = encode(sha256(convert_to(token_hash, 'UTF8')), 'hex');
ALTER TABLE simulator_bank_sessions ALTER COLUMN token SET NOT NULL;
