package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/scheduler/quality"
)

// RevisitCapture is one simulated visit-revisit capture: the visit and the
// revisit time of every page, in the time unit of the site's rates.
type RevisitCapture struct {
	Visit, Revisit []float64
	// Downloads is the number of downloads (2n+1 pages… minus collapses).
	Downloads int
	// End is the time of the last download.
	End      float64
	Hopeless int
}

// RunRevisit simulates a visit-revisit capture (chapter 5) of the synthetic
// site described by cfg with the named strategy. Download k happens at
// time k·Δ, Δ = cfg.Slowdown (§5.6.5); the strategy is given rates per Δ.
// Strategies with an Offline() method get every page first, the others
// start from the root and receive the children of each visited page. All
// revisits follow all visits (§3.2); a VisitRevisit download counts as
// both (Def. 5.5). The result has the expected incoherence
// Σ(1 − e^{−λ(t_r − t_v)}) (Def. 5.6), the actual incoherence (pages
// with a change in (t_v, t_r], §5.6.3) averaged over cfg.Runs Poisson
// histories seeded cfg.Seed, cfg.Seed+1, …, and the number of hopeless
// pages the strategy declared.
func RunRevisit(ctx context.Context, reg *scheduler.Registry, cfg Config) (Result, error) {
	start := time.Now()
	if cfg.Runs == 0 {
		cfg.Runs = 1
	}
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	if !reg.Has(cfg.Strategy) || !reg.VisitRevisit(cfg.Strategy) {
		return Result{}, fmt.Errorf("unknown visit-revisit strategy %q (valid: %s)", cfg.Strategy, strings.Join(RevisitStrategyNames(reg), ", "))
	}
	site, err := NewSite(cfg.Size, cfg.Outdegree, cfg.Skew, cfg.HotLeaves)
	if err != nil {
		return Result{}, err
	}
	s, err := reg.New(cfg.Strategy, scheduler.Params{Tau: cfg.Tau})
	if err != nil {
		return Result{}, err
	}
	res := Result{
		Strategy: cfg.Strategy, Size: cfg.Size, EstimatedSize: cfg.EstimatedSize(), Skew: cfg.Skew,
		Outdegree: cfg.Outdegree, Leaves: Leaves(cfg.HotLeaves), Slowdown: cfg.Slowdown, Tau: cfg.Tau,
		Seed: cfg.Seed, Runs: cfg.Runs,
	}
	c, err := CaptureRevisit(ctx, s, site, res.EstimatedSize, cfg.Slowdown)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", cfg.Strategy, err)
	}
	res.Downloads = c.Downloads
	res.Hopeless = c.Hopeless
	for i, r := range site.Rates {
		res.ExpectedIncoherence += quality.PageIncoherence(r, c.Revisit[i]-c.Visit[i])
	}
	var act float64
	for run := range cfg.Runs {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		act += float64(actualIncoherence(site, c, cfg.Seed+uint64(run)))
	}
	res.ActualIncoherence = act / float64(cfg.Runs)
	res.ElapsedMS = float64(time.Since(start).Microseconds()) / 1000
	return res, nil
}

// RevisitStrategyNames lists the names RunRevisit accepts.
func RevisitStrategyNames(reg *scheduler.Registry) []string {
	var out []string
	for _, n := range reg.Names() {
		if reg.VisitRevisit(n) {
			out = append(out, n)
		}
	}
	return out
}

// actualIncoherence counts the pages that change between visit and revisit
// in the history drawn with seed over [0, End].
func actualIncoherence(site *Site, c RevisitCapture, seed uint64) int {
	rng := rand.New(rand.NewPCG(seed, histStream))
	var buf []float64
	n := 0
	for i, r := range site.Rates {
		buf = AppendChangeTimes(buf[:0], rng, r, 0, c.End)
		if quality.Incoherent(buf, c.Visit[i], c.Revisit[i]) {
			n++
		}
	}
	return n
}

// CaptureRevisit drives strategy s over site and returns every page's visit
// and revisit time. It fails if a page is visited or revisited twice, never
// revisited, or a visit follows a revisit.
func CaptureRevisit(ctx context.Context, s scheduler.Strategy, site *Site, estimatedSize int, delta float64) (RevisitCapture, error) {
	n := site.N
	c := RevisitCapture{Visit: make([]float64, n), Revisit: make([]float64, n)}
	const unset = -1
	for i := range n {
		c.Visit[i], c.Revisit[i] = unset, unset
	}
	page := func(id int) scheduler.Page {
		return scheduler.Page{ID: id, Parent: site.Parent(id), Rate: site.Rates[id] * delta}
	}
	s.Start(estimatedSize)
	online := true
	if o, ok := s.(offliner); ok && o.Offline() {
		online = false
		batch := make([]scheduler.Page, 0, 4096)
		for id := range n {
			batch = append(batch, page(id))
			if len(batch) == cap(batch) {
				s.Add(batch...)
				batch = batch[:0]
			}
		}
		s.Add(batch...)
	} else {
		s.Add(page(0))
	}
	buf := make([]scheduler.Page, 0, site.Outdegree)
	revisiting := false
	collapsedAt := make(map[int]bool)
	k := 0
	for ; ; k++ {
		if k&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return c, err
			}
		}
		d, ok := s.Next()
		if !ok {
			break
		}
		if d.Page < 0 || d.Page >= n {
			return c, fmt.Errorf("download %d: unknown page %d", k, d.Page)
		}
		t := float64(k) * delta
		switch d.Action {
		case scheduler.Visit, scheduler.VisitRevisit:
			if c.Visit[d.Page] != unset {
				if d.Action == scheduler.VisitRevisit && revisiting && c.Revisit[d.Page] == unset {
					c.Revisit[d.Page] = t
					break
				}
				return c, fmt.Errorf("download %d: page %d visited again", k, d.Page)
			}
			if revisiting && d.Action == scheduler.Visit {
				return c, fmt.Errorf("download %d: visit of page %d after the revisits began", k, d.Page)
			}
			c.Visit[d.Page] = t
			if d.Action == scheduler.VisitRevisit {
				c.Revisit[d.Page] = t
				collapsedAt[d.Page] = true
			}
			if online {
				lo, hi := site.Children(d.Page)
				buf = buf[:0]
				for ch := lo; ch < hi; ch++ {
					buf = append(buf, page(ch))
				}
				if len(buf) > 0 {
					s.Add(buf...)
				}
			}
		case scheduler.Revisit:
			revisiting = true
			switch {
			case c.Visit[d.Page] == unset:
				return c, fmt.Errorf("download %d: revisit of unvisited page %d", k, d.Page)
			case c.Revisit[d.Page] != unset && !collapsedAt[d.Page]:
				return c, fmt.Errorf("download %d: page %d revisited again", k, d.Page)
			}
			// A demoted VisitRevisit (it discovered pages) is revisited
			// here; the later time is its revisit.
			c.Revisit[d.Page] = t
			delete(collapsedAt, d.Page)
		default:
			return c, fmt.Errorf("download %d: unknown action %v", k, d.Action)
		}
		s.Done(d)
	}
	for i := range n {
		if c.Visit[i] == unset || c.Revisit[i] == unset {
			return c, fmt.Errorf("page %d not visited and revisited (%d downloads)", i, k)
		}
	}
	c.Downloads = k
	c.End = float64(max(k-1, 0)) * delta
	if h, ok := s.(scheduler.HopelessCounter); ok {
		c.Hopeless = h.Hopeless()
	}
	return c, nil
}
