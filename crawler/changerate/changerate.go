package changerate

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"go.uber.org/zap"
)

// Source names, as written in the job configuration
// (change_rates: [history, predictor, sitemap, default]).
const (
	SourceHistory   = "history"
	SourcePredictor = "predictor"
	SourceSitemap   = "sitemap"
	SourceDefault   = "default"
)

// Estimate is a change rate with the evidence behind it.
type Estimate struct {
	// Lambda is the change rate in changes per hour.
	Lambda float64
	// Evidence says how much backs the estimate; its unit depends on the
	// source: history counts observation intervals, predictor gives the
	// classifier's probability of its most probable bin (1 for the GLM),
	// sitemap gives 1 and default 0.
	Evidence float64
	// Source names the source that answered (SourceHistory, …).
	Source string
}

// Observation is one interval between two successive fetches of a page:
// the crawler only knows whether the page changed at least once in it.
type Observation struct {
	Interval time.Duration
	Changed  bool
}

// PageInfo is what a source may know about a page.
type PageInfo struct {
	URL   string
	MIME  string
	Depth int // link depth from the seed
	// Via is the URL of the page it was discovered on ("" for seeds or
	// when unknown): its link parent, whose other children are its
	// related pages in the link neighbourhood (paper 004). StoreHistory
	// sets it; the crawler does not.
	Via string
	// Changefreq is the sitemap's changefreq value ("" when absent).
	Changefreq string
	// Lastmod is the sitemap's lastmod (zero when absent); kept as a feature.
	Lastmod time.Time
	// History holds the page's observation intervals, oldest first.
	History []Observation
	// Offline features (§6.3): known once the page itself has been fetched.
	// Offline says whether they are set.
	Offline             bool
	DaysSinceLastChange float64
	Images              int
	Tables              int
	Outlinks            int
	Inlinks             int
}

// Source answers a page's change rate, or ok == false when it has nothing to
// say about the page.
type Source interface {
	Rate(ctx context.Context, p PageInfo) (Estimate, bool)
}

// Cascade tries its sources in order; the first that answers wins. It is
// itself a Source. It is safe for concurrent use if its sources are.
type Cascade struct {
	names   []string
	sources []Source
	log     *zap.Logger
}

// NewCascade builds a cascade trying the named sources in the given order.
// Every name must be in sources; an unknown name is an error listing the
// available ones.
func NewCascade(order []string, sources map[string]Source, log *zap.Logger) (*Cascade, error) {
	if len(order) == 0 {
		return nil, fmt.Errorf("change-rate cascade: no sources configured")
	}
	if log == nil {
		log = zap.NewNop()
	}
	c := &Cascade{log: log}
	seen := map[string]bool{}
	for _, n := range order {
		s, ok := sources[n]
		if !ok || s == nil {
			avail := make([]string, 0, len(sources))
			for k := range sources {
				avail = append(avail, k)
			}
			sort.Strings(avail)
			return nil, fmt.Errorf("change-rate cascade: unknown source %q (available: %s)", n, strings.Join(avail, ", "))
		}
		if seen[n] {
			return nil, fmt.Errorf("change-rate cascade: source %q listed twice", n)
		}
		seen[n] = true
		c.names = append(c.names, n)
		c.sources = append(c.sources, s)
	}
	return c, nil
}

// Order returns the source names in the order they are tried.
func (c *Cascade) Order() []string { return append([]string(nil), c.names...) }

// Rate implements Source. The answer's Source field names the source that
// produced it (a source that leaves it empty gets its cascade name).
func (c *Cascade) Rate(ctx context.Context, p PageInfo) (Estimate, bool) {
	for i, s := range c.sources {
		if ctx.Err() != nil {
			return Estimate{}, false
		}
		e, ok := s.Rate(ctx, p)
		if !ok {
			continue
		}
		// A broken source must not poison the schedule; fall through.
		if math.IsNaN(e.Lambda) || math.IsInf(e.Lambda, 0) || e.Lambda < 0 {
			c.log.Warn("change-rate source gave an invalid rate; trying the next",
				zap.String("source", c.names[i]), zap.String("url", p.URL), zap.Float64("lambda", e.Lambda))
			continue
		}
		if e.Source == "" {
			e.Source = c.names[i]
		}
		return e, true
	}
	return Estimate{}, false
}

