ALTER TABLE users DROP CONSTRAINT users_report_year_check, DROP COLUMN report_year;
ALTER TABLE categories DROP CONSTRAINT categories_tax_treatment_check, DROP COLUMN tax_treatment;
