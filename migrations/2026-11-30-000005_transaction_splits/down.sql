DROP INDEX transactions_pairable_idx;
CREATE INDEX transactions_pairable_idx ON transactions (household_id, amount, date) INCLUDE (account_id, id, seq)
    WHERE NOT is_transfer AND pairing IS NULL AND status <> 'declined';
DROP VIEW ledger_lines;
DROP TABLE transaction_splits;
ALTER TABLE transactions DROP CONSTRAINT transactions_split_check;
ALTER TABLE transactions DROP CONSTRAINT transactions_category_check;
ALTER TABLE transactions ADD CONSTRAINT transactions_check CHECK (is_transfer OR category_id IS NOT NULL);
ALTER TABLE transactions DROP COLUMN is_split;
