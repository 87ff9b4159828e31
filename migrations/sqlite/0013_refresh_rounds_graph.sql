-- Keep in step with postgres/0013_refresh_rounds_graph.sql.

-- A refresh cycle fetches in rounds (issue 16): its samples first, then
-- what their fresh outcomes chose. rounds counts them (0 before the cycle
-- has run its policy).
ALTER TABLE refresh_cycles ADD COLUMN rounds INTEGER NOT NULL DEFAULT 0;

-- What the refresh policies need of each archived HTML page of a capture
-- (job YAML refresh.record_graph, and every refresh capture): its
-- same-site out-links from extraction (newline-separated canonical URLs),
-- its features (space-separated numbers, refresh.StaticFeatureNames) and
-- its topic categories (space-separated integers). One row per page: the
-- store never looks inside the lists.
CREATE TABLE page_graph (
    capture_id INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    url        TEXT NOT NULL,
    links      TEXT NOT NULL,
    features   TEXT NOT NULL,
    categories TEXT NOT NULL,
    PRIMARY KEY (capture_id, url)
);
