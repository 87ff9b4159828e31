-- Keep in step with postgres/0015_capture_ref_triggers.sql. A no-op:
-- SQLite checks a foreign key with one index probe of captures in the
-- same process, no statement of its own to start per row, and the store
-- commits from one writer; its foreign keys stay as they are.
SELECT 1;
