package changerate_test

import (
	"context"
	"math"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/changerate"
)

// TestPriorOf: the prior's mode is λ₀ whatever its weight, w pseudo-changes
// mean Shape 1+w and w/λ₀ hours, WeakPrior is the default weight, and a
// cascade built with a PriorWeight estimates histories under that prior.
func TestPriorOf(t *testing.T) {
	const l0 = 1.0 / 168
	for _, w := range []float64{0.1, 0.5, 1, 2} {
		p := changerate.PriorOf(l0, w)
		if mode := (p.Shape - 1) / p.Rate; math.Abs(mode-l0) > 1e-15 {
			t.Errorf("w = %g: mode %g, want %g", w, mode, l0)
		}
		if p.Shape != 1+w || math.Abs(p.Rate-w*168) > 1e-9 {
			t.Errorf("w = %g: %+v", w, p)
		}
	}
	if changerate.WeakPrior(l0) != changerate.PriorOf(l0, changerate.DefaultPriorWeight) {
		t.Errorf("changerate.WeakPrior %+v is not the default weight's", changerate.WeakPrior(l0))
	}
	for _, bad := range [][2]float64{{l0, 0}, {l0, -1}, {0, 1}, {math.Inf(1), 1}, {l0, math.NaN()}} {
		if p := changerate.PriorOf(bad[0], bad[1]); p != (changerate.GammaPrior{Shape: 1}) {
			t.Errorf("changerate.PriorOf(%g, %g) = %+v, want the flat prior", bad[0], bad[1], p)
		}
	}
	hist := make([]changerate.Observation, 40)
	for i := range hist {
		hist[i] = changerate.Observation{Interval: time.Hour, Changed: i < 10}
	}
	for _, w := range []float64{0, 0.1, 2} {
		c, err := changerate.New(changerate.Config{PriorWeight: w, PolitenessDelay: time.Second}, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		est, ok := c.Rate(context.Background(), changerate.PageInfo{History: hist})
		want := w
		if w == 0 {
			want = changerate.DefaultPriorWeight
		}
		if !ok || est.Source != changerate.SourceHistory || est.Lambda != changerate.CensoredMLE(hist, changerate.PriorOf(l0, want)) {
			t.Errorf("PriorWeight %g: %+v, want the history estimate under w = %g", w, est, want)
		}
	}
	if _, err := changerate.New(changerate.Config{PriorWeight: -1, PolitenessDelay: time.Second}, zap.NewNop()); err == nil {
		t.Error("negative prior weight accepted")
	}
}
