package changerate_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/changerate"
)

// changeTimes draws a Poisson process of the given rate on [0, to) by
// exponential gaps. (sim.ChangeTimes does the same; a local copy keeps this
// package's tests independent of the simulator's build.)
func changeTimes(rng *rand.Rand, rate, to float64) []float64 {
	var out []float64
	for t := rng.ExpFloat64() / rate; t < to; t += rng.ExpFloat64() / rate {
		out = append(out, t)
	}
	return out
}

// observe simulates a Poisson page with rate lambda (per hour) fetched after
// each of the given intervals, and reports per interval whether at least one
// change happened, plus the number of changes in total (what an oracle
// knowing every change would count).
func observe(rng *rand.Rand, lambda float64, intervals []time.Duration) ([]changerate.Observation, int) {
	var total float64
	for _, d := range intervals {
		total += d.Hours()
	}
	changes := changeTimes(rng, lambda, total)
	obs := make([]changerate.Observation, len(intervals))
	t, k := 0.0, 0
	for i, d := range intervals {
		end := t + d.Hours()
		changed := false
		for k < len(changes) && changes[k] < end {
			changed = true
			k++
		}
		obs[i] = changerate.Observation{Interval: d, Changed: changed}
		t = end
	}
	return obs, len(changes)
}

// censoredSE is the asymptotic standard error of the censored MLE at the
// true rate: the inverse square root of the Fisher information
// Σ Δ_j² / (e^{λΔ_j} − 1).
func censoredSE(lambda float64, intervals []time.Duration) float64 {
	var info float64
	for _, d := range intervals {
		h := d.Hours()
		info += h * h / math.Expm1(lambda*h)
	}
	return 1 / math.Sqrt(info)
}

func regular(n int, d time.Duration) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = d
	}
	return out
}

// irregularIntervals draws revisit intervals uniformly between lo and hi, as
// a crawler whose revisits drift with load.
func irregularIntervals(rng *rand.Rand, n int, lo, hi time.Duration) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = lo + time.Duration(rng.Float64()*float64(hi-lo))
	}
	return out
}

// The censored MLE must land within 4 standard errors of the true rate
// (a miss has probability ~6e-5 per case under the asymptotic normal law;
// the seeds make the outcome fixed). The naive estimator (changed intervals
// per hour, the thesis' MLE applied to censored data) must sit at its
// expected value Σ(1−e^{−λΔ})/ΣΔ, well below λ: its known downward bias.
func TestCensoredMLERecoversRates(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	tests := []struct {
		name      string
		lambda    float64
		intervals []time.Duration
	}{
		{"regular daily, λ=1/20h", 0.05, regular(2000, 24*time.Hour)},
		{"regular daily, λ=1/100h", 0.01, regular(2000, 24*time.Hour)},
		{"regular 4h, λ=0.2/h", 0.2, regular(2000, 4*time.Hour)},
		{"regular weekly, λ=1/50h", 0.02, regular(2000, 7*24*time.Hour)},
		{"irregular 1h-7d, λ=1/30h", 1.0 / 30, irregularIntervals(rng, 2000, time.Hour, 7*24*time.Hour)},
		{"irregular 6h-3d, λ=0.01/h", 0.01, irregularIntervals(rng, 2000, 6*time.Hour, 72*time.Hour)},
		{"irregular 30m-2d, λ=0.3/h", 0.3, irregularIntervals(rng, 2000, 30*time.Minute, 48*time.Hour)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			obs, _ := observe(rng, tc.lambda, tc.intervals)
			se := censoredSE(tc.lambda, tc.intervals)
			got := changerate.CensoredMLE(obs, changerate.GammaPrior{Shape: 1})
			if math.Abs(got-tc.lambda) > 4*se {
				t.Errorf("censored MLE %.5g, true %.5g, SE %.3g", got, tc.lambda, se)
			}
			// The weak prior must not move a 2000-interval estimate beyond the
			// same tolerance.
			gotPrior := changerate.CensoredMLE(obs, changerate.WeakPrior(1.0/168))
			if math.Abs(gotPrior-tc.lambda) > 4*se {
				t.Errorf("MAP with weak prior %.5g, true %.5g, SE %.3g", gotPrior, tc.lambda, se)
			}

			naive := changerate.NaiveRate(obs)
			var hours, expChanged, varChanged float64
			for _, d := range tc.intervals {
				p := -math.Expm1(-tc.lambda * d.Hours())
				hours += d.Hours()
				expChanged += p
				varChanged += p * (1 - p)
			}
			wantNaive := expChanged / hours
			naiveSE := math.Sqrt(varChanged) / hours
			if math.Abs(naive-wantNaive) > 4*naiveSE {
				t.Errorf("naive %.5g, expected %.5g (SE %.3g)", naive, wantNaive, naiveSE)
			}
			// Where the expected bias is large against the noise it must show
			// in the sample (for short intervals, λΔ ≪ 1, it is small and only
			// the expectation check above applies).
			if tc.lambda-wantNaive > 8*se && !(naive < tc.lambda-4*se) {
				t.Errorf("naive %.5g shows no downward bias against λ=%.5g (SE %.3g)", naive, tc.lambda, se)
			}
			t.Logf("λ=%.4g censored=%.4g (SE %.2g) naive=%.4g (bias %.0f%%)", tc.lambda, got, se, naive, 100*(naive/tc.lambda-1))
		})
	}
}

