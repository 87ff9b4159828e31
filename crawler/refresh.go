package crawler

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"sort"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/crawler/extract"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/scheduler/refresh"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// A refresh capture (capture.mode refresh, issue 16) is one cycle of a
// budgeted refresh: the repository is every URL an earlier capture of the
// job archived with status 200 or 304, and a refresh policy spends up to
// refresh.budget fetches on them. The policy runs while the capture does
// (driveRefresh): each round it asks for is queued, fetched by the
// workers and archived like any page, and the round's fresh outcomes
// (changed, unchanged, gone, by the crawler's own comparison with the
// last capture: a revisit record for an unchanged page) are what the
// policy reads before it chooses the next round. So a sampling policy
// fetches its samples first and spends the rest of the budget on what
// they showed, as the papers describe, and the simulator (refreshsim)
// and the crawler run the same policy code. Nothing else is queued: no
// link, redirect or sitemap is followed.

// refreshing reports whether the capture is a refresh cycle.
func (c *Crawler) refreshing() bool { return c.job.Capture.Mode == job.ModeRefresh }

// refreshRepo is the repository of a cycle: URLs in a fixed order and the
// history of the earlier captures.
type refreshRepo struct {
	urls []string
	// out[i] are the repository URLs first discovered on url i, on its
	// own site, in an earlier capture: the frontiers' discovery tree (Via),
	// the only links the store keeps.
	out  [][]refresh.PageID
	hist *refresh.History
	// feats and cats are each URL's stored features and categories
	// (refreshGraph); nil in a repository built without them.
	feats [][]float64
	cats  [][]int
	// sketch is each URL's newest stored text sketch (nil: none), the
	// stored copy a fetch of this cycle is compared with.
	sketch []refresh.Sketch
}

// liveRound is how many samples the neighbourhood policy fetches in one
// round of a live cycle: a round is a pass through the crawler's pipeline
// (queue, fetch, archive, settle), so one sample at a time would leave
// other hosts' connections idle. A sixteenth of the budget keeps the
// rounds few and the samples' outcomes still steering most of it.
func liveRound(budget int) int { return max(1, budget/16) }

// liveCategories are the categories a live cycle's category-sampling
// uses: at most keep of them, the largest first (ties by number), each of
// at least two pages. A page's categories are its most frequent words
// (refresh.TopicCategories), so there are many small ones; but group
// sampling samples every group before it downloads any (P1 takes √(N·r)
// of each), and with more groups than half the budget nearly every fetch
// would be a sample. A category of one page would be its own sample.
func liveCategories(cats [][]int, keep int) map[int]bool {
	n := map[int]int{}
	for _, cs := range cats {
		for _, k := range cs {
			n[k]++
		}
	}
	ids := make([]int, 0, len(n))
	for k, c := range n {
		if c >= 2 {
			ids = append(ids, k)
		}
	}
	sort.Slice(ids, func(i, j int) bool {
		if n[ids[i]] != n[ids[j]] {
			return n[ids[i]] > n[ids[j]]
		}
		return ids[i] < ids[j]
	})
	out := map[int]bool{}
	for _, k := range ids[:min(len(ids), max(keep, 1))] {
		out[k] = true
	}
	return out
}

// liveClusters is the number of feature clusters of a live repository of
// n pages: √(n/2), the usual rule of thumb for k-means (Tan & Mitra 2010
// choose k by hand per data set), at least one.
func liveClusters(n int) int { return max(1, int(math.Sqrt(float64(n)/2))) }

// seedRefresh reads the repository of a new cycle and stores the cycle's
// row; the policy queues its URLs once the workers run (driveRefresh).
func (c *Crawler) seedRefresh(ctx context.Context) error {
	repo, err := c.refreshRepository(ctx)
	if err != nil {
		return err
	}
	if len(repo.urls) == 0 {
		return errors.New("refresh: no earlier capture of this job archived a page: run a full capture first")
	}
	if _, err := refresh.ParseSpec(c.job.Refresh.Policy); err != nil {
		return err
	}
	c.refreshRepo = &repo
	cyc := store.RefreshCycle{CaptureID: c.capture.ID, Policy: c.job.Refresh.Policy, Budget: c.job.Refresh.Budget,
		Repository: len(repo.urls)}
	return c.store.SetRefreshCycle(ctx, cyc)
}

