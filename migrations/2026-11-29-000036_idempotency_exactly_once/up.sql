-- Exactly once across crashes. `claim` names the request that holds the key (a retry that takes
-- a stale claim over writes its own); `claimed_at` is when it did (created_at stays the key's
-- first claim, from which it is kept 35 days); `applied_at` is set by the request's write in the
-- write's own transaction, which commits only while `claim` is still that request's. A key with
-- applied_at and no answer was saved by a request that died before answering: its retries are
-- told so instead of writing again.
ALTER TABLE idempotency_keys
    ADD COLUMN claim uuid,
    ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN applied_at timestamptz;
