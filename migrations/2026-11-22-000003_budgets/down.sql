DROP TABLE budget_snapshot_lines;
DROP TABLE budget_snapshots;
DROP TABLE budgets;
