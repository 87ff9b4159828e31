package store_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// leaser is the cluster side of the PostgreSQL store, as the crawler
// consumes it.
type leaser interface {
	JoinCluster(ctx context.Context, captureID int64, node string, ttl time.Duration) error
	SeedCluster(ctx context.Context, captureID int64, seeds []store.FrontierURL) error
	AcquireHosts(ctx context.Context, captureID int64, node string, n int, ttl time.Duration) ([]store.Lease, error)
	RenewLeases(ctx context.Context, captureID int64, node string, ttl time.Duration) ([]string, error)
	PendingHosts(ctx context.Context, captureID int64, node string) ([]string, error)
	HostFrontier(ctx context.Context, captureID int64, host string) ([]store.FrontierURL, error)
	DrainPending(ctx context.Context, captureID int64, node, host string, assign func([]store.FrontierURL) []store.FrontierURL) ([]store.FrontierURL, error)
	ReleaseHost(ctx context.Context, captureID int64, node, host string, ready time.Time) (bool, error)
	ClusterCommit(ctx context.Context, b store.Batch, node string, pending []store.FrontierURL) ([]string, error)
	ClusterDone(ctx context.Context, captureID int64) (bool, error)
	LeaveCluster(ctx context.Context, captureID int64, node string, gap time.Duration) error
	ClusterNodes(ctx context.Context, captureID int64) (open int, dead []string, err error)
}

// clusterCapture opens a fresh PostgreSQL store with one running capture.
func clusterCapture(t *testing.T) (store.Store, leaser, int64) {
	t.Helper()
	ctx := context.Background()
	s := openPostgres(t)
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	j, err := s.UpsertJob(ctx, "cluster", "name: cluster")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	l, ok := s.(leaser)
	if !ok {
		t.Fatal("the PostgreSQL store does not implement the cluster methods")
	}
	return s, l, c.ID
}

func seedURL(host, path string) store.FrontierURL {
	u := "http://" + host + path
	return store.FrontierURL{URL: u, SURT: "test," + host + ")" + path, Host: host, ParentSeq: -1, HopPath: "", Rate: 0.1, RateSource: "default"}
}

// numberAll gives pending rows seqs from next, as the holder's frontier
// would.
func numberAll(next int) func([]store.FrontierURL) []store.FrontierURL {
	return func(rows []store.FrontierURL) []store.FrontierURL {
		sort.Slice(rows, func(i, j int) bool { return rows[i].SURT < rows[j].SURT })
		for i := range rows {
			rows[i].Seq = next + i
		}
		return rows
	}
}

func hostsOf(ls []store.Lease) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Host)
	}
	sort.Strings(out)
	return out
}

func TestClusterAcquireIsExclusive(t *testing.T) {
	ctx := context.Background()
	_, l, id := clusterCapture(t)
	var seeds []store.FrontierURL
	for i := range 20 {
		seeds = append(seeds, seedURL(fmt.Sprintf("h%02d.test", i), "/"))
	}
	if err := l.SeedCluster(ctx, id, seeds); err != nil {
		t.Fatal(err)
	}
	// Seeding twice (a second node starting) adds nothing.
	if err := l.SeedCluster(ctx, id, seeds[:1]); err != nil {
		t.Fatal(err)
	}
	got := make([][]store.Lease, 4)
	var wg sync.WaitGroup
	for n := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			node := fmt.Sprintf("n%d", n)
			if err := l.JoinCluster(ctx, id, node, time.Minute); err != nil {
				t.Error(err)
				return
			}
			for range 3 {
				ls, err := l.AcquireHosts(ctx, id, node, 3, time.Minute)
				if err != nil {
					t.Error(err)
					return
				}
				got[n] = append(got[n], ls...)
			}
		}()
	}
	wg.Wait()
	owner := map[string]int{}
	for n, ls := range got {
		for _, le := range ls {
			if o, dup := owner[le.Host]; dup {
				t.Errorf("%s leased to n%d and n%d", le.Host, o, n)
			}
			owner[le.Host] = n
		}
	}
	if len(owner) != 20 {
		t.Errorf("%d hosts leased, want all 20", len(owner))
	}
	// Nothing is left for a fifth node while the leases live.
	if ls, err := l.AcquireHosts(ctx, id, "n9", 20, time.Minute); err != nil || len(ls) != 0 {
		t.Errorf("fifth node got %v, %v; want nothing", hostsOf(ls), err)
	}
}

