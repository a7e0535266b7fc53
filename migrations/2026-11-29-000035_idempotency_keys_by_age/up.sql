-- Idempotency keys are now kept 35 days (ports::idempotency::KEY_KEPT_FOR_DAYS), longer than the
-- web app's offline queue keeps a change, instead of 24 hours. Each claim deletes its user's keys
-- past that age: with this index it reads only those (none, mostly), not every key the user has
-- (a month of keys, each on its own page).
CREATE INDEX idempotency_keys_age_idx ON idempotency_keys (user_id, created_at);
