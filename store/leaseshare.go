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

// pgClusterCounts and pgLiveNodes read ClusterLoad, in one round trip.
// Each count is an index range or, when it covers most of the capture's
// host rows, one sequential pass: host_leases_free for free hosts,
// host_leases_node for each dead node's hosts and the live nodes' hosts;
// released hosts with pending URLs again are found from the distinct hosts
// of pending_urls, a queue the holders drain every poll, so short. The live nodes' counts are
// one grouped join, not a count per node (a per-node subquery was planned
// as a pass over the host rows per node: 56 ms for 20 nodes and 10^4
// hosts).
const (
	pgClusterCounts = `SELECT
	(SELECT count(*) FROM host_leases WHERE capture_id = $1 AND node = '' AND work)
	+ (SELECT count(*) FROM host_leases WHERE capture_id = $1 AND node = '' AND NOT work
		AND host = ANY (ARRAY(SELECT DISTINCT host FROM pending_urls WHERE capture_id = $1))),
	(SELECT count(*) FROM host_leases l WHERE l.capture_id = $1 AND l.node IN (
		SELECT node FROM cluster_nodes WHERE capture_id = $1 AND (state <> 'open' OR expires <= now()))),
	coalesce((SELECT extract(epoch FROM now() - min(expires)) FROM cluster_nodes
		WHERE capture_id = $1 AND state = 'open' AND expires <= now()), 0)::float8`
	pgLiveNodes = `SELECT n.node, count(l.host), extract(epoch FROM n.expires - now())::float8 FROM cluster_nodes n
	LEFT JOIN host_leases l ON l.capture_id = n.capture_id AND l.node = n.node
	WHERE n.capture_id = $1 AND n.state = 'open' AND n.expires > now()
	GROUP BY n.node, n.expires ORDER BY n.node`
)

// ClusterLoad returns how captureID's hosts with work are spread over its
// nodes. It locks nothing: the counts are a snapshot, good for deciding
// how many hosts to ask for; AcquireShare is what keeps leases exclusive.
func (s *pgStore) ClusterLoad(ctx context.Context, captureID int64) (ClusterLoad, error) {
	var cl ClusterLoad
	err := s.retrying(ctx, "cluster load", func() (err error) {
		cl = ClusterLoad{}
		var b pgx.Batch
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
