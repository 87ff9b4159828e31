package changerate

import (
	"context"
	"math"
	"time"
)

// GammaPrior is a Gamma(Shape, Rate) prior on λ (changes per hour). Its
// density is ∝ λ^(Shape−1) e^(−Rate·λ): Shape−1 acts as pseudo-changes and
// Rate as pseudo-hours of exposure. Shape = 1, Rate = 0 is the flat prior
// (plain maximum likelihood).
type GammaPrior struct {
	Shape float64 // a₀ ≥ 1
	Rate  float64 // b₀ ≥ 0, in hours
}

// WeakPrior returns the prior whose mode is lambda0 (changes per hour) and
// which weighs as half a change: Shape 1.5, Rate 0.5/lambda0. Half a change
// is enough to keep never-changed pages above zero and always-changed pages
// finite, and is outweighed by a handful of real observations.
func WeakPrior(lambda0 float64) GammaPrior {
	if !(lambda0 > 0) || math.IsInf(lambda0, 0) {
		return GammaPrior{Shape: 1, Rate: 0}
	}
	return GammaPrior{Shape: 1.5, Rate: 0.5 / lambda0}
}

// Rate bounds for the root search, in changes per hour: once a millennium to
// a million times an hour covers every page a crawler can observe.
const (
	minLambda = 1e-7
	maxLambda = 1e6
)

// CensoredMLE estimates λ (changes per hour) from interval-censored
// observations: in interval j of length Δ_j the page changed at least once
// (P = 1 − e^{−λΔ_j}) or not at all (P = e^{−λΔ_j}). It maximises the
// log-posterior
//
//	Σ_changed log(1 − e^{−λΔ_j}) − λ Σ_unchanged Δ_j + (a₀−1) log λ − b₀ λ,
//
// whose derivative Σ_changed Δ_j/(e^{λΔ_j} − 1) + (a₀−1)/λ − b₀ − Σ_unchanged Δ_j
// decreases in λ, so the maximum is the single root, found by bisection on
// log λ (research note change-prediction-004 §8.3, item 4). With the flat
// prior, all-changed histories give +Inf and never-changed ones 0; zero
// observations give the prior's mode (0 under the flat prior).
func CensoredMLE(obs []Observation, prior GammaPrior) float64 {
	var exposure float64 // Σ_unchanged Δ_j + b₀
	nChanged := 0
	for _, o := range obs {
		if o.Interval <= 0 {
			continue // a zero-length interval carries no information
		}
		if o.Changed {
			nChanged++
		} else {
			exposure += o.Interval.Hours()
		}
	}
	exposure += prior.Rate
	a := prior.Shape - 1
	if nChanged == 0 {
		if a <= 0 {
			return 0
		}
		if exposure <= 0 {
			return math.Inf(1)
		}
		return a / exposure // closed form: (a₀−1)/(b₀ + Σ Δ)
	}
	if exposure <= 0 {
		return math.Inf(1) // nothing pulls λ down
	}
	// score returns the derivative of the log-posterior and its own
	// derivative with respect to λ (negative: the score decreases).
	score := func(lambda float64) (s, ds float64) {
		s = a/lambda - exposure
		ds = -a / (lambda * lambda)
		for _, o := range obs {
			if o.Changed && o.Interval > 0 {
				d := o.Interval.Hours()
				// Δ/expm1(λΔ): expm1 overflows to +Inf, making the term 0.
				em := math.Expm1(lambda * d)
				s += d / em
				if !math.IsInf(em, 0) {
					ds -= d * d * (em + 1) / (em * em)
				}
			}
		}
		return s, ds
	}
	lo, hi := math.Log(minLambda), math.Log(maxLambda)
	if s, _ := score(minLambda); s <= 0 {
		return minLambda
	}
	if s, _ := score(maxLambda); s >= 0 {
		return maxLambda
	}
	// Newton's method on u = log λ, safeguarded by the bracket [lo, hi]:
	// a step leaving the bracket is replaced by bisection, so it converges
	// whatever the start (research note §8.3 suggests plain bisection; this
	// is ~6x faster for the same answer).
	u := (lo + hi) / 2
	if nc := float64(nChanged); exposure > 0 {
		// Start at the naive rate, usually within a factor of a few.
		u = math.Max(lo, math.Min(hi, math.Log((nc+a)/exposure)))
	}
	for i := 0; i < 200; i++ {
		lambda := math.Exp(u)
		s, ds := score(lambda)
		if s > 0 {
			lo = u
		} else {
			hi = u
		}
		step := -s / (ds * lambda) // ds/du = λ·ds/dλ
		if math.Abs(step) < 1e-12 || hi-lo < 1e-12 {
			return math.Exp(u + step)
		}
		next := u + step
		if !(next > lo && next < hi) {
			next = (lo + hi) / 2
		}
		u = next
	}
	return math.Exp(u)
}

