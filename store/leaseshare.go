package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Fair share: what a node needs to know to take no more than its share of
// a clustered capture's hosts, and to hand surplus hosts on when another
// node joins. The decision is the crawler's (crawler/cluster.go); these
// are the facts, read from host_leases and cluster_nodes.

// NodeLoad is one live node of a clustered capture and how many hosts it
// holds.
type NodeLoad struct {
	Node  string
	Hosts int
	// ExpiresIn is how long the node's heartbeat has left, by the
	// store's clock when it was read: a peer that stops renewing is dead
	// this long after, so a survivor can poll right then (crawler's
	// clusterLoop) instead of up to a poll later.
	ExpiresIn time.Duration
}

// ClusterLoad is how a clustered capture's hosts with work are spread.
type ClusterLoad struct {
	// Live are the open nodes whose heartbeat has not ended, by name.
	Live []NodeLoad
	// Free counts hosts with work and no holder: those flagged so, and
	// released hosts that got pending URLs again (AcquireHosts's
	// "relinked").
	Free int
	// Held counts hosts with a holder, live or dead (a held host has
	// work until its holder releases it).
	Held int
	// Orphaned counts the held hosts whose holder's heartbeat ended (or
	// that is closed): AcquireShare hands them on first.
	Orphaned int
	// Expired is, over the nodes still open whose heartbeat ended, how
	// long ago the longest-dead one's ended (0 if none): how late the
	// takeover of its hosts is.
	Expired time.Duration
}

// ClusterLoad is read from counts kept by triggers on host_leases
// (migration 0019_cluster_counts), not from the host rows: what every node
// reads every poll costs O(nodes + changes), whatever the number of hosts.
// host_lease_counts holds per node the hosts it holds (node "" for free hosts
// with work) as of the last fold; host_lease_deltas, the changes since.
//
// pgFoldCounts folds the deltas into the counts. One node at a time does
// it (a transaction-scoped try-lock, so nobody waits for it); the others
// read counts and deltas together, which add up to the same figures. The
// key names the capture in this schema: two schemas' captures of one id
// share a key, so one of them skips a fold, which only defers it.
//
// pgClusterCounts and pgLiveNodes read ClusterLoad, in one round trip
// with the fold. Hosts of dead nodes and each live node's hosts are the
// nodes' counts, matched against cluster_nodes (a row per node). Released
// hosts that got pending URLs again (see AcquireHosts's "relinked") are
// not flagged, so not counted: they are looked for only when no flagged
// host is free, through pending_urls' distinct hosts (one index descent
// each, a loose index scan), which then are mostly the held hosts' own
// pending URLs, drained every poll. While flagged free hosts remain, a
// relinked host is left out of the share, as it is of an acquisition
// until the flagged ones run out.
const (
	pgFoldCounts = `WITH moved AS (
		DELETE FROM host_lease_deltas
		WHERE capture_id = $1 AND (SELECT pg_try_advisory_xact_lock(hashtextextended('sharc.host_lease_counts.' || current_schema(), $1)))
		RETURNING node, delta)
	INSERT INTO host_lease_counts (capture_id, node, hosts)
	SELECT $1, node, sum(delta) FROM moved GROUP BY node ORDER BY node
	ON CONFLICT (capture_id, node) DO UPDATE SET hosts = host_lease_counts.hosts + excluded.hosts`
	pgNodeCounts = `counts AS MATERIALIZED (
		SELECT node, sum(n)::bigint AS hosts FROM (
			SELECT node, hosts AS n FROM host_lease_counts WHERE capture_id = $1
			UNION ALL
			SELECT node, delta FROM host_lease_deltas WHERE capture_id = $1) AS c
		GROUP BY node)`
	pgClusterCounts = `WITH RECURSIVE ` + pgNodeCounts + `,
	flagged AS MATERIALIZED (SELECT coalesce((SELECT hosts FROM counts WHERE node = ''), 0) AS n),
	ph(host) AS (
		(SELECT host FROM pending_urls
		 WHERE capture_id = $1 AND (SELECT n FROM flagged) = 0
		 ORDER BY host LIMIT 1)
		UNION ALL
		SELECT (SELECT p.host FROM pending_urls p WHERE p.capture_id = $1 AND p.host > ph.host ORDER BY p.host LIMIT 1)
		FROM ph WHERE ph.host IS NOT NULL)
	SELECT
	(SELECT n FROM flagged)
	+ (SELECT count(*) FROM host_leases WHERE capture_id = $1 AND node = '' AND NOT work
		AND host = ANY (ARRAY(SELECT host FROM ph WHERE host IS NOT NULL))),
	coalesce((SELECT sum(c.hosts) FROM counts c JOIN cluster_nodes n ON n.capture_id = $1 AND n.node = c.node
		WHERE n.state <> 'open' OR n.expires <= now()), 0)::bigint,
	coalesce((SELECT extract(epoch FROM now() - min(expires)) FROM cluster_nodes
		WHERE capture_id = $1 AND state = 'open' AND expires <= now()), 0)::float8`
	pgLiveNodes = `WITH ` + pgNodeCounts + `
	SELECT n.node, coalesce(c.hosts, 0), extract(epoch FROM n.expires - now())::float8 FROM cluster_nodes n
	LEFT JOIN counts c ON c.node = n.node
	WHERE n.capture_id = $1 AND n.state = 'open' AND n.expires > now()
	ORDER BY n.node`
)

