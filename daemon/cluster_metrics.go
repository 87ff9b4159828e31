package daemon

import (
	"github.com/prometheus/client_golang/prometheus"
)

// Cluster metrics (Config.Node set): what each running capture's lease
// cycle decided, read from the crawler at scrape time like gauges. They
// explain why a node crawls the hosts it does: its fair share, the live
// nodes it shares with, hosts of dead nodes it took over, and how fresh its
// own heartbeat is (past lease_ttl its hosts pass to the others). Kept
// apart from metrics.go so the two can change independently.

// clusterGauges reads the cluster state of running crawlers.
type clusterGauges struct{ d *Daemon }

var (
	descClusterLeased = prometheus.NewDesc("sharc_cluster_hosts_leased",
		"Hosts this node leases now in the job's running capture.", []string{"job", "node"}, nil)
	descClusterShare = prometheus.NewDesc("sharc_cluster_fair_share",
		"Most free hosts this node leases: ceil(hosts with work / live nodes), within max_hosts (dead nodes' hosts may exceed it).",
		[]string{"job", "node"}, nil)
	descClusterLive = prometheus.NewDesc("sharc_cluster_live_nodes",
		"Nodes with a live heartbeat in the job's running capture, as seen at this node's last poll.", []string{"job", "node"}, nil)
	descClusterWork = prometheus.NewDesc("sharc_cluster_hosts_with_work",
		"Hosts of the capture with work left, held or free, at this node's last poll.", []string{"job", "node"}, nil)
	descClusterFree = prometheus.NewDesc("sharc_cluster_free_hosts",
		"Hosts of the capture with work and no holder, at this node's last poll.", []string{"job", "node"}, nil)
	descClusterOrphaned = prometheus.NewDesc("sharc_cluster_orphaned_hosts",
		"Hosts still held by nodes whose heartbeat ended, at this node's last poll: they wait for a takeover.", []string{"job", "node"}, nil)
	descClusterHeartbeat = prometheus.NewDesc("sharc_cluster_heartbeat_age_seconds",
		"Time since this node's last successful heartbeat renewal was sent; its leases end lease_ttl after it.", []string{"job", "node"}, nil)
	descClusterTakeovers = prometheus.NewDesc("sharc_cluster_lease_takeovers_total",
		"Hosts this node took over from nodes whose heartbeat ended, in the current run.", []string{"job", "node"}, nil)
	descClusterYielded = prometheus.NewDesc("sharc_cluster_hosts_yielded_total",
		"Hosts this node handed on because it held more than its fair share while another node held less, in the current run.",
		[]string{"job", "node"}, nil)
)

func (g *clusterGauges) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descClusterLeased, descClusterShare, descClusterLive, descClusterWork, descClusterFree,
		descClusterOrphaned, descClusterHeartbeat, descClusterTakeovers, descClusterYielded} {
		ch <- d
	}
}

func (g *clusterGauges) Collect(ch chan<- prometheus.Metric) {
	for _, v := range g.d.snapshot() {
		if v.run == nil || !v.run.started.Load() {
			continue
		}
		st, ok := v.run.cr.ClusterStatus()
		if !ok {
			continue
		}
		gauge := func(d *prometheus.Desc, x float64) {
			ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, x, v.name, st.Node)
		}
		gauge(descClusterLeased, float64(st.Held))
		gauge(descClusterShare, float64(st.Share))
		gauge(descClusterLive, float64(st.LiveNodes))
		gauge(descClusterWork, float64(st.HostsWithWork))
		gauge(descClusterFree, float64(st.FreeHosts))
		gauge(descClusterOrphaned, float64(st.OrphanedHosts))
		gauge(descClusterHeartbeat, st.HeartbeatAge.Seconds())
		ch <- prometheus.MustNewConstMetric(descClusterTakeovers, prometheus.CounterValue, float64(st.Takeovers), v.name, st.Node)
		ch <- prometheus.MustNewConstMetric(descClusterYielded, prometheus.CounterValue, float64(st.Yielded), v.name, st.Node)
	}
}
