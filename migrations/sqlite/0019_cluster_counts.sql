-- Keep in step with postgres/0019_cluster_counts.sql.

-- Cluster mode needs PostgreSQL; SQLite gets the same tables so both
-- schemas stay alike, and nothing writes them (nor host_leases, so no
-- triggers keep them).
CREATE TABLE host_lease_counts (
    capture_id INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    node       TEXT NOT NULL,
    hosts      INTEGER NOT NULL,
    PRIMARY KEY (capture_id, node)
);
CREATE TABLE host_lease_deltas (
    capture_id INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    node       TEXT NOT NULL,
    delta      INTEGER NOT NULL
);
CREATE INDEX host_lease_deltas_capture ON host_lease_deltas (capture_id);

-- The identity of the store a capture was started in (its file).
ALTER TABLE captures ADD COLUMN store_identity TEXT NOT NULL DEFAULT '';
