package store

import (
	"context"
	"fmt"
	"time"
)

// ClusterMember is one node of a clustered capture as the store sees it:
// what the web console shows as "the cluster's nodes with the hosts each
// holds". PostgreSQL only, as the rest of cluster mode (leases.go).
type ClusterMember struct {
	Node  string
	State string // open, or closed once it left (or was repaired)
	// Live: open and its heartbeat has not ended; ExpiresIn is how long
	// it has left (negative once ended), by the store's clock.
	Live      bool
	ExpiresIn time.Duration
	// HostsHeld counts the hosts whose lease names the node; Hosts are
	// the first maxMemberHosts of them by name.
	HostsHeld int
	Hosts     []string
}

// maxMemberHosts bounds the host names listed per node.
const maxMemberHosts = 100

// ClusterMembers lists the nodes of a clustered capture, by name, with
// the hosts each holds (host_leases_node serves the join).
func (s *pgStore) ClusterMembers(ctx context.Context, captureID int64) ([]ClusterMember, error) {
	rows, err := s.pool.Query(ctx, `SELECT n.node, n.state, n.state = 'open' AND n.expires > now(),
		EXTRACT(EPOCH FROM n.expires - now())::DOUBLE PRECISION,
		COUNT(h.host), COALESCE((ARRAY_AGG(h.host ORDER BY h.host) FILTER (WHERE h.host IS NOT NULL))[1:$2], '{}')
		FROM cluster_nodes n LEFT JOIN host_leases h ON h.capture_id = n.capture_id AND h.node = n.node
		WHERE n.capture_id = $1 GROUP BY n.node, n.state, n.expires ORDER BY n.node`, captureID, maxMemberHosts)
	if err != nil {
		return nil, fmt.Errorf("store: cluster members of capture %d: %w", captureID, err)
	}
	defer rows.Close()
	var out []ClusterMember
	for rows.Next() {
		var m ClusterMember
		var secs float64
		if err := rows.Scan(&m.Node, &m.State, &m.Live, &secs, &m.HostsHeld, &m.Hosts); err != nil {
			return nil, fmt.Errorf("store: cluster members of capture %d: %w", captureID, err)
		}
		m.ExpiresIn = time.Duration(secs * float64(time.Second))
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: cluster members of capture %d: %w", captureID, err)
	}
	return out, nil
}
