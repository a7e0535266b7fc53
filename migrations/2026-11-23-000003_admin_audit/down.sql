DROP TABLE admin_audit;
