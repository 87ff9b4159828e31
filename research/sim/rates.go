package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/scheduler/quality"
)

// What the strategy knows about the change rates (thesis Tables 4.3 and
// 5.6–5.7 compare an oracle with predicted rates). The quality is always
// measured against the true rates and change histories.
const (
	// RatesOracle gives the strategy the true rates.
	RatesOracle = "oracle"
	// RatesSitemap gives it the true rates quantised through a sitemap:
	// each page's changefreq is the Def. 6.1 category holding its true
	// rate (changerate.ChangefreqOf) and the strategy gets that category's
	// rate (changerate.SitemapRates).
	RatesSitemap = "sitemap"
	// RatesNoisy multiplies every true rate by e^{σZ}, Z standard normal:
	// a predictor whose log-rate errors have standard deviation σ.
	RatesNoisy = "noisy"
	// RatesUniform gives every page the same rate (the mean true rate): no
	// knowledge at all, the default source alone. Its ties, like the
	// sitemap's, are broken by a seeded random permutation (breakTies).
	// (A mode "uniform-by-id" left the ties to the strategies, which break
	// them by page ID; on the synthetic sites IDs are monotone in the true
	// rate, so it told the true order. It was removed, issue 31.)
	RatesUniform = "uniform"
)

// RateModes lists the modes BeliefRates accepts.
func RateModes() []string {
	return []string{RatesOracle, RatesSitemap, RatesNoisy, RatesUniform}
}

// RatesConfig says how the believed rates are derived from the true ones.
type RatesConfig struct {
	// Mode is one of RateModes.
	Mode string
	// Sigma is the log-normal σ of RatesNoisy.
	Sigma float64
	// Delta is the wall-clock length of one time unit Δ (the politeness
	// delay): RatesSitemap needs it to place the rates among hourly, daily,
	// … (Def. 6.1 ties "always" to Δ). It must be in (0, 1h).
	Delta time.Duration
	// Tau is Def. 6.1's τ; 0 means changerate.DefaultTau.
	Tau float64
	// Seed seeds the noise of RatesNoisy and the tie-breaking permutation
	// of RatesSitemap and RatesUniform (streams apart from the change
	// histories').
	Seed uint64
}

const (
	// noiseStream is the PCG stream of RatesNoisy's perturbation.
	noiseStream = 0x4e4f495359 // "NOISY"
	// tieStream is the PCG stream of the tie-breaking permutation.
	tieStream = 0x54494553 // "TIES"
	// tieSpread bounds the relative change breakTies makes to a rate. The
	// sitemap categories are at least a factor 2 apart, so it cannot
	// reorder distinct believed rates, and it is far above float64's
	// 2.2e-16 resolution for sites of up to 10⁶ pages, so every tie is
	// broken.
	tieSpread = 1e-9
)

// breakTies makes equal believed rates distinct in the order of a random
// permutation drawn from seed: page i's rate is scaled by
// 1 + tieSpread·π(i)/n. The strategies break equal rates by page ID
// (scheduler/single.go, revisit.go), and page IDs are discovery order —
// on the synthetic sites monotone in the true rate — so without this a
// strategy told "nothing" (uniform) would still be told the true order.
// Quality is measured with the true rates, so the scaling biases nothing.
func breakTies(rates []float64, seed uint64) {
	perm := rand.New(rand.NewPCG(seed, tieStream)).Perm(len(rates))
	n := float64(max(len(rates), 1))
	for i, p := range perm {
		rates[i] *= 1 + tieSpread*float64(p)/n
	}
}

// BeliefRates derives the rates a strategy is told from the true rates
// (changes per time unit Δ), as cfg says.
func BeliefRates(truth []float64, cfg RatesConfig) ([]float64, error) {
	out := make([]float64, len(truth))
	switch cfg.Mode {
	case RatesOracle:
		copy(out, truth)
	case RatesUniform:
		var sum float64
		for _, r := range truth {
			sum += r
		}
		mean := sum / float64(max(len(truth), 1))
		for i := range out {
			out[i] = mean
		}
		breakTies(out, cfg.Seed)
	case RatesNoisy:
		if !(cfg.Sigma >= 0) || math.IsInf(cfg.Sigma, 0) {
			return nil, fmt.Errorf("noisy rates: σ must be a non-negative number, got %v", cfg.Sigma)
		}
		rng := rand.New(rand.NewPCG(cfg.Seed, noiseStream))
		for i, r := range truth {
			out[i] = r * math.Exp(cfg.Sigma*rng.NormFloat64())
		}
	case RatesSitemap:
		tau := cfg.Tau
		if tau == 0 {
			tau = changerate.DefaultTau
		}
		cat, err := changerate.SitemapRates(cfg.Delta, tau)
		if err != nil {
			return nil, err
		}
		perHour := 1 / cfg.Delta.Hours() // Δ per hour
		for i, r := range truth {
			c, err := changerate.ChangefreqOf(r*perHour, cfg.Delta, tau)
			if err != nil {
				return nil, err
			}
			out[i] = cat[c] / perHour
		}
		breakTies(out, cfg.Seed)
	default:
		return nil, fmt.Errorf("unknown rate mode %q (valid: %s)", cfg.Mode, strings.Join(RateModes(), ", "))
	}
	return out, nil
}

