package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// fetchBatch is the commit of one fetch of host's path: its response
// record and the URL's state, under the lease epochs given.
func fetchBatch(id int64, host, path string, epochs map[string]int64) store.Batch {
	u := seedURL(host, path)
	return store.Batch{CaptureID: id, Epochs: epochs,
		Records: []store.Record{{CaptureID: id, URL: u.URL, SURT: u.SURT, Time: time.Now(), RecordType: warc.Response,
			RecordID: fmt.Sprintf("<urn:uuid:%s-%d>", host, time.Now().UnixNano()), Status: 200, WARCFile: "f.warc.gz",
			RecordLength: 100, Phase: "visit"}},
	}
}

// TestClusterFencing (issue 27, row 4): each acquisition of a host raises
// its epoch, whichever node takes it; a renewal of a heartbeat that has
// ended is refused (ErrNodeFenced) instead of reviving the node's leases;
// a commit carrying a stale epoch, from the old holder or even from the
// same node at an older epoch, is refused whole (ErrStaleLease: no record
// lands), while the current holder's commit lands; a fenced node rejoins
// with no leases unless another node declared it dead (ErrNodeClaimed).
func TestClusterFencing(t *testing.T) {
	ctx := context.Background()
	l, id, conn := twoNodeCapture(t)
	seedHosts(t, l, id, "f", 1)
	const host = "f0000.test"
	records := func() int {
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM records WHERE capture_id = $1`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	ls, err := l.AcquireHosts(ctx, id, "a", 1)
	if err != nil || len(ls) != 1 || ls[0].Epoch != 1 {
		t.Fatalf("a acquired %+v, %v; want %s at epoch 1", ls, err, host)
	}
	// a's heartbeat ends (a paused, partitioned, or the database was
	// unreachable); b takes the host at epoch 2.
	if _, err := l.RenewLeases(ctx, id, "a", 0); err != nil {
		t.Fatal(err)
	}
	if ls, err = l.AcquireHosts(ctx, id, "b", 1); err != nil || len(ls) != 1 || ls[0].Epoch != 2 {
		t.Fatalf("b acquired %+v, %v; want %s at epoch 2", ls, err, host)
	}
	cases := []struct {
		name   string
		node   string
		epochs map[string]int64
		want   error
	}{
		{"old holder at its epoch", "a", map[string]int64{host: 1}, store.ErrStaleLease},
		{"new holder at an old epoch", "b", map[string]int64{host: 1}, store.ErrStaleLease},
		{"a host never held", "b", map[string]int64{"none.test": 1}, store.ErrStaleLease},
		{"new holder at its epoch", "b", map[string]int64{host: 2}, nil},
	}
	for i, c := range cases {
		before := records()
		_, err := l.ClusterCommit(ctx, fetchBatch(id, host, fmt.Sprintf("/p%d", i), c.epochs), c.node, nil)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: commit %v, want %v", c.name, err, c.want)
		}
		landed := records() - before
		if (c.want == nil) != (landed == 1) {
			t.Errorf("%s: %d records landed", c.name, landed)
		}
	}
	// a learns it is fenced at its next renewal, not only at the end.
	if _, err := l.RenewLeases(ctx, id, "a", time.Hour); !errors.Is(err, store.ErrNodeFenced) {
		t.Fatalf("renewal of an ended heartbeat: %v, want ErrNodeFenced", err)
	}
	if err := l.RejoinCluster(ctx, id, "a", time.Hour); err != nil {
		t.Fatal(err)
	}
	if held, err := l.RenewLeases(ctx, id, "a", time.Hour); err != nil || len(held) != 0 {
		t.Fatalf("a holds %v, %v after rejoining; want nothing", held, err)
	}
	// b hands the host on, a acquires it again: epoch 3, monotonic
	// across nodes.
	if err := l.YieldHost(ctx, id, "b", host, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if ls, err = l.AcquireHosts(ctx, id, "a", 1); err != nil || len(ls) != 1 || ls[0].Epoch != 3 {
		t.Fatalf("a acquired %+v, %v; want %s at epoch 3", ls, err, host)
	}
	// A node declared dead (its files repaired) may not rejoin.
	if _, err := l.RenewLeases(ctx, id, "b", 0); err != nil {
		t.Fatal(err)
	}
	if _, dead, err := l.ClusterNodes(ctx, id); err != nil || len(dead) != 1 || dead[0] != "b" {
		t.Fatalf("claimed %v, %v; want [b]", dead, err)
	}
	if err := l.RejoinCluster(ctx, id, "b", time.Hour); !errors.Is(err, store.ErrNodeClaimed) {
		t.Fatalf("rejoin of a claimed node: %v, want ErrNodeClaimed", err)
	}
}

// BenchmarkClusterCommitFenced: what the epoch check adds to a group
// commit of a node of the lease benchmark's capture (10^4 hosts, n00
// holding 500): 16 response records of 4 held hosts, committed without
// epochs (as before issue 27) and with them (one share-locking read of
// the 4 lease rows in the commit's transaction).
func BenchmarkClusterCommitFenced(b *testing.B) {
	lb := newLeaseBench(b, othersLive)
	ctx := context.Background()
	hosts := []string{"h00000.test", "h00001.test", "h00002.test", "h00003.test"}
	for _, fenced := range []bool{false, true} {
		name := "unfenced"
		if fenced {
			name = "fenced"
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				var batch store.Batch
				batch.CaptureID = lb.id
				if fenced {
					batch.Epochs = map[string]int64{}
				}
				for k := range 16 {
					h := hosts[k%len(hosts)]
					one := fetchBatch(lb.id, h, fmt.Sprintf("/%s/%d/%d", name, i, k), nil)
					batch.Records = append(batch.Records, one.Records...)
					if fenced {
						batch.Epochs[h] = 0
					}
				}
				if _, err := lb.l.ClusterCommit(ctx, batch, "n00", nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
