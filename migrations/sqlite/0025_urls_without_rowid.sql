-- Keep in step with postgres/0025_urls_without_rowid.sql (a no-op there).

-- urls becomes a WITHOUT ROWID table keyed by its natural key (capture_id,
-- surt) (issue 33). As a rowid table it was two B-trees: the rows by
-- rowid, and the primary key's index mapping (capture_id, surt) to the
-- rowid. Every new URL added an entry to both, and every state change
-- (Commit's UPDATE by capture_id and surt) descended the key's index and
-- then the rows' B-tree. Keyed by (capture_id, surt), the row lives in the
-- primary key's B-tree: one entry fewer per new URL, one descent fewer per
-- state change, on the committer's serial path. urls_host_seq now holds
-- the key (capture_id, surt) where it held the rowid; every query of urls
-- still reads one of the two indexes (TestURLsQueriesUseIndexes). Nothing
-- reads urls' rowid.
--
-- SQLite cannot change a table's storage in place: the rows are copied, in
-- key order, into a new table which then takes the name. On a large
-- database this migration takes as long as copying urls and needs the
-- room of a second copy until it commits. Columns keep their order
-- (rate_source last, as 0002 added it).
CREATE TABLE urls_new (
    capture_id  INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    surt        TEXT NOT NULL,
    url         TEXT NOT NULL,
    host        TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    parent_seq  INTEGER NOT NULL,
    hop_path    TEXT NOT NULL,
    via         TEXT NOT NULL,
    rate        REAL NOT NULL,
    state       TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    rate_source TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (capture_id, surt)
) WITHOUT ROWID;
INSERT INTO urls_new (capture_id, surt, url, host, seq, parent_seq, hop_path, via, rate, state, attempts, rate_source)
    SELECT capture_id, surt, url, host, seq, parent_seq, hop_path, via, rate, state, attempts, rate_source
    FROM urls ORDER BY capture_id, surt;
DROP TABLE urls;
ALTER TABLE urls_new RENAME TO urls;
-- Dropped with the old table; the same index again.
CREATE UNIQUE INDEX urls_host_seq ON urls (capture_id, host, seq);
