DROP TABLE recurring_snapshot_templates;
DROP TABLE recurring_snapshot_lines;
DROP TABLE recurring_snapshots;
