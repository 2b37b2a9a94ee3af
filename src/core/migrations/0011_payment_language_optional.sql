-- A payment created without a language shows its page in the buyer's browser language.
ALTER TABLE payments ALTER COLUMN language DROP NOT NULL;
