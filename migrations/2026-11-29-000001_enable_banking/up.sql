-- Enable Banking beside Plaid and the demo bank: a connection is a PSD2 consent that ends on a
-- known day (told seven days ahead, once), and a consent is started with a single-use state the
-- bank's redirect brings back.
ALTER TABLE bank_connections DROP CONSTRAINT bank_connections_provider_check;
ALTER TABLE bank_connections ADD CONSTRAINT bank_connections_provider_check
    CHECK (provider IN ('plaid', 'demo', 'enablebanking'));
ALTER TABLE bank_connections
    -- When the bank's consent ends (Enable Banking); null for providers whose links do not expire
    -- on a known day.
    ADD COLUMN consent_expires_at timestamptz,
    -- When the member was told the consent is about to end; cleared by reconnecting.
    ADD COLUMN renewal_notified_at timestamptz,
    -- The bank's accounts the last consent did not link, each {name, reason}, shown beside it.
    ADD COLUMN skipped_accounts jsonb NOT NULL DEFAULT '[]';
-- The renewal pass scans every household's consents ending soon (as the due index does).
CREATE INDEX bank_connections_renewal_idx ON bank_connections (consent_expires_at)
    WHERE consent_expires_at IS NOT NULL AND renewal_notified_at IS NULL;

-- A consent under way: the digest of the `state` sent to the provider, whose household and member
-- started it, at which bank, and (reconnecting) which connection it renews. Taken once by the
-- callback; a stale one is worthless after `expires_at`.
CREATE TABLE bank_consent_states (
    household_id  uuid        NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    digest        text        NOT NULL,
    member_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    bank_name     text        NOT NULL,
    bank_country  text        NOT NULL,
    connection_id uuid        REFERENCES bank_connections (id) ON DELETE CASCADE,
    expires_at    timestamptz NOT NULL,
    PRIMARY KEY (household_id, digest)
);
-- The callback knows only the state: found by its digest alone (unguessable, 256 bits).
CREATE UNIQUE INDEX bank_consent_states_digest_key ON bank_consent_states (digest);
CREATE INDEX bank_consent_states_member_idx ON bank_consent_states (member_id);
