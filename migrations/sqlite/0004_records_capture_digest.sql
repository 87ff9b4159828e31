-- Keep in step with postgres/0004_records_capture_digest.sql.

-- FirstByDigest(): a capture's first response with a payload digest, which
-- the crawler asks for when a payload is not in its bounded in-memory
-- deduplication cache. time and id follow the digest so the first row in
-- index order is the answer: a digest shared by many responses (the same
-- error page served for thousands of URLs) costs one index probe, not a
-- sort. Revisits never serve as originals, hence the partial index; the
-- query repeats its WHERE term literally, as SQLite requires to use it.
CREATE INDEX records_capture_digest ON records (capture_id, payload_digest, time, id) WHERE record_type = 'response';
