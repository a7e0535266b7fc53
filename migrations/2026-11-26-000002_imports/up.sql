-- Statement imports, the account's remembered CSV mapping, and categorisation rules.
--
-- An import is made by the preview (POST /imports): the uploaded file is kept in `content`
-- until it is committed (then cleared), and previews never committed are dropped after a day.
-- Its rows in `transactions` carry `import_id`, so undoing it removes exactly them.
CREATE TABLE imports (
    id           uuid PRIMARY KEY,
    user_id      uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The account it was committed into (null while a preview).
    account_id   uuid        REFERENCES accounts (id) ON DELETE CASCADE,
    file_name    text        NOT NULL,
    format       text        NOT NULL CHECK (format IN ('csv', 'ofx', 'qif')),
    preset       text        NOT NULL,
    content      bytea,
    committed_at timestamptz,
    added        integer     NOT NULL DEFAULT 0,
    duplicates   integer     NOT NULL DEFAULT 0,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imports_user_idx ON imports (user_id, created_at DESC);

-- `external_id` is the bank's id of an imported row (OFX FITID, a CSV's id column): an account
-- never holds the same one twice.
ALTER TABLE transactions
    ADD COLUMN import_id   uuid REFERENCES imports (id) ON DELETE SET NULL,
    ADD COLUMN external_id text;
CREATE INDEX transactions_import_idx ON transactions (user_id, import_id) WHERE import_id IS NOT NULL;
CREATE UNIQUE INDEX transactions_external_id_key ON transactions (user_id, account_id, external_id)
    WHERE external_id IS NOT NULL;

-- The CSV mapping last committed into an account (JSON), offered for its next generic CSV.
CREATE TABLE import_mappings (
    user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    mapping    text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, account_id)
);

-- Categorisation rules, applied in `position` order; the first that matches wins.
CREATE TABLE rules (
    id          uuid PRIMARY KEY,
    user_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    position    integer     NOT NULL,
    match_type  text        NOT NULL CHECK (match_type IN ('contains', 'startsWith', 'equals')),
    pattern     text        NOT NULL CHECK (pattern <> ''),
    min_amount  bigint      CHECK (min_amount >= 0),
    max_amount  bigint      CHECK (max_amount >= 0),
    account_id  uuid        REFERENCES accounts (id) ON DELETE CASCADE,
    category_id uuid        NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    rename      text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CHECK (min_amount IS NULL OR max_amount IS NULL OR min_amount <= max_amount)
);
CREATE INDEX rules_user_idx ON rules (user_id, position);
