-- A finalised month of recurring money: its figures, category lines and each template's amount
-- against what it made, as they were when finalised. Analytics reads such a month from here, so
-- a later edit of a template does not rewrite it.
CREATE TABLE recurring_snapshots (
    user_id      uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month        date        NOT NULL CHECK (extract(day FROM month) = 1),
    income       bigint      NOT NULL,
    expenses     bigint      NOT NULL,
    finalized_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, month)
);

CREATE TABLE recurring_snapshot_lines (
    user_id  uuid    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month    date    NOT NULL,
    position integer NOT NULL,
    name     text    NOT NULL,
    icon     text    NOT NULL,
    kind     text    NOT NULL CHECK (kind IN ('income', 'expense', 'transfer')),
    amount   bigint  NOT NULL,
    count    bigint  NOT NULL,
    PRIMARY KEY (user_id, month, position),
    FOREIGN KEY (user_id, month) REFERENCES recurring_snapshots (user_id, month) ON DELETE CASCADE
);

CREATE TABLE recurring_snapshot_templates (
    user_id         uuid   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month           date   NOT NULL,
    template_id     uuid   NOT NULL,
    template_amount bigint NOT NULL,
    actual_amount   bigint NOT NULL,
    PRIMARY KEY (user_id, month, template_id),
    FOREIGN KEY (user_id, month) REFERENCES recurring_snapshots (user_id, month) ON DELETE CASCADE
);
