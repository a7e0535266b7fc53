-- Items already below their need before the restocking rule was applied on every write
-- (`domain::inventory::restock`): put them on the shopping list by what is missing, as the app
-- would have. Items already listed keep their entry.
INSERT INTO shopping_list_entries (id, user_id, item_id, quantity_to_buy, is_auto_added)
SELECT gen_random_uuid(), i.user_id, i.id, i.default_needed - i.current_stock, true
FROM inventory_items i
WHERE i.current_stock < i.default_needed
ON CONFLICT (user_id, item_id) DO NOTHING;
