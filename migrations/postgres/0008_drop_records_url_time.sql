-- Keep in step with sqlite/0008_drop_records_url_time.sql.

-- records_url_time (url, time) WHERE record_type = 'response' served only
-- LastCapture (conditional GET), and records_url_history (url, time, id)
-- WHERE record_type IN ('response', 'revisit') holds the same rows and
-- more: LastCapture now reads that one, backwards. One index fewer to keep
-- up on every archived response (issue 11: index maintenance is most of
-- the cost of a commit at 10^6 URLs).
DROP INDEX records_url_time;
