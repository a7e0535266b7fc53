-- The UK tax year: a category may count for Self Assessment (income for tax on an income
-- category, an allowable expense on an expense category: the API checks the fit, the column
-- only the value, so a restored backup is never refused for it), and each member chooses
-- whether the Reports screen opens on the calendar year or the tax year.
ALTER TABLE categories
    ADD COLUMN tax_treatment text,
    ADD CONSTRAINT categories_tax_treatment_check CHECK (tax_treatment IN ('income', 'allowable'));

ALTER TABLE users
    ADD COLUMN report_year text NOT NULL DEFAULT 'calendar',
    ADD CONSTRAINT users_report_year_check CHECK (report_year IN ('calendar', 'tax'));
