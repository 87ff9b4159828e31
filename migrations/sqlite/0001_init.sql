-- SHARC schema, SQLite dialect. Keep in step with postgres/0001_init.sql:
-- same tables, columns and indexes; only types differ.
-- Times are INTEGER microseconds since the Unix epoch (UTC), the precision
-- of PostgreSQL's TIMESTAMPTZ, so both stores round-trip the same values.
-- Text compares with the default BINARY collation, i.e. byte order, which
-- is the CDXJ order.

CREATE TABLE jobs (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE,
    yaml    TEXT NOT NULL,
    created INTEGER NOT NULL
);

CREATE TABLE captures (
    id       INTEGER PRIMARY KEY,
    job_id   INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    started  INTEGER NOT NULL,
    finished INTEGER,
    status   TEXT NOT NULL,
    strategy TEXT NOT NULL,
    mode     TEXT NOT NULL,
    report   BLOB
);
CREATE INDEX captures_job ON captures (job_id, id);
-- At most one running capture per job: two daemons opening the same job at
-- once cannot both start a capture.
CREATE UNIQUE INDEX captures_one_running ON captures (job_id) WHERE status = 'running';

CREATE TABLE urls (
    capture_id INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    surt       TEXT NOT NULL,
    url        TEXT NOT NULL,
    host       TEXT NOT NULL,
    seq        INTEGER NOT NULL,
    parent_seq INTEGER NOT NULL,
    hop_path   TEXT NOT NULL,
    via        TEXT NOT NULL,
    rate       REAL NOT NULL,
    state      TEXT NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (capture_id, surt)
);
-- Frontier order (host, seq) and the density of seq per host.
CREATE UNIQUE INDEX urls_host_seq ON urls (capture_id, host, seq);

CREATE TABLE records (
    id             INTEGER PRIMARY KEY,
    capture_id     INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    url            TEXT NOT NULL,
    surt           TEXT NOT NULL,
    time           INTEGER NOT NULL,
    record_type    TEXT NOT NULL,
    record_id      TEXT NOT NULL,
    status         INTEGER NOT NULL,
    mime           TEXT NOT NULL,
    payload_digest TEXT NOT NULL,
    text_digest    TEXT NOT NULL,
    length         INTEGER NOT NULL,
    etag           TEXT NOT NULL,
    last_modified  TEXT NOT NULL,
    warc_file      TEXT NOT NULL,
    file_offset    INTEGER NOT NULL,
    record_length  INTEGER NOT NULL,
    phase          TEXT NOT NULL
);
-- Records(): CDXJ order within a capture; FileEnds() scans the same prefix.
CREATE INDEX records_capture_surt ON records (capture_id, surt, time);
-- LastCapture(): newest response of a URL across captures.
CREATE INDEX records_url_time ON records (url, time) WHERE record_type = 'response';