// driveRefresh runs the cycle's policy over its repository, one round of
// fetches at a time through the capture (liveFetcher), and stores how
// much it fetched. A resumed cycle runs the policy again from the start:
// with the same seed, history and outcomes it makes the same choices, and
// a URL the interrupted run already settled is answered from the store
// without a second fetch.
func (c *Crawler) driveRefresh(ctx context.Context) error {
	repo := c.refreshRepo
	if repo == nil {
		r, err := c.refreshRepository(ctx)
		if err != nil {
			return err
		}
		repo = &r
	}
	pol, err := c.refreshPolicy(*repo)
	if err != nil {
		return err
	}
	lf := &liveFetcher{c: c, ctx: ctx, urls: repo.urls, stored: slices.Clone(repo.sketch)}
	l := refresh.NewLedger(repo.hist, lf, c.job.Refresh.Budget)
	pol.Run(l)
	// Stored even when a stop cut the policy short (a limit, an
	// interruption): what it fetched so far is the cycle's plan, and the
	// counts settleRefresh adds must not exceed it.
	cyc := store.RefreshCycle{CaptureID: c.capture.ID, Policy: c.job.Refresh.Policy, Budget: c.job.Refresh.Budget,
		Repository: len(repo.urls), Planned: len(l.Fetched()), Samples: l.Samples(), Rounds: l.Rounds()}
	c.log.Info("refresh cycle fetched", zap.String("policy", cyc.Policy), zap.Int("budget", cyc.Budget),
		zap.Int("repository", cyc.Repository), zap.Int("fetched", cyc.Planned), zap.Int("samples", cyc.Samples),
		zap.Int("rounds", cyc.Rounds))
	if err := c.store.SetRefreshCycle(context.WithoutCancel(ctx), cyc); err != nil {
		return err
	}
	return lf.err
}

// refreshPolicy builds the job's policy over repo.
func (c *Crawler) refreshPolicy(repo refreshRepo) (refresh.Policy, error) {
	spec, err := refresh.ParseSpec(c.job.Refresh.Policy)
	if err != nil {
		return nil, err
	}
	pages := make([]refresh.Page, len(repo.urls))
	mean := refresh.MeanChange(repo.hist)
	shared := liveCategories(repo.cats, c.job.Refresh.Budget/2)
	for i, u := range repo.urls {
		pages[i] = refresh.Page{URL: u}
		if repo.feats != nil {
			// Static features as stored, then the change history's
			// (Tan & Mitra 2010 cluster on both).
			dyn := refresh.DynamicFeatures(repo.hist, refresh.PageID(i), mean)
			pages[i].Features = append(append([]float64(nil), repo.feats[i]...), dyn...)
			for _, k := range repo.cats[i] {
				if shared[k] {
					pages[i].Categories = append(pages[i].Categories, k)
				}
			}
		}
	}
	out := repo.out
	if out == nil {
		out = make([][]refresh.PageID, len(pages))
	}
	r, err := refresh.NewRepo(pages, out)
	if err != nil {
		return nil, err
	}
	seed := uint64(c.job.Refresh.Seed) + uint64(c.capture.ID)
	env := refresh.NewEnv(r, liveClusters(r.Len()), seed)
	env.SampleRound = liveRound(c.job.Refresh.Budget)
	return refresh.New(env, spec, seed)
}

// liveFetcher is the crawler's refresh.Fetcher: a round is queued in the
// capture, fetched by the workers, and read back from the store.
type liveFetcher struct {
	c    *Crawler
	ctx  context.Context // the run's: a stop ends the round
	urls []string
	// stored is each URL's sketch of its stored copy (nil: none), which a
	// changed page's fetch replaces.
	stored []refresh.Sketch
	err    error // the first failure; later rounds fetch nothing
}

