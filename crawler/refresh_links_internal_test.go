package crawler

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/job"
	"github.com/sharc-archive/sharc/refresh"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/urlcanon"
)

// TestRefreshLinks: a refresh cycle's repository links each page to the
// repository URLs first discovered on it in earlier captures
// (FrontierURL.Via: the frontier keeps a URL's first discovery only, so
// these are the capture's discovery tree), on its own site only, and
// never from the cycle's own capture.
func TestRefreshLinks(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "index.db"), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	jb, err := st.UpsertJob(ctx, "links", "name: links\n")
	if err != nil {
		t.Fatal(err)
	}
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
