DROP TABLE shopping_list_entries;
DROP TABLE inventory_items;
