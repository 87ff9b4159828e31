package crawler

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/scheduler/refresh"
	"github.com/sharc-archive/sharc/store"
)

// sketchSite serves a front page linking four pages of 60 words each;
// at each version a page rewrites its own share of the words: none, one
// word, the first quarter, all of them. So how much of each page's text a
// version changed is known exactly.
type sketchSite struct {
	version atomic.Int64
	srv     *httptest.Server
}

// sketchRewrites is each page's rewritten words (as [from, to) positions).
var sketchRewrites = [][2]int{{0, 0}, {30, 31}, {0, 15}, {0, 60}}

func newSketchSite(t *testing.T) *sketchSite {
	t.Helper()
	s := &sketchSite{}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/" {
			var b strings.Builder
			for i := range sketchRewrites {
				fmt.Fprintf(&b, `<a href="/p/%d">p</a> `, i)
			}
			fmt.Fprintf(w, "<!DOCTYPE html><html><body>%s</body></html>", b.String())
			return
		}
		var i int
		if _, err := fmt.Sscanf(r.URL.Path, "/p/%d", &i); err != nil || i < 0 || i >= len(sketchRewrites) {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, "<!DOCTYPE html><html><body><p>%s</p></body></html>", sketchText(i, int(s.version.Load())))
	}))
	t.Cleanup(s.srv.Close)
	return s
}

// sketchText is page i's text at version v.
func sketchText(i, v int) string {
	ws := make([]string, 60)
	for j := range ws {
		ws[j] = fmt.Sprintf("w%dx%d", i, j)
		if rw := sketchRewrites[i]; j >= rw[0] && j < rw[1] {
			ws[j] = fmt.Sprintf("v%dx%dx%d", v, i, j)
		}
	}
	return strings.Join(ws, " ")
}

func (s *sketchSite) job(t *testing.T, dir, capture string) *job.Job {
	t.Helper()
	body := fmt.Sprintf(`
name: sketches
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: 1ms, delay_factor: 0}
warc: {dir: %s}
resolve: {site.test: %s}
%s
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(s.srv.URL, "http://"), capture)
	reg := scheduler.NewRegistry()
	j, err := job.Parse([]byte(body), "test.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// TestRefreshMagnitudesLive: a full capture that records its pages'
// sketches, then two refresh cycles under content-2d (the live
// ContentFetcher) of a site whose pages each rewrite a known share of
// their words per version. The history a later cycle reads back gives
// each fetch the changed fraction of its page's text, equal to the one
// counted from the served texts; an unchanged page gives 0.
func TestRefreshMagnitudesLive(t *testing.T) {
	ctx := context.Background()
	site := newSketchSite(t)
	dir := t.TempDir()
	st, _ := refreshStore(t, "unused")
	run := func(capture string) int64 {
		t.Helper()
		stats, err := New(site.job(t, dir, capture), st, scheduler.NewRegistry(), zap.NewNop(), Options{}).Run(ctx)
		if err != nil || stats.StopReason != "finished" {
			t.Fatalf("capture: %v, %+v", err, stats)
		}
		return stats.CaptureID
	}
	run("capture: {mode: single-visit}\nrefresh: {record_graph: true}")
	var last int64
	for range 2 {
		site.version.Add(1)
		last = run("capture: {mode: refresh}\nrefresh: {budget: 10, policy: content-2d, seed: 1}")
	}
	cp, err := st.Capture(ctx, last)
	if err != nil {
		t.Fatal(err)
	}
	cr := New(site.job(t, dir, "capture: {mode: refresh}\nrefresh: {budget: 10}"), st, scheduler.NewRegistry(), zap.NewNop(), Options{})
	cr.capture = store.Capture{JobID: cp.JobID} // a cycle not yet begun
	repo, err := cr.refreshRepository(ctx)
	if err != nil {
		t.Fatal(err)
	}
	checkMagnitudes(t, repo)
}

// checkMagnitudes: in cycles 1 and 2 (the refresh cycles) each page's
// magnitude is the counted change between its two versions.
func checkMagnitudes(t *testing.T, repo refreshRepo) {
	t.Helper()
	if repo.hist.Cycles() != 3 {
		t.Fatalf("%d cycles in the history, want 3", repo.hist.Cycles())
	}
	for i := range sketchRewrites {
		u := fmt.Sprintf("http://site.test/p/%d", i)
		p := -1
		for k, v := range repo.urls {
			if v == u {
				p = k
			}
		}
		if p < 0 {
			t.Fatalf("%s is not in the repository %v", u, repo.urls)
		}
		for c := 1; c <= 2; c++ {
			want := testkit.ShingleChange(sketchText(i, c-1), sketchText(i, c))
			got, ok := repo.hist.Magnitude(c, refresh.PageID(p))
			if !ok || math.Abs(got-want) > 1e-6 { // the history keeps float32
				t.Errorf("page %d, cycle %d (%v): magnitude %v (known %v), want %v", i, c, repo.hist.At(c, refresh.PageID(p)), got, ok, want)
			}
		}
	}
}

// TestLiveFetcherMagnitudes: the live fetcher's magnitudes for a round
// come from the sketches the round's fetches stored in this capture's
// page rows against the stored copies' sketches; a changed page's new
// sketch becomes its stored one, and a page without sketches is unknown.
func TestLiveFetcherMagnitudes(t *testing.T) {
	ctx := context.Background()
	st, jb := refreshStore(t, "live")
	cp, _, err := st.OpenCapture(ctx, jb.ID, "bfs", job.ModeRefresh)
	if err != nil {
		t.Fatal(err)
	}
	urls := []string{"http://s.test/a", "http://s.test/b", "http://s.test/c", "http://s.test/d"}
	v0, v1 := refresh.ContentSketch(sketchText(2, 0)), refresh.ContentSketch(sketchText(2, 1))
	rows := []store.PageGraph{{URL: urls[0], Sketch: v1}, {URL: urls[2], Sketch: v1}}
	if err := st.SetPageGraphs(ctx, cp.ID, rows); err != nil {
		t.Fatal(err)
	}
	cr := New(&job.Job{Name: "live"}, st, scheduler.NewRegistry(), zap.NewNop(), Options{})
	cr.capture = cp
	f := &liveFetcher{c: cr, ctx: ctx, urls: urls, stored: []refresh.Sketch{v0, v0, nil, nil}}
	ps := []refresh.PageID{0, 1, 2, 3}
	got := f.magnitudes(ps, []refresh.Obs{refresh.Changed, refresh.Unchanged, refresh.Changed, refresh.Unchanged})
	want := []float64{testkit.ShingleChange(sketchText(2, 0), sketchText(2, 1)), 0, -1, -1}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Errorf("%s: magnitude %v, want %v", urls[i], got[i], want[i])
		}
	}
	if !slices.Equal(f.stored[0], v1) || !slices.Equal(f.stored[1], v0) || !slices.Equal(f.stored[2], v1) {
		t.Errorf("stored sketches after the round: %v", f.stored)
	}
}
