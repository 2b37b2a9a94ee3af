-- The simulator's 3-D Secure challenges and bank sessions know whose environment they serve, so
-- that their pages show the sandbox's test-mode banner and test data, and never do in live.
-- Rows written before are taken for live: no banner rather than a wrong one.
ALTER TABLE simulator_3ds_challenges ADD COLUMN environment text NOT NULL DEFAULT 'live';
ALTER TABLE simulator_bank_sessions ADD COLUMN environment text NOT NULL DEFAULT 'live';
