DROP INDEX IF EXISTS bank_connections_item_idx;
DROP INDEX transactions_bank_id_key;
ALTER TABLE transactions DROP COLUMN bank_transaction_id, DROP COLUMN bank_connection_id;
DROP TABLE bank_accounts;
DROP TABLE bank_connections;
