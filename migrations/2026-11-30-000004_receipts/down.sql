DROP TABLE receipts;
DROP FUNCTION receipts_queue_blob_deletions();
DROP TABLE receipt_blob_deletions;
