DROP TABLE login_challenges;
DROP TABLE user_recovery_codes;
DROP TABLE user_two_factor;
ALTER TABLE users DROP COLUMN two_factor_enabled;
DROP TABLE sessions;
