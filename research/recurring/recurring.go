package recurring

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/research/testsite"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/scheduler/quality"
	"github.com/sharc-archive/sharc/store"
)

// RateSource is what an arm's crawler is told about the change rates.
type RateSource string

// The rate sources of issue 31.
const (
	// RatesTrue gives the site's true rates (the upper bound).
	RatesTrue RateSource = "true"
	// RatesHistory is the job cascade [history, default]: the censored
	// MLE of each page's own history (§6.2), the default without one.
	RatesHistory RateSource = "history"
	// RatesCascade is the job cascade [history, sitemap, default].
	RatesCascade RateSource = "cascade"
	// RatesPredictor is a predictor (§6.3, changerate.Train) trained
	// before each capture on the store's history, then the default.
	RatesPredictor RateSource = "predictor"
	// RatesSitemap is the job cascade [sitemap, default].
	RatesSitemap RateSource = "sitemap"
	// RatesDefault is the job cascade [default]: every page the default.
	RatesDefault RateSource = "default"
	// RatesPooled is changerate.Pooled built from the store's history
	// before each capture: sitemap → depth group → page, each the prior
	// of the next.
	RatesPooled RateSource = "pooled"
)

// RateSources lists the valid rate sources.
func RateSources() []RateSource {
	return []RateSource{RatesTrue, RatesHistory, RatesCascade, RatesPredictor, RatesSitemap, RatesDefault, RatesPooled}
}

// ParseRateSource checks a rate source name.
func ParseRateSource(s string) (RateSource, error) {
	for _, r := range RateSources() {
		if string(r) == s {
			return r, nil
		}
	}
	return "", fmt.Errorf("unknown rate source %q (valid: true, history, cascade, predictor, sitemap, default, pooled)", s)
}

// Config is one run of the experiment.
type Config struct {
	// NewJob returns a fresh copy of the template job; its politeness
	// delay is the time unit Δ of the site.
	NewJob   func() (*job.Job, error)
	Registry *scheduler.Registry
	// The site: Pages, Outdegree, Skew, HotLeaves as testsite.Config.
	Pages, Outdegree int
	Skew             float64
	HotLeaves        bool
	// Seeds are the site seeds (independent replications).
	Seeds []uint64
	// Captures is N, the number of recurring captures per arm.
	Captures int
	// Sources × Strategies are the arms.
	Sources    []RateSource
	Strategies []string
	// Dir holds one folder per seed and arm (emptied first).
	Dir string
	// Listen is the loopback address the sites listen on; port 0 gives
	// each arm a free port, port p gives arm i port p+i.
	Listen netip.AddrPort
	// RandomTies breaks equal rates by a seeded permutation of the pages
	// (the same for every arm of a seed), as sim.BeliefRates does, instead
	// of leaving them to the strategies, which break them by discovery
	// order: on the test site that order is the true-rate order, so the
	// default source would be told the answer. Every arm's source then goes
	// through the crawler's Options.Rates, with each page's history from
	// the store as the crawler's own history source reads it.
	RandomTies bool
	// Parallel is how many arms run at once; 0 means all of them.
	Parallel int
	Log      *zap.Logger
	// Progress, if set, is called after every capture with the number of
	// captures done and in all (serialised).
	Progress func(done, total int)
}

// Capture is the score of one capture of one arm.
type Capture struct {
	Seed     uint64     `json:"seed"`
	Source   RateSource `json:"rates"`
	Strategy string     `json:"strategy"`
	// Index is the capture's number in its arm, from 1.
	Index int `json:"capture"`
	// Fetched is the number of distinct pages fetched.
	Fetched int `json:"pages_fetched"`
	// Revisited and Incoherent: pages fetched twice, and of those the
	// ones whose content changed in between (site's change log);
	// visit-revisit strategies only.
	Revisited  int `json:"revisited"`
	Incoherent int `json:"incoherent"`
	// Blur is the actual average blur (Eq. 4.19, observation interval =
	// the capture); single-visit strategies only.
	Blur float64 `json:"blur"`
	// RankCorr is Spearman's ρ of the rates the crawler was given with
	// the pages' true rates; nil when undefined (every page the same
	// rate, as the default source gives).
	RankCorr *float64 `json:"rank_corr,omitempty"`
	Seconds  float64  `json:"seconds"`
}

// arm is one (seed, source, strategy).
type arm struct {
	idx      int
	seed     uint64
	source   RateSource
	strategy string
}

