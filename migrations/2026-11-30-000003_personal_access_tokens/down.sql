DROP TABLE personal_access_tokens;
