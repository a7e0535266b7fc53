ALTER TABLE rules DROP COLUMN mark_transfer;
DROP INDEX transactions_pairable_idx;
ALTER TABLE transactions
    DROP CONSTRAINT transactions_paired_legs_check,
    DROP COLUMN pairing,
    DROP COLUMN transfer_hint;
