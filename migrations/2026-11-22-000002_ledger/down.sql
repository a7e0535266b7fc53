DROP TABLE ledger_month_totals;
DROP TABLE account_months;
DROP TABLE transactions;
DROP SEQUENCE transactions_seq;
DROP TABLE categories;
DROP TABLE accounts;
