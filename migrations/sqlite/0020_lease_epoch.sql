-- Keep in step with postgres/0020_lease_epoch.sql.

-- Cluster mode needs PostgreSQL; SQLite's tables follow the same schema.
-- epoch grows by one on every acquisition of a host (lease fencing).
ALTER TABLE host_leases ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
