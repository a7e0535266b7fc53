-- The household inventory and its shopping list. Counts are whole numbers, prices pence.
CREATE TABLE inventory_items (
    id                uuid PRIMARY KEY,
    user_id           uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name              text        NOT NULL,
    category          text        NOT NULL,
    brand             text        NOT NULL DEFAULT '',
    current_stock     bigint      NOT NULL DEFAULT 0 CHECK (current_stock >= 0),
    default_needed    bigint      NOT NULL DEFAULT 1 CHECK (default_needed >= 0),
    last_price        bigint      NOT NULL DEFAULT 0 CHECK (last_price >= 0),
    preferred_store   text        NOT NULL DEFAULT '',
    unit              text        NOT NULL DEFAULT 'item',
    expiry_date       date,
    item_type         text        NOT NULL DEFAULT '',
    size              text        NOT NULL DEFAULT '',
    location_in_house text        NOT NULL DEFAULT '',
    -- A server-relative path of the blob store ('' for none).
    image             text        NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inventory_items_user_idx ON inventory_items (user_id, lower(name));

-- At most one entry per item: adding it again raises the quantity.
CREATE TABLE shopping_list_entries (
    id              uuid PRIMARY KEY,
    user_id         uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    item_id         uuid        NOT NULL REFERENCES inventory_items (id) ON DELETE CASCADE,
    quantity_to_buy bigint      NOT NULL CHECK (quantity_to_buy >= 1),
    added_manually  boolean     NOT NULL DEFAULT false,
    is_auto_added   boolean     NOT NULL DEFAULT false,
    created_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, item_id)
);
CREATE INDEX shopping_list_entries_item_idx ON shopping_list_entries (item_id);