// Run runs every arm and returns the scores, ordered by seed, source,
// strategy, capture.
func Run(ctx context.Context, cfg Config) ([]Capture, error) {
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	if cfg.Captures < 1 || cfg.Pages < 2 || len(cfg.Seeds) == 0 || len(cfg.Sources) == 0 || len(cfg.Strategies) == 0 {
		return nil, errors.New("recurring: need ≥ 1 capture, ≥ 2 pages, a seed, a rate source and a strategy")
	}
	if !cfg.Listen.Addr().IsLoopback() {
		return nil, fmt.Errorf("recurring: the test sites listen on loopback only, not %s", cfg.Listen.Addr())
	}
	if cfg.Parallel < 0 {
		return nil, errors.New("recurring: parallel must not be negative")
	}
	var arms []arm
	for _, seed := range cfg.Seeds {
		for _, src := range cfg.Sources {
			for _, s := range cfg.Strategies {
				arms = append(arms, arm{idx: len(arms), seed: seed, source: src, strategy: s})
			}
		}
	}
	if cfg.Listen.Port() != 0 && int(cfg.Listen.Port())+len(arms) > 65536 {
		return nil, fmt.Errorf("recurring: ports %d..%d do not exist", cfg.Listen.Port(), int(cfg.Listen.Port())+len(arms)-1)
	}
	if cfg.Parallel == 0 {
		cfg.Parallel = len(arms)
	}
	total := len(arms) * cfg.Captures
	results := make([][]Capture, len(arms))
	var (
		mu    sync.Mutex
		done  int
		first error
	)
	progress := func() {
		mu.Lock()
		defer mu.Unlock()
		done++
		if cfg.Progress != nil {
			cfg.Progress(done, total)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	slots := make(chan struct{}, cfg.Parallel)
	var wg sync.WaitGroup
	for _, a := range arms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			defer func() { <-slots }()
			caps, err := runArm(ctx, cfg, a, progress)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && first == nil {
				first = fmt.Errorf("seed %d, %s, %s: %w", a.seed, a.source, a.strategy, err)
				cancel()
			}
			results[a.idx] = caps
		}()
	}
	wg.Wait()
	if first != nil {
		return nil, first
	}
	var out []Capture
	for _, r := range results {
		out = append(out, r...)
	}
	return out, nil
}

// runArm runs the N captures of one arm against one site whose change
// process runs on between them, into one store.
func runArm(ctx context.Context, cfg Config, a arm, progress func()) ([]Capture, error) {
	tmpl, err := cfg.NewJob()
	if err != nil {
		return nil, err
	}
	unit := tmpl.Politeness.Delay
	site, err := testsite.New(testsite.Config{Pages: cfg.Pages, Outdegree: cfg.Outdegree, Skew: cfg.Skew, HotLeaves: cfg.HotLeaves,
		Seed: a.seed, TimeUnit: unit, Host: "site.sharc.test"}, cfg.Log.Named("testsite"))
	if err != nil {
		return nil, err
	}
	truth := site.Tree().Rates
	dir := filepath.Join(cfg.Dir, "seed-"+strconv.FormatUint(a.seed, 10), string(a.source)+"-"+a.strategy)
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	addr := cfg.Listen
	if addr.Port() != 0 {
		addr = netip.AddrPortFrom(addr.Addr(), addr.Port()+uint16(a.idx))
	}
	ln, err := net.Listen("tcp", addr.String())
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: site, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	siteAddr := ln.Addr().(*net.TCPAddr).AddrPort().Addr().Unmap()
	dsn := "sqlite:" + filepath.Join(dir, "sharc.db")
	st, err := store.Open(ctx, dsn, cfg.Log.Named("store"))
	if err != nil {
		return nil, err
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return nil, err
	}
	// The default rate is the site's mean true rate: "knowing nothing"
	// as sim's uniform mode, in the accelerated time of the site (with
	// the one-a-week default every estimate would collapse to the prior,
	// docs/change-rates.md).
	var mean float64
	for _, r := range truth {
		mean += r
	}
	mean /= float64(len(truth))
	defaultPerHour := mean / unit.Hours()
	var out []Capture
	for i := 1; i <= cfg.Captures; i++ {
		j, err := cfg.NewJob()
		if err != nil {
			return nil, err
		}
		j.Name = "recurring"
		j.Scheduler.Strategy = a.strategy
		j.Capture.Mode = job.ModeSingleVisit
		if cfg.Registry.VisitRevisit(a.strategy) {
			j.Capture.Mode = job.ModeVisitRevisit
		}
		j.WARC.Dir = filepath.Join(dir, "warcs")
		j.Store = dsn
		j.DefaultRate = defaultPerHour
		j.Resolve = map[string]string{"site.sharc.test": ln.Addr().String()}
		j.Fetch.AllowAddresses = append(j.Fetch.AllowAddresses, netip.PrefixFrom(siteAddr, siteAddr.BitLen()))
		opts, src, hist, err := rateOptions(ctx, a.source, j, st, truth, unit)
		if err != nil {
			return nil, err
		}
		if cfg.RandomTies {
			src = newTieBreak(src, hist, len(truth), a.seed)
			opts.Rates = src
		}
		given := givenRates(ctx, src, hist, truth, unit)
		site.ResetRequests()
		start := time.Now()
		stats, err := crawler.New(j, st, cfg.Registry, cfg.Log.Named("crawler"), opts).Run(ctx)
		end := time.Now()
		if err == nil && stats.StopReason != crawler.StopFinished {
			err = fmt.Errorf("capture %d stopped early: %s", i, stats.StopReason)
		}
		if err != nil {
			return nil, err
		}
		c := score(site, start, end)
		c.Seed, c.Source, c.Strategy, c.Index, c.Seconds = a.seed, a.source, a.strategy, i, end.Sub(start).Seconds()
		if r := spearman(given, truth); !math.IsNaN(r) {
			c.RankCorr = &r
		}
		out = append(out, c)
		progress()
	}
	return out, nil
}