var (
	_ refresh.Fetcher        = (*liveFetcher)(nil)
	_ refresh.ContentFetcher = (*liveFetcher)(nil)
	_ refresh.Stopper        = (*liveFetcher)(nil)
)

// FetchContent implements refresh.ContentFetcher: Fetch, and each page's
// content-change magnitude from the sketch its fetch stored in this
// capture's page rows (written before the page is settled, so a round's
// rows are in the store when it ends) against its stored copy's.
func (f *liveFetcher) FetchContent(ps []refresh.PageID) ([]refresh.Obs, []float64) {
	obs := f.Fetch(ps)
	return obs, f.magnitudes(ps, obs)
}

// magnitudes are the content-change magnitudes of a fetched round ps
// that showed obs (−1: unknown), and the fetched sketches become the
// stored ones.
func (f *liveFetcher) magnitudes(ps []refresh.PageID, obs []refresh.Obs) []float64 {
	mags := make([]float64, len(ps))
	for i := range mags {
		mags[i] = -1
	}
	if f.err != nil || f.stored == nil {
		return mags
	}
	gs, err := f.c.store.PageGraphs(f.ctx, f.c.capture.ID)
	if err != nil { // advisory, as the rows are: the magnitudes stay unknown
		f.c.log.Warn("refresh: page sketches not read", zap.Error(err))
		return mags
	}
	cur := make(map[string]refresh.Sketch, len(gs))
	for _, g := range gs {
		if s := refresh.Sketch(g.Sketch); len(s) > 0 && s.Valid() {
			cur[g.URL] = s
		}
	}
	for i, p := range ps {
		s := cur[f.urls[p]]
		mags[i] = refresh.FetchMagnitude(obs[i], f.stored[p], s)
		if s != nil {
			f.stored[p] = s
		}
	}
	return mags
}

// Stopped implements refresh.Stopper: after a failure, or once the run is
// stopping, no round is fetched.
func (f *liveFetcher) Stopped() bool { return f.err != nil || f.ctx.Err() != nil }

// Fetch implements refresh.Fetcher. After a failure (a store error, the
// run stopping) every page is NotFetched, which the ledger books as
// Failed, and driveRefresh returns the error once the policy ends.
func (f *liveFetcher) Fetch(ps []refresh.PageID) []refresh.Obs {
	out := make([]refresh.Obs, len(ps))
	if f.err == nil {
		f.err = f.round(ps, out)
	}
	return out
}

// round queues ps (out of scope ones stay NotFetched), waits until the
// capture has settled every queued URL, and reads each one's outcome.
func (f *liveFetcher) round(ps []refresh.PageID, out []refresh.Obs) error {
	c := f.c
	cands := make([]frontier.URL, 0, len(ps))
	for _, p := range ps {
		cands = append(cands, c.newURL(f.urls[p], "", "", -1))
	}
	cands = c.scope.filter(cands, c.job.Fetch.MaxRedirects)
	// A URL already in the capture (a resumed cycle's) is not queued again.
	if _, _, err := c.commit(f.ctx, store.Batch{CaptureID: c.capture.ID}, cands, ""); err != nil {
		return err
	}
	if err := c.frontier.WaitIdle(f.ctx); err != nil {
		return fmt.Errorf("refresh round: %w", err)
	}
	recs, err := c.store.Records(f.ctx, c.capture.ID)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	last := map[string]store.Record{}
	for _, r := range recs {
		if r.RecordType == warc.Response || r.RecordType == warc.Revisit {
			last[r.URL] = r // in commit order: the newest is kept
		}
	}
	for i, p := range ps {
		r, ok := last[f.urls[p]]
		out[i] = refreshOutcome(r, ok)
	}
	return nil
}

