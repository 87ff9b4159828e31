-- Keep in step with postgres/0011_refresh_cycles.sql.

-- One row per refresh cycle (job YAML capture.mode: refresh, issue 16):
-- a cycle is one capture. budget and policy are what the job asked for;
-- repository is how many URLs earlier captures offered; planned is how
-- many the policy chose (samples included, never above budget);
-- downloads how many got an HTTP answer this cycle; changed how many of
-- those were archived as full responses (the rest are revisit records);
-- change_ratio is changed / downloads (0 without downloads).
CREATE TABLE refresh_cycles (
    capture_id   INTEGER PRIMARY KEY REFERENCES captures (id) ON DELETE CASCADE,
    policy       TEXT NOT NULL,
    budget       INTEGER NOT NULL,
    repository   INTEGER NOT NULL,
    planned      INTEGER NOT NULL,
    samples      INTEGER NOT NULL,
    downloads    INTEGER NOT NULL,
    changed      INTEGER NOT NULL,
    change_ratio REAL NOT NULL
);