// Cho and Garcia-Molina's estimator is for regular revisits; it must recover
// the rate like the MLE, and the thesis' MLE over every change (the oracle
// of §6.2) must recover it within 4 Poisson standard errors.
func TestBaselineEstimators(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2))
	tests := []struct {
		lambda float64
		every  time.Duration
	}{
		{0.05, 24 * time.Hour}, {0.01, 24 * time.Hour}, {0.2, 4 * time.Hour}, {0.02, 168 * time.Hour},
	}
	for _, tc := range tests {
		iv := regular(2000, tc.every)
		obs, changes := observe(rng, tc.lambda, iv)
		x := 0
		for _, o := range obs {
			if o.Changed {
				x++
			}
		}
		se := censoredSE(tc.lambda, iv)
		cgm := changerate.ChoGarciaMolina(len(obs), x, tc.every)
		if math.Abs(cgm-tc.lambda) > 4*se {
			t.Errorf("λ=%g every %v: Cho–Garcia-Molina %.5g, SE %.3g", tc.lambda, tc.every, cgm, se)
		}
		period := time.Duration(len(iv)) * tc.every
		oracle := changerate.ThesisMLE(changes, period)
		oracleSE := math.Sqrt(tc.lambda*period.Hours()) / period.Hours()
		if math.Abs(oracle-tc.lambda) > 4*oracleSE {
			t.Errorf("λ=%g: thesis MLE over all changes %.5g, SE %.3g", tc.lambda, oracle, oracleSE)
		}
		// With regular intervals and a flat prior the censored MLE has the
		// closed form −log(1 − x/n)/I; the bisection must agree.
		mle := changerate.CensoredMLE(obs, changerate.GammaPrior{Shape: 1})
		closed := -math.Log(1-float64(x)/float64(len(obs))) / tc.every.Hours()
		if math.Abs(mle-closed) > 1e-9*closed {
			t.Errorf("λ=%g: bisection %.12g, closed form %.12g", tc.lambda, mle, closed)
		}
	}
}