// refreshOutcome is what this capture's fetch of a URL showed, from its
// record r (ok false: none): a revisit record is Unchanged, a full
// response Changed, a 404 or 410 Gone; no record, or another status, is
// Failed.
func refreshOutcome(r store.Record, ok bool) refresh.Obs {
	switch {
	case !ok:
		return refresh.Failed
	case r.RecordType == warc.Revisit:
		return refresh.Unchanged
	case r.Status == http.StatusNotFound || r.Status == http.StatusGone:
		return refresh.Gone
	case r.Status/100 == 2 || r.Status/100 == 3:
		return refresh.Changed
	}
	return refresh.Failed
}

// refreshRepository reads the job's earlier captures: the URLs they
// archived (sorted) and, per capture in order, whether each changed.
func (c *Crawler) refreshRepository(ctx context.Context) (refreshRepo, error) {
	caps, err := c.store.Captures(ctx, c.capture.JobID)
	if err != nil {
		return refreshRepo{}, fmt.Errorf("store: %w", err)
	}
	sort.Slice(caps, func(i, j int) bool { return caps[i].ID < caps[j].ID })
	cycle := map[int64]int{}
	seen := map[string]bool{}
	var urls []string
	for _, cp := range caps {
		if cp.ID == c.capture.ID {
			continue
		}
		cycle[cp.ID] = len(cycle)
		recs, err := c.store.Records(ctx, cp.ID)
		if err != nil {
			return refreshRepo{}, fmt.Errorf("store: %w", err)
		}
		for _, r := range recs {
			if refreshable(r) && !seen[r.URL] {
				seen[r.URL] = true
				urls = append(urls, r.URL)
			}
		}
	}
	sort.Strings(urls)
	obs, err := c.refreshObservations(ctx, urls, cycle)
	if err != nil {
		return refreshRepo{}, err
	}
	repo := refreshRepo{urls: urls, hist: refresh.NewHistory(len(urls))}
	if repo.out, err = c.refreshLinks(ctx, caps, urls); err != nil {
		return refreshRepo{}, err
	}
	g, err := c.refreshGraph(ctx, caps, urls, repo.out, obs)
	if err != nil {
		return refreshRepo{}, err
	}
	repo.feats, repo.cats, repo.sketch = g.feats, g.cats, g.sketch
	for k := range obs {
		if err := repo.hist.AddCycleContent(obs[k], g.mags[k]); err != nil {
			return refreshRepo{}, err
		}
	}
	return repo, nil
}

// graphRows is what refreshGraph reads of the earlier captures' page rows.
type graphRows struct {
	feats  [][]float64
	cats   [][]int
	sketch []refresh.Sketch // each URL's newest
	// mags[k] are the content-change magnitudes of cycle k's fetches
	// (refresh.FetchMagnitude; nil: none known).
	mags [][]float64
}

// refreshGraph adds the earlier captures' stored out-links (PageGraph,
// refresh.record_graph) between repository URLs to out, each edge once,
// and returns each URL's stored features and categories (the newest
// capture's row of the URL wins; a URL without a row has zero features)
// and, for each cycle's observations obs, how much of each fetched page's
// text changed against its sketch at the fetch before (Radinsky &
// Bennett's content-change features, through refresh.FetchMagnitude).
func (c *Crawler) refreshGraph(ctx context.Context, caps []store.Capture, urls []string, out [][]refresh.PageID, obs [][]refresh.Obs) (graphRows, error) {
	index := make(map[string]refresh.PageID, len(urls))
	for i, u := range urls {
		index[u] = refresh.PageID(i)
	}
	newest := make([]*store.PageGraph, len(urls))
	g := graphRows{sketch: make([]refresh.Sketch, len(urls)), mags: make([][]float64, len(obs))}
	k := 0
	for _, cp := range caps { // ascending ids: later rows replace earlier
		if cp.ID == c.capture.ID {
			continue
		}
		gs, err := c.store.PageGraphs(ctx, cp.ID)
		if err != nil {
			return graphRows{}, fmt.Errorf("store: %w", err)
		}
		cur := make(map[refresh.PageID]refresh.Sketch, len(gs))
		for i := range gs {
			p, ok := index[gs[i].URL]
			if !ok {
				continue
			}
			if len(gs[i].Features) == len(refresh.StaticFeatureNames) {
				newest[p] = &gs[i]
			}
			if s := refresh.Sketch(gs[i].Sketch); len(s) > 0 && s.Valid() {
				cur[p] = s
			}
		}
		if k < len(obs) {
			g.mags[k] = cycleMagnitudes(obs[k], g.sketch, cur)
		}
		for p, s := range cur {
			g.sketch[p] = s
		}
		k++
	}
	g.feats, g.cats = mergeGraphRows(newest, index, out)
	return g, nil
}

