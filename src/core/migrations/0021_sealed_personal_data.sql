-- Personal data is sealed at rest (src/core/encryption.ts): the first start with a key seals what
-- the newly sealed columns hold. A merchant's account is named after its applicant or its sole
-- trader, a person: its name gets a column name no other table has, so that only it is opened.
ALTER TABLE accounts RENAME COLUMN name TO display_name;
