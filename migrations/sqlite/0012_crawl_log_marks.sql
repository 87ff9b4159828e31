-- Keep in step with postgres/0012_crawl_log_marks.sql.

-- How long each node's crawl.log was when its last index commit landed
-- (node '' is a single-node capture). The crawler writes a group's
-- crawl.log lines before committing the group, and the commit records the
-- length in the same transaction; on resume, lines beyond that length
-- that describe work the commit did not keep are cut, so a kill between
-- the write and the commit neither loses a line nor writes one twice
-- (crawler/crawllogmark.go).
CREATE TABLE crawl_log_marks (
    capture_id INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    node       TEXT NOT NULL,
    bytes      INTEGER NOT NULL,
    PRIMARY KEY (capture_id, node)
);
