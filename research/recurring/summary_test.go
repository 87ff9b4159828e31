package recurring

import (
	"math"
	"strings"
	"testing"
)

func TestSpearman(t *testing.T) {
	for _, tc := range []struct {
		name string
		x, y []float64
		want float64
	}{
		{"same order", []float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{"reversed", []float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		{"ties get their mean rank", []float64{1, 1, 2}, []float64{1, 2, 3}, math.Sqrt(0.75)},
		{"constant is undefined", []float64{5, 5, 5}, []float64{1, 2, 3}, math.NaN()},
		{"lengths differ", []float64{1, 2}, []float64{1}, math.NaN()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := spearman(tc.x, tc.y)
			if math.IsNaN(tc.want) != math.IsNaN(got) || (!math.IsNaN(got) && math.Abs(got-tc.want) > 1e-12) {
				t.Errorf("ρ = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestGoal: the verdicts from paired per-seed ratios of the captures from
// the goal's capture on; earlier captures do not count.
func TestGoal(t *testing.T) {
	var caps []Capture
	add := func(seed uint64, src RateSource, strat string, idx, inc int) {
		caps = append(caps, Capture{Seed: seed, Source: src, Strategy: strat, Index: idx, Incoherent: inc, Revisited: 100})
	}
	for seed := uint64(1); seed <= 3; seed++ {
		d := int(seed) % 2 // small spread between seeds
		// Capture 1 is far off and must be ignored with from = 2.
		add(seed, RatesTrue, SelectiveOnline, 1, 1)
		add(seed, RatesHistory, SelectiveOnline, 1, 1000)
		add(seed, RatesHistory, HLLIFO, 1, 1)
		add(seed, RatesTrue, SelectiveOnline, 2, 100)
		add(seed, RatesHistory, SelectiveOnline, 2, 100+d) // 1.00–1.01 of true
		add(seed, RatesHistory, HLLIFO, 2, 105)            // ≈ 0.96: misses ≤ 0.90
		add(seed, RatesPooled, SelectiveOnline, 2, 130+d)  // ≈ 1.3: fails vs true
		add(seed, RatesPooled, HLLIFO, 2, 200)             // ≈ 0.66: holds vs HL-LIFO
	}
	got := map[string]Verdict{}
	for _, v := range Goal(caps, 2) {
		got[string(v.Source)+" "+v.Compare] = v
	}
	for name, want := range map[string]string{
		"history vs true rates": "holds",
		"history vs hl-lifo":    "fails",
		"pooled vs true rates":  "fails",
		"pooled vs hl-lifo":     "holds",
	} {
		v, ok := got[name]
		if !ok || v.Verdict != want || len(v.PerSeed) != 3 {
			t.Errorf("%s: %+v, want verdict %s over 3 seeds", name, v, want)
		}
	}
	if len(got) != 4 {
		t.Errorf("%d verdicts, want 4: %v", len(got), got)
	}
	md := Markdown(caps, func(string) bool { return true }, 2)
	for _, want := range []string{"| history | sharc-selective-online | incoherence | 1000.0 ± 0.0 |", "| pooled | vs hl-lifo |", "Mean over 3 site seeds"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

// TestGoalHolm: the verdicts' p-values are adjusted together, so four
// comparisons each at p = 0.02, which would each hold alone, cannot tell
// as a family of five, while one at p = 0.001 still holds (0.005) and one
// beyond its goal fails.
func TestGoalHolm(t *testing.T) {
	seeds := []float64{0.8, 0.8, 0.8, 0.8, 0.8}
	vs := []Verdict{
		{PerSeed: seeds, Mean: 0.8, Goal: 0.9, P: 0.02},
		{PerSeed: seeds, Mean: 0.8, Goal: 0.9, P: 0.02},
		{PerSeed: seeds, Mean: 0.8, Goal: 0.9, P: 0.001},
		{PerSeed: seeds, Mean: 0.95, Goal: 0.9, P: 0.002},
		{PerSeed: seeds, Mean: 0.8, Goal: 0.9, P: 0.02},
	}
	want := []string{"cannot tell", "cannot tell", "holds", "fails", "cannot tell"}
	wantP := []float64{0.06, 0.06, 0.005, 0.008, 0.06}
	for i, v := range holmVerdicts(vs) {
		if v.Verdict != want[i] || math.Abs(v.HolmP-wantP[i]) > 1e-12 {
			t.Errorf("verdict %d: %s, Holm p %v; want %s, %v", i, v.Verdict, v.HolmP, want[i], wantP[i])
		}
	}
}
