-- Back to rows of one category each: a split row keeps its whole amount in its first part's
-- category, and the month totals are summed again from the rows.
UPDATE transactions t
SET category_id = (SELECT s.category_id FROM transaction_splits s WHERE s.transaction_id = t.id ORDER BY s.position LIMIT 1),
    is_split = false, split_categories = 0
WHERE t.is_split;
DELETE FROM ledger_month_totals;
INSERT INTO ledger_month_totals (household_id, month, account_id, category_id, type, is_transfer, total, row_count,
                                 counted_count)
SELECT household_id, date_trunc('month', date)::date, account_id, category_id, type, is_transfer,
       COALESCE(SUM(amount) FILTER (WHERE status <> 'declined'), 0), count(*),
       count(*) FILTER (WHERE status <> 'declined')
FROM transactions
GROUP BY 1, 2, 3, 4, 5, 6;

DROP INDEX transactions_pairable_idx;
CREATE INDEX transactions_pairable_idx ON transactions (household_id, amount, date) INCLUDE (account_id, id, seq)
    WHERE NOT is_transfer AND pairing IS NULL AND status <> 'declined';
DROP VIEW ledger_lines;
DROP TABLE transaction_splits;
DROP INDEX transactions_split_idx;
ALTER TABLE transactions DROP CONSTRAINT transactions_split_check;
ALTER TABLE transactions DROP CONSTRAINT transactions_category_check;
ALTER TABLE transactions ADD CONSTRAINT transactions_check CHECK (is_transfer OR category_id IS NOT NULL);
ALTER TABLE transactions DROP CONSTRAINT transactions_split_categories_check;
ALTER TABLE transactions DROP COLUMN split_categories;
ALTER TABLE transactions DROP COLUMN is_split;
