-- A 3-D Secure challenge the buyer left for another authorization, or for another method, can no
-- longer be answered.
ALTER TABLE three_ds_challenges DROP CONSTRAINT three_ds_challenges_state_check;
ALTER TABLE three_ds_challenges ADD CONSTRAINT three_ds_challenges_state_check CHECK (state IN ('pending', 'answered', 'superseded'));

-- Each account verification result (a report, or a failure's tracking id) counts once: the same
-- callback again (a reload, the back button) changes nothing.
CREATE TABLE account_verification_results (
  payment_id text NOT NULL REFERENCES payments (id),
  result_id  text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (payment_id, result_id)
);
