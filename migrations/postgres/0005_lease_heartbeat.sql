-- Keep in step with sqlite/0005_lease_heartbeat.sql.

-- A host lease lives as long as its holder's heartbeat: a host row naming
-- node N is held while N's cluster_nodes row is open and unexpired. A
-- renewal therefore updates one row per node (its heartbeat) instead of
-- one per host it holds, and the per-host expiry goes. Binaries older than
-- this migration refuse the schema, so no node reads the column any more.
-- See docs/architecture.md, "Several nodes".
ALTER TABLE host_leases DROP COLUMN expires;

-- Acquisition probes only the free hosts with work, in the order it leases
-- them (earliest ready first). The other candidates are found without
-- scanning the capture's host rows either: a dead holder's hosts through
-- host_leases_node (capture_id, node), a released host that received
-- pending URLs through pending_urls_host (capture_id, host).
CREATE INDEX host_leases_free ON host_leases (capture_id, ready, host) WHERE node = '' AND work;
