-- What superadmins did to users: who, what, to whom, when and from which address. An entry
-- belongs to its actor (deleting the actor removes their entries); the target is kept as a
-- plain id so an entry about a deleted user stays. Never a password or a token.
CREATE TABLE admin_audit (
    user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    id         uuid        NOT NULL,
    target_id  uuid        NOT NULL,
    action     text        NOT NULL,
    detail     text        NOT NULL DEFAULT '',
    ip         text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, id)
);
CREATE INDEX admin_audit_target_idx ON admin_audit (target_id, created_at DESC);
