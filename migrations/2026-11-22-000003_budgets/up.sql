-- A spending limit per expense category per user; it applies to every month.
CREATE TABLE budgets (
    id          uuid PRIMARY KEY,
    user_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    category_id uuid        NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    limit_pence bigint      NOT NULL CHECK (limit_pence > 0),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, category_id)
);

-- A finalised month: what every budget's limit, spending and status were when finalised.
-- Lines copy the category's name and colour so later renames or deletes leave it as it was.
CREATE TABLE budget_snapshots (
    id           uuid PRIMARY KEY,
    user_id      uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month        date        NOT NULL CHECK (extract(day FROM month) = 1),
    finalized_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, month)
);

CREATE TABLE budget_snapshot_lines (
    snapshot_id    uuid    NOT NULL REFERENCES budget_snapshots (id) ON DELETE CASCADE,
    position       integer NOT NULL,
    category_id    uuid,
    category_name  text    NOT NULL,
    category_color text    NOT NULL,
    budgeted       bigint,
    spent          bigint  NOT NULL,
    status         text    NOT NULL CHECK (status IN ('good', 'warning', 'over_budget', 'no_budget')),
    PRIMARY KEY (snapshot_id, position)
);
