DROP INDEX transactions_recurring_idx;
ALTER TABLE transactions DROP COLUMN recurring_id;
DROP TABLE recurring_occurrences;
DROP TABLE recurring_templates;