// ThesisMLE is the Poisson maximum likelihood estimator of §6.2: the mean
// number of changes per interval, λ̂ = (1/n) Σ x_i, here in changes per hour
// over the observed period. It is exact when every change is known (the
// thesis' oracle); applied to a crawler's observations, where each interval
// shows at most one change, it is the naive estimator and is biased low.
func ThesisMLE(changes int, period time.Duration) float64 {
	if period <= 0 {
		return 0
	}
	return float64(changes) / period.Hours()
}

// NaiveRate counts the intervals that showed a change per hour observed:
// ThesisMLE applied to interval-censored observations. Kept as a baseline to
// show its downward bias.
func NaiveRate(obs []Observation) float64 {
	var total time.Duration
	changed := 0
	for _, o := range obs {
		if o.Interval <= 0 {
			continue
		}
		total += o.Interval
		if o.Changed {
			changed++
		}
	}
	return ThesisMLE(changed, total)
}

// ChoGarciaMolina is the bias-reduced estimator of Cho and Garcia-Molina
// ("Estimating frequency of change", 2003) for n accesses at a regular
// interval, x of which detected a change: λ̂ = −log((n − x + 0.5)/(n + 0.5)) / I,
// in changes per hour. It stays finite when every access saw a change.
func ChoGarciaMolina(n, x int, interval time.Duration) float64 {
	if n <= 0 || interval <= 0 || x < 0 || x > n {
		return 0
	}
	return -math.Log((float64(n-x)+0.5)/(float64(n)+0.5)) / interval.Hours()
}

// History answers a page's rate from its own observation history by
// CensoredMLE under Prior.
type History struct {
	Prior GammaPrior
	// MinObservations is how many intervals the page needs; 0 means 1.
	MinObservations int
}

// Rate implements Source. Evidence is the number of intervals used.
func (h *History) Rate(_ context.Context, p PageInfo) (Estimate, bool) {
	min := h.MinObservations
	if min < 1 {
		min = 1
	}
	n := 0
	for _, o := range p.History {
		if o.Interval > 0 {
			n++
		}
	}
	if n < min {
		return Estimate{}, false
	}
	l := CensoredMLE(p.History, h.Prior)
	if math.IsInf(l, 0) || math.IsNaN(l) {
		return Estimate{}, false
	}
	return Estimate{Lambda: l, Evidence: float64(n), Source: SourceHistory}, true
}

// HistoryExamples labels the pages that have at least minObs observed
// intervals with the CensoredMLE of their history under prior: the training
// set of a predictor (§6.3: the classifiers learn from pages with history
// and predict for pages without).
func HistoryExamples(pages []PageInfo, prior GammaPrior, minObs int) []Example {
	if minObs < 1 {
		minObs = 1
	}
	var out []Example
	for _, p := range pages {
		n := 0
		for _, o := range p.History {
			if o.Interval > 0 {
				n++
			}
		}
		if n < minObs {
			continue
		}
		l := CensoredMLE(p.History, prior)
		if math.IsInf(l, 0) || math.IsNaN(l) {
			continue
		}
		out = append(out, Example{Page: p, Lambda: l})
	}
	return out
}
