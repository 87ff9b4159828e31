package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/sharc-archive/sharc/store"
)

// testCrawlLogMarks: a batch's crawl.log mark lands with the batch and
// only with it (a refused batch leaves the last mark), marks are per
// node, and InFrontier names the capture's URLs and no others, past one
// query's worth of SURTs.
func testCrawlLogMarks(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	if _, err := s.CrawlLogMark(ctx, c.ID, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no mark yet: got %v, want ErrNotFound", err)
	}
	var urls []store.FrontierURL
	var surts []string
	for i := range 700 {
		u := fmt.Sprintf("http://a.test/p%d", i)
		surt := fmt.Sprintf("test,a)/p%d", i)
		urls = append(urls, store.FrontierURL{SURT: surt, URL: u, Host: "a.test", Seq: i})
		surts = append(surts, surt)
	}
	commit := func(b store.Batch) error { b.CaptureID = c.ID; return s.Commit(ctx, b) }
	if err := commit(store.Batch{Discovered: urls, Log: &store.LogMark{Bytes: 100}}); err != nil {
		t.Fatal(err)
	}
	if err := commit(store.Batch{Log: &store.LogMark{Node: "n2", Bytes: 7}}); err != nil {
		t.Fatal(err)
	}
	if err := commit(store.Batch{States: []store.StateChange{{SURT: surts[0], State: store.StateDone, Attempts: 1}}, Log: &store.LogMark{Bytes: 250}}); err != nil {
		t.Fatal(err)
	}
	bad := store.Batch{States: []store.StateChange{{SURT: "test,nowhere)/", State: store.StateDone, Attempts: 1}}, Log: &store.LogMark{Bytes: 999}}
	if err := commit(bad); err == nil {
		t.Fatal("a state change of an unknown URL was committed")
	}
	for node, want := range map[string]int64{"": 250, "n2": 7} {
		if got, err := s.CrawlLogMark(ctx, c.ID, node); err != nil || got != want {
			t.Errorf("mark of node %q: got %d, %v; want %d", node, got, err, want)
		}
	}
	ask := append([]string{"test,nowhere)/", "test,a)/p"}, surts...)
	in, err := s.InFrontier(ctx, c.ID, ask)
	if err != nil {
		t.Fatal(err)
	}
	if len(in) != len(surts) || !in[surts[0]] || !in[surts[699]] || in["test,nowhere)/"] || in["test,a)/p"] {
		t.Errorf("InFrontier: %d of %d found, nowhere=%v, prefix=%v", len(in), len(surts), in["test,nowhere)/"], in["test,a)/p"])
	}
	other := newCapture(t, s, "other")
	if in, err := s.InFrontier(ctx, other.ID, surts[:3]); err != nil || len(in) != 0 {
		t.Errorf("another capture's frontier: %v, %v; want empty", in, err)
	}
}
