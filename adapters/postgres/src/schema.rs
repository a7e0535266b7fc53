// @generated automatically by Diesel CLI.

diesel::table! {
    account_months (account_id, month) {
        account_id -> Uuid,
        month -> Date,
        net -> Int8,
    }
}

diesel::table! {
    accounts (id) {
        id -> Uuid,
        user_id -> Uuid,
        name -> Text,
        #[sql_name = "type"]
        type_ -> Text,
        initial_balance -> Int8,
        credit_limit -> Nullable<Int8>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    admin_audit (user_id, id) {
        user_id -> Uuid,
        id -> Uuid,
        target_id -> Uuid,
        action -> Text,
        detail -> Text,
        ip -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    bank_accounts (user_id, connection_id, provider_account_id) {
        user_id -> Uuid,
        connection_id -> Uuid,
        provider_account_id -> Text,
        account_id -> Uuid,
        mask -> Nullable<Text>,
        bank_balance -> Nullable<Int8>,
        bank_available -> Nullable<Int8>,
    }
}

diesel::table! {
    bank_connections (id) {
        id -> Uuid,
        user_id -> Uuid,
        provider -> Text,
        provider_item_id -> Text,
        institution_id -> Nullable<Text>,
        institution_name -> Text,
        sealed_token -> Bytea,
        sync_cursor -> Nullable<Text>,
        is_active -> Bool,
        error_code -> Nullable<Text>,
        last_synced_at -> Nullable<Timestamptz>,
        next_sync_at -> Timestamptz,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    budget_limits (user_id, category_id, from_month) {
        user_id -> Uuid,
        category_id -> Uuid,
        from_month -> Date,
        limit_pence -> Nullable<Int8>,
    }
}

diesel::table! {
    budget_snapshot_lines (snapshot_id, position) {
        snapshot_id -> Uuid,
        position -> Int4,
        category_id -> Nullable<Uuid>,
        category_name -> Text,
        category_color -> Text,
        budgeted -> Nullable<Int8>,
        spent -> Int8,
        status -> Text,
    }
}

diesel::table! {
    budget_snapshots (id) {
        id -> Uuid,
        user_id -> Uuid,
        month -> Date,
        finalized_at -> Timestamptz,
    }
}

diesel::table! {
    budgets (id) {
        id -> Uuid,
        user_id -> Uuid,
        category_id -> Uuid,
        limit_pence -> Int8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    categories (id) {
        id -> Uuid,
        user_id -> Uuid,
        name -> Text,
        description -> Text,
        color -> Text,
        icon -> Text,
        is_default -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    goal_contributions (id) {
        id -> Uuid,
        user_id -> Uuid,
        goal_id -> Uuid,
        amount -> Int8,
        day -> Date,
        description -> Text,
        source -> Text,
        notes -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    goals (id) {
        id -> Uuid,
        user_id -> Uuid,
        name -> Text,
        description -> Text,
        target_amount -> Int8,
        current_amount -> Int8,
        target_date -> Date,
        category -> Text,
        icon -> Text,
        color -> Text,
        completed_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    idempotency_keys (user_id, key) {
        user_id -> Uuid,
        key -> Text,
        fingerprint -> Text,
        status -> Nullable<Int4>,
        body -> Nullable<Bytea>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    import_mappings (user_id, account_id) {
        user_id -> Uuid,
        account_id -> Uuid,
        mapping -> Text,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    imports (id) {
        id -> Uuid,
        user_id -> Uuid,
        account_id -> Nullable<Uuid>,
        file_name -> Text,
        format -> Text,
        preset -> Text,
        content -> Nullable<Bytea>,
        committed_at -> Nullable<Timestamptz>,
        added -> Int4,
        duplicates -> Int4,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    inventory_items (id) {
        id -> Uuid,
        user_id -> Uuid,
        name -> Text,
        category -> Text,
        brand -> Text,
        current_stock -> Int8,
        default_needed -> Int8,
        last_price -> Int8,
        preferred_store -> Text,
        unit -> Text,
        expiry_date -> Nullable<Date>,
        item_type -> Text,
        size -> Text,
        location_in_house -> Text,
        image -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    link_tokens (digest) {
        digest -> Text,
        user_id -> Uuid,
        purpose -> Text,
        expires_at -> Timestamptz,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    recurring_occurrences (user_id, template_id, due) {
        user_id -> Uuid,
        template_id -> Uuid,
        due -> Date,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    recurring_snapshot_lines (user_id, month, position) {
        user_id -> Uuid,
        month -> Date,
        position -> Int4,
        name -> Text,
        icon -> Text,
        kind -> Text,
        amount -> Int8,
        count -> Int8,
    }
}

diesel::table! {
    recurring_snapshot_templates (user_id, month, template_id) {
        user_id -> Uuid,
        month -> Date,
        template_id -> Uuid,
        template_amount -> Int8,
        actual_amount -> Int8,
    }
}

diesel::table! {
    recurring_snapshots (user_id, month) {
        user_id -> Uuid,
        month -> Date,
        income -> Int8,
        expenses -> Int8,
        finalized_at -> Timestamptz,
    }
}

diesel::table! {
    recurring_templates (id) {
        id -> Uuid,
        user_id -> Uuid,
        kind -> Text,
        amount -> Int8,
        description -> Text,
        category_id -> Nullable<Uuid>,
        account_id -> Uuid,
        to_account_id -> Nullable<Uuid>,
        frequency -> Text,
        start_date -> Date,
        anchor -> Date,
        next_due -> Date,
        notes -> Text,
        is_active -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    rules (id) {
        id -> Uuid,
        user_id -> Uuid,
        position -> Int4,
        match_type -> Text,
        pattern -> Text,
        min_amount -> Nullable<Int8>,
        max_amount -> Nullable<Int8>,
        account_id -> Nullable<Uuid>,
        category_id -> Uuid,
        rename -> Nullable<Text>,
        created_at -> Timestamptz,
        mark_transfer -> Bool,
    }
}

diesel::table! {
    shopping_list_entries (id) {
        id -> Uuid,
        user_id -> Uuid,
        item_id -> Uuid,
        quantity_to_buy -> Int8,
        added_manually -> Bool,
        is_auto_added -> Bool,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    transactions (id) {
        id -> Uuid,
        user_id -> Uuid,
        account_id -> Uuid,
        category_id -> Nullable<Uuid>,
        seq -> Int8,
        amount -> Int8,
        #[sql_name = "type"]
        type_ -> Text,
        description -> Text,
        notes -> Text,
        date -> Date,
        status -> Text,
        is_transfer -> Bool,
        transfer_peer -> Nullable<Uuid>,
        month_balance -> Int8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        recurring_id -> Nullable<Uuid>,
        bank_connection_id -> Nullable<Uuid>,
        bank_transaction_id -> Nullable<Text>,
        import_id -> Nullable<Uuid>,
        external_id -> Nullable<Text>,
        transfer_hint -> Bool,
        pairing -> Nullable<Text>,
    }
}

diesel::table! {
    users (id) {
        id -> Uuid,
        name -> Text,
        email -> Text,
        password_hash -> Text,
        role -> Text,
        is_active -> Bool,
        is_verified -> Bool,
        can_connect_bank -> Bool,
        can_finalize_month -> Bool,
        token_version -> Int4,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::joinable!(account_months -> accounts (account_id));
diesel::joinable!(accounts -> users (user_id));
diesel::joinable!(admin_audit -> users (user_id));
diesel::joinable!(bank_accounts -> accounts (account_id));
diesel::joinable!(bank_accounts -> bank_connections (connection_id));
diesel::joinable!(bank_accounts -> users (user_id));
diesel::joinable!(bank_connections -> users (user_id));
diesel::joinable!(budget_limits -> categories (category_id));
diesel::joinable!(budget_limits -> users (user_id));
diesel::joinable!(budget_snapshot_lines -> budget_snapshots (snapshot_id));
diesel::joinable!(budget_snapshots -> users (user_id));
diesel::joinable!(budgets -> categories (category_id));
diesel::joinable!(budgets -> users (user_id));
diesel::joinable!(categories -> users (user_id));
diesel::joinable!(goal_contributions -> goals (goal_id));
diesel::joinable!(goal_contributions -> users (user_id));
diesel::joinable!(goals -> users (user_id));
diesel::joinable!(idempotency_keys -> users (user_id));
diesel::joinable!(import_mappings -> accounts (account_id));
diesel::joinable!(import_mappings -> users (user_id));
diesel::joinable!(imports -> accounts (account_id));
diesel::joinable!(imports -> users (user_id));
diesel::joinable!(inventory_items -> users (user_id));
diesel::joinable!(link_tokens -> users (user_id));
diesel::joinable!(recurring_occurrences -> recurring_templates (template_id));
diesel::joinable!(recurring_occurrences -> users (user_id));
diesel::joinable!(recurring_snapshot_lines -> users (user_id));
diesel::joinable!(recurring_snapshot_templates -> users (user_id));
diesel::joinable!(recurring_snapshots -> users (user_id));
diesel::joinable!(recurring_templates -> categories (category_id));
diesel::joinable!(recurring_templates -> users (user_id));
diesel::joinable!(rules -> accounts (account_id));
diesel::joinable!(rules -> categories (category_id));
diesel::joinable!(rules -> users (user_id));
diesel::joinable!(shopping_list_entries -> inventory_items (item_id));
diesel::joinable!(shopping_list_entries -> users (user_id));
diesel::joinable!(transactions -> accounts (account_id));
diesel::joinable!(transactions -> categories (category_id));
diesel::joinable!(transactions -> imports (import_id));
diesel::joinable!(transactions -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    account_months,
    accounts,
    admin_audit,
    bank_accounts,
    bank_connections,
    budget_limits,
    budget_snapshot_lines,
    budget_snapshots,
    budgets,
    categories,
    goal_contributions,
    goals,
    idempotency_keys,
    import_mappings,
    imports,
    inventory_items,
    link_tokens,
    recurring_occurrences,
    recurring_snapshot_lines,
    recurring_snapshot_templates,
    recurring_snapshots,
    recurring_templates,
    rules,
    shopping_list_entries,
    transactions,
    users,
);
