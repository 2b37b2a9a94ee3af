-- Each claim of webhook deliveries leases them with a token of its own, so that a worker whose
-- claim failed without an answer (the commit may have reached the server, or a promoted standby)
-- can give back exactly what that claim leased, instead of leaving it to the lease to run out.
ALTER TABLE webhook_deliveries ADD COLUMN lease_token uuid;
