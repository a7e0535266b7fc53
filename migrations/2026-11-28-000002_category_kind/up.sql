-- What a category is for: income (offered for income, never budgeted) or spending. Until now
-- the name decided ("salary" or "income" in it); existing categories keep that meaning.
ALTER TABLE categories ADD COLUMN kind text;
UPDATE categories
   SET kind = CASE WHEN lower(name) LIKE '%salary%' OR lower(name) LIKE '%income%' THEN 'income' ELSE 'expense' END;
ALTER TABLE categories
    ALTER COLUMN kind SET NOT NULL,
    ADD CONSTRAINT categories_kind_check CHECK (kind IN ('income', 'expense'));
