-- A month's "transactions" are its counted (non-declined) entries, so the month totals keep
-- that count next to the count of every row (which stays: a category is in use while any row,
-- declined or not, refers to it).
ALTER TABLE ledger_month_totals ADD COLUMN counted_count bigint NOT NULL DEFAULT 0;

UPDATE ledger_month_totals l
SET counted_count = s.n
FROM (
    SELECT user_id, date_trunc('month', date)::date AS month, account_id, category_id, type, is_transfer,
           count(*) AS n
    FROM transactions
    WHERE status <> 'declined'
    GROUP BY 1, 2, 3, 4, 5, 6
) s
WHERE l.user_id = s.user_id AND l.month = s.month AND l.account_id = s.account_id
  AND l.category_id IS NOT DISTINCT FROM s.category_id AND l.type = s.type AND l.is_transfer = s.is_transfer;
