-- A used link is kept (until a newer link of the same user and purpose replaces it), so opening
-- it again can say it was used rather than that it never existed.
ALTER TABLE link_tokens ADD COLUMN used_at timestamptz;
