-- Keep in step with sqlite/0017_capture_holders.sql.

-- Who is crawling a job's capture now: one row per process (node is ''
-- for a single process, the node name for a cluster node), written when
-- it takes the job's lock and removed when it lets go. The lock (a
-- session advisory lock in PostgreSQL, a file lock beside a SQLite store)
-- is what proves ownership; this row only names the holder to the process
-- that is refused (docs/architecture.md, "One owner per capture"). A row
-- left by a killed process is replaced by the next holder.
CREATE TABLE capture_holders (
    job       TEXT NOT NULL,
    node      TEXT NOT NULL DEFAULT '',
    host      TEXT NOT NULL,
    pid       BIGINT NOT NULL,
    since     TIMESTAMPTZ NOT NULL,
    heartbeat TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (job, node)
);