// Default answers the same configured prior rate for every page.
type Default struct {
	// Lambda is the prior rate in changes per hour.
	Lambda float64
}

// Rate implements Source.
func (d Default) Rate(_ context.Context, _ PageInfo) (Estimate, bool) {
	if d.Lambda < 0 || math.IsNaN(d.Lambda) || math.IsInf(d.Lambda, 0) {
		return Estimate{}, false
	}
	return Estimate{Lambda: d.Lambda, Evidence: 0, Source: SourceDefault}, true
}

// Config builds the standard cascade.
type Config struct {
	// Order lists the sources to try, e.g. [history, predictor, sitemap,
	// default]. Empty means exactly that order.
	Order []string
	// PolitenessDelay Δ is the time unit tied to sitemap's "always" (Def. 6.1).
	PolitenessDelay time.Duration
	// Tau is Def. 6.1's threshold τ; 0 means 0.95 as in the thesis.
	Tau float64
	// DefaultRate is the prior rate in changes per hour; 0 means one change
	// per week.
	DefaultRate float64
	// MinObservations is the number of history intervals needed before
	// history answers; 0 means 1.
	MinObservations int
	// PriorWeight is the weight, in pseudo-changes, of the history
	// estimator's prior around DefaultRate (PriorOf): it adds PriorWeight
	// changes and PriorWeight/DefaultRate hours of exposure to every
	// history. 0 means DefaultPriorWeight; negative is an error. Ignored
	// when Prior is set.
	PriorWeight float64
	// Prior is the Gamma prior of the history estimator; zero means
	// PriorOf(DefaultRate, PriorWeight). GammaPrior{Shape: 1} is the flat
	// prior.
	Prior GammaPrior
	// Predictor, when set, backs the "predictor" source; without it the
	// predictor source never answers.
	Predictor *Predictor
}

// defaultOrder is the cascade order of issue 6 (read-only).
var defaultOrder = [...]string{SourceHistory, SourcePredictor, SourceSitemap, SourceDefault}

// DefaultOrder returns the cascade order used when Config.Order is empty.
func DefaultOrder() []string { return append([]string(nil), defaultOrder[:]...) }

// New builds the standard cascade from cfg.
func New(cfg Config, log *zap.Logger) (*Cascade, error) {
	if cfg.DefaultRate == 0 {
		cfg.DefaultRate = 1.0 / (7 * 24)
	}
	if cfg.DefaultRate < 0 || math.IsNaN(cfg.DefaultRate) || math.IsInf(cfg.DefaultRate, 0) {
		return nil, fmt.Errorf("change-rate default: invalid rate %v", cfg.DefaultRate)
	}
	if cfg.Tau == 0 {
		cfg.Tau = DefaultTau
	}
	if cfg.Prior == (GammaPrior{}) {
		w := cfg.PriorWeight
		if w == 0 {
			w = DefaultPriorWeight
		}
		if !(w > 0) || math.IsInf(w, 0) {
			return nil, fmt.Errorf("change-rate history: prior weight must be a positive number of pseudo-changes, got %v", cfg.PriorWeight)
		}
		cfg.Prior = PriorOf(cfg.DefaultRate, w)
	}
	order := cfg.Order
	if len(order) == 0 {
		order = DefaultOrder()
	}
	sm, err := NewSitemap(cfg.PolitenessDelay, cfg.Tau)
	if err != nil {
		return nil, err
	}
	sources := map[string]Source{
		SourceHistory:   &History{Prior: cfg.Prior, MinObservations: cfg.MinObservations},
		SourceSitemap:   sm,
		SourceDefault:   Default{Lambda: cfg.DefaultRate},
		SourcePredictor: predictorSource{cfg.Predictor},
	}
	return NewCascade(order, sources, log)
}

// predictorSource adapts an optional *Predictor to Source.
type predictorSource struct{ p *Predictor }

func (s predictorSource) Rate(ctx context.Context, p PageInfo) (Estimate, bool) {
	if s.p == nil {
		return Estimate{}, false
	}
	return s.p.Rate(ctx, p)
}
