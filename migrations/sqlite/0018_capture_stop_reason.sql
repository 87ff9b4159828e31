-- Keep in step with postgres/0018_capture_stop_reason.sql.

-- Why a capture's crawl stopped (finished, max_pages, max_bytes,
-- max_duration, ...), recorded with its final status, so every report
-- says whether it is complete from one value ('' for captures stopped
-- before this migration, or still open).
ALTER TABLE captures ADD COLUMN stop_reason TEXT NOT NULL DEFAULT '';
