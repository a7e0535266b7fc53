DROP INDEX idempotency_keys_age_idx;
