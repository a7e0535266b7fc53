-- Households: every user is in exactly one, with a role; a new user owns a household of one
-- named after them. (The data's owner key moves from the user to the household next.)
CREATE TABLE households (
    id         uuid        PRIMARY KEY,
    name       text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE household_members (
    household_id uuid        NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    user_id      uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role         text        NOT NULL CHECK (role IN ('owner', 'member', 'viewer')),
    joined_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (household_id, user_id)
);
-- Exactly one household per user, and one owner per household.
CREATE UNIQUE INDEX household_members_one_each ON household_members (user_id);
CREATE UNIQUE INDEX household_members_one_owner ON household_members (household_id) WHERE role = 'owner';

-- Each existing user owns a household of one (its id is the user's: both are new uuids).
INSERT INTO households (id, name, created_at)
SELECT u.id, rtrim(left(btrim(u.name), 38)) || '''s household', u.created_at FROM users u;
INSERT INTO household_members (household_id, user_id, role, joined_at)
SELECT u.id, u.id, 'owner', u.created_at FROM users u;
