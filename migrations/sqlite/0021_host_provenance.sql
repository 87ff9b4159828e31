-- Keep in step with postgres/0021_host_provenance.sql.

-- How a capture reached each host: one row per connection record the
-- crawler wrote to the WARC (a dns: lookup, a resolve: override, a TLS
-- certificate chain with its verification), for the report's per-host
-- section. The WARC record is the evidence; this row is its index entry
-- with the fields the report shows. A resumed run writes its own records
-- (a new observation), hence no uniqueness beyond the record ID.
CREATE TABLE host_provenance (
    id              INTEGER PRIMARY KEY,
    capture_id      INTEGER NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL,          -- dns | resolve | tls
    host            TEXT NOT NULL,          -- host:port of the URLs
    address         TEXT NOT NULL DEFAULT '', -- ip:port first connected to
    time            INTEGER NOT NULL,
    record_id       TEXT NOT NULL,
    warc_file       TEXT NOT NULL,
    file_offset     INTEGER NOT NULL,
    answers         TEXT NOT NULL DEFAULT '', -- dns: the addresses, comma-separated
    resolver        TEXT NOT NULL DEFAULT '', -- dns: the nameserver of /etc/resolv.conf
    override_target TEXT NOT NULL DEFAULT '', -- resolve: the job's target
    tls_version     TEXT NOT NULL DEFAULT '',
    cipher_suite    TEXT NOT NULL DEFAULT '',
    alpn            TEXT NOT NULL DEFAULT '',
    sni             TEXT NOT NULL DEFAULT '',
    verdict         TEXT NOT NULL DEFAULT '', -- valid, or the problems found, comma-separated
    subject         TEXT NOT NULL DEFAULT '',
    issuer          TEXT NOT NULL DEFAULT '',
    not_after       TEXT NOT NULL DEFAULT '', -- RFC 3339
    cert_sha256     TEXT NOT NULL DEFAULT '',
    UNIQUE (capture_id, record_id)
);
