-- Keep in step with postgres/0012_refresh_rounds_graph.sql.

-- A refresh cycle fetches in rounds (issue 16): its samples first, then
-- what their fresh outcomes chose. rounds counts them (0 before the cycle
-- has run its policy).
ALTER TABLE refresh_cycles ADD COLUMN rounds INTEGER NOT NULL DEFAULT 0;
