-- Keep in step with sqlite/0006_capture_owner.sql.

-- A capture records the job file that started it and the effective job
-- (YAML) it started with, so a run of another job file with the same name
-- is refused instead of resuming the capture with its own settings. See
-- docs/cli.md, "One capture per job".
ALTER TABLE captures ADD COLUMN job_file TEXT NOT NULL DEFAULT '';
ALTER TABLE captures ADD COLUMN job_yaml TEXT NOT NULL DEFAULT '';

-- An open capture started before this migration is owned by its job's
-- YAML as stored by its last run; the file is unknown.
UPDATE captures SET job_yaml = jobs.yaml FROM jobs
    WHERE jobs.id = captures.job_id AND captures.status IN ('running', 'paused');
