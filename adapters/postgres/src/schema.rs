// The tables as diesel sees them; kept by hand in step with migrations/.

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

diesel::table! {
    link_tokens (digest) {
        digest -> Text,
        user_id -> Uuid,
        purpose -> Text,
        expires_at -> Timestamptz,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(link_tokens -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(users, link_tokens);

diesel::table! {
    accounts (id) {
        id -> Uuid,
        user_id -> Uuid,
        name -> Text,
        #[sql_name = "type"]
        account_type -> Text,
        initial_balance -> Int8,
        credit_limit -> Nullable<Int8>,
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

diesel::allow_tables_to_appear_in_same_query!(accounts, categories, users);
