-- Invitations into a household: to an address, with a role, by one of its members (the owner),
-- single use and valid seven days; only the token's digest is stored.
CREATE TABLE household_invitations (
    household_id uuid        NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    id           uuid        NOT NULL,
    email        text        NOT NULL CHECK (email = lower(email)),
    role         text        NOT NULL CHECK (role IN ('member', 'viewer')),
    token_digest text        NOT NULL,
    invited_by   uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status       text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked')),
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    PRIMARY KEY (household_id, id)
);
-- A link's token names one invitation, whichever household it is of.
CREATE UNIQUE INDEX household_invitations_token_key ON household_invitations (token_digest);
CREATE UNIQUE INDEX household_invitations_id_key ON household_invitations (id);
-- A signed-in user's pending invitations; and one pending invitation per address and household.
CREATE INDEX household_invitations_email_idx ON household_invitations (email) WHERE status = 'pending';
CREATE UNIQUE INDEX household_invitations_pending_key ON household_invitations (household_id, email)
    WHERE status = 'pending';