// rateOptions sets the job's cascade, or the crawler's rate source, for
// the arm's rate source. It also returns the source itself (the job's
// cascade rebuilt as the crawler builds it) and the store's history, so
// that the rates it gives every page can be ranked against the truth.
func rateOptions(ctx context.Context, src RateSource, j *job.Job, st store.DB, truth []float64, unit time.Duration) (crawler.Options, changerate.Source, []changerate.PageInfo, error) {
	var opts crawler.Options
	hs, err := changerate.StoreHistory(ctx, st, j.Name, changerate.WeakPrior(j.DefaultRate), changerate.HistoryOptions{})
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return opts, nil, nil, err
	}
	pages := make([]changerate.PageInfo, len(hs.Examples))
	for i, e := range hs.Examples {
		pages[i] = e.Page
		// The store keeps no sitemap: give each page the changefreq the
		// site's sitemap announces for it (what the crawler read).
		if u, err := url.Parse(e.Page.URL); err == nil {
			if k, ok := testsite.PageIndex(u.Path); ok && k < len(truth) {
				pages[i].Changefreq = testsite.Changefreq(truth[k], unit)
			}
		}
	}
	switch src {
	case RatesTrue:
		opts.Rates = trueRates{rates: truth, unit: unit}
		return opts, opts.Rates, pages, nil
	case RatesPooled:
		sm, err := changerate.NewSitemap(unit, 0)
		if err != nil {
			return opts, nil, nil, err
		}
		opts.Rates = changerate.NewPooled(pages, changerate.PooledConfig{Sitemap: sm, Default: j.DefaultRate})
		return opts, opts.Rates, pages, nil
	case RatesPredictor:
		sources := map[string]changerate.Source{changerate.SourceDefault: changerate.Default{Lambda: j.DefaultRate}}
		order := []string{changerate.SourceDefault}
		// Before any history there is nothing to train on; a failed
		// training (e.g. every example in one bin) leaves the default.
		if len(hs.Examples) >= 20 {
			if p, err := changerate.Train(ctx, hs.Examples, changerate.PredictorOptions{}); err == nil {
				sources[changerate.SourcePredictor] = p
				order = []string{changerate.SourcePredictor, changerate.SourceDefault}
			}
		}
		c, err := changerate.NewCascade(order, sources, nil)
		if err != nil {
			return opts, nil, nil, err
		}
		opts.Rates = c
		return opts, c, pages, nil
	case RatesHistory:
		j.ChangeRates = []string{changerate.SourceHistory, changerate.SourceDefault}
	case RatesCascade:
		j.ChangeRates = []string{changerate.SourceHistory, changerate.SourceSitemap, changerate.SourceDefault}
	case RatesSitemap:
		j.ChangeRates = []string{changerate.SourceSitemap, changerate.SourceDefault}
	case RatesDefault:
		j.ChangeRates = []string{changerate.SourceDefault}
	default:
		return opts, nil, nil, fmt.Errorf("unknown rate source %q", src)
	}
	c, err := changerate.New(changerate.Config{Order: j.ChangeRates, PolitenessDelay: unit, DefaultRate: j.DefaultRate}, nil)
	return opts, c, pages, err
}

