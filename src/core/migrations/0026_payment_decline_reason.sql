-- Why a declined payment was declined (the acquirer's reason, or the fee rule of the page), for the
-- dashboard's chart of how payments failed; null for every other status.
ALTER TABLE payments ADD COLUMN decline_reason text;
