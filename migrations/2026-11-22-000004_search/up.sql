-- Search: a trigram index makes a case-insensitive substring search of descriptions an index
-- lookup instead of a read of every row. pg_trgm ships with PostgreSQL, but creating an
-- extension needs the right privilege; without it the index is skipped and search still works
-- (reading rows).
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
    RAISE NOTICE 'pg_trgm is not available: transaction search will read rows';
END
$$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX IF NOT EXISTS transactions_description_trgm_idx
            ON transactions USING gin (description gin_trgm_ops);
    END IF;
END
$$;
