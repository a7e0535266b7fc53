DELETE FROM link_tokens WHERE used_at IS NOT NULL;
ALTER TABLE link_tokens DROP COLUMN used_at;
