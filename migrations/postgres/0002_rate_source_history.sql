-- Keep in step with sqlite/0002_rate_source_history.sql.

-- Which change-rate source (history, predictor, sitemap, default) produced
-- urls.rate, so a report can say how each estimate was made. Rows from
-- before this migration read as '' (unknown). A constant default makes
-- this a catalog-only change: no table rewrite on a large frontier.
ALTER TABLE urls ADD COLUMN rate_source TEXT NOT NULL DEFAULT '';

-- History(): a URL's response and revisit records across captures, oldest
-- first. records_url_time holds responses only (LastCapture's partial
-- index), so it cannot answer this.
CREATE INDEX records_url_history ON records (url, time, id) WHERE record_type IN ('response', 'revisit');
