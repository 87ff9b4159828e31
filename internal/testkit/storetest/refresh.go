package storetest

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// testRefreshCycles: a cycle's metrics round-trip, a second write replaces
// the first (a resumed cycle), contradictory counts are refused, and a
// capture without a cycle is ErrNotFound.
func testRefreshCycles(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	other := newCapture(t, s, "other")
	if _, err := s.RefreshCycle(ctx, c.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no cycle yet: got %v, want ErrNotFound", err)
	}
	r := store.RefreshCycle{CaptureID: c.ID, Policy: "neighbourhood-dir(1)/wha", Budget: 10, Repository: 40,
		Planned: 10, Samples: 3, Downloads: 9, Changed: 4, ChangeRatio: 4.0 / 9, Rounds: 4}
	if err := s.SetRefreshCycle(ctx, r); err != nil {
		t.Fatal(err)
	}
	got, err := s.RefreshCycle(ctx, c.ID)
	if err != nil || got != r {
		t.Fatalf("round trip: got %+v, %v; want %+v", got, err, r)
	}
	r.Downloads, r.Changed, r.ChangeRatio = 10, 5, 0.5
	if err := s.SetRefreshCycle(ctx, r); err != nil {
		t.Fatal(err)
	}
	if got, err := s.RefreshCycle(ctx, c.ID); err != nil || got != r {
		t.Fatalf("replaced: got %+v, %v; want %+v", got, err, r)
	}
	for _, bad := range []store.RefreshCycle{
		{CaptureID: other.ID, Budget: 5, Planned: 6},
		{CaptureID: other.ID, Budget: 5, Planned: 5, Downloads: 6},
		{CaptureID: other.ID, Budget: 5, Planned: 5, Downloads: 2, Changed: 3},
		{CaptureID: other.ID, Budget: 5, Planned: 5, Samples: 6},
		{CaptureID: other.ID, Budget: 5, Planned: 2, Rounds: 3},
	} {
		if err := s.SetRefreshCycle(ctx, bad); err == nil {
			t.Errorf("SetRefreshCycle(%+v) accepted contradictory counts", bad)
		}
	}
	if _, err := s.RefreshCycle(ctx, other.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("refused cycles stored nothing: got %v, want ErrNotFound", err)
	}
}

// testPageGraphs: a capture's page rows round-trip (links, features,
// categories and the text's sketch, empty lists included), a second write of a URL replaces its
// row, captures do not see each other's rows, and a feature that is not
// finite is refused.
func testPageGraphs(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	other := newCapture(t, s, "other")
	if gs, err := s.PageGraphs(ctx, c.ID); err != nil || len(gs) != 0 {
		t.Fatalf("no rows yet: got %v, %v", gs, err)
	}
	a := store.PageGraph{CaptureID: c.ID, URL: "http://a.test/x", Links: []string{"http://a.test/y", "http://a.test/z?q=1"},
		Features: []float64{0, 1.5, -2, 1e-9, 12345.678}, Categories: []int{7, 2147483647}, Sketch: []uint32{0, 9, 0xffffffff}}
	b := store.PageGraph{CaptureID: c.ID, URL: "http://a.test/"}
	if err := s.SetPageGraphs(ctx, c.ID, []store.PageGraph{a, b}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPageGraphs(ctx, other.ID, []store.PageGraph{{CaptureID: other.ID, URL: a.URL, Features: []float64{3}}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.PageGraphs(ctx, c.ID)
	if err != nil || !reflect.DeepEqual(got, []store.PageGraph{b, a}) {
		t.Fatalf("round trip: got %+v, %v; want %+v", got, err, []store.PageGraph{b, a})
	}
	a.Links, a.Features, a.Sketch = nil, []float64{4}, []uint32{1}
	if err := s.SetPageGraphs(ctx, c.ID, []store.PageGraph{a}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.PageGraphs(ctx, c.ID); err != nil || len(got) != 2 || !reflect.DeepEqual(got[1], a) {
		t.Fatalf("replaced: got %+v, %v; want second row %+v", got, err, a)
	}
	bad := store.PageGraph{CaptureID: c.ID, URL: "http://a.test/nan", Features: []float64{math.NaN()}}
	if err := s.SetPageGraphs(ctx, c.ID, []store.PageGraph{bad}); err == nil {
		t.Error("a NaN feature was accepted")
	}
	if got, err := s.PageGraphs(ctx, other.ID); err != nil || len(got) != 1 || got[0].Features[0] != 3 {
		t.Errorf("the other capture's rows: %+v, %v", got, err)
	}
	testPageGraphsInCommit(t, s)
}

// testPageGraphsInCommit: a Batch's graphs are committed with its records
// in one transaction (the crawler's group commit, issue 33): a batch with
// a graph the store cannot hold fails whole, leaving neither its records
// nor its other graph, and the same batch without it lands whole. A graph
// of another capture is refused.
func testPageGraphsInCommit(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "graphs-in-commit")
	rec := store.Record{URL: "http://g.test/", SURT: "test,g)/", Time: time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC), RecordType: "response",
		RecordID: "<urn:uuid:graph-commit>", Status: 200, MIME: "text/html", WARCFile: "g.warc.gz", Offset: 0, RecordLength: 100}
	good := store.PageGraph{URL: rec.URL, Links: []string{"http://g.test/a"}, Features: []float64{1}}
	bad := store.PageGraph{URL: "http://g.test/bad", Links: []string{"http://g.test/a\nb"}}
	if err := bad.Check(); err == nil {
		t.Fatal("Check accepted a link with a line break")
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Records: []store.Record{rec}, Graphs: []store.PageGraph{good, bad}}); err == nil {
		t.Fatal("a batch with a bad graph was committed")
	}
	if rs, err := s.Records(ctx, c.ID); err != nil || len(rs) != 0 {
		t.Fatalf("the refused batch left %d records (%v)", len(rs), err)
	}
	if gs, err := s.PageGraphs(ctx, c.ID); err != nil || len(gs) != 0 {
		t.Fatalf("the refused batch left %d graphs (%v)", len(gs), err)
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Records: []store.Record{rec}, Graphs: []store.PageGraph{good}}); err != nil {
		t.Fatal(err)
	}
	good.CaptureID = c.ID
	if gs, err := s.PageGraphs(ctx, c.ID); err != nil || !reflect.DeepEqual(gs, []store.PageGraph{good}) {
		t.Fatalf("graphs after the commit: %+v, %v; want %+v", gs, err, good)
	}
	if rs, err := s.Records(ctx, c.ID); err != nil || len(rs) != 1 {
		t.Fatalf("records after the commit: %d, %v; want 1", len(rs), err)
	}
	other := good
	other.CaptureID = c.ID + 1000
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Graphs: []store.PageGraph{other}}); err == nil {
		t.Error("a graph of another capture was committed")
	}
}
