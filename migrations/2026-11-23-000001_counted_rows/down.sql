ALTER TABLE ledger_month_totals DROP COLUMN counted_count;