func TestClusterLeaseLifecycle(t *testing.T) {
	ctx := context.Background()
	_, l, id := clusterCapture(t)
	for _, n := range []string{"a", "b"} {
		if err := l.JoinCluster(ctx, id, n, time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.SeedCluster(ctx, id, []store.FrontierURL{seedURL("x.test", "/")}); err != nil {
		t.Fatal(err)
	}
	if done, err := l.ClusterDone(ctx, id); err != nil || done {
		t.Fatalf("done right after seeding = %v, %v", done, err)
	}
	ls, err := l.AcquireHosts(ctx, id, "a", 5, 200*time.Millisecond)
	if err != nil || len(ls) != 1 || ls[0].Host != "x.test" || !ls[0].Ready.IsZero() {
		t.Fatalf("a acquired %+v, %v; want x.test with no ready time", ls, err)
	}
	if ph, err := l.PendingHosts(ctx, id, "a"); err != nil || len(ph) != 1 {
		t.Fatalf("pending hosts of a = %v, %v", ph, err)
	}
	fresh, err := l.DrainPending(ctx, id, "a", "x.test", numberAll(0))
	if err != nil || len(fresh) != 1 {
		t.Fatalf("drain = %v, %v", fresh, err)
	}
	rows, err := l.HostFrontier(ctx, id, "x.test")
	if err != nil || len(rows) != 1 || rows[0].Seq != 0 || rows[0].State != store.StateQueued {
		t.Fatalf("x.test frontier = %+v, %v", rows, err)
	}

	// b finds two URLs of x.test: they wait as pending, and a cannot
	// release x.test until it has drained them.
	lost, err := l.ClusterCommit(ctx, store.Batch{CaptureID: id}, "b", []store.FrontierURL{seedURL("x.test", "/a"), seedURL("x.test", "/b")})
	if err != nil || len(lost) != 0 {
		t.Fatalf("b's commit: lost %v, %v", lost, err)
	}
	if ok, err := l.ReleaseHost(ctx, id, "a", "x.test", time.Now()); err != nil || ok {
		t.Fatalf("release with pending URLs = %v, %v; want refused", ok, err)
	}
	if _, err := l.DrainPending(ctx, id, "a", "x.test", numberAll(1)); err != nil {
		t.Fatal(err)
	}
	// a finishes every URL and releases, leaving a politeness gap.
	b := store.Batch{CaptureID: id}
	for _, p := range []string{"/", "/a", "/b"} {
		b.States = append(b.States, store.StateChange{SURT: seedURL("x.test", p).SURT, State: store.StateDone, Attempts: 1})
	}
	if _, err := l.ClusterCommit(ctx, b, "a", nil); err != nil {
		t.Fatal(err)
	}
	ready := time.Now().Add(time.Hour).UTC().Truncate(time.Microsecond)
	if ok, err := l.ReleaseHost(ctx, id, "a", "x.test", ready); err != nil || !ok {
		t.Fatalf("release = %v, %v", ok, err)
	}
	if done, err := l.ClusterDone(ctx, id); err != nil || !done {
		t.Fatalf("done after the last release = %v, %v", done, err)
	}

	// New work for x.test makes it acquirable again, with a's gap.
	if _, err := l.ClusterCommit(ctx, store.Batch{CaptureID: id}, "b", []store.FrontierURL{seedURL("x.test", "/c")}); err != nil {
		t.Fatal(err)
	}
	ls, err = l.AcquireHosts(ctx, id, "b", 5, 100*time.Millisecond)
	if err != nil || len(ls) != 1 || !ls[0].Ready.Equal(ready) {
		t.Fatalf("b acquired %+v, %v; want x.test ready at %s", ls, err, ready)
	}
	// b's lease expires unrenewed: a takes the host over, and b's late
	// discovery of x.test goes to pending instead of taking a seq.
	time.Sleep(150 * time.Millisecond)
	if ls, err := l.AcquireHosts(ctx, id, "a", 5, time.Minute); err != nil || len(ls) != 1 {
		t.Fatalf("takeover after expiry: %+v, %v", ls, err)
	}
	late := seedURL("x.test", "/late")
	late.Seq = 4
	lost, err = l.ClusterCommit(ctx, store.Batch{CaptureID: id, Discovered: []store.FrontierURL{late}}, "b", nil)
	if err != nil || len(lost) != 1 || lost[0] != "x.test" {
		t.Fatalf("commit by the old holder: lost %v, %v; want [x.test]", lost, err)
	}
	fresh, err = l.DrainPending(ctx, id, "a", "x.test", numberAll(3))
	if err != nil || len(fresh) != 2 {
		t.Fatalf("a drains %d URLs (%v), want /c and /late", len(fresh), err)
	}
	if _, err := l.DrainPending(ctx, id, "b", "x.test", numberAll(0)); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("drain by the old holder: %v, want ErrLeaseLost", err)
	}
	held, err := l.RenewLeases(ctx, id, "b", time.Minute)
	if err != nil || len(held) != 0 {
		t.Fatalf("b renews %v, %v; want nothing", held, err)
	}
}

func TestClusterDeadNode(t *testing.T) {
	ctx := context.Background()
	_, l, id := clusterCapture(t)
	if err := l.JoinCluster(ctx, id, "live", time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := l.JoinCluster(ctx, id, "dead", 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	open, dead, err := l.ClusterNodes(ctx, id)
	if err != nil || open != 1 || len(dead) != 1 || dead[0] != "dead" {
		t.Fatalf("nodes: open %d, dead %v, %v; want 1 open and [dead]", open, dead, err)
	}
	// Claimed once only.
	if _, dead, err := l.ClusterNodes(ctx, id); err != nil || len(dead) != 0 {
		t.Fatalf("second claim: %v, %v", dead, err)
	}
	// The dead node must not carry on if it was only slow.
	if _, err := l.RenewLeases(ctx, id, "dead", time.Minute); !errors.Is(err, store.ErrNodeFenced) {
		t.Fatalf("renewal by a node declared dead: %v, want ErrNodeFenced", err)
	}
	// A node leaving (SIGTERM) hands its hosts on with its politeness
	// gap: its last requests may have just ended.
	if err := l.SeedCluster(ctx, id, []store.FrontierURL{seedURL("y.test", "/")}); err != nil {
		t.Fatal(err)
	}
	if ls, err := l.AcquireHosts(ctx, id, "live", 1, time.Minute); err != nil || len(ls) != 1 {
		t.Fatalf("acquire: %v, %v", ls, err)
	}
	left := time.Now()
	if err := l.LeaveCluster(ctx, id, "live", time.Hour); err != nil {
		t.Fatal(err)
	}
	ls, err := l.AcquireHosts(ctx, id, "other", 1, time.Minute)
	if err != nil || len(ls) != 1 || ls[0].Ready.Before(left.Add(59*time.Minute)) {
		t.Fatalf("after leaving, another node acquired %+v, %v; want y.test ready an hour later", ls, err)
	}
	if open, _, err := l.ClusterNodes(ctx, id); err != nil || open != 0 {
		t.Fatalf("open nodes after leaving: %d, %v", open, err)
	}
}