// cycleMagnitudes are one cycle's content-change magnitudes: each
// observed fetch's sketch in cur against the page's sketch before it in
// last; nil when no fetch of the cycle has one known.
func cycleMagnitudes(obs []refresh.Obs, last []refresh.Sketch, cur map[refresh.PageID]refresh.Sketch) []float64 {
	var mags []float64
	for p, o := range obs {
		m := refresh.FetchMagnitude(o, last[p], cur[refresh.PageID(p)])
		if m < 0 {
			continue
		}
		if mags == nil {
			mags = make([]float64, len(obs))
			for i := range mags {
				mags[i] = -1
			}
		}
		mags[p] = m
	}
	return mags
}

// mergeGraphRows adds the newest rows' links to out and returns their
// features and categories, zero features for a URL without a row.
func mergeGraphRows(newest []*store.PageGraph, index map[string]refresh.PageID, out [][]refresh.PageID) ([][]float64, [][]int) {
	feats := make([][]float64, len(newest))
	cats := make([][]int, len(newest))
	for p, g := range newest {
		feats[p] = make([]float64, len(refresh.StaticFeatureNames))
		if g == nil {
			continue
		}
		copy(feats[p], g.Features)
		cats[p] = g.Categories
		have := map[refresh.PageID]bool{}
		for _, q := range out[p] {
			have[q] = true
		}
		for _, l := range g.Links {
			if q, ok := index[l]; ok && q != refresh.PageID(p) && !have[q] {
				have[q] = true
				out[p] = append(out[p], q)
			}
		}
	}
	return feats, cats
}

// refreshLinks reads the earlier captures' discovery links (a URL and the
// page it was first found on, FrontierURL.Via) between repository URLs of
// one site, each once.
func (c *Crawler) refreshLinks(ctx context.Context, caps []store.Capture, urls []string) ([][]refresh.PageID, error) {
	index := make(map[string]refresh.PageID, len(urls))
	for i, u := range urls {
		index[u] = refresh.PageID(i)
	}
	out := make([][]refresh.PageID, len(urls))
	seen := map[[2]refresh.PageID]bool{}
	for _, cp := range caps {
		if cp.ID == c.capture.ID {
			continue
		}
		fr, err := c.store.Frontier(ctx, cp.ID)
		if err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		for _, f := range fr {
			from, ok1 := index[f.Via]
			to, ok2 := index[f.URL]
			edge := [2]refresh.PageID{from, to}
			if !ok1 || !ok2 || from == to || seen[edge] || urlcanon.Host(f.Via) != urlcanon.Host(f.URL) {
				continue
			}
			seen[edge] = true
			out[from] = append(out[from], to)
		}
	}
	return out, nil
}

// refreshable: a page's answer (not robots.txt) that a fetch can compare.
func refreshable(r store.Record) bool {
	if r.RecordType != warc.Response && r.RecordType != warc.Revisit || r.Status != 200 && r.Status != 304 {
		return false
	}
	u, err := url.Parse(r.URL)
	return err == nil && u.Path != "/robots.txt" && urlcanon.Host(r.URL) != ""
}

