package sim

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/changerate"
	"github.com/sharc-archive/sharc/scheduler"
)

func TestBeliefRates(t *testing.T) {
	site, err := NewSite(5000, 50, 1.2, false)
	if err != nil {
		t.Fatal(err)
	}
	truth := site.Rates
	const delta = time.Minute
	sm, err := changerate.SitemapRates(delta, changerate.DefaultTau)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		cfg   RatesConfig
		check func(t *testing.T, got []float64)
	}{
		{"oracle", RatesConfig{Mode: RatesOracle}, func(t *testing.T, got []float64) {
			for i := range got {
				if got[i] != truth[i] {
					t.Fatalf("page %d: %g, want %g", i, got[i], truth[i])
				}
			}
		}},
		{"noisy σ=0 is the oracle", RatesConfig{Mode: RatesNoisy, Sigma: 0, Seed: 3}, func(t *testing.T, got []float64) {
			for i := range got {
				if got[i] != truth[i] {
					t.Fatalf("page %d: %g, want %g", i, got[i], truth[i])
				}
			}
		}},
		{"noisy σ=1 has log-errors of s.d. 1", RatesConfig{Mode: RatesNoisy, Sigma: 1, Seed: 3}, func(t *testing.T, got []float64) {
			var s, s2 float64
			for i := range got {
				e := math.Log(got[i] / truth[i])
				s += e
				s2 += e * e
			}
			n := float64(len(got))
			mean, sd := s/n, math.Sqrt(s2/n-(s/n)*(s/n))
			// 5000 draws: SE of the mean 0.014, of the s.d. 0.01.
			if math.Abs(mean) > 0.06 || math.Abs(sd-1) > 0.05 {
				t.Errorf("log-error mean %.3f sd %.3f, want 0 and 1", mean, sd)
			}
		}},
		{"uniform is the mean", RatesConfig{Mode: RatesUniform}, func(t *testing.T, got []float64) {
			var sum float64
			for _, r := range truth {
				sum += r
			}
			for i := range got {
				if math.Abs(got[i]-sum/float64(len(truth))) > 1e-15 {
					t.Fatalf("page %d: %g", i, got[i])
				}
			}
		}},
		{"sitemap quantises through Def. 6.1", RatesConfig{Mode: RatesSitemap, Delta: delta}, func(t *testing.T, got []float64) {
			perHour := 1 / delta.Hours()
			seen := map[float64]bool{}
			for i := range got {
				c, _ := changerate.ChangefreqOf(truth[i]*perHour, delta, changerate.DefaultTau)
				if math.Abs(got[i]*perHour-sm[c]) > 1e-12*sm[c] {
					t.Fatalf("page %d: %g per hour, want %v's %g", i, got[i]*perHour, c, sm[c])
				}
				seen[got[i]] = true
				// Quantising never swaps the order of two pages.
				if i > 0 && got[i] > got[i-1] {
					t.Fatalf("page %d hotter than page %d after quantising", i, i-1)
				}
			}
			// Rates from 1 to 5000^-1.2 = 3.64e-5 per minute span always,
			// hourly and daily (daily's floor is log(1/0.95)/1440 = 3.56e-5).
			if len(seen) != 3 {
				t.Errorf("%d distinct sitemap rates, want 3 (always, hourly, daily)", len(seen))
			}
			if got[0] != 1 {
				t.Errorf("root (1 change per Δ) got %g per Δ, want always = 1", got[0])
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := BeliefRates(truth, tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(truth) {
				t.Fatalf("%d rates for %d pages", len(got), len(truth))
			}
			tt.check(t, got)
		})
	}
	for _, bad := range []RatesConfig{{Mode: "guess"}, {Mode: RatesNoisy, Sigma: -1}, {Mode: RatesSitemap}, {Mode: RatesSitemap, Delta: 2 * time.Hour}} {
		if _, err := BeliefRates(truth, bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestRunBelievingOracleIsRun checks that the oracle reproduces Run and
// RunRevisit exactly, and that knowing less costs quality.
func TestRunBelievingOracleIsRun(t *testing.T) {
	reg := scheduler.NewRegistry()
	ctx := context.Background()
	for _, strategy := range []string{"sharc-online", "sharc-selective"} {
		cfg := Config{Strategy: strategy, Size: 2000, Skew: 1.2, Outdegree: 40, Slowdown: 1, Tau: 0.9, Seed: 7, Runs: 2}
		var plain Result
		var err error
		if reg.VisitRevisit(strategy) {
			plain, err = RunRevisit(ctx, reg, cfg)
		} else {
			plain, err = Run(ctx, reg, cfg)
		}
		if err != nil {
			t.Fatal(err)
		}
		oracle, err := RunBelieving(ctx, reg, cfg, RatesConfig{Mode: RatesOracle})
		if err != nil {
			t.Fatal(err)
		}
		if oracle.ExpectedAvgBlur != plain.ExpectedAvgBlur || oracle.ActualAvgBlur != plain.ActualAvgBlur ||
			oracle.ExpectedIncoherence != plain.ExpectedIncoherence || oracle.ActualIncoherence != plain.ActualIncoherence {
			t.Errorf("%s: oracle %+v differs from the plain run %+v", strategy, oracle, plain)
		}
		uniform, err := RunBelieving(ctx, reg, cfg, RatesConfig{Mode: RatesUniform})
		if err != nil {
			t.Fatal(err)
		}
		q := func(r Result) float64 { return r.ExpectedAvgBlur + r.ExpectedIncoherence }
		if !(q(uniform) > q(oracle)) {
			t.Errorf("%s: uniform rates (%g) no worse than the oracle (%g)", strategy, q(uniform), q(oracle))
		}
	}
}
