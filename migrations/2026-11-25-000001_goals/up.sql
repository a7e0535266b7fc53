-- Savings goals and the contributions towards them. Money is pence. `current_amount` is the sum
-- of the goal's contributions, kept in the same database transaction as each contribution's
-- insert or delete with the goal's row locked, so concurrent contributions lose nothing.
CREATE TABLE goals (
    id             uuid PRIMARY KEY,
    user_id        uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name           text        NOT NULL,
    description    text        NOT NULL DEFAULT '',
    target_amount  bigint      NOT NULL CHECK (target_amount > 0),
    current_amount bigint      NOT NULL DEFAULT 0 CHECK (current_amount >= 0),
    target_date    date        NOT NULL,
    category       text        NOT NULL CHECK (category IN ('vacation', 'emergency', 'purchase', 'education', 'home', 'car', 'other')),
    icon           text        NOT NULL,
    color          text        NOT NULL,
    -- Set when the contributions reach the target, cleared when they fall below it again.
    completed_at   timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX goals_user_idx ON goals (user_id, created_at);

CREATE TABLE goal_contributions (
    id          uuid PRIMARY KEY,
    user_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    goal_id     uuid        NOT NULL REFERENCES goals (id) ON DELETE CASCADE,
    amount      bigint      NOT NULL CHECK (amount > 0),
    day         date        NOT NULL,
    description text        NOT NULL,
    source      text        NOT NULL CHECK (source IN ('cash', 'bank_transfer', 'salary', 'bonus', 'refund', 'other')),
    notes       text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX goal_contributions_user_goal_idx ON goal_contributions (user_id, goal_id, day DESC, created_at DESC);
CREATE INDEX goal_contributions_goal_idx ON goal_contributions (goal_id);