// RunBelieving simulates a capture like Run (single-visit strategies,
// blur) or RunRevisit (visit-revisit strategies, incoherence), but the
// strategy is told believed rates while the expected and actual quality
// are measured with the true rates and their change histories. With the
// oracle it gives the same result as Run or RunRevisit.
func RunBelieving(ctx context.Context, reg *scheduler.Registry, cfg Config, rates RatesConfig) (Result, error) {
	start := time.Now()
	if cfg.Runs == 0 {
		cfg.Runs = 1
	}
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	if !reg.Has(cfg.Strategy) {
		return Result{}, fmt.Errorf("unknown strategy %q (valid: %s)", cfg.Strategy, strings.Join(reg.Names(), ", "))
	}
	truth, err := NewSite(cfg.Size, cfg.Outdegree, cfg.Skew, cfg.HotLeaves)
	if err != nil {
		return Result{}, err
	}
	believed, err := BeliefRates(truth.Rates, rates)
	if err != nil {
		return Result{}, err
	}
	told := *truth
	told.Rates = believed
	s, err := reg.New(cfg.Strategy, scheduler.Params{Tau: cfg.Tau})
	if err != nil {
		return Result{}, err
	}
	res := Result{
		Strategy: cfg.Strategy, Size: cfg.Size, EstimatedSize: cfg.EstimatedSize(), Skew: cfg.Skew,
		Outdegree: cfg.Outdegree, Leaves: Leaves(cfg.HotLeaves), Slowdown: cfg.Slowdown,
		Seed: cfg.Seed, Runs: cfg.Runs,
	}
	delta := cfg.Slowdown
	if reg.VisitRevisit(cfg.Strategy) {
		res.Tau = cfg.Tau
		c, err := CaptureRevisit(ctx, s, &told, res.EstimatedSize, delta)
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w", cfg.Strategy, err)
		}
		res.Downloads, res.Hopeless = c.Downloads, c.Hopeless
		for i, r := range truth.Rates {
			res.ExpectedIncoherence += quality.PageIncoherence(r, c.Revisit[i]-c.Visit[i])
		}
		var act float64
		for run := range cfg.Runs {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
			act += float64(actualIncoherence(truth, c, cfg.Seed+uint64(run)))
		}
		res.ActualIncoherence = act / float64(cfg.Runs)
	} else {
		slot, err := Schedule(ctx, s, &told, res.EstimatedSize)
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w", cfg.Strategy, err)
		}
		res.Downloads = cfg.Size
		res.ExpectedAvgBlur = expectedAvgBlur(truth, slot, delta)
		var act float64
		for run := range cfg.Runs {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
			act += actualAvgBlur(truth, slot, delta, cfg.Seed+uint64(run))
		}
		res.ActualAvgBlur = act / float64(cfg.Runs)
	}
	res.ElapsedMS = float64(time.Since(start).Microseconds()) / 1000
	return res, nil
}

// AverageBelieving averages RunBelieving's quality (expected and actual
// blur for single-visit strategies, incoherence for visit-revisit ones)
// over runs: run r uses change history cfg.Seed+r and, for noisy rates,
// noise seed cfg.Seed+r. It backs `sharc rates compare`.
func AverageBelieving(ctx context.Context, reg *scheduler.Registry, cfg Config, strategy string, rc RatesConfig, runs int) (expected, actual float64, err error) {
	if runs < 1 {
		return 0, 0, fmt.Errorf("runs must be at least 1, not %d", runs)
	}
	for r := range runs {
		cfg := cfg
		cfg.Strategy, cfg.Seed, cfg.Runs = strategy, cfg.Seed+uint64(r), 1
		rc.Seed = cfg.Seed
		res, err := RunBelieving(ctx, reg, cfg, rc)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return 0, 0, err
			}
			return 0, 0, fmt.Errorf("%s with %s rates: %w", strategy, rc.Mode, err)
		}
		expected += res.ExpectedAvgBlur + res.ExpectedIncoherence
		actual += res.ActualAvgBlur + res.ActualIncoherence
	}
	return expected / float64(runs), actual / float64(runs), nil
}
