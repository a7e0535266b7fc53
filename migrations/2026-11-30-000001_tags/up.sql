-- Tags: the household's labels, many per transaction. Like categories, a tag is the household's:
-- its id leads every key and index, and it goes with the household. A name is unique in the
-- household ignoring case.
CREATE TABLE tags (
    id           uuid PRIMARY KEY,
    household_id uuid        NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    name         text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
    color        text        NOT NULL CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (household_id, id)
);
CREATE UNIQUE INDEX tags_household_name_key ON tags (household_id, lower(name));

-- Which transaction carries which tag. The household leads the key; deleting a transaction or a
-- tag removes its links (never the other side).
CREATE TABLE transaction_tags (
    household_id   uuid NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    transaction_id uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
    tag_id         uuid NOT NULL,
    PRIMARY KEY (household_id, transaction_id, tag_id),
    FOREIGN KEY (household_id, tag_id) REFERENCES tags (household_id, id) ON DELETE CASCADE
);
-- The list filtered by tags, and a tag's transactions (merge, delete, counts).
CREATE INDEX transaction_tags_tag_idx ON transaction_tags (household_id, tag_id, transaction_id);

-- The tags a categorisation rule adds to the rows it matches (on import and bank sync). A rule
-- or a tag that goes takes its links with it.
CREATE TABLE rule_tags (
    household_id uuid NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    rule_id      uuid NOT NULL REFERENCES rules (id) ON DELETE CASCADE,
    tag_id       uuid NOT NULL,
    PRIMARY KEY (household_id, rule_id, tag_id),
    FOREIGN KEY (household_id, tag_id) REFERENCES tags (household_id, id) ON DELETE CASCADE
);
CREATE INDEX rule_tags_tag_idx ON rule_tags (household_id, tag_id);
