-- Receipts: photos and PDFs attached to a transaction, their bytes in the blob store. A receipt
-- is the household's: its id leads every key and index, and it goes with the household and
-- with its transaction, however that is deleted (one at a time, a transfer, an import undone,
-- an account, a restore).
CREATE TABLE receipts (
    id             uuid PRIMARY KEY,
    household_id   uuid        NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    transaction_id uuid        NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
    -- The blob of the receipt as stored (a re-encoded JPEG, or the PDF as sent) and, for a
    -- photo, its thumbnail's.
    blob_key       text        NOT NULL,
    thumb_key      text,
    content_type   text        NOT NULL CHECK (content_type IN ('image/jpeg', 'application/pdf')),
    size           bigint      NOT NULL CHECK (size > 0),
    created_by     uuid        REFERENCES users (id) ON DELETE SET NULL,
    -- The Idempotency-Key the upload was sent with: a retry gets this receipt again, never a
    -- second (the middleware covers JSON bodies only).
    idempotency_key text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (household_id, id)
);
-- A transaction's receipts newest first, and the counts of a page of transactions.
CREATE INDEX receipts_transaction_idx ON receipts (household_id, transaction_id, created_at DESC);
CREATE UNIQUE INDEX receipts_idempotency_key ON receipts (household_id, transaction_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

-- The blobs of deleted receipts, waiting to be removed from the store. A row's deletion cannot
-- reach the blob store, so a trigger queues the keys in the same database transaction (a
-- rolled-back delete queues nothing) and the server removes them (after each delete it makes,
-- and on every scheduler pass). Not the household's: the household may be gone by then.
CREATE TABLE receipt_blob_deletions (
    blob_key  text PRIMARY KEY,
    queued_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION receipts_queue_blob_deletions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO receipt_blob_deletions (blob_key)
    SELECT k FROM gone, LATERAL (VALUES (gone.blob_key), (gone.thumb_key)) AS keys (k)
    WHERE k IS NOT NULL
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
CREATE TRIGGER receipts_deleted AFTER DELETE ON receipts
    REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION receipts_queue_blob_deletions();
