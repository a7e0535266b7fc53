-- Signed-in devices. A bearer token names its row (user and session id): deleting the row signs
-- that device out, whatever the token's own expiry says. Checked on every request by its key.
CREATE TABLE sessions (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    ip_address text,
    user_agent text CHECK (char_length(user_agent) <= 512),
    PRIMARY KEY (user_id, id)
);

-- Two-factor sign-in. The flag on users is what every read of a user sees; the secret (sealed
-- with AES-256-GCM like bank tokens) is read only to check a code. A row without enabled_at is
-- an enrolment not yet confirmed. last_step is the newest time step accepted: a code at or
-- before it is a replay.
ALTER TABLE users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;

CREATE TABLE user_two_factor (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret bytea NOT NULL,
    enabled_at timestamptz,
    last_step bigint,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use recovery codes, as SHA-256 digests.
CREATE TABLE user_recovery_codes (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    digest text NOT NULL,
    used_at timestamptz,
    PRIMARY KEY (user_id, digest)
);

-- A password accepted while a code is still owed: the challenge token names the user and
-- carries a secret whose digest is kept here. It opens nothing but POST /auth/login/2fa.
CREATE TABLE login_challenges (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    digest text NOT NULL,
    expires_at timestamptz NOT NULL,
    failures integer NOT NULL DEFAULT 0,
    ip_address text,
    user_agent text CHECK (char_length(user_agent) <= 512),
    PRIMARY KEY (user_id, digest)
);
