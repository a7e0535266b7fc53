ALTER TABLE idempotency_keys DROP COLUMN applied_at, DROP COLUMN claimed_at, DROP COLUMN claim;
