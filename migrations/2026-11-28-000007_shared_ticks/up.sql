-- The shopping list's ticks, the household's: which entries are in a trolley, who ticked each and
-- when, seen by every member. Kept beside the list rather than in it: a tick is a trip's state, not
-- the books, so a backup leaves it out (a restore comes back unticked). A tick goes with its
-- entry: bought in a trip, removed, or moved into another household with it.
ALTER TABLE shopping_list_entries
    ADD CONSTRAINT shopping_list_entries_household_id_id_key UNIQUE (household_id, id);

CREATE TABLE shopping_list_ticks (
    household_id uuid        NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    entry_id     uuid        NOT NULL,
    -- Null once that user is deleted: the entry stays ticked, by no one named.
    ticked_by    uuid        REFERENCES users (id) ON DELETE SET NULL,
    ticked_at    timestamptz NOT NULL,
    PRIMARY KEY (household_id, entry_id),
    CONSTRAINT shopping_list_ticks_entry_fkey FOREIGN KEY (household_id, entry_id)
        REFERENCES shopping_list_entries (household_id, id) ON DELETE CASCADE ON UPDATE CASCADE
);
-- A deleted user's ticks are found by this (ON DELETE SET NULL).
CREATE INDEX shopping_list_ticks_ticked_by_idx ON shopping_list_ticks (ticked_by) WHERE ticked_by IS NOT NULL;
