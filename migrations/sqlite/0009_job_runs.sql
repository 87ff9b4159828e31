-- Keep in step with postgres/0009_job_runs.sql.

-- Every run of a job's capture (a start, a resume, a scheduled start) with
-- how it ended and what it archived, so last_run and the run history
-- survive a daemon restart. A run killed with the daemon keeps ended NULL
-- and outcome '' until the next start of that node marks it (node: the
-- cluster node that ran it, '' on a single daemon).
CREATE TABLE job_runs (
    id         INTEGER PRIMARY KEY,
    job_id     INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    capture_id INTEGER NOT NULL DEFAULT 0,
    node       TEXT NOT NULL DEFAULT '',
    scheduled  INTEGER,
    started    INTEGER NOT NULL,
    ended      INTEGER,
    outcome    TEXT NOT NULL DEFAULT '',
    error      TEXT NOT NULL DEFAULT '',
    fetched    INTEGER NOT NULL DEFAULT 0,
    failed     INTEGER NOT NULL DEFAULT 0,
    records    INTEGER NOT NULL DEFAULT 0,
    bytes      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX job_runs_job ON job_runs (job_id, id);

-- An archived job (DELETE /api/v1/jobs/NAME) is kept with its captures for
-- provenance but no longer listed or scheduled.
ALTER TABLE jobs ADD COLUMN archived INTEGER;
