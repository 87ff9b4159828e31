package crawler

import (
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

func nodes(hosts ...int) []store.NodeLoad {
	out := make([]store.NodeLoad, len(hosts))
	for i, h := range hosts {
		out[i] = store.NodeLoad{Node: string(rune('a' + i)), Hosts: h}
	}
	return out
}

// TestFairShare: the decisions behind the ops team's two failures (one
// node leasing every host; a dead node's hosts waiting for full survivors)
// and the cases that must not move hosts.
func TestFairShare(t *testing.T) {
	tests := []struct {
		name     string
		load     store.ClusterLoad
		held     int // this node ("a") keeps
		maxHosts int
		want     shareDecision
	}{
		{"alone, takes up to max_hosts", store.ClusterLoad{Live: nodes(0), Free: 6}, 0, 4,
			shareDecision{live: 1, work: 6, share: 4, acquire: 4}},
		{"three nodes, six hosts: two each", store.ClusterLoad{Live: nodes(0, 0, 0), Free: 6}, 0, 6,
			shareDecision{live: 3, work: 6, share: 2, acquire: 2}},
		{"a holds all six, b and c join: yield four", store.ClusterLoad{Live: nodes(6, 0, 0), Held: 6}, 6, 6,
			shareDecision{live: 3, work: 6, share: 2, yield: 4}},
		{"b already took the free hosts: no yield", store.ClusterLoad{Live: nodes(3, 3), Held: 6}, 3, 6,
			shareDecision{live: 2, work: 6, share: 3}},
		{"a above share, free hosts cover b's lack: no yield", store.ClusterLoad{Live: nodes(4, 0), Held: 4, Free: 3}, 4, 8,
			shareDecision{live: 2, work: 7, share: 4}},
		{"a above share after hosts finished, c lacks one", store.ClusterLoad{Live: nodes(3, 2, 1), Held: 6}, 3, 6,
			shareDecision{live: 3, work: 6, share: 2, yield: 1}},
		{"dead node's hosts taken beyond max_hosts", store.ClusterLoad{Live: nodes(2, 2), Held: 6, Orphaned: 2}, 2, 2,
			shareDecision{live: 2, work: 6, share: 2, orphans: 1}},
		{"after the takeover, above max_hosts but nobody lacks: keep", store.ClusterLoad{Live: nodes(3, 3), Held: 6}, 3, 2,
			shareDecision{live: 2, work: 6, share: 2}},
		{"nothing to do", store.ClusterLoad{Live: nodes(0, 0)}, 0, 4,
			shareDecision{live: 2, work: 0, share: 1, acquire: 1}},
		{"no live node seen (own heartbeat just renewed)", store.ClusterLoad{Free: 3}, 0, 4,
			shareDecision{live: 1, work: 3, share: 3, acquire: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fairShare(tt.load, "a", tt.held, tt.maxHosts); got != tt.want {
				t.Errorf("fairShare = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestNextPoll: a peer's heartbeat ending before the next regular poll
// brings the poll forward to just after it; live peers (more than a Poll
// left) and the node's own heartbeat do not.
func TestNextPoll(t *testing.T) {
	const poll = 250 * time.Millisecond
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := start.Add(20 * time.Millisecond) // when the load was read
	live := func(left ...time.Duration) []store.NodeLoad {
		out := nodes(make([]int, len(left))...)
		for i, l := range left {
			out[i].ExpiresIn = l
		}
		return out
	}
	for _, tt := range []struct {
		name string
		live []store.NodeLoad
		want time.Time
	}{
		{"alone", live(3 * time.Second), start.Add(poll)},
		{"peers renewing", live(3*time.Second, 3800*time.Millisecond, 3900*time.Millisecond), start.Add(poll)},
		{"peer dying", live(3*time.Second, 4*time.Second, 100*time.Millisecond), at.Add(100*time.Millisecond + expiryMargin)},
		{"own heartbeat short", live(50*time.Millisecond, 3*time.Second), start.Add(poll)},
		{"peer ends at the poll", live(3*time.Second, poll), start.Add(poll)},
	} {
		c := &Crawler{runState: runState{cl: &cluster{ClusterOptions: ClusterOptions{Node: "a", Poll: poll}}}}
		c.cl.share.load, c.cl.share.loadAt = store.ClusterLoad{Live: tt.live}, at
		if got := c.nextPoll(start); !got.Equal(tt.want) {
			t.Errorf("%s: next poll at +%s, want +%s", tt.name, got.Sub(start), tt.want.Sub(start))
		}
	}
}
