DROP TABLE budget_limits;
