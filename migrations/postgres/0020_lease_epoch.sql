-- Keep in step with sqlite/0020_lease_epoch.sql.

-- Fencing of host leases (docs/architecture.md, "Fencing"). epoch grows
-- by one on every acquisition of a host, whichever node takes it, so a
-- lease is (host, node, epoch). Every cluster commit names the epochs of
-- the hosts whose fetches it records, and the store refuses it, in the
-- same transaction, when a host's row names another node or a higher
-- epoch: a node that lost a host while paused, partitioned or cut from the
-- database cannot commit a fetch the new holder also makes.
ALTER TABLE host_leases ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
