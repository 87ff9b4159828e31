-- Keep in step with sqlite/0011_refresh_cycles.sql.

-- One row per refresh cycle (job YAML capture.mode: refresh, issue 16):
-- a cycle is one capture. budget and policy are what the job asked for;
-- repository is how many URLs earlier captures offered; planned is how
-- many the policy chose (samples included, never above budget);
-- downloads how many got an HTTP answer this cycle; changed how many of
-- those were archived as full responses (the rest are revisit records);
-- change_ratio is changed / downloads (0 without downloads).
CREATE TABLE refresh_cycles (
    capture_id   BIGINT PRIMARY KEY REFERENCES captures (id) ON DELETE CASCADE,
    policy       TEXT NOT NULL,
    budget       BIGINT NOT NULL,
    repository   BIGINT NOT NULL,
    planned      BIGINT NOT NULL,
    samples      BIGINT NOT NULL,
    downloads    BIGINT NOT NULL,
    changed      BIGINT NOT NULL,
    change_ratio DOUBLE PRECISION NOT NULL
);
