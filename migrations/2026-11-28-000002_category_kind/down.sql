ALTER TABLE categories DROP COLUMN kind;
