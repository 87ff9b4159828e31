-- Keep in step with postgres/0005_lease_heartbeat.sql.

-- Cluster mode needs PostgreSQL; SQLite's tables follow the same schema.
-- A host lease lives as long as its holder's heartbeat, so the per-host
-- expiry goes, and acquisition gets an index of the free hosts with work.
ALTER TABLE host_leases DROP COLUMN expires;
CREATE INDEX host_leases_free ON host_leases (capture_id, ready, host) WHERE node = '' AND work;
