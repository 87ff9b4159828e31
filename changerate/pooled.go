package changerate

import (
	"context"
	"math"
	"strconv"
	"sync"
)

// SourcePooled names the Pooled source (empirical Bayes over a group
// of similar pages). It is not in the job's cascade vocabulary: it is built
// from a whole store's history (NewPooled), which the crawler's per-URL
// cascade does not read; `sharc experiment recurring` uses it.
const SourcePooled = "pooled"

// PooledConfig weighs the three levels of Pooled's hierarchy.
type PooledConfig struct {
	// Sitemap answers the rate of a page's changefreq, the top of the
	// hierarchy; nil means no sitemap prior (Default alone).
	Sitemap *Sitemap
	// Default is the prior mode (changes per hour) for pages without a
	// changefreq; it must be positive.
	Default float64
	// GroupWeight is the weight, in pseudo-changes, of the sitemap (or
	// default) prior on a group's pooled rate; 0 means 1.
	GroupWeight float64
	// PageWeight is the weight, in pseudo-changes, of the group's pooled
	// rate as the prior of one page's censored MLE; 0 means 1.
	PageWeight float64
}

// Pooled answers a page's rate in three levels, as papers 003/004 pool
// pages that have little history of their own (research note
// change-prediction-004, "priors for pages with little history"):
//
//  1. the sitemap's changefreq (Def. 6.1) — or the default rate — is the
//     prior mode of its group's rate, weighing GroupWeight pseudo-changes:
//     a sitemap hint is a prior, not an alternative to history;
//  2. the group (pages at the same link depth: the feature the crawler
//     knows of every page before fetching it) pools the observation
//     intervals of all its pages and its rate is their censored MAP
//     estimate (CensoredMLE) under that prior;
//  3. the page's own intervals give its censored MAP estimate under a
//     Gamma prior whose mode is the group's rate, weighing PageWeight
//     pseudo-changes, so a page's own history dominates as it grows.
//
// With no history anywhere it answers the sitemap (or default) rate. It
// is safe for concurrent use.
type Pooled struct {
	cfg    PooledConfig
	hist   map[string][]Observation // by URL
	groups map[int][]Observation    // pooled by depth
	mu     sync.Mutex
	cache  map[string]float64 // group rate by depth|prior mode
}

var _ Source = (*Pooled)(nil)

// NewPooled builds the source from the pages' histories (PageInfo.URL,
// Depth and History; e.g. StoreHistorySet.Examples' pages).
func NewPooled(pages []PageInfo, cfg PooledConfig) *Pooled {
	if cfg.GroupWeight <= 0 {
		cfg.GroupWeight = 1
	}
	if cfg.PageWeight <= 0 {
		cfg.PageWeight = 1
	}
	p := &Pooled{cfg: cfg, hist: map[string][]Observation{}, groups: map[int][]Observation{}, cache: map[string]float64{}}
	for _, pg := range pages {
		if len(pg.History) == 0 {
			continue
		}
		p.hist[pg.URL] = pg.History
		p.groups[pg.Depth] = append(p.groups[pg.Depth], pg.History...)
	}
	return p
}

// prior returns the top-level prior mode of p: its sitemap rate, or the
// default.
func (s *Pooled) prior(p PageInfo) float64 {
	if s.cfg.Sitemap != nil {
		if c, ok := ParseChangefreq(p.Changefreq); ok {
			return s.cfg.Sitemap.RateOf(c)
		}
	}
	return s.cfg.Default
}

// groupRate is level 2: the group's pooled censored MAP under the
// sitemap/default prior mode m0.
func (s *Pooled) groupRate(depth int, m0 float64) float64 {
	obs := s.groups[depth]
	if len(obs) == 0 {
		return m0
	}
	key := strconv.Itoa(depth) + "|" + strconv.FormatFloat(m0, 'g', -1, 64)
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.cache[key]; ok {
		return r
	}
	r := CensoredMLE(obs, PriorOf(m0, s.cfg.GroupWeight))
	s.cache[key] = r
	return r
}

// Rate implements Source. Evidence is the page's own number of intervals.
func (s *Pooled) Rate(_ context.Context, p PageInfo) (Estimate, bool) {
	m0 := s.prior(p)
	if !(m0 > 0) || math.IsInf(m0, 0) {
		return Estimate{}, false
	}
	g := s.groupRate(p.Depth, m0)
	own := s.hist[p.URL]
	if len(own) == 0 {
		own = p.History
	}
	l := CensoredMLE(own, PriorOf(g, s.cfg.PageWeight))
	if math.IsNaN(l) || math.IsInf(l, 0) {
		return Estimate{}, false
	}
	return Estimate{Lambda: l, Evidence: float64(len(own)), Source: SourcePooled}, true
}
