package store_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sharc-archive/sharc/store"
)

// recount is ClusterLoad counted from the host rows, as a72097f did.
func recount(t *testing.T, conn *pgx.Conn, id int64) (free, held int, perNode map[string]int) {
	t.Helper()
	ctx := context.Background()
	if err := conn.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM host_leases WHERE capture_id = $1 AND node = '' AND work),
		(SELECT count(*) FROM host_leases WHERE capture_id = $1 AND node <> '')`, id).Scan(&free, &held); err != nil {
		t.Fatal(err)
	}
	rows, err := conn.Query(ctx, `SELECT node, count(*) FROM host_leases WHERE capture_id = $1 AND node <> '' GROUP BY node`, id)
	if err != nil {
		t.Fatal(err)
	}
	perNode = map[string]int{}
	for rows.Next() {
		var n string
		var c int
		if err := rows.Scan(&n, &c); err != nil {
			t.Fatal(err)
		}
		perNode[n] = c
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return free, held, perNode
}

// TestClusterCountsFollowHostRows: the counts ClusterLoad reads (kept by
// triggers, folded by whichever reader gets the try-lock) always equal a
// count of the host rows, while four nodes acquire, yield, release, die,
// rejoin, leave and commit pending URLs of new hosts concurrently, and
// readers fold at the same time.
func TestClusterCountsFollowHostRows(t *testing.T) {
	ctx := context.Background()
	dsn := pgSchemaDSN(t)
	_, l, id := clusterCaptureOn(t, dsn)
	conn := rawConn(t, dsn)
	nodes := []string{"a", "b", "c", "d"}
	for _, n := range nodes {
		if err := l.JoinCluster(ctx, id, n, time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	seedHosts(t, l, id, "h", 40)
	var wg sync.WaitGroup
	errs := make(chan error, len(nodes)+2)
	for i, n := range nodes {
		wg.Go(func() { errs <- churnNode(ctx, l, id, n, rand.New(rand.NewPCG(uint64(i), 27))) })
	}
	for range 2 {
		wg.Go(func() {
			for range 60 {
				if _, err := l.ClusterLoad(ctx, id); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range nodes {
		// Alive again, so every node's count is listed.
		if err := l.JoinCluster(ctx, id, n, time.Hour); err != nil {
			t.Fatal(err)
		}
		if _, err := l.AcquireShare(ctx, id, n, 3, 0); err != nil {
			t.Fatal(err)
		}
	}
	ld, err := l.ClusterLoad(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	free, held, perNode := recount(t, conn, id)
	got := map[string]int{}
	for _, n := range ld.Live {
		if n.Hosts > 0 {
			got[n.Node] = n.Hosts
		}
	}
	if ld.Free != free || ld.Held != held || fmt.Sprint(got) != fmt.Sprint(perNode) {
		t.Fatalf("counts: free %d held %d per node %v; host rows: free %d held %d per node %v", ld.Free, ld.Held, got, free, held, perNode)
	}
	if held == 0 || free == 0 {
		t.Fatalf("free %d, held %d: the test should end with both", free, held)
	}
}

// churnNode runs 40 random lease operations as node n.
func churnNode(ctx context.Context, l leaser, id int64, n string, r *rand.Rand) error {
	held := func() ([]string, error) { return l.RenewLeases(ctx, id, n, time.Hour) }
	for i := range 40 {
		hosts, err := held()
		if errors.Is(err, store.ErrNodeFenced) {
			if err := l.JoinCluster(ctx, id, n, time.Hour); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		var op error
		switch k := r.IntN(7); {
		case k <= 1:
			_, op = l.AcquireShare(ctx, id, n, 1+r.IntN(4), r.IntN(3))
		case k == 2 && len(hosts) > 0:
			op = l.YieldHost(ctx, id, n, hosts[r.IntN(len(hosts))], time.Time{})
		case k == 3 && len(hosts) > 0:
			h := hosts[r.IntN(len(hosts))]
			if _, op = l.DrainPending(ctx, id, n, h, numberAll(1000*i)); op == nil {
				_, op = l.ReleaseHost(ctx, id, n, h, time.Time{})
			}
		case k == 4:
			u := seedURL(fmt.Sprintf("new-%s-%02d.test", n, i), "/")
			_, op = l.ClusterCommit(ctx, store.Batch{CaptureID: id}, n, []store.FrontierURL{u})
		case k == 5 && r.IntN(3) == 0:
			op = l.LeaveCluster(ctx, id, n, 0)
		case k == 6 && r.IntN(3) == 0:
			_, op = l.RenewLeases(ctx, id, n, 0) // dies: its hosts are orphans for the others
		}
		if op != nil && !errors.Is(op, store.ErrLeaseLost) {
			return fmt.Errorf("%s, step %d: %w", n, i, op)
		}
	}
	return nil
}

// TestClusterCountsTruncate: emptying host_leases (TRUNCATE fires no
// DELETE trigger) empties the counts, so a capture seeded again counts
// from zero.
func TestClusterCountsTruncate(t *testing.T) {
	ctx := context.Background()
	l, id, conn := twoNodeCapture(t)
	seedHosts(t, l, id, "h", 5)
	if _, err := l.AcquireHosts(ctx, id, "a", 2); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `TRUNCATE host_leases, pending_urls`); err != nil {
		t.Fatal(err)
	}
	seedHosts(t, l, id, "g", 3)
	ld, err := l.ClusterLoad(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if ld.Free != 3 || ld.Held != 0 {
		t.Fatalf("after TRUNCATE and 3 new hosts: %+v; want 3 free, none held", ld)
	}
}
