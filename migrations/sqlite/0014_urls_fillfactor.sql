-- Keep in step with postgres/0014_urls_fillfactor.sql. A no-op: SQLite
-- has no fillfactor, and its indexes hold rowids, not row versions, so a
-- state change, which changes no indexed column, writes no index entry
-- there already.
SELECT 1;
