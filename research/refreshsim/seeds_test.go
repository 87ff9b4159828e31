package refreshsim

import (
	"math"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/scheduler/refresh"
)

func TestMeanCIAndPairedT(t *testing.T) {
	m, h := MeanCI([]float64{1, 2, 3, 4, 5})
	// sd = √2.5, t(0.975, 4) = 2.7764451: half = 2.7764451·√2.5/√5.
	if m != 3 || math.Abs(h-2.7764451*math.Sqrt(0.5)) > 1e-6 {
		t.Errorf("MeanCI = %v ± %v, want 3 ± %v", m, h, 2.7764451*math.Sqrt(0.5))
	}
	if m, h := MeanCI([]float64{7}); m != 7 || h != 0 {
		t.Errorf("one value: %v ± %v", m, h)
	}
	tests := []struct {
		name string
		x, y []float64
		want float64
	}{
		{"equal", []float64{1, 2, 3}, []float64{1, 2, 3}, 1},
		{"constant shift", []float64{2, 3, 4}, []float64{1, 2, 3}, 0},
		// d = 1, 2, 3: t = 2/(1/√3) = 3.4641, df 2: two-sided p = 0.07418.
		{"t-test", []float64{2, 4, 6}, []float64{1, 2, 3}, 0.0741799},
		{"one pair", []float64{2}, []float64{1}, 1},
	}
	for _, tc := range tests {
		if got := PairedT(tc.x, tc.y); math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("%s: p = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestSeedsReport: a small experiment on three seeds runs each seed's own
// world (the reports differ), and the summary has every table and a
// verdict per claim and budget.
func TestSeedsReport(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Sites, cfg.MeanPages, cfg.Cycles = 3, 40, 4
	exp := Experiment{Config: cfg, Policies: []string{"round-robin", "random", "site-sampling", "neighbourhood-dir(1)", "predicted", "predicted+related", "content-2d", "content-2d+related"},
		Shares: []float64{0.1, 0.3}, Clusters: 4}
	sr, err := Seeds{Experiment: exp, Seeds: []uint64{1, 2, 3}}.Run()
	if err != nil {
		t.Fatal(err)
	}
	if sr.Reports[0].Pages == sr.Reports[1].Pages && sr.Reports[1].Pages == sr.Reports[2].Pages &&
		sr.Reports[0].Results["random"][0].Summary == sr.Reports[1].Results["random"][0].Summary {
		t.Error("the seeds drew the same world")
	}
	var b strings.Builder
	if err := sr.WriteMarkdown(&b, "t"); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"#### ChangeRatio over seeds", "#### Age over seeds", "#### ChangeRatio ÷ random over seeds",
		"#### ChangeRatio ÷ site-sampling over seeds", "| neighbourhood-dir(1) | ", "3 seeds (1, 2, 3)"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q", want)
		}
	}
	// Six claims have a policy here (P1's lacks category-sampling), at
	// two budgets each.
	if n := strings.Count(out, "| holds |") + strings.Count(out, "| does not hold |") + strings.Count(out, "| cannot tell |"); n != 12 {
		t.Errorf("%d verdicts, want 12:\n%s", n, out)
	}
}

func TestHolm(t *testing.T) {
	tests := []struct {
		name string
		ps   []float64
		want []float64
	}{
		{"none", nil, []float64{}},
		{"one test is not adjusted", []float64{0.03}, []float64{0.03}},
		// Sorted 0.01, 0.02, 0.04: ×3, ×2, ×1 → 0.03, 0.04, 0.04.
		{"step-down", []float64{0.04, 0.01, 0.02}, []float64{0.04, 0.03, 0.04}},
		// 0.02×2 = 0.04 > 0.03×1: monotone, so the larger p gets 0.04 too.
		{"monotone", []float64{0.02, 0.03}, []float64{0.04, 0.04}},
		{"capped at 1", []float64{0.6, 0.7}, []float64{1, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Holm(tc.ps)
			if len(got) != len(tc.want) {
				t.Fatalf("Holm(%v) = %v, want %v", tc.ps, got, tc.want)
			}
			for i := range got {
				if math.Abs(got[i]-tc.want[i]) > 1e-12 {
					t.Errorf("Holm(%v) = %v, want %v", tc.ps, got, tc.want)
				}
			}
		})
	}
}

// TestClaimVerdictsCorrected: a claim whose 95% CI lies just above the
// claimed ratio (lower bound 1.007, p ≈ 0.035), in a table of four
// comparisons, is not significant once the table's comparisons are
// corrected for (Holm: 2 × 0.035 > 0.05), so it reads "cannot tell", not
// "holds"; claims far from the truth still read "does not hold".
func TestClaimVerdictsCorrected(t *testing.T) {
	ratio := []float64{1.01, 1.03, 1.05, 1.08, 1.11}
	exp := Experiment{Policies: []string{"random", "site-sampling", "neighbourhood-link(3)"}, Shares: []float64{0.1}}
	sr := &SeedsReport{Seeds: Seeds{Experiment: exp, Seeds: []uint64{1, 2, 3, 4, 5}}}
	for _, r := range ratio {
		res := func(cr float64) []Result { return []Result{{Summary: refresh.Summary{ChangeRatio: cr}}} }
		sr.Reports = append(sr.Reports, &Report{Experiment: exp, Results: map[string][]Result{
			"random": res(0.5), "site-sampling": res(0.5), "neighbourhood-link(3)": res(0.5 * r)}})
	}
	var b strings.Builder
	sr.writeClaims(&b)
	out := b.String()
	want := map[string]string{
		"the papers' policies find about 3× as many":                   "does not hold",
		"… and about 2× as many as site-sampling":                      "does not hold",
		"every one of the papers' best settings beats random |":        "cannot tell",
		"every one of the papers' best settings beats site-sampling |": "cannot tell",
	}
	for claim, v := range want {
		found := false
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "| "+claim) {
				found = true
				if !strings.HasSuffix(line, "| "+v+" |") {
					t.Errorf("verdict %q, want %q", line, v)
				}
			}
		}
		if !found {
			t.Errorf("no row for %q:\n%s", claim, out)
		}
	}
}

// TestP4Legend: the experiment output says which policy is which of
// Radinsky & Bennett's models.
func TestP4Legend(t *testing.T) {
	for _, tc := range []struct {
		policies []string
		want     []string
	}{
		{[]string{"random"}, nil},
		{[]string{"predicted", "content-2d", "content-2d+related"},
			[]string{"`predicted` is the 1-D baseline", "`content-2d` is the 2-D model", "`content-2d+related` is the 3-D model"}},
		{[]string{"predicted+related"}, []string{"not one of P4's models"}},
	} {
		got := p4Legend(tc.policies)
		if tc.want == nil && got != "" {
			t.Errorf("%v: legend %q, want none", tc.policies, got)
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%v: legend %q lacks %q", tc.policies, got, w)
			}
		}
	}
}
