ALTER TABLE payments ADD COLUMN initial_payment_id text REFERENCES payments (id);
ALTER TABLE payments DROP CONSTRAINT payments_cit_mode_check;
ALTER TABLE payments ADD CONSTRAINT payments_cit_mode_check CHECK (cit_mode IN ('one_off', 'initial', 'merchant_initiated'));