// ClusterLoad returns how captureID's hosts with work are spread over its
// nodes. It locks nothing: the counts are a snapshot, good for deciding
// how many hosts to ask for; AcquireShare is what keeps leases exclusive.
func (s *pgStore) ClusterLoad(ctx context.Context, captureID int64) (ClusterLoad, error) {
	var cl ClusterLoad
	err := s.retrying(ctx, "cluster load", func() (err error) {
		cl = ClusterLoad{}
		var b pgx.Batch
		b.Queue(pgFoldCounts, captureID)
		b.Queue(pgClusterCounts, captureID)
		b.Queue(pgLiveNodes, captureID)
		br := s.pool.SendBatch(ctx, &b)
		defer func() {
			if cerr := br.Close(); err == nil {
				err = cerr
			}
		}()
		var free, orphaned int64
		var expired float64
		if _, err := br.Exec(); err != nil {
			return err
		}
		if err := br.QueryRow().Scan(&free, &orphaned, &expired); err != nil {
			return err
		}
		cl.Free, cl.Orphaned = int(free), int(orphaned)
		cl.Expired = time.Duration(expired * float64(time.Second))
		rows, err := br.Query()
		if err != nil {
			return err
		}
		cl.Live, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (NodeLoad, error) {
			var n NodeLoad
			var hosts int64
			var left float64
			err := r.Scan(&n.Node, &hosts, &left)
			n.Hosts, n.ExpiresIn = int(hosts), time.Duration(left*float64(time.Second))
			return n, err
		})
		// A holder is live or dead: the held hosts are the live nodes'
		// and the orphans, with no pass over the held rows of its own.
		cl.Held = cl.Orphaned
		for _, n := range cl.Live {
			cl.Held += n.Hosts
		}
		return err
	})
	if err != nil {
		return ClusterLoad{}, fmt.Errorf("store: load of capture %d: %w", captureID, err)
	}
	return cl, nil
}

// YieldHost hands node's lease of host, which still has work, to whichever
// node acquires it next: the host becomes free with its work flag set, and
// ready (the next allowed request) for the next holder. The caller must
// have nothing in flight on the host and every fetch of it committed, so
// the next holder, loading the host's URLs from urls, fetches none twice.
// ErrLeaseLost if node does not hold host.
func (s *pgStore) YieldHost(ctx context.Context, captureID int64, node, host string, ready time.Time) error {
	if ready.IsZero() {
		ready = time.Unix(0, 0)
	}
	// One row, one statement: a takeover racing with it holds the row
	// and the node = $3 test is re-checked once it commits.
	tag, err := s.pool.Exec(ctx, `UPDATE host_leases SET node = '', ready = $4, work = true
		WHERE capture_id = $1 AND host = $2 AND node = $3`, captureID, host, node, dbTime(ready))
	if err == nil && tag.RowsAffected() != 1 {
		err = ErrLeaseLost
	}
	if err != nil {
		return fmt.Errorf("store: yield %s in capture %d: %w", host, captureID, err)
	}
	return nil
}