func TestCensoredMLEDegenerateHistories(t *testing.T) {
	week := 7 * 24 * time.Hour
	all := func(changed bool, n int) []changerate.Observation {
		o := make([]changerate.Observation, n)
		for i := range o {
			o[i] = changerate.Observation{Interval: week, Changed: changed}
		}
		return o
	}
	flat := changerate.GammaPrior{Shape: 1}
	if got := changerate.CensoredMLE(all(true, 10), flat); !math.IsInf(got, 1) {
		t.Errorf("all changed, flat prior: got %v, want +Inf", got)
	}
	if got := changerate.CensoredMLE(all(false, 10), flat); got != 0 {
		t.Errorf("never changed, flat prior: got %v, want 0", got)
	}
	if got := changerate.CensoredMLE(nil, flat); got != 0 {
		t.Errorf("no history, flat prior: got %v, want 0", got)
	}
	lambda0 := 1.0 / 168
	prior := changerate.WeakPrior(lambda0)
	if got := changerate.CensoredMLE(nil, prior); math.Abs(got-lambda0) > 1e-15 {
		t.Errorf("no history: got %v, want the prior mode %v", got, lambda0)
	}
	// Never changed: closed form (a₀−1)/(b₀+ΣΔ).
	for _, n := range []int{1, 5, 20} {
		want := 0.5 / (0.5/lambda0 + float64(n)*168)
		if got := changerate.CensoredMLE(all(false, n), prior); math.Abs(got-want) > 1e-15 {
			t.Errorf("never changed in %d weeks: got %v, want %v", n, got, want)
		}
	}
	// Always changed: finite, growing with n, above the naive count and
	// satisfying the stationarity equation of the log-posterior.
	prev := 0.0
	for _, n := range []int{1, 5, 20} {
		obs := all(true, n)
		got := changerate.CensoredMLE(obs, prior)
		if math.IsInf(got, 0) || !(got > prev) || !(got > changerate.NaiveRate(obs)) {
			t.Errorf("always changed in %d weeks: got %v (previous %v)", n, got, prev)
		}
		score := float64(n)*168/math.Expm1(got*168) + 0.5/got - 0.5/lambda0
		if math.Abs(score) > 1e-6*(0.5/lambda0) {
			t.Errorf("always changed in %d weeks: score %v at the estimate", n, score)
		}
		prev = got
	}
}

func TestHistorySource(t *testing.T) {
	h := &changerate.History{Prior: changerate.WeakPrior(0.01), MinObservations: 2}
	ctx := context.Background()
	one := []changerate.Observation{{Interval: 24 * time.Hour, Changed: true}}
	if _, ok := h.Rate(ctx, changerate.PageInfo{History: one}); ok {
		t.Error("answered with fewer intervals than MinObservations")
	}
	two := append(one, changerate.Observation{Interval: 24 * time.Hour})
	e, ok := h.Rate(ctx, changerate.PageInfo{History: two})
	if !ok || e.Source != changerate.SourceHistory || e.Evidence != 2 {
		t.Fatalf("got %+v, %v", e, ok)
	}
	if want := changerate.CensoredMLE(two, changerate.WeakPrior(0.01)); e.Lambda != want {
		t.Errorf("rate %v, want %v", e.Lambda, want)
	}
}

func BenchmarkCensoredMLE(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	obs, _ := observe(rng, 0.02, irregularIntervals(rng, 30, time.Hour, 14*24*time.Hour))
	prior := changerate.WeakPrior(1.0 / 168)
	b.ReportAllocs()
	for b.Loop() {
		changerate.CensoredMLE(obs, prior)
	}
}

func TestHistoryExamples(t *testing.T) {
	day := 24 * time.Hour
	pages := []changerate.PageInfo{
		{URL: "http://a.test/none"},
		{URL: "http://a.test/one", History: []changerate.Observation{{Interval: day, Changed: true}}},
		{URL: "http://a.test/two", History: []changerate.Observation{{Interval: day, Changed: true}, {Interval: day}}},
		{URL: "http://a.test/zero-length", History: []changerate.Observation{{Interval: 0, Changed: true}, {Interval: 0}}},
	}
	prior := changerate.WeakPrior(1.0 / 168)
	ex := changerate.HistoryExamples(pages, prior, 2)
	if len(ex) != 1 || ex[0].Page.URL != "http://a.test/two" || ex[0].Lambda != changerate.CensoredMLE(pages[2].History, prior) {
		t.Errorf("min 2: got %+v", ex)
	}
	if ex := changerate.HistoryExamples(pages, prior, 0); len(ex) != 2 {
		t.Errorf("min 1: got %d examples, want 2", len(ex))
	}
	// Under the flat prior an all-changed history has no finite label and
	// is left out.
	if ex := changerate.HistoryExamples(pages, changerate.GammaPrior{Shape: 1}, 1); len(ex) != 1 || ex[0].Page.URL != "http://a.test/two" {
		t.Errorf("flat prior: got %+v", ex)
	}
}
