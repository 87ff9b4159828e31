-- Keep in step with postgres/0016_accounts_audit.sql.

-- Per-person API accounts (sharc user add; docs/security.md). Only the
-- SHA-256 of a token is kept; a revoked account keeps its row (the audit
-- trail names it) and frees its name.
CREATE TABLE users (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    role       TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created    INTEGER NOT NULL,
    created_by TEXT NOT NULL DEFAULT '',
    revoked    INTEGER
);
CREATE UNIQUE INDEX users_active_name ON users (name) WHERE revoked IS NULL;

-- Every state-changing request, append-only: the triggers refuse UPDATE
-- and DELETE, so the trail can only grow.
CREATE TABLE audit_log (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    at         INTEGER NOT NULL,
    actor      TEXT NOT NULL,
    role       TEXT NOT NULL,
    remote     TEXT NOT NULL,
    via        TEXT NOT NULL,
    action     TEXT NOT NULL,
    method     TEXT NOT NULL DEFAULT '',
    path       TEXT NOT NULL DEFAULT '',
    job        TEXT NOT NULL DEFAULT '',
    capture_id INTEGER NOT NULL DEFAULT 0,
    digest     TEXT NOT NULL DEFAULT '',
    status     INTEGER NOT NULL,
    detail     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_job ON audit_log (job, id);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
