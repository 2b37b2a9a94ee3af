-- A payment's status holds only the values of src/payments/states.ts, which every writer goes through.
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('initiated', 'started', 'authorized', 'captured', 'completed', 'declined', 'not_completed', 'authentication_failed', 'canceled'));
