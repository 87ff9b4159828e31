package crawler_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"net/http"
	"net/http/httptest"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/research/testsite"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/scheduler/refresh"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// refreshSite is the changing test site on a hand-moved clock: page
// versions change only when the test advances it, so which pages changed
// between two captures is known exactly.
type refreshSite struct {
	site  *testsite.Site
	srv   *httptest.Server
	start time.Time
	units atomic.Int64
}

const refreshUnit = time.Minute

// sitemapIndex stands for /sitemap.xml among the page numbers.
const sitemapIndex = -1

func newRefreshSite(t *testing.T, pages int) *refreshSite {
	t.Helper()
	rs := &refreshSite{start: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	site, err := testsite.New(testsite.Config{Pages: pages, Outdegree: 3, Skew: 1, TimeUnit: refreshUnit, Seed: 5,
		Start: rs.start, Now: rs.now}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	rs.site, rs.srv = site, httptest.NewServer(site)
	t.Cleanup(rs.srv.Close)
	return rs
}

func (rs *refreshSite) now() time.Time {
	return rs.start.Add(time.Duration(rs.units.Load()) * refreshUnit)
}

// refreshJob is the job of every capture of the test: mode and refresh
// section vary, the name (and so the repository) does not.
func refreshJob(rs *refreshSite, dir, capture string) string {
	return fmt.Sprintf(`
name: refresh-live
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: 1ms, delay_factor: 0}
warc: {dir: %s}
resolve: {site.test: %s}
%s
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(rs.srv.URL, "http://"), capture)
}

func runCapture(t *testing.T, st store.Store, yaml, dir string) int64 {
	t.Helper()
	stats, err := crawler.New(testJob(t, dir, yaml), st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if stats.StopReason != "finished" {
		t.Fatalf("capture stopped: %s", stats.StopReason)
	}
	return stats.CaptureID
}

// TestRefreshCycle runs a full single-visit capture of the changing site,
// moves its clock so some pages change, then refresh cycles under a
// budget. Each cycle must ask the site for at most budget pages, each at
// most once, and nothing it did not plan; archive the unchanged ones as
// revisit records and the changed ones as responses; and store metrics
// that match what the site served.
func TestRefreshCycle(t *testing.T) {
	const pages, budget = 30, 8
	rs := newRefreshSite(t, pages)
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	ctx := context.Background()

	full := runCapture(t, st, refreshJob(rs, dir, "capture: {mode: single-visit}"), dir)
	fullRecs, err := st.Records(ctx, full)
	if err != nil {
		t.Fatal(err)
	}
	// The repository is every archived URL: the pages and the sitemap.
	if n := countPages(fullRecs); n != pages+1 {
		t.Fatalf("the full capture archived %d URLs, want %d pages and the sitemap: %v", n, pages, pageURLs(fullRecs))
	}
	prev := map[int]time.Time{} // when each page was last fetched: the site's time
	for k := range pages {
		prev[k] = rs.now()
	}
	var revisits, responses int
	for cycle, policy := range []string{"round-robin", "predicted", "site-sampling"} {
		rs.units.Add(3)
		rs.site.ResetRequests()
		id := runCapture(t, st, refreshJob(rs, dir, fmt.Sprintf(
			"capture: {mode: refresh}\nrefresh: {budget: %d, policy: %s, seed: 3}", budget, policy)), dir)
		t.Run(fmt.Sprintf("cycle%d-%s", cycle+1, policy), func(t *testing.T) {
			ch, n := checkRefreshCycle(t, st, rs, id, budget, policy, prev)
			responses, revisits = responses+ch, revisits+n-ch
		})
	}
	// The seeds fix which pages change; these hold for seed 5.
	if revisits == 0 || responses == 0 {
		t.Errorf("the cycles archived %d revisits and %d responses: both paths must be exercised", revisits, responses)
	}
}

// TestRefreshNeedsEarlierCapture: a refresh cycle with no repository
// fails before fetching anything.
func TestRefreshNeedsEarlierCapture(t *testing.T) {
	rs := newRefreshSite(t, 5)
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	j := testJob(t, dir, refreshJob(rs, dir, "capture: {mode: refresh}\nrefresh: {budget: 3, policy: random}"))
	_, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "run a full capture first") {
		t.Fatalf("got %v, want the error asking for a full capture first", err)
	}
	if n := len(rs.site.Requests()); n != 0 {
		t.Errorf("the site was asked %d times", n)
	}
}

// checkRefreshCycle checks one cycle against the site's request log and
// change times, and moves prev to this cycle's fetches.
func checkRefreshCycle(t *testing.T, st store.Store, rs *refreshSite, id int64, budget int, policy string, prev map[int]time.Time) (changed, asked int) {
	ctx := context.Background()
	askedFor := map[int]int{}
	for _, r := range rs.site.Requests() {
		if r.Path == "/robots.txt" {
			continue // a prerequisite of the host, not a page of the budget
		}
		k, ok := testsite.PageIndex(r.Path)
		if r.Path == "/sitemap.xml" {
			k, ok = sitemapIndex, true
		}
		if !ok {
			t.Errorf("the cycle asked for %s, which is no page", r.Path)
			continue
		}
		askedFor[k]++
	}
	if len(askedFor) == 0 || len(askedFor) > budget {
		t.Fatalf("the cycle asked for %d pages, want 1–%d", len(askedFor), budget)
	}
	recs, err := st.Records(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[int]store.Record{}
	for _, r := range recs {
		if r.RecordType != warc.Response && r.RecordType != warc.Revisit || strings.HasSuffix(r.URL, "/robots.txt") {
			continue
		}
		k, ok := testsite.PageIndex(strings.TrimPrefix(r.URL, "http://site.test"))
		if r.URL == "http://site.test/sitemap.xml" {
			k, ok = sitemapIndex, true
		}
		if !ok {
			t.Errorf("record of unexpected URL %s", r.URL)
			continue
		}
		if _, dup := byPath[k]; dup {
			t.Errorf("%s archived twice in one cycle", r.URL)
		}
		byPath[k] = r
	}
	for k, n := range askedFor {
		if n != 1 {
			t.Errorf("page %d asked %d times, want once", k, n)
		}
		r, ok := byPath[k]
		if !ok {
			t.Errorf("page %d was asked for but not archived", k)
			continue
		}
		if k == sitemapIndex {
			// Its body follows every page's lastmod: whether it changed is
			// not one page's version. Counted as archived, not checked.
			if r.RecordType == warc.Response {
				changed++
			}
			continue
		}
		didChange := rs.site.Version(k, prev[k]) != rs.site.Version(k, rs.now())
		if didChange {
			changed++
		}
		if want := map[bool]warc.RecordType{true: warc.Response, false: warc.Revisit}[didChange]; r.RecordType != want {
			t.Errorf("page %d (changed %v) archived as %s, want %s", k, didChange, r.RecordType, want)
		}
		prev[k] = rs.now()
	}
	if len(byPath) != len(askedFor) {
		t.Errorf("%d pages archived, %d asked for", len(byPath), len(askedFor))
	}
	cyc, err := st.RefreshCycle(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	want := store.RefreshCycle{CaptureID: id, Policy: policy, Budget: budget, Repository: cyc.Repository, Planned: len(askedFor),
		Samples: cyc.Samples, Downloads: len(askedFor), Changed: changed, ChangeRatio: float64(changed) / float64(len(askedFor)),
		Rounds: cyc.Rounds}
	if cyc != want || cyc.Repository != 31 {
		t.Errorf("stored cycle %+v, want %+v with repository 31 (30 pages, the sitemap)", cyc, want)
	}
	// Samples are a round of their own, before what they choose.
	if minRounds := 1 + min(cyc.Samples, 1); cyc.Rounds < minRounds || cyc.Rounds > cyc.Planned {
		t.Errorf("%d rounds for %d fetches with %d samples", cyc.Rounds, cyc.Planned, cyc.Samples)
	}
	t.Logf("%s: %d pages asked, %d changed, %d samples", policy, len(askedFor), changed, cyc.Samples)
	return changed, len(askedFor)
}

// countPages counts the distinct page URLs (not robots.txt) archived.
func countPages(recs []store.Record) int { return len(pageURLs(recs)) }

func pageURLs(recs []store.Record) map[string]bool {
	seen := map[string]bool{}
	for _, r := range recs {
		if (r.RecordType == warc.Response || r.RecordType == warc.Revisit) && !strings.HasSuffix(r.URL, "/robots.txt") {
			seen[r.URL] = true
		}
	}
	return seen
}

// TestRefreshCycleInterleaved: a live cycle of a sampling policy fetches
// its samples first and spends the rest of the budget on what their fresh
// outcomes chose. The first cycle after a full capture has no change
// history at all, so only this cycle's own fetches can tell the policy
// that a sample changed: every page the site was asked for that is not a
// link neighbour (Tan et al. 2007 Eq. 1, d = 1, on the full capture's
// discovery tree) of a page found changed earlier in the request log must
// be one of the cycle's samples, and the downloads that follow them must
// be there.
func TestRefreshCycleInterleaved(t *testing.T) {
	const pages, budget, policy = 30, 12, "neighbourhood-link(1)"
	rs := newRefreshSite(t, pages)
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	ctx := context.Background()
	full := runCapture(t, st, refreshJob(rs, dir, "capture: {mode: single-visit}"), dir)
	rows, err := st.Frontier(ctx, full)
	if err != nil {
		t.Fatal(err)
	}
	children, parent := map[string][]string{}, map[string]string{}
	for _, r := range rows {
		if r.Via != "" {
			children[r.Via] = append(children[r.Via], r.URL)
			parent[r.URL] = r.Via
		}
	}
	neighbours := func(u string) []string { // children and siblings
		return append(append([]string(nil), children[u]...), children[parent[u]]...)
	}
	prev := map[int]time.Time{}
	for k := range pages {
		prev[k] = rs.now()
	}
	rs.units.Add(3) // some pages change, most do not
	rs.site.ResetRequests()
	id := runCapture(t, st, refreshJob(rs, dir, fmt.Sprintf(
		"capture: {mode: refresh}\nrefresh: {budget: %d, policy: %s, seed: 1}", budget, policy)), dir)
	checkRefreshCycle(t, st, rs, id, budget, policy, prev)
	cyc, err := st.RefreshCycle(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := st.Records(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]bool{}
	for _, r := range recs {
		changed[r.URL] = changed[r.URL] || r.RecordType == warc.Response
	}
	reachable := map[string]bool{} // neighbours of pages found changed so far
	var unexplained []string
	for _, r := range rs.site.Requests() {
		if r.Path == "/robots.txt" {
			continue
		}
		u := "http://site.test" + r.Path
		if !reachable[u] {
			unexplained = append(unexplained, r.Path)
		}
		if changed[u] {
			for _, q := range neighbours(u) {
				reachable[q] = true
			}
		}
	}
	if len(unexplained) > cyc.Samples {
		t.Errorf("%d pages were neither samples nor neighbours of an earlier changed page (%v), but the cycle took %d samples",
			len(unexplained), unexplained, cyc.Samples)
	}
	if cyc.Samples == 0 || cyc.Planned <= cyc.Samples || cyc.Rounds < 2 {
		t.Errorf("stored cycle %+v: want samples, then downloads chosen from them in later rounds", cyc)
	}
	t.Logf("%s: %d fetched, %d samples, %d rounds, %d changed", policy, cyc.Planned, cyc.Samples, cyc.Rounds, cyc.Changed)
}

// TestRefreshGraphLive: a full capture with refresh.record_graph stores
// each page's out-links (the test site's pages link to their children),
// features and categories; refresh cycles then have them, so
// category-sampling samples its categories and downloads whole ones, and
// cluster-sampling its feature clusters, in rounds. Without the stored
// graph a category-sampling cycle has no category to sample and fetches
// nothing: the degradation the graph removes.
func TestRefreshGraphLive(t *testing.T) {
	const pages, budget = 30, 10
	rs := newRefreshSite(t, pages)
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	ctx := context.Background()
	full := runCapture(t, st, refreshJob(rs, dir, "capture: {mode: single-visit}\nrefresh: {record_graph: true}"), dir)
	gs, err := st.PageGraphs(ctx, full)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]store.PageGraph{}
	for _, g := range gs {
		rows[g.URL] = g
	}
	for k := range pages {
		g, ok := rows["http://site.test"+testsite.PagePath(k)]
		if !ok {
			t.Errorf("page %d has no stored graph row", k)
			continue
		}
		var want []string
		lo, hi := rs.site.Tree().Children(k)
		for c := lo; c < hi; c++ {
			want = append(want, "http://site.test"+testsite.PagePath(c))
		}
		if fmt.Sprint(g.Links) != fmt.Sprint(want) || len(g.Features) != len(refresh.StaticFeatureNames) || len(g.Categories) != 3 {
			t.Errorf("page %d: links %v (want %v), %d features, categories %v", k, g.Links, want, len(g.Features), g.Categories)
		}
	}
	for _, tc := range []struct {
		policy        string
		budget, round int // round: least rounds
	}{
		{"category-sampling", budget, 2},
		{"cluster-sampling/nad", budget, 2},
		// 31 URLs make 3 clusters; a budget of 24 lets the t-test rule
		// ask for up to 8 samples per cluster (at least 3 each, 7 in all
		// at most): three rounds of samples before the downloads.
		{"cluster-sampling/nad", 24, 4},
	} {
		policy := tc.policy
		rs.units.Add(3)
		id := runCapture(t, st, refreshJob(rs, dir, fmt.Sprintf(
			"capture: {mode: refresh}\nrefresh: {budget: %d, policy: %s, seed: 2, record_graph: true}", tc.budget, policy)), dir)
		cyc, err := st.RefreshCycle(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if cyc.Planned != tc.budget || cyc.Samples == 0 || cyc.Samples == cyc.Planned || cyc.Rounds < tc.round {
			t.Errorf("%s: stored cycle %+v, want the budget spent on samples, then on what they chose, in %d rounds or more", policy, cyc, tc.round)
		}
		// A changed page's new row is stored; an unchanged one answered
		// 304, has no body to read, and keeps its earlier row.
		if gs, err := st.PageGraphs(ctx, id); err != nil || len(gs) < cyc.Changed || len(gs) > cyc.Downloads {
			t.Errorf("%s: the cycle stored %d graph rows (%v) for %d downloads, %d changed", policy, len(gs), err, cyc.Downloads, cyc.Changed)
		}
		t.Logf("%s: %+v", policy, cyc)
	}
	// The same site under another job name, without the graph.
	bare := strings.Replace(refreshJob(rs, dir, "capture: {mode: single-visit}"), "name: refresh-live", "name: refresh-bare", 1)
	runCapture(t, st, bare, dir)
	cycle := strings.Replace(refreshJob(rs, dir, fmt.Sprintf("capture: {mode: refresh}\nrefresh: {budget: %d, policy: category-sampling}", budget)),
		"name: refresh-live", "name: refresh-bare", 1)
	if cyc, err := st.RefreshCycle(ctx, runCapture(t, st, cycle, dir)); err != nil || cyc.Planned != 0 {
		t.Errorf("category-sampling without a stored graph: %+v, %v; want nothing fetched", cyc, err)
	}
}

// TestRefreshCycleResumed: a cycle interrupted between rounds resumes as
// the same capture and replays its policy (same seed, history and
// outcomes), so it makes the same choices: a page the interrupted run
// archived is answered from the store, not asked for again, and the
// cycle still spends exactly its budget.
func TestRefreshCycleResumed(t *testing.T) {
	const pages, budget, policy, stopAt = 30, 12, "neighbourhood-link(1)", 4
	rs := newRefreshSite(t, pages)
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	runCapture(t, st, refreshJob(rs, dir, "capture: {mode: single-visit}"), dir)
	rs.units.Add(3)
	rs.site.ResetRequests()
	// The same site behind a handler that interrupts the run when the
	// stopAt-th page is asked for; that request still gets its answer.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var asked atomic.Int64
	gate := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" && asked.Add(1) == stopAt {
			cancel()
		}
		rs.site.ServeHTTP(w, r)
	}))
	defer gate.Close()
	yaml := strings.Replace(refreshJob(rs, dir, fmt.Sprintf("capture: {mode: refresh}\nrefresh: {budget: %d, policy: %s, seed: 1}", budget, policy)),
		strings.TrimPrefix(rs.srv.URL, "http://"), strings.TrimPrefix(gate.URL, "http://"), 1)
	stats, err := crawler.New(testJob(t, dir, yaml), st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(ctx)
	if err != nil || stats.StopReason != "interrupted" {
		t.Fatalf("first run: %v, stop reason %s; want interrupted", err, stats.StopReason)
	}
	first := map[string]bool{}
	recs, err := st.Records(context.Background(), stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.RecordType == warc.Response || r.RecordType == warc.Revisit {
			first[r.URL] = true
		}
	}
	before := len(rs.site.Requests())
	id := runCapture(t, st, yaml, dir)
	if id != stats.CaptureID {
		t.Fatalf("the second run made capture %d, want %d resumed", id, stats.CaptureID)
	}
	for _, r := range rs.site.Requests()[before:] {
		if r.Path != "/robots.txt" && first["http://site.test"+r.Path] { // robots.txt is each run's prerequisite
			t.Errorf("the resumed run asked again for %s, archived before the interruption", r.Path)
		}
	}
	cyc, err := st.RefreshCycle(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if cyc.Planned != budget || cyc.Downloads != budget || cyc.Samples == 0 || cyc.Rounds < 2 {
		t.Errorf("stored cycle %+v: want the whole budget fetched, samples first", cyc)
	}
	// An uninterrupted twin (same site, history and capture id) chooses
	// the same pages.
	twin := newRefreshSite(t, pages)
	tdir := t.TempDir()
	tst := openStore(t, "sqlite:"+filepath.Join(tdir, "index.db"))
	runCapture(t, tst, refreshJob(twin, tdir, "capture: {mode: single-visit}"), tdir)
	twin.units.Add(3)
	tid := runCapture(t, tst, refreshJob(twin, tdir, fmt.Sprintf("capture: {mode: refresh}\nrefresh: {budget: %d, policy: %s, seed: 1}", budget, policy)), tdir)
	if got, want := archivedPages(t, st, id), archivedPages(t, tst, tid); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the resumed cycle archived %v, an uninterrupted one %v", got, want)
	}
	t.Logf("%d archived before the interruption; %+v", len(first), cyc)
}

// archivedPages lists the URLs a capture archived (response or revisit),
// sorted, robots.txt left out.
func archivedPages(t *testing.T, st store.Store, id int64) []string {
	t.Helper()
	recs, err := st.Records(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for u := range pageURLs(recs) {
		out = append(out, u)
	}
	sort.Strings(out)
	return out
}

// TestRefreshCycleLimit: a scope limit that stops a cycle between rounds
// ends it as any capture (stop reason max_pages), with stored counts that
// agree: what the policy had fetched is the plan, and no more was
// downloaded.
func TestRefreshCycleLimit(t *testing.T) {
	const pages, budget = 30, 12
	rs := newRefreshSite(t, pages)
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	runCapture(t, st, refreshJob(rs, dir, "capture: {mode: single-visit}"), dir)
	rs.units.Add(3)
	yaml := strings.Replace(refreshJob(rs, dir, fmt.Sprintf("capture: {mode: refresh}\nrefresh: {budget: %d, policy: neighbourhood-link(1), seed: 1}", budget)),
		"workers: 2", "workers: 2\nscope: {max_pages: 3}", 1)
	stats, err := crawler.New(testJob(t, dir, yaml), st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "max_pages" {
		t.Fatalf("run: %v, stop reason %s; want max_pages", err, stats.StopReason)
	}
	cyc, err := st.RefreshCycle(context.Background(), stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	if cyc.Planned == 0 || cyc.Planned >= budget || cyc.Downloads > cyc.Planned || cyc.Downloads < 3 {
		t.Errorf("stored cycle %+v: want the plan cut short by the limit, at least 3 downloads", cyc)
	}
	t.Logf("%+v", cyc)
}
