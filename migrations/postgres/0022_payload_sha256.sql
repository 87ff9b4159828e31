-- Keep in step with sqlite/0022_payload_sha256.sql.

-- The SHA-256 of each response's payload, whatever the WARC's own
-- digest (warc.digest, SHA-1 by default): the fingerprint the quality
-- report shows a court ('' for records indexed before this migration, and
-- for records without a payload of their own, such as a 304 revisit).
ALTER TABLE records ADD COLUMN payload_sha256 TEXT NOT NULL DEFAULT '';