// refreshObservations turns each URL's stored records into one
// observation per earlier capture, by changerate.Observations (the one
// definition of a change): an observation ending at a record of capture k
// is cycle k's.
func (c *Crawler) refreshObservations(ctx context.Context, urls []string, cycle map[int64]int) ([][]refresh.Obs, error) {
	cycles := make([][]refresh.Obs, len(cycle))
	for i := range cycles {
		cycles[i] = make([]refresh.Obs, len(urls))
	}
	opt := changerate.HistoryOptions{Signal: c.job.Capture.ChangeSignal, ExcludeCapture: c.capture.ID}
	for p, u := range urls {
		recs, err := c.store.History(ctx, u)
		if err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		n := 0
		for i, r := range recs {
			k, ok := cycle[r.CaptureID]
			if !ok {
				continue
			}
			obs := changerate.Observations(recs[:i+1], opt)
			if len(obs) == n {
				continue // not a fetch, or the first one: nothing to compare
			}
			n = len(obs)
			o := refresh.Unchanged
			if obs[n-1].Changed {
				o = refresh.Changed
			}
			cycles[k][p] = o
		}
	}
	return cycles, nil
}

// settleRefresh completes the cycle's stored metrics from what the capture
// archived: a planned URL with a response or revisit record was
// downloaded, and changed when it got a full response.
func (c *Crawler) settleRefresh(ctx context.Context) error {
	cyc, err := c.store.RefreshCycle(ctx, c.capture.ID)
	if err != nil {
		return err
	}
	rows, err := c.store.Frontier(ctx, c.capture.ID)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	planned := map[string]bool{}
	for _, r := range rows {
		if r.HopPath == "" {
			planned[r.URL] = true
		}
	}
	recs, err := c.store.Records(ctx, c.capture.ID)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	changed := map[string]bool{}
	for _, r := range recs {
		if !planned[r.URL] || r.RecordType != warc.Response && r.RecordType != warc.Revisit {
			continue
		}
		changed[r.URL] = changed[r.URL] || r.RecordType == warc.Response
	}
	cyc.Downloads, cyc.Changed, cyc.ChangeRatio = len(changed), 0, 0
	for _, ch := range changed {
		if ch {
			cyc.Changed++
		}
	}
	if cyc.Downloads > 0 {
		cyc.ChangeRatio = float64(cyc.Changed) / float64(cyc.Downloads)
	}
	return c.store.SetRefreshCycle(ctx, cyc)
}

// recordsGraph reports whether the capture stores its pages' links and
// features for refresh policies (refresh.record_graph; a refresh cycle
// always does, so the graph follows the site between full captures).
func (c *Crawler) recordsGraph() bool { return c.job.Refresh.RecordGraph || c.refreshing() }

// pageGraph is a 2xx page's row for refresh policies: its same-site
// navigation links (each once), refresh.StaticFeatures and
// refresh.TopicCategories; nil unless the capture records them.
func (c *Crawler) pageGraph(t frontier.Task, f *fetched, res extract.Result) *store.PageGraph {
	if !c.recordsGraph() {
		return nil
	}
	st := refresh.PageStats{URL: t.URL.URL, BodyBytes: f.BodyLen, Text: res.Text}
	g := &store.PageGraph{CaptureID: c.capture.ID, URL: t.URL.URL}
	seen := map[string]bool{}
	for _, l := range res.Links {
		switch l.Hop {
		case extract.HopEmbed:
			st.Embeds++
		case extract.HopNav:
			st.NavLinks++
			if urlcanon.Host(l.URL) != t.Host || l.URL == t.URL.URL || seen[l.URL] {
				continue
			}
			st.SiteLinks++
			seen[l.URL] = true
			g.Links = append(g.Links, l.URL)
		}
	}
	g.Features, g.Categories = refresh.StaticFeatures(st), refresh.TopicCategories(res.Title+" "+res.Text)
	g.Sketch = refresh.ContentSketch(res.Text)
	// The graph is committed with the page's records (Batch.Graphs), and
	// a graph the store cannot hold would fail that commit: it is
	// advisory (a policy without a page's row treats it as linkless and
	// featureless), so it is dropped here instead.
	if err := g.Check(); err != nil {
		c.log.Warn("refresh page graph not stored", zap.String("url", t.URL.URL), zap.Error(err))
		return nil
	}
	return g
}
