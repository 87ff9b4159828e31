package daemon

import (
	"context"
	"net/http"
	"sort"

	"github.com/sharc-archive/sharc/store"
)

// clusterMembers is the store's view of a clustered capture's nodes
// (PostgreSQL only: the store of a daemon in cluster mode).
type clusterMembers interface {
	ClusterMembers(ctx context.Context, captureID int64) ([]store.ClusterMember, error)
}

func (d *Daemon) getCluster(w http.ResponseWriter, r *http.Request) error {
	out, err := d.clusterInfo(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// clusterInfo is GET /api/v1/cluster's answer.
func (d *Daemon) clusterInfo(ctx context.Context) (ClusterInfo, error) {
	out := ClusterInfo{Captures: []ClusterCapture{}}
	cm, ok := d.st.(clusterMembers)
	if d.leaser == nil || !ok {
		return out, nil
	}
	out.Cluster, out.Node = true, d.cfg.Node
	type jobRef struct {
		name string
		id   int64
	}
	var jobs []jobRef
	d.mu.Lock()
	for _, js := range d.jobs {
		jobs = append(jobs, jobRef{js.name, js.id})
	}
	d.mu.Unlock()
	sort.Slice(jobs, func(i, j int) bool { return jobs[i].name < jobs[j].name })
	for _, j := range jobs {
		caps, err := d.st.Captures(ctx, j.id)
		if err != nil {
			return ClusterInfo{}, err
		}
		for _, c := range caps {
			if !c.Status.Open() {
				continue
			}
			ms, err := cm.ClusterMembers(ctx, c.ID)
			if err != nil {
				return ClusterInfo{}, err
			}
			cc := ClusterCapture{Capture: c.ID, Job: j.name, Nodes: []NodeMember{}}
			for _, m := range ms {
				cc.Nodes = append(cc.Nodes, NodeMember{Node: m.Node, State: m.State, Live: m.Live, ExpiresIn: m.ExpiresIn.Seconds(), HostsHeld: m.HostsHeld, Hosts: append([]string{}, m.Hosts...)})
			}
			out.Captures = append(out.Captures, cc)
		}
	}
	return out, nil
}

// Cluster returns the cluster's nodes (GET /api/v1/cluster).
func (c *Client) Cluster(ctx context.Context) (ClusterInfo, error) {
	var out ClusterInfo
	err := c.do(ctx, http.MethodGet, "/api/v1/cluster", nil, "", &out)
	return out, err
}
