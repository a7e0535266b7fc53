-- The entries stay: they are the user's shopping list now.
SELECT 1;
