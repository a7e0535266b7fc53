DROP TABLE rules;
DROP TABLE import_mappings;
DROP INDEX transactions_external_id_key;
DROP INDEX transactions_import_idx;
ALTER TABLE transactions DROP COLUMN external_id, DROP COLUMN import_id;
DROP TABLE imports;
