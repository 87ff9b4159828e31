package crawler

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/scheduler/refresh"
	"github.com/sharc-archive/sharc/store"
)

// TestRefreshLinks: a refresh cycle's repository links each page to the
// repository URLs first discovered on it in earlier captures
// (FrontierURL.Via: the frontier keeps a URL's first discovery only, so
// these are the capture's discovery tree), on its own site only, and
// never from the cycle's own capture.
func TestRefreshLinks(t *testing.T) {
	ctx := context.Background()
	st, jb := refreshStore(t, "links")
	discover := func(capID int64, edges [][2]string) {
		t.Helper()
		b := store.Batch{CaptureID: capID}
		for i, e := range edges {
			b.Discovered = append(b.Discovered, store.FrontierURL{URL: e[1], SURT: urlcanon.SURT(e[1]), Host: urlcanon.Host(e[1]),
				Seq: i, ParentSeq: -1, Via: e[0]})
		}
		if err := st.Commit(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	first, _, err := st.OpenCapture(ctx, jb.ID, "bfs", job.ModeSingleVisit)
	if err != nil {
		t.Fatal(err)
	}
	a, b, c, other := "http://s.test/", "http://s.test/b", "http://s.test/c", "http://o.test/"
	discover(first.ID, [][2]string{{"", a}, {a, b}, {a, c}, {b, c}, {a, other}})
	if err := st.FinishCapture(ctx, first.ID, store.CaptureStatusFinished); err != nil {
		t.Fatal(err)
	}
	cycle, _, err := st.OpenCapture(ctx, jb.ID, "bfs", job.ModeRefresh)
	if err != nil {
		t.Fatal(err)
	}
	discover(cycle.ID, [][2]string{{"", c}, {c, a}}) // the cycle's own rows
	cr := New(&job.Job{Name: "links"}, st, scheduler.NewRegistry(), zap.NewNop(), Options{})
	cr.capture = cycle
	urls := []string{a, b, c, other} // sorted
	out, err := cr.refreshLinks(ctx, []store.Capture{first, cycle}, urls)
	if err != nil {
		t.Fatal(err)
	}
	// a→b, a→c; b→c is not kept (c was first found on a); a→other crosses
	// sites; c→a is the cycle's own.
	want := [][]refresh.PageID{{1, 2}, nil, nil, nil}
	for i := range want {
		if !slices.Equal(out[i], want[i]) {
			t.Errorf("links of %s: %v, want %v", urls[i], out[i], want[i])
		}
	}
}

// TestRefreshGraphMerge: stored out-links join the discovery links (each
// edge once, repository URLs only), the newest earlier capture's row of a
// URL gives its features and categories, a URL without a row has zero
// features, and the cycle's own rows are not read.
func TestRefreshGraphMerge(t *testing.T) {
	ctx := context.Background()
	st, jb := refreshStore(t, "graph")
	a, b, c, gone := "http://s.test/", "http://s.test/b", "http://s.test/c", "http://s.test/gone"
	nf := len(refresh.StaticFeatureNames)
	feat := func(x float64) []float64 { f := make([]float64, nf); f[0] = x; return f }
	var caps []store.Capture
	for i, rows := range [][]store.PageGraph{
		{{URL: a, Links: []string{b, gone}, Features: feat(1), Categories: []int{5}}, {URL: b, Links: []string{a}, Features: feat(2)}},
		{{URL: a, Links: []string{c, b}, Features: feat(3), Categories: []int{6}}},
		{{URL: c, Links: []string{a}, Features: feat(9)}}, // the cycle's own
	} {
		mode := job.ModeSingleVisit
		if i == 2 {
			mode = job.ModeRefresh
		}
		cp, _, err := st.OpenCapture(ctx, jb.ID, "bfs", mode)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.SetPageGraphs(ctx, cp.ID, rows); err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			if err := st.FinishCapture(ctx, cp.ID, store.CaptureStatusFinished); err != nil {
				t.Fatal(err)
			}
		}
		caps = append(caps, cp)
	}
	cr := New(&job.Job{Name: "graph"}, st, scheduler.NewRegistry(), zap.NewNop(), Options{})
	cr.capture = caps[2]
	urls := []string{a, b, c}
	out := [][]refresh.PageID{{1}, nil, nil} // a→b from discovery
	g, err := cr.refreshGraph(ctx, caps, urls, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	feats, cats := g.feats, g.cats
	if want := [][]refresh.PageID{{1, 2}, {0}, nil}; fmt.Sprint(out) != fmt.Sprint(want) {
		t.Errorf("links %v, want %v", out, want)
	}
	if feats[0][0] != 3 || feats[1][0] != 2 || feats[2][0] != 0 || len(feats[2]) != nf {
		t.Errorf("features %v: want the newest row's, zeros without one", feats)
	}
	if fmt.Sprint(cats) != "[[6] [] []]" {
		t.Errorf("categories %v, want [[6] [] []]", cats)
	}
}

// refreshStore opens a migrated SQLite store in the test's folder with
// one job of that name.
func refreshStore(t *testing.T, name string) (store.Store, store.Job) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "index.db"), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	jb, err := st.UpsertJob(ctx, name, "name: "+name+"\n")
	if err != nil {
		t.Fatal(err)
	}
	return st, jb
}
