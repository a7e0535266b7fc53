-- An account is the household's (every member sees it) or private to the member who owns it:
-- the member who made it, or who brought it into the household. Each existing account is the
-- household's and owned by the household's owner.
ALTER TABLE accounts
    ADD COLUMN visibility text NOT NULL DEFAULT 'household' CHECK (visibility IN ('household', 'private')),
    ADD COLUMN owner_id uuid;
UPDATE accounts a SET owner_id = m.user_id
FROM household_members m
WHERE m.household_id = a.household_id AND m.role = 'owner';
-- Checked at commit: a deleted user's membership goes first, and its trigger (below) deals with
-- their accounts. Added after the rows are filled, so the filling queues no checks.
ALTER TABLE accounts
    ALTER COLUMN owner_id SET NOT NULL,
    ADD CONSTRAINT accounts_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users (id) DEFERRABLE INITIALLY DEFERRED;
-- The private accounts a member may not see are looked up per request by these three columns.
CREATE INDEX accounts_private_idx ON accounts (household_id, owner_id) WHERE visibility = 'private';

-- A household outlives no one: when its last member goes (however their user row is deleted),
-- it goes with everything it owns; when its owner goes, its longest-standing member owns it.
-- What the member who went kept private goes with them (leaving or removal moves it to their new
-- household before their membership goes, so only a deleted user's is deleted here); the
-- shared accounts they owned pass to the household's owner.
CREATE OR REPLACE FUNCTION household_after_member_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM household_members WHERE household_id = OLD.household_id) THEN
        DELETE FROM households WHERE id = OLD.household_id;
        RETURN NULL;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM household_members WHERE household_id = OLD.household_id AND role = 'owner') THEN
        UPDATE household_members SET role = 'owner'
        WHERE household_id = OLD.household_id
          AND user_id = (SELECT user_id FROM household_members WHERE household_id = OLD.household_id
                         ORDER BY joined_at, user_id LIMIT 1);
    END IF;
    DELETE FROM accounts WHERE household_id = OLD.household_id AND owner_id = OLD.user_id AND visibility = 'private';
    UPDATE accounts SET owner_id = (SELECT user_id FROM household_members
                                    WHERE household_id = OLD.household_id AND role = 'owner')
    WHERE household_id = OLD.household_id AND owner_id = OLD.user_id;
    RETURN NULL;
END $$;
