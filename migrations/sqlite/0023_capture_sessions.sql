-- Keep in step with postgres/0023_capture_sessions.sql.

-- A capture's session with the sites it crawls logged in (issue 30): per
-- node, the cookie jar and the hosts logged in (account names, never
-- passwords), as JSON the crawler writes (siteauth.Session), so a
-- resumed capture keeps its session and does not log in twice.
CREATE TABLE capture_sessions (
    capture_id INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    node       TEXT NOT NULL,
    state      TEXT NOT NULL,
    updated    INTEGER NOT NULL,
    PRIMARY KEY (capture_id, node)
);
