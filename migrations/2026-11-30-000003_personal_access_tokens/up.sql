-- Personal access tokens: a member's own bearer credentials (scripts, the /docs page). A token
-- acts as its member with their current role; `scope` can only narrow that. Only the SHA-256
-- digest of the secret is kept (a dump never holds a usable token); a request finds its token by
-- the digest's unique index. Deleting the row revokes the token.
CREATE TABLE personal_access_tokens (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
    scope text NOT NULL CHECK (scope IN ('read', 'write')),
    digest text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz,
    last_used_at timestamptz,
    PRIMARY KEY (user_id, id)
);
CREATE UNIQUE INDEX personal_access_tokens_digest_idx ON personal_access_tokens (digest);
