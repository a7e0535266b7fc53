DROP INDEX IF EXISTS transactions_description_trgm_idx;
