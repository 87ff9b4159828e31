-- Keep in step with sqlite/0010_warc_uploads.sql.

-- One row per closed WARC file queued for upload to S3-compatible object
-- storage (job YAML warc.upload, package upload). A row is written
-- 'pending' before the upload starts and becomes 'uploaded' only after the
-- object was verified (size and checksum), so a crash between a file's
-- close and its upload leaves a pending row the next run uploads.
-- object_url (s3://bucket/key) is where the index's records.warc_file
-- now lives; local_path is where the file was when it was queued.
CREATE TABLE warc_uploads (
    capture_id BIGINT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    file       TEXT COLLATE "C" NOT NULL,
    local_path TEXT NOT NULL,
    state      TEXT NOT NULL,
    object_url TEXT NOT NULL,
    size       BIGINT NOT NULL,
    sha256     TEXT NOT NULL,
    last_error TEXT NOT NULL,
    updated    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (capture_id, file)
);

-- What is left to upload, found without reading the uploaded rows.
CREATE INDEX warc_uploads_pending ON warc_uploads (capture_id) WHERE state = 'pending';
