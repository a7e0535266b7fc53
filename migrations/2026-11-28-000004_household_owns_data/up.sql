-- The household, not the person, owns the data: every owned table's owner key (and with it the
-- sharding key) becomes household_id, cascading from the household. Each existing household's
-- id is its first user's (2026-11-28-000003), so the keys keep their values. Rows that members
-- make also say who made them (created_by; a deleted member leaves NULL).
DO $$
DECLARE
    t text;
    c text;
BEGIN
    FOREACH t IN ARRAY ARRAY[
        'accounts', 'categories', 'transactions', 'ledger_month_totals', 'budgets', 'budget_snapshots',
        'budget_limits', 'recurring_templates', 'recurring_occurrences', 'recurring_snapshots',
        'recurring_snapshot_lines', 'recurring_snapshot_templates', 'goals', 'goal_contributions',
        'inventory_items', 'shopping_list_entries', 'bank_connections', 'bank_accounts', 'imports',
        'import_mappings', 'rules'
    ] LOOP
        FOR c IN
            SELECT conname FROM pg_constraint
            WHERE conrelid = t::regclass AND contype = 'f' AND confrelid = 'users'::regclass
        LOOP
            EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, c);
        END LOOP;
        EXECUTE format('ALTER TABLE %I RENAME COLUMN user_id TO household_id', t);
        EXECUTE format(
            'ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (household_id) REFERENCES households (id) ON DELETE CASCADE',
            t, t || '_household_id_fkey');
    END LOOP;
END $$;

-- Who made the row: the member who typed a transaction, or set up the template, bank
-- connection or import whose rows it is.
ALTER TABLE transactions ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE recurring_templates ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE bank_connections ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE imports ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL;
UPDATE transactions SET created_by = household_id;
UPDATE recurring_templates SET created_by = household_id;
UPDATE bank_connections SET created_by = household_id;
UPDATE imports SET created_by = household_id;
-- The transactions list filters by who made a row.
CREATE INDEX transactions_created_by_idx ON transactions (household_id, created_by, date DESC, seq DESC);

-- A household outlives no one: when its last member goes (however their user row is deleted),
-- it goes with everything it owns; when its owner goes, its longest-standing member owns it.
CREATE FUNCTION household_after_member_left() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER household_members_left AFTER DELETE ON household_members
    FOR EACH ROW EXECUTE FUNCTION household_after_member_left();
