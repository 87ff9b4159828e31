-- Keep in step with sqlite/0019_cluster_counts.sql.

-- What every node of a clustered capture reads each poll (ClusterLoad:
-- free hosts with work, hosts per node) used to be counted from
-- host_leases: two passes over the capture's host rows, 315-470 ms at
-- 10^6 hosts, run by every node every poll (issue 27). These counts are
-- kept instead, so the read costs O(nodes + changes since it last ran).
--
-- host_lease_counts: per capture and node, the host rows naming the
-- node; node '' counts the free hosts with work (node = '' AND work).
-- Rows that name no node and have no work (finished hosts) count nowhere.
CREATE TABLE host_lease_counts (
    capture_id BIGINT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    node       TEXT NOT NULL,
    hosts      BIGINT NOT NULL,
    PRIMARY KEY (capture_id, node)
);

-- host_lease_deltas: the changes to those counts since they were last
-- folded in, written by triggers on host_leases in the transaction that
-- changes the host rows. Only ever inserted (no key, no update), so a
-- lease change never waits for another one on a shared counter row, and
-- no lock order changes; the reader folds them into host_lease_counts
-- (one node at a time, under a try-lock that nobody waits for).
CREATE TABLE host_lease_deltas (
    capture_id BIGINT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    node       TEXT NOT NULL,
    delta      BIGINT NOT NULL
);
CREATE INDEX host_lease_deltas_capture ON host_lease_deltas (capture_id);

-- One delta row per (capture, node) a statement changed, from the
-- statement's transition tables: a commit that inserts pending hosts, an
-- acquisition of 100 hosts or a release adds a row or two, not one per
-- host. A row counts for its node, or for '' when free with work. A
-- DELETE of host rows happens with their capture (ON DELETE CASCADE),
-- whose counts go with it: deltas are written only while the capture
-- still exists.
CREATE FUNCTION host_lease_count_deltas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO host_lease_deltas (capture_id, node, delta)
        SELECT capture_id, node, count(*) FROM new_rows
        WHERE node <> '' OR work GROUP BY capture_id, node;
    ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO host_lease_deltas (capture_id, node, delta)
        SELECT capture_id, node, sum(d) FROM (
            SELECT capture_id, node, 1 AS d FROM new_rows WHERE node <> '' OR work
            UNION ALL
            SELECT capture_id, node, -1 FROM old_rows WHERE node <> '' OR work) AS c
        GROUP BY capture_id, node HAVING sum(d) <> 0;
    ELSE
        INSERT INTO host_lease_deltas (capture_id, node, delta)
        SELECT o.capture_id, o.node, -count(*) FROM old_rows o
        WHERE (o.node <> '' OR o.work) AND EXISTS (SELECT 1 FROM captures c WHERE c.id = o.capture_id)
        GROUP BY o.capture_id, o.node;
    END IF;
    RETURN NULL;
END $$;

-- A trigger with transition tables handles one event.
CREATE TRIGGER host_leases_count_insert AFTER INSERT ON host_leases
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION host_lease_count_deltas();
CREATE TRIGGER host_leases_count_update AFTER UPDATE ON host_leases
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION host_lease_count_deltas();
CREATE TRIGGER host_leases_count_delete AFTER DELETE ON host_leases
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION host_lease_count_deltas();

-- TRUNCATE fires no DELETE trigger: emptying host_leases empties the
-- counts too.
CREATE FUNCTION host_lease_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM host_lease_deltas;
    DELETE FROM host_lease_counts;
    RETURN NULL;
END $$;
CREATE TRIGGER host_leases_count_truncate AFTER TRUNCATE ON host_leases
    FOR EACH STATEMENT EXECUTE FUNCTION host_lease_counts_truncate();

-- The counts of captures clustered before this migration.
INSERT INTO host_lease_counts (capture_id, node, hosts)
SELECT capture_id, node, count(*) FROM host_leases
WHERE node <> '' OR work GROUP BY capture_id, node;

-- The identity of the store a capture was started in (Store.Identity:
-- PostgreSQL's system identifier, database and schema; SQLite's file),
-- so nodes and runs agree they share it whatever their DSNs say (host
-- aliases, pgbouncer, per-node credentials). '' for older captures.
ALTER TABLE captures ADD COLUMN store_identity TEXT NOT NULL DEFAULT '';
