package crawler

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sort"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/changerate"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/job"
	"github.com/sharc-archive/sharc/refresh"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/urlcanon"
	"github.com/sharc-archive/sharc/warc"
)

// A refresh capture (capture.mode refresh, issue 16) is one cycle of a
// budgeted refresh: the repository is every URL an earlier capture of the
// job archived with status 200 or 304, a refresh policy chooses up to
// refresh.budget of them from their change history in the store, and
// those become the capture's seeds. Nothing else is queued: no link,
// redirect or sitemap is followed. Each seed is fetched once with the
// validators of its last capture, so the existing dedup stage archives an
// unchanged page as a revisit record.

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
	last []refresh.Obs // each URL's newest observation
}

// seedRefresh plans the cycle, stores its plan's counts and queues its URLs.
func (c *Crawler) seedRefresh(ctx context.Context) error {
	repo, err := c.refreshRepository(ctx)
	if err != nil {
		return err
	}
	if len(repo.urls) == 0 {
		return errors.New("refresh: no earlier capture of this job archived a page: run a full capture first")
	}
	fetched, samples, err := c.planRefresh(repo)
	if err != nil {
		return err
	}
	cands := make([]frontier.URL, 0, len(fetched))
	for _, p := range fetched {
		cands = append(cands, c.newURL(repo.urls[p], "", "", -1))
	}
	cands = c.scope.filter(cands, c.job.Fetch.MaxRedirects)
	if len(cands) == 0 {
		return errors.New("refresh: no planned URL is in scope")
	}
	cyc := store.RefreshCycle{CaptureID: c.capture.ID, Policy: c.job.Refresh.Policy, Budget: c.job.Refresh.Budget,
		Repository: len(repo.urls), Planned: len(cands), Samples: min(samples, len(cands))}
	if err := c.store.SetRefreshCycle(ctx, cyc); err != nil {
		return err
	}
	c.log.Info("refresh cycle planned", zap.String("policy", cyc.Policy), zap.Int("budget", cyc.Budget),
		zap.Int("repository", cyc.Repository), zap.Int("planned", cyc.Planned), zap.Int("samples", cyc.Samples))
	_, _, err = c.commit(ctx, store.Batch{CaptureID: c.capture.ID}, cands, nil)
	return err
}

// planRefresh runs the policy over repo with a fresh ledger and returns
// the pages it fetched, in order, and how many were samples. The policy
// decides before anything is fetched, so a sample is answered by the
// page's newest stored observation (see docs/refresh-policies.md, "Live
// mode"); the cycle's real outcome is what the fetches archive.
func (c *Crawler) planRefresh(repo refreshRepo) ([]refresh.PageID, int, error) {
	spec, err := refresh.ParseSpec(c.job.Refresh.Policy)
	if err != nil {
		return nil, 0, err
	}
	pages := make([]refresh.Page, len(repo.urls))
	for i, u := range repo.urls {
		pages[i] = refresh.Page{URL: u}
	}
	out := repo.out
	if out == nil {
		out = make([][]refresh.PageID, len(pages))
	}
	r, err := refresh.NewRepo(pages, out)
	if err != nil {
		return nil, 0, err
	}
	seed := uint64(c.job.Refresh.Seed) + uint64(c.capture.ID)
	// No features are stored: one cluster holds every page.
	pol, err := refresh.New(refresh.NewEnv(r, 1, seed), spec, seed)
	if err != nil {
		return nil, 0, err
	}
	l := refresh.NewLedger(repo.hist, lastObs(repo.last), c.job.Refresh.Budget)
	pol.Run(l)
	return l.Fetched(), l.Samples(), nil
}

// lastObs answers a planning fetch with the page's newest observation.
type lastObs []refresh.Obs

func (o lastObs) Fetch(p refresh.PageID) bool { return o[p] == refresh.Changed }

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
	repo, err := c.refreshHistory(ctx, urls, cycle)
	if err != nil {
		return refreshRepo{}, err
	}
	if repo.out, err = c.refreshLinks(ctx, caps, urls); err != nil {
		return refreshRepo{}, err
	}
	return repo, nil
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

// refreshHistory turns each URL's stored records into one observation per
// earlier capture, by changerate.Observations (the one definition of a
// change): an observation ending at a record of capture k is cycle k's.
func (c *Crawler) refreshHistory(ctx context.Context, urls []string, cycle map[int64]int) (refreshRepo, error) {
	cycles := make([][]refresh.Obs, len(cycle))
	for i := range cycles {
		cycles[i] = make([]refresh.Obs, len(urls))
	}
	last := make([]refresh.Obs, len(urls))
	opt := changerate.HistoryOptions{Signal: c.job.Capture.ChangeSignal, ExcludeCapture: c.capture.ID}
	for p, u := range urls {
		recs, err := c.store.History(ctx, u)
		if err != nil {
			return refreshRepo{}, fmt.Errorf("store: %w", err)
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
			cycles[k][p], last[p] = o, o
		}
	}
	h := refresh.NewHistory(len(urls))
	for _, obs := range cycles {
		if err := h.AddCycle(obs); err != nil {
			return refreshRepo{}, err
		}
	}
	return refreshRepo{urls: urls, hist: h, last: last}, nil
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
