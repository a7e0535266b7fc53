-- The answers to writes sent with an Idempotency-Key header: a retried write (a double tap, an
-- offline queue sending again) gets the first answer instead of being done twice. A row without
-- a status is a request still being handled. Rows are kept for 24 hours.
CREATE TABLE idempotency_keys (
    user_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key         text        NOT NULL,
    -- SHA-256 of the method, path, query and body: the same key with another request is refused.
    fingerprint text        NOT NULL,
    status      integer,
    body        bytea,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
);
