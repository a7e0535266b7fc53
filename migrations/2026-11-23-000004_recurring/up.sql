-- Recurring templates: income, an expense or a transfer that repeats weekly, monthly or yearly.
-- `amount` is positive pence (the kind signs it); `anchor` is the day occurrences fall on (the
-- start date, or the next due date the user last set); `next_due` is the next occurrence.
CREATE TABLE recurring_templates (
    id            uuid PRIMARY KEY,
    user_id       uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind          text        NOT NULL CHECK (kind IN ('income', 'expense', 'transfer')),
    amount        bigint      NOT NULL CHECK (amount > 0),
    description   text        NOT NULL,
    category_id   uuid        REFERENCES categories (id) ON DELETE CASCADE,
    account_id    uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    to_account_id uuid        REFERENCES accounts (id) ON DELETE CASCADE,
    frequency     text        NOT NULL CHECK (frequency IN ('weekly', 'monthly', 'yearly')),
    start_date    date        NOT NULL,
    anchor        date        NOT NULL,
    next_due      date        NOT NULL,
    notes         text        NOT NULL DEFAULT '',
    is_active     boolean     NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind = 'transfer') = (to_account_id IS NOT NULL)),
    CHECK ((kind = 'transfer') = (category_id IS NULL))
);
CREATE INDEX recurring_templates_user_idx ON recurring_templates (user_id, next_due);
-- The scheduler's queue: active templates by due day, across users (per shard once sharded).
CREATE INDEX recurring_templates_due_idx ON recurring_templates (next_due) WHERE is_active;

-- Every occurrence a template has made, keyed by its due day and written in the same database
-- transaction as its ledger rows and the template's next due day: the key that makes each
-- occurrence happen once, whatever runs the scheduler and however often.
CREATE TABLE recurring_occurrences (
    user_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    template_id uuid        NOT NULL REFERENCES recurring_templates (id) ON DELETE CASCADE,
    due         date        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, template_id, due)
);

-- The template that made a transaction (kept after the template is deleted: the history stays).
ALTER TABLE transactions ADD COLUMN recurring_id uuid;
CREATE INDEX transactions_recurring_idx ON transactions (user_id, recurring_id) WHERE recurring_id IS NOT NULL;
