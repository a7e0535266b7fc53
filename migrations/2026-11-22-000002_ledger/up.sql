-- The ledger. Money is BIGINT pence; a transaction's date is its Europe/London calendar day.
CREATE TABLE accounts (
    id              uuid PRIMARY KEY,
    user_id         uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name            text        NOT NULL CHECK (char_length(name) BETWEEN 2 AND 50),
    type            text        NOT NULL CHECK (type IN ('current', 'savings', 'credit', 'credit_card', 'cash', 'investment', 'other')),
    initial_balance bigint      NOT NULL,
    credit_limit    bigint      CHECK (credit_limit >= 0),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_user_idx ON accounts (user_id, created_at);

CREATE TABLE categories (
    id          uuid PRIMARY KEY,
    user_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
    description text        NOT NULL DEFAULT '',
    color       text        NOT NULL,
    icon        text        NOT NULL,
    is_default  boolean     NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_user_name_key ON categories (user_id, lower(name));

-- Entry order: ties on the same day are ordered by when they were entered.
CREATE SEQUENCE transactions_seq;

CREATE TABLE transactions (
    id            uuid PRIMARY KEY,
    user_id       uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    account_id    uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    category_id   uuid        REFERENCES categories (id),
    seq           bigint      NOT NULL DEFAULT nextval('transactions_seq'),
    amount        bigint      NOT NULL,
    type          text        NOT NULL CHECK (type IN ('income', 'expense')),
    description   text        NOT NULL,
    notes         text        NOT NULL DEFAULT '',
    date          date        NOT NULL,
    status        text        NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'pending', 'declined')),
    is_transfer   boolean     NOT NULL DEFAULT false,
    transfer_peer uuid        REFERENCES transactions (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
    -- Running sum of the counted amounts of this account within this calendar month, up to and
    -- including this row in (date, seq) order. balanceAfterTransaction = the account's balance at
    -- the start of the month (initial + account_months before it) + month_balance. A back-dated
    -- write rewrites at most the rest of one account-month.
    month_balance bigint      NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (is_transfer OR category_id IS NOT NULL),
    CHECK ((type = 'income') = (amount > 0))
);
-- The list, newest first; filters by account or category have their own ordered indexes.
CREATE INDEX transactions_user_order_idx ON transactions (user_id, date DESC, seq DESC);
CREATE INDEX transactions_account_order_idx ON transactions (account_id, date, seq) INCLUDE (amount, status, month_balance);
CREATE INDEX transactions_category_order_idx ON transactions (category_id, date DESC, seq DESC);
CREATE INDEX transactions_peer_idx ON transactions (transfer_peer) WHERE transfer_peer IS NOT NULL;

-- Net counted movement per account and month: the start-of-month balance is a sum of at most
-- one row per month.
CREATE TABLE account_months (
    account_id uuid   NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    month      date   NOT NULL,
    net        bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, month)
);

-- Totals per user, month, account, category, type and transfer flag: summaries, dashboard,
-- reports and budgets read these instead of scanning transactions. `total` sums counted
-- (non-declined) amounts; `row_count` counts every row, declined included.
CREATE TABLE ledger_month_totals (
    user_id     uuid    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month       date    NOT NULL,
    account_id  uuid    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    category_id uuid    REFERENCES categories (id) ON DELETE CASCADE,
    type        text    NOT NULL,
    is_transfer boolean NOT NULL,
    total       bigint  NOT NULL DEFAULT 0,
    row_count   bigint  NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX ledger_month_totals_key
    ON ledger_month_totals (user_id, month, account_id, category_id, type, is_transfer) NULLS NOT DISTINCT;
CREATE INDEX ledger_month_totals_category_idx ON ledger_month_totals (category_id) WHERE category_id IS NOT NULL;
