CREATE OR REPLACE FUNCTION household_after_member_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM household_members WHERE household_id = OLD.household_id) THEN
        DELETE FROM households WHERE id = OLD.household_id;
    ELSIF NOT EXISTS (SELECT 1 FROM household_members WHERE household_id = OLD.household_id AND role = 'owner') THEN
        UPDATE household_members SET role = 'owner'
        WHERE household_id = OLD.household_id
          AND user_id = (SELECT user_id FROM household_members WHERE household_id = OLD.household_id
                         ORDER BY joined_at, user_id LIMIT 1);
    END IF;
    RETURN NULL;
END $$;
DROP INDEX accounts_private_idx;
ALTER TABLE accounts DROP COLUMN owner_id, DROP COLUMN visibility;
