-- Split transactions: one payment shared across categories (the £84.20 shop = £61.00 Groceries +
-- £23.20 Household). The row keeps the whole amount (the account sees one transaction and one
-- running balance) and no category; its parts say where the amount went. A part's amount is
-- signed like its transaction's, so the parts sum to the row's amount.
ALTER TABLE transactions ADD COLUMN is_split boolean NOT NULL DEFAULT false;
-- How many categories a split row's parts are in (0 when not split): its count correction below.
ALTER TABLE transactions ADD COLUMN split_categories smallint NOT NULL DEFAULT 0;
ALTER TABLE transactions ADD CONSTRAINT transactions_split_categories_check
    CHECK (is_split = (split_categories > 0) AND split_categories <= 20);
ALTER TABLE transactions DROP CONSTRAINT transactions_check;
ALTER TABLE transactions ADD CONSTRAINT transactions_category_check
    CHECK (is_transfer OR is_split OR category_id IS NOT NULL);
ALTER TABLE transactions ADD CONSTRAINT transactions_split_check
    CHECK (NOT is_split OR (category_id IS NULL AND NOT is_transfer));

CREATE TABLE transaction_splits (
    id             uuid PRIMARY KEY,
    household_id   uuid     NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    transaction_id uuid     NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
    position       smallint NOT NULL CHECK (position BETWEEN 0 AND 19),
    -- Like a row's category: a category in use cannot be deleted (it is merged or moved first).
    category_id    uuid     NOT NULL REFERENCES categories (id),
    amount         bigint   NOT NULL CHECK (amount <> 0),
    note           text     NOT NULL DEFAULT '' CHECK (char_length(note) <= 200),
    -- The first of its row's parts in its category: the part that counts the row there.
    first_in_category boolean NOT NULL,
    UNIQUE (household_id, transaction_id, position)
);
-- A category's parts: the list filtered by a category, a category's use and its merge.
-- The split rows of a period: `ledger_lines` reads them apart from the rest.
CREATE INDEX transactions_split_idx ON transactions (household_id, date) WHERE is_split;
CREATE INDEX transaction_splits_category_idx ON transaction_splits (household_id, category_id, transaction_id);

-- What each row adds to the month totals' buckets, one line per (row, part): an unsplit row is
-- one line; a split row is a line per part, and, when its parts are in k > 1 categories, a line
-- with no category, no amount and `n` = 1 - k. A part's `n` is 1 for the first part of its
-- category in the row, else 0. So summing `n` over any set of buckets that holds all of a row's
-- lines counts the row once, while a category's own buckets count each row with a part in it
-- once. Every write, the batch writes and `verify` read the buckets from here, so they cannot
-- disagree. Plain joins on the rows' own columns: a filter on a row's columns reaches each arm.
CREATE VIEW ledger_lines AS
SELECT t.id, t.household_id, t.account_id, t.date, t.seq, t.type, t.status, t.is_transfer, t.created_by,
       t.recurring_id, t.description, t.category_id, t.amount, 1::bigint AS n
FROM transactions t
WHERE NOT t.is_split
UNION ALL
SELECT t.id, t.household_id, t.account_id, t.date, t.seq, t.type, t.status, t.is_transfer, t.created_by,
       t.recurring_id, t.description, s.category_id, s.amount, s.first_in_category::int::bigint
FROM transactions t
JOIN transaction_splits s ON s.household_id = t.household_id AND s.transaction_id = t.id
WHERE t.is_split
UNION ALL
SELECT t.id, t.household_id, t.account_id, t.date, t.seq, t.type, t.status, t.is_transfer, t.created_by,
       t.recurring_id, t.description, NULL::uuid, 0::bigint, (1 - t.split_categories)::bigint
FROM transactions t
WHERE t.is_split AND t.split_categories > 1;

-- A split row is spending divided by hand, never one leg of a transfer: it is neither suggested
-- nor paired automatically (`pairable!`, `PairingRow::is_pairable`).
DROP INDEX transactions_pairable_idx;
CREATE INDEX transactions_pairable_idx ON transactions (household_id, amount, date) INCLUDE (account_id, id, seq)
    WHERE NOT is_transfer AND NOT is_split AND pairing IS NULL AND status <> 'declined';
