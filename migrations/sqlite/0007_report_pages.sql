-- Keep in step with postgres/0007_report_pages.sql.

-- The quality report of a capture is stored as rows instead of one JSON
-- document: captures.report keeps the summary (the report without its
-- pages, a few kB whatever the capture's size) and report_pages one row per
-- page with its verdict as of the report's making. The visit and revisit
-- are referenced by record id, not copied: records are immutable, so the
-- stored report stays as it was built. See docs/report.md, "Storage".
CREATE TABLE report_pages (
    capture_id           INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    blocked              INTEGER NOT NULL,
    url                  TEXT NOT NULL,
    status               TEXT NOT NULL,
    reason               TEXT NOT NULL,
    visit_id             INTEGER NOT NULL,
    revisit_id           INTEGER NOT NULL,
    interval_seconds     REAL NOT NULL,
    rate                 REAL NOT NULL,
    rate_source          TEXT NOT NULL,
    change_probability   REAL NOT NULL,
    similarity           REAL,
    spans_reference_time INTEGER NOT NULL,
    state                TEXT NOT NULL,
    -- Pages, then blocked URLs, each in URL order: the order rendered.
    PRIMARY KEY (capture_id, blocked, url)
) WITHOUT ROWID;
