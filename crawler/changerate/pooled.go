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
	// default) prior on a depth group's pooled rate; 0 means 1.
	GroupWeight float64
	// SiblingWeight is the weight, in pseudo-changes, of the depth group's
	// rate as the prior of the pooled rate of a page's siblings (the other
	// pages discovered on its Via page); 0 means 1.
	SiblingWeight float64
	// PageWeight is the weight, in pseudo-changes, of the siblings' (or
	// group's) pooled rate as the prior of one page's censored MLE; 0
	// means DefaultPooledPageWeight.
	PageWeight float64
}

// DefaultPooledPageWeight is Pooled's default page weight, chosen by an
// ad-hoc check (not kept as a command) on the stores of one early
// `sharc experiment recurring` run (150 pages, histories cut to 1–8
// intervals): the rank correlation with the true rates rose from weight 1
// to 3 and barely from 3 to 10 or 30; 3 keeps a page's own history in
// charge after a few captures. It is not tuned on incoherence.
const DefaultPooledPageWeight = 3

// Pooled answers a page's rate in three levels, as papers 003/004 pool
// pages that have little history of their own (research note
// change-prediction-004, "priors for pages with little history"):
//
//  1. the sitemap's changefreq (Def. 6.1) — or the default rate — is the
//     prior mode of its group's rate, weighing GroupWeight pseudo-changes:
//     a sitemap hint is a prior, not an alternative to history;
//  2. the group (pages with the same changefreq at the same link depth:
//     features the crawler knows of every page before fetching it) pools
//     the observation intervals of all its pages and its rate is their
//     censored MAP estimate (CensoredMLE) under that prior;
//  3. its related pages — its siblings, the other pages discovered on the
//     same page (Via; paper 004's link-neighbourhood relatedness) with
//     the same changefreq — pool
//     their intervals, without the page's own, into a censored MAP
//     estimate under a prior whose mode is the depth group's rate,
//     weighing SiblingWeight pseudo-changes;
//  4. the page's own intervals give its censored MAP estimate under a
//     Gamma prior whose mode is the siblings' rate (the group's when it
//     has none), weighing PageWeight pseudo-changes, so a page's own
//     history dominates as it grows.
//
// With no history anywhere it answers the sitemap (or default) rate. It
// is safe for concurrent use.
type Pooled struct {
	cfg      PooledConfig
	hist     map[string][]Observation // by URL
	via      map[string]string        // by URL
	groups   map[string][]Observation // pooled by changefreq and depth
	children map[string][]string      // URLs by Via
	freq     map[string]string        // changefreq by URL
	mu       sync.Mutex
	cache    map[string]float64 // group rate by depth|prior mode
}

var _ Source = (*Pooled)(nil)

// NewPooled builds the source from the pages' histories (PageInfo.URL,
// Depth, Via, Changefreq and History; StoreHistorySet.Examples' pages
// with the changefreqs of the site's sitemap, which the store does not
// keep).
func NewPooled(pages []PageInfo, cfg PooledConfig) *Pooled {
	if cfg.GroupWeight <= 0 {
		cfg.GroupWeight = 1
	}
	if cfg.PageWeight <= 0 {
		cfg.PageWeight = DefaultPooledPageWeight
	}
	if cfg.SiblingWeight <= 0 {
		cfg.SiblingWeight = 1
	}
	p := &Pooled{cfg: cfg, hist: map[string][]Observation{}, via: map[string]string{}, groups: map[string][]Observation{},
		children: map[string][]string{}, freq: map[string]string{}, cache: map[string]float64{}}
	for _, pg := range pages {
		if len(pg.History) == 0 {
			continue
		}
		if _, dup := p.hist[pg.URL]; dup {
			continue
		}
		p.hist[pg.URL] = pg.History
		p.freq[pg.URL] = pg.Changefreq
		p.groups[groupKey(pg)] = append(p.groups[groupKey(pg)], pg.History...)
		if pg.Via != "" {
			p.via[pg.URL] = pg.Via
			p.children[pg.Via] = append(p.children[pg.Via], pg.URL)
		}
	}
	return p
}

// groupKey is a page's group: its sitemap changefreq (as given, "" when
// none) and its link depth. Pooling pages of different changefreqs would
// replace each page's own sitemap hint by the group's one rate.
func groupKey(p PageInfo) string { return p.Changefreq + "|" + strconv.Itoa(p.Depth) }

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
func (s *Pooled) groupRate(group string, m0 float64) float64 {
	obs := s.groups[group]
	if len(obs) == 0 {
		return m0
	}
	key := group + "|" + strconv.FormatFloat(m0, 'g', -1, 64)
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
	g := s.groupRate(groupKey(p), m0)
	via := p.Via
	if via == "" {
		via = s.via[p.URL]
	}
	var sib []Observation
	for _, u := range s.children[via] {
		if u != p.URL && s.freq[u] == p.Changefreq {
			sib = append(sib, s.hist[u]...)
		}
	}
	if via != "" && len(sib) > 0 {
		g = CensoredMLE(sib, PriorOf(g, s.cfg.SiblingWeight))
	}
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
