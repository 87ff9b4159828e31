-- Keep in step with sqlite/0003_cluster.sql.

-- Cluster mode: several nodes share one capture (docs/architecture.md,
-- "Several nodes"). Single-node captures never touch these tables.

-- One row per host of a clustered capture. The row is the host's lease
-- (node '' = unleased) and its work flag: work is set when a node acquires
-- the host and cleared only by the holder when it releases the host with
-- nothing left, so a host whose holder died keeps it. A host is acquirable
-- when it has work or pending URLs; the capture is complete when no host
-- has either. ready is the earliest next request the last holder allowed
-- (politeness carried across a hand-over).
CREATE TABLE host_leases (
    capture_id BIGINT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    host       TEXT COLLATE "C" NOT NULL,
    node       TEXT NOT NULL,
    expires    TIMESTAMPTZ NOT NULL,
    ready      TIMESTAMPTZ NOT NULL,
    work       BOOLEAN NOT NULL,
    PRIMARY KEY (capture_id, host)
);
-- Renewals and releases select a node's leases.
CREATE INDEX host_leases_node ON host_leases (capture_id, node);

-- URLs a node discovered on a host it does not hold. Only the holder of a
-- host may give its URLs a seq (urls_host_seq is dense per host and the
-- holder's strategy numbers pages by it), so these wait here, without a
-- seq, until the holder moves them into urls.
CREATE TABLE pending_urls (
    capture_id  BIGINT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    surt        TEXT COLLATE "C" NOT NULL,
    url         TEXT NOT NULL,
    host        TEXT COLLATE "C" NOT NULL,
    hop_path    TEXT NOT NULL,
    via         TEXT NOT NULL,
    rate        DOUBLE PRECISION NOT NULL,
    rate_source TEXT NOT NULL,
    PRIMARY KEY (capture_id, surt)
);
CREATE INDEX pending_urls_host ON pending_urls (capture_id, host);

-- The nodes of a clustered capture and their heartbeats. A node whose
-- heartbeat expired while its state is 'open' died with WARC files open;
-- the node that finishes the capture repairs them (state 'closed').
CREATE TABLE cluster_nodes (
    capture_id BIGINT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
    node       TEXT NOT NULL,
    expires    TIMESTAMPTZ NOT NULL,
    state      TEXT NOT NULL,
    PRIMARY KEY (capture_id, node)
);
