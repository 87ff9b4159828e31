-- Keep in step with sqlite/0025_urls_without_rowid.sql. A no-op: a
-- PostgreSQL table is always a heap beside its primary key's index (CLUSTER
-- orders it once, not for rows inserted later), so there is no form in
-- which the key's index holds the row. On PostgreSQL the state change adds
-- no index entry already (0014: a HOT update), and the tables and indexes
-- stay the same in both dialects: SQLite's urls is rebuilt under its old
-- name with its old index.
SELECT 1;
