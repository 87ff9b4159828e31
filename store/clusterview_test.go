package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// TestClusterMembers: each node with the hosts it holds, live or not;
// a node that left is closed and holds nothing.
func TestClusterMembers(t *testing.T) {
	ctx := context.Background()
	s, l, id := clusterCapture(t)
	var seeds []store.FrontierURL
	for i := range 5 {
		seeds = append(seeds, seedURL(fmt.Sprintf("h%d.test", i), "/"))
	}
	if err := l.SeedCluster(ctx, id, seeds); err != nil {
		t.Fatal(err)
	}
	held := map[string][]string{}
	for node, n := range map[string]int{"a": 3, "b": 2, "c": 0} {
		if err := l.JoinCluster(ctx, id, node, time.Minute); err != nil {
			t.Fatal(err)
		}
		ls, err := l.AcquireHosts(ctx, id, node, n)
		if err != nil {
			t.Fatal(err)
		}
		held[node] = hostsOf(ls)
	}
	if err := l.LeaveCluster(ctx, id, "c", 0); err != nil {
		t.Fatal(err)
	}
	ms, err := s.(*store.PGStore).ClusterMembers(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 3 {
		t.Fatalf("members %+v", ms)
	}
	for _, m := range ms {
		want := held[m.Node]
		live := m.Node != "c"
		if m.HostsHeld != len(want) || fmt.Sprint(m.Hosts) != fmt.Sprint(want) && len(want) > 0 || m.Live != live || (live && (m.ExpiresIn <= 0 || m.ExpiresIn > time.Minute)) {
			t.Errorf("member %+v, want hosts %v, live %v", m, want, live)
		}
	}
	if ms[2].State != "closed" || ms[0].State != "open" {
		t.Errorf("states %q %q", ms[0].State, ms[2].State)
	}
}
