-- Bank connections (a Plaid item, or the demo bank's), the accounts they feed, and the bank's id
-- of each imported row. The access token is stored sealed (AES-256-GCM), never in plain text.
CREATE TABLE bank_connections (
    id               uuid PRIMARY KEY,
    user_id          uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider         text        NOT NULL CHECK (provider IN ('plaid', 'demo')),
    provider_item_id text        NOT NULL,
    institution_id   text,
    institution_name text        NOT NULL,
    sealed_token     bytea       NOT NULL,
    -- Where the next transactions sync starts; null before the first.
    sync_cursor      text,
    is_active        boolean     NOT NULL DEFAULT true,
    error_code       text,
    last_synced_at   timestamptz,
    -- When the background sync next takes it (claimed by moving this forward).
    next_sync_at     timestamptz NOT NULL DEFAULT now(),
    created_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, provider, provider_item_id)
);
-- The background sync's claim scans every user's due connections: the one index not led by user_id.
CREATE INDEX bank_connections_due_idx ON bank_connections (next_sync_at) WHERE is_active;

CREATE TABLE bank_accounts (
    user_id             uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    connection_id       uuid        NOT NULL REFERENCES bank_connections (id) ON DELETE CASCADE,
    provider_account_id text        NOT NULL,
    account_id          uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    mask                text,
    -- The bank's figures at the last sync, in our sign (money owed negative), pence.
    bank_balance        bigint,
    bank_available      bigint,
    PRIMARY KEY (user_id, connection_id, provider_account_id),
    UNIQUE (account_id)
);

ALTER TABLE transactions ADD COLUMN bank_connection_id uuid, ADD COLUMN bank_transaction_id text;
CREATE UNIQUE INDEX transactions_bank_id_key ON transactions (user_id, bank_connection_id, bank_transaction_id)
    WHERE bank_transaction_id IS NOT NULL;
-- A webhook names the provider's item; it is found without knowing the user.
CREATE INDEX bank_connections_item_idx ON bank_connections (provider, provider_item_id);
