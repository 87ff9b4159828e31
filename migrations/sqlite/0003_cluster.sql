-- Keep in step with postgres/0003_cluster.sql.

-- Cluster mode needs PostgreSQL (several processes, several machines);
-- SQLite gets the same tables so both schemas stay alike, and nothing
-- writes them.
CREATE TABLE host_leases (
    capture_id INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    host       TEXT NOT NULL,
    node       TEXT NOT NULL,
    expires    INTEGER NOT NULL,
    ready      INTEGER NOT NULL,
    work       INTEGER NOT NULL,
    PRIMARY KEY (capture_id, host)
);
CREATE INDEX host_leases_node ON host_leases (capture_id, node);

CREATE TABLE pending_urls (
    capture_id  INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    surt        TEXT NOT NULL,
    url         TEXT NOT NULL,
    host        TEXT NOT NULL,
    hop_path    TEXT NOT NULL,
    via         TEXT NOT NULL,
    rate        REAL NOT NULL,
    rate_source TEXT NOT NULL,
    PRIMARY KEY (capture_id, surt)
);
CREATE INDEX pending_urls_host ON pending_urls (capture_id, host);

CREATE TABLE cluster_nodes (
    capture_id INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    node       TEXT NOT NULL,
    expires    INTEGER NOT NULL,
    state      TEXT NOT NULL,
    PRIMARY KEY (capture_id, node)
);
