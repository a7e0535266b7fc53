DROP TABLE link_tokens;
DROP TABLE users;
