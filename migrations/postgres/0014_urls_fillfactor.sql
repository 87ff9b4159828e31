-- Keep in step with sqlite/0014_urls_fillfactor.sql (a no-op there).

-- Every frontier row is inserted once and then updated, usually once (its
-- state once fetched or given up: done, visited, failed, blocked). With
-- pages filled to 100 % the new version must go to another page, so each
-- state change also adds an entry to both urls indexes (a non-HOT update):
-- at 10^6 URLs that was a quarter of a commit's B-tree inserts (issue 11).
-- Pages filled to half leave room for the new version on the same page, a
-- HOT update that touches no index; the old version is pruned when the
-- page next fills. The heap is no larger for it, since a non-HOT update
-- leaves a dead version behind as well; only URLs never updated (still
-- queued when a capture ends) take twice the pages. Pages written before
-- this migration keep their fill.
ALTER TABLE urls SET (fillfactor = 50);
