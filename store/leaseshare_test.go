package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// sharer is the fair-share side of the cluster contract (crawler.Leaser
// holds both sides).
type sharer = leaser

func loadOf(t *testing.T, s sharer, id int64) store.ClusterLoad {
	t.Helper()
	ld, err := s.ClusterLoad(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ld
}

// countsOf drops the heartbeats' time left (checked by
// TestClusterLoadExpiresIn) to compare the rest.
func countsOf(live []store.NodeLoad) []store.NodeLoad {
	out := make([]store.NodeLoad, len(live))
	for i, n := range live {
		out[i] = store.NodeLoad{Node: n.Node, Hosts: n.Hosts}
	}
	return out
}

// TestClusterLoadExpiresIn: each live node's time left is what its last
// renewal gave it, less the time since, by the store's clock.
func TestClusterLoadExpiresIn(t *testing.T) {
	ctx := context.Background()
	l, id, _ := twoNodeCapture(t)
	if _, err := l.RenewLeases(ctx, id, "a", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	ld := loadOf(t, l, id)
	if len(ld.Live) != 2 || ld.Live[0].Node != "a" {
		t.Fatalf("live %+v", ld.Live)
	}
	// b joined with an hour; a renewed with 30 s an instant ago.
	if a, b := ld.Live[0].ExpiresIn, ld.Live[1].ExpiresIn; a <= 25*time.Second || a > 30*time.Second || b <= 59*time.Minute || b > time.Hour {
		t.Fatalf("time left: a %s (want just under 30 s), b %s (want just under 1 h)", a, b)
	}
}

// TestClusterLoad: the counts a node bases its fair share on follow
// acquisitions, a death and a takeover.
func TestClusterLoad(t *testing.T) {
	ctx := context.Background()
	l, id, _ := twoNodeCapture(t)
	s := l
	seedHosts(t, l, id, "h", 6)
	if ld := loadOf(t, s, id); ld.Free != 6 || ld.Held != 0 || ld.Orphaned != 0 ||
		!slices.Equal(countsOf(ld.Live), []store.NodeLoad{{Node: "a", Hosts: 0}, {Node: "b", Hosts: 0}}) {
		t.Fatalf("seeded: %+v; want 6 free hosts, a and b live with none", ld)
	}
	if ls, err := l.AcquireHosts(ctx, id, "a", 4); err != nil || len(ls) != 4 {
		t.Fatalf("a acquired %v, %v", hostsOf(ls), err)
	}
	if ld := loadOf(t, s, id); ld.Free != 2 || ld.Held != 4 || ld.Live[0].Hosts != 4 || ld.Live[1].Hosts != 0 {
		t.Fatalf("a holds 4: %+v", ld)
	}
	// a's heartbeat ends: it is no longer live and its hosts are orphans.
	if _, err := l.RenewLeases(ctx, id, "a", 0); err != nil {
		t.Fatal(err)
	}
	ld := loadOf(t, s, id)
	if ld.Orphaned != 4 || ld.Held != 4 || !slices.Equal(countsOf(ld.Live), []store.NodeLoad{{Node: "b", Hosts: 0}}) || ld.Expired < 0 {
		t.Fatalf("a dead: %+v; want 4 orphaned, only b live", ld)
	}
	ls, err := s.AcquireShare(ctx, id, "b", 0, 10)
	if err != nil || len(ls) != 4 {
		t.Fatalf("b took over %v, %v; want a's 4 hosts", hostsOf(ls), err)
	}
	if ld := loadOf(t, s, id); ld.Orphaned != 0 || ld.Free != 2 || ld.Live[0].Hosts != 4 {
		t.Fatalf("after the takeover: %+v", ld)
	}
}

// TestClusterAcquireShare: hosts of a dead holder are taken first and
// beyond n, each naming its dead holder; free hosts only up to n leases in
// all; and neither bound lets a node take a live holder's host.
func TestClusterAcquireShare(t *testing.T) {
	ctx := context.Background()
	l, id, _ := twoNodeCapture(t)
	s := l
	seedHosts(t, l, id, "h", 6)
	if err := l.JoinCluster(ctx, id, "c", time.Hour); err != nil {
		t.Fatal(err)
	}
	if ls, err := l.AcquireHosts(ctx, id, "a", 3); err != nil || len(ls) != 3 {
		t.Fatalf("a acquired %v, %v", hostsOf(ls), err)
	}
	if ls, err := l.AcquireHosts(ctx, id, "c", 1); err != nil || len(ls) != 1 {
		t.Fatalf("c acquired %v, %v", hostsOf(ls), err)
	}
	// b is "full" (n = 0) but a died: b takes 2 of a's 3 hosts, its
	// share of them, and nothing free.
	if _, err := l.RenewLeases(ctx, id, "a", 0); err != nil {
		t.Fatal(err)
	}
	ls, err := s.AcquireShare(ctx, id, "b", 0, 2)
	if err != nil || len(ls) != 2 {
		t.Fatalf("b with no room took %v, %v; want 2 of a's hosts", hostsOf(ls), err)
	}
	for _, x := range ls {
		if x.From != "a" {
			t.Errorf("lease %+v: want From a", x)
		}
	}
	// With room for 2: the last orphan first, then one free host.
	ls, err = s.AcquireShare(ctx, id, "b", 2, 2)
	if err != nil || len(ls) != 2 {
		t.Fatalf("b took %v, %v; want a's last host and one free host", hostsOf(ls), err)
	}
	var from []string
	for _, x := range ls {
		from = append(from, x.From)
	}
	slices.Sort(from)
	if !slices.Equal(from, []string{"", "a"}) {
		t.Errorf("b's leases came from %q; want one orphan and one free host", from)
	}
	// One free host left, c's host is live: nothing more for b than it.
	ls, err = s.AcquireShare(ctx, id, "b", 5, 5)
	if err != nil || len(ls) != 1 || ls[0].From != "" {
		t.Fatalf("b took %+v, %v; want the one free host", ls, err)
	}
}

// TestClusterYieldHost: a yielded host keeps its work, so another node
// acquires it (with the gap the yielder left), and only its holder can
// yield it.
func TestClusterYieldHost(t *testing.T) {
	ctx := context.Background()
	l, id, _ := twoNodeCapture(t)
	s := l
	seedHosts(t, l, id, "h", 1)
	ls, err := l.AcquireHosts(ctx, id, "a", 1)
	if err != nil || len(ls) != 1 {
		t.Fatalf("a acquired %v, %v", hostsOf(ls), err)
	}
	host := ls[0].Host
	if err := s.YieldHost(ctx, id, "b", host, time.Time{}); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("b yielding a's host: %v, want ErrLeaseLost", err)
	}
	ready := time.Now().Add(time.Hour).Truncate(time.Microsecond)
	if err := s.YieldHost(ctx, id, "a", host, ready); err != nil {
		t.Fatal(err)
	}
	if held, err := l.RenewLeases(ctx, id, "a", time.Hour); err != nil || len(held) != 0 {
		t.Fatalf("a still holds %v, %v after yielding", held, err)
	}
	if ld := loadOf(t, s, id); ld.Free != 1 || ld.Held != 0 {
		t.Fatalf("after the yield: %+v; want the host free with work", ld)
	}
	ls, err = l.AcquireHosts(ctx, id, "b", 1)
	if err != nil || len(ls) != 1 || ls[0].Host != host || !ls[0].Ready.Equal(ready) {
		t.Fatalf("b acquired %+v, %v; want %s ready at %s", ls, err, host, ready)
	}
	if done, err := l.ClusterDone(ctx, id); err != nil || done {
		t.Fatalf("capture done %v, %v with a yielded host's work left", done, err)
	}
}

// BenchmarkClusterLoad measures the read every node makes each poll to
// decide its fair share, in the capture shapes of BenchmarkLeases (10^4
// hosts, 20 nodes): every other host held by live nodes, free with work,
// or 500 of them held by a dead node.
func BenchmarkClusterLoad(b *testing.B) {
	ctx := context.Background()
	for _, others := range []string{othersLive, othersFree, othersDead} {
		b.Run(others, func(b *testing.B) {
			lb := newLeaseBench(b, others)
			s := lb.l
			b.ResetTimer()
			for range b.N {
				ld, err := s.ClusterLoad(ctx, lb.id)
				if err != nil || ld.Free+ld.Held != benchHosts {
					b.Fatalf("load %+v, %v: want %d hosts with work", ld, err, benchHosts)
				}
			}
		})
	}
}

// TestClusterLoadCountsRelinked: a released host that gets pending URLs
// again counts as free work, so nodes do not size their share as if the
// capture had nothing left.
func TestClusterLoadCountsRelinked(t *testing.T) {
	ctx := context.Background()
	l, id, _ := twoNodeCapture(t)
	s := l
	seedHosts(t, l, id, "h", 2)
	ls, err := l.AcquireHosts(ctx, id, "a", 2)
	if err != nil || len(ls) != 2 {
		t.Fatalf("a acquired %v, %v", hostsOf(ls), err)
	}
	for _, x := range ls {
		if _, err := l.DrainPending(ctx, id, "a", x.Host, numberAll(0)); err != nil {
			t.Fatal(err)
		}
		if ok, err := l.ReleaseHost(ctx, id, "a", x.Host, time.Time{}); err != nil || !ok {
			t.Fatalf("release %s: %v, %v", x.Host, ok, err)
		}
	}
	if ld := loadOf(t, s, id); ld.Free != 0 || ld.Held != 0 {
		t.Fatalf("all released: %+v; want no work", ld)
	}
	// b finds a new URL on a released host.
	if _, err := l.ClusterCommit(ctx, store.Batch{CaptureID: id}, "b", []store.FrontierURL{seedURL(ls[0].Host, "/new")}); err != nil {
		t.Fatal(err)
	}
	if ld := loadOf(t, s, id); ld.Free != 1 {
		t.Fatalf("a released host with a pending URL: %+v; want 1 free host", ld)
	}
}
