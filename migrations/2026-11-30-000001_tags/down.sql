DROP TABLE rule_tags;
DROP TABLE transaction_tags;
DROP TABLE tags;
