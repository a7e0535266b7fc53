DROP TABLE bank_consent_states;
DROP INDEX bank_connections_renewal_idx;
ALTER TABLE bank_connections DROP COLUMN skipped_accounts, DROP COLUMN renewal_notified_at, DROP COLUMN consent_expires_at;
DELETE FROM bank_connections WHERE provider = 'enablebanking';
ALTER TABLE bank_connections DROP CONSTRAINT bank_connections_provider_check;
ALTER TABLE bank_connections ADD CONSTRAINT bank_connections_provider_check CHECK (provider IN ('plaid', 'demo'));
