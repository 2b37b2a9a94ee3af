-- The dashboard's search (issue 32). The buyer's e-mail and names are sealed: a payment keeps keyed
-- digests of them (src/payments/buyer-digests.ts) to be found by, never opened to search. A
-- reference is searched by its prefix, a card by its last four.
ALTER TABLE payments ADD COLUMN buyer_digests text[] NOT NULL DEFAULT '{}';
CREATE INDEX payments_buyer_digests ON payments USING gin (buyer_digests);
CREATE INDEX payments_reference_prefix ON payments (platform_id, environment, reference text_pattern_ops);
CREATE INDEX payments_card_last4 ON payments (platform_id, environment, card_last4) WHERE card_last4 IS NOT NULL;
