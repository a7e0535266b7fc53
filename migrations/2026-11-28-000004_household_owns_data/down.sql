DROP TRIGGER household_members_left ON household_members;
DROP FUNCTION household_after_member_left();
DROP INDEX transactions_created_by_idx;
ALTER TABLE transactions DROP COLUMN created_by;
ALTER TABLE recurring_templates DROP COLUMN created_by;
ALTER TABLE bank_connections DROP COLUMN created_by;
ALTER TABLE imports DROP COLUMN created_by;
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY[
        'accounts', 'categories', 'transactions', 'ledger_month_totals', 'budgets', 'budget_snapshots',
        'budget_limits', 'recurring_templates', 'recurring_occurrences', 'recurring_snapshots',
        'recurring_snapshot_lines', 'recurring_snapshot_templates', 'goals', 'goal_contributions',
        'inventory_items', 'shopping_list_entries', 'bank_connections', 'bank_accounts', 'imports',
        'import_mappings', 'rules'
    ] LOOP
        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, t || '_household_id_fkey');
        -- A household's rows go back to its owner.
        EXECUTE format(
            'UPDATE %I x SET household_id = m.user_id FROM household_members m
             WHERE m.household_id = x.household_id AND m.role = ''owner'' AND m.user_id <> x.household_id', t);
        EXECUTE format('ALTER TABLE %I RENAME COLUMN household_id TO user_id', t);
        EXECUTE format('ALTER TABLE %I ADD FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE', t);
    END LOOP;
END $$;