// givenRates is what src tells about every page of the site (per hour),
// with the page's history, depth and sitemap changefreq as the crawler
// would pass them; pages never fetched get depth 0.
func givenRates(ctx context.Context, src changerate.Source, pages []changerate.PageInfo, truth []float64, unit time.Duration) []float64 {
	byURL := map[string]changerate.PageInfo{}
	for _, p := range pages {
		byURL[p.URL] = p
	}
	out := make([]float64, len(truth))
	for k := range truth {
		u := "http://site.sharc.test" + testsite.PagePath(k)
		p, ok := byURL[u]
		if !ok {
			p = changerate.PageInfo{URL: u}
		}
		p.Changefreq = testsite.Changefreq(truth[k], unit)
		if e, ok := src.Rate(ctx, p); ok {
			out[k] = e.Lambda
		}
	}
	return out
}

// trueRates answers each test-site page's true rate λ_k, converted from
// changes per Δ to changes per hour.
type trueRates struct {
	rates []float64
	unit  time.Duration
}

var _ changerate.Source = trueRates{}

func (o trueRates) Rate(_ context.Context, p changerate.PageInfo) (changerate.Estimate, bool) {
	u, err := url.Parse(p.URL)
	if err != nil {
		return changerate.Estimate{}, false
	}
	k, ok := testsite.PageIndex(u.Path)
	if !ok || k >= len(o.rates) {
		return changerate.Estimate{}, false
	}
	return changerate.Estimate{Lambda: o.rates[k] / o.unit.Hours(), Evidence: 1, Source: string(RatesTrue)}, true
}

// score counts, from the site's request log of one capture and its true
// change log, the pages fetched, those fetched twice that changed (or
// appeared or vanished) between the first and last fetch, and the actual
// average blur of the first fetches over [start, end].
func score(site *testsite.Site, start, end time.Time) Capture {
	served := map[int][]time.Time{}
	for _, r := range site.Requests() {
		if k, ok := testsite.PageIndex(r.Path); ok && r.Method == http.MethodGet && !r.Time.Before(start) && !r.Time.After(end) {
			served[k] = append(served[k], r.Time)
		}
	}
	var c Capture
	c.Fetched = len(served)
	span := end.Sub(start).Seconds()
	var blur float64
	for k, ts := range served {
		v, r := ts[0], ts[len(ts)-1]
		if len(ts) >= 2 {
			c.Revisited++
			if len(site.PageChanges(k, v, r)) > 0 || site.Exists(k, v) != site.Exists(k, r) {
				c.Incoherent++
			}
		}
		ch := site.PageChanges(k, start, end)
		rel := make([]float64, len(ch))
		for i, t := range ch {
			rel[i] = t.Sub(start).Seconds()
		}
		blur += quality.ActualPageBlur(rel, v.Sub(start).Seconds(), 0, span)
	}
	if c.Fetched > 0 {
		c.Blur = blur / float64(c.Fetched)
	}
	return c
}

// tieStream is the PCG stream of the tie-breaking permutation.
const tieStream = 0x54494553 // "TIES"

// tieSpread bounds the relative change tieBreak makes to a rate: far below
// any real difference between estimates, far above float64 resolution.
const tieSpread = 1e-9

// tieBreak answers src's rate scaled by 1 + tieSpread·π(k)/n for test-site
// page k, π a permutation drawn from the site seed, so that equal rates
// are ordered at random rather than by discovery order; it gives each
// page its store history, which the crawler passes only to its own
// cascade (crawler.Options.Rates replaces that cascade).
type tieBreak struct {
	src  changerate.Source
	hist map[string][]changerate.Observation
	perm []int
}

var _ changerate.Source = tieBreak{}

func newTieBreak(src changerate.Source, pages []changerate.PageInfo, n int, seed uint64) tieBreak {
	t := tieBreak{src: src, hist: map[string][]changerate.Observation{}, perm: rand.New(rand.NewPCG(seed, tieStream)).Perm(n)}
	for _, p := range pages {
		t.hist[p.URL] = p.History
	}
	return t
}

func (t tieBreak) Rate(ctx context.Context, p changerate.PageInfo) (changerate.Estimate, bool) {
	if len(p.History) == 0 {
		p.History = t.hist[p.URL]
	}
	e, ok := t.src.Rate(ctx, p)
	if !ok {
		return e, false
	}
	if u, err := url.Parse(p.URL); err == nil {
		if k, ok := testsite.PageIndex(u.Path); ok && k < len(t.perm) {
			e.Lambda *= 1 + tieSpread*float64(t.perm[k])/float64(len(t.perm))
		}
	}
	return e, true
}
