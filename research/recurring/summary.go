package recurring

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sharc-archive/sharc/research/refreshsim"
)

// The strategies the goal of issue 31 compares.
const (
	SelectiveOnline = "sharc-selective-online"
	HLLIFO          = "hl-lifo"
)

// Goal thresholds of issue 31: learned rates within 5 % of true rates for
// Selective-online, and Selective-online at least 10 % better than HL-LIFO
// with the same learned rates.
const (
	goalVsTrue   = 1.05
	goalVsHLLIFO = 0.90
)

// spearman is Spearman's rank correlation of x and y (ties get their mean
// rank); NaN when either is constant or they differ in length.
func spearman(x, y []float64) float64 {
	if len(x) != len(y) || len(x) < 2 {
		return math.NaN()
	}
	rx, ry := ranks(x), ranks(y)
	var mx, my float64
	for i := range rx {
		mx += rx[i]
		my += ry[i]
	}
	n := float64(len(rx))
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range rx {
		dx, dy := rx[i]-mx, ry[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	return sxy / math.Sqrt(sxx*syy)
}

func ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return x[idx[a]] < x[idx[b]] })
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && x[idx[j+1]] == x[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

// key indexes captures.
type key struct {
	seed     uint64
	source   RateSource
	strategy string
	index    int
}

// value is a capture's score: incoherence for visit-revisit captures
// (Revisited > 0 or Incoherent > 0), blur otherwise.
func value(c Capture, visitRevisit bool) float64 {
	if visitRevisit {
		return float64(c.Incoherent)
	}
	return c.Blur
}

// Verdict is one comparison of the goal at captures From..N.
type Verdict struct {
	Source  RateSource `json:"rates"`
	Compare string     `json:"compare"` // "vs true rates" or "vs hl-lifo"
	PerSeed []float64  `json:"per_seed"`
	Mean    float64    `json:"mean"`
	CI95    float64    `json:"ci95"`
	Goal    float64    `json:"goal"`
	// P is the two-sided one-sample t-test of mean = goal over the
	// seeds; HolmP adjusts it for every verdict of the table
	// (Holm–Bonferroni, refreshsim.Holm).
	P       float64 `json:"p"`
	HolmP   float64 `json:"holm_p"`
	Verdict string  `json:"verdict"`
}

// Goal computes issue 31's verdicts: per seed, the mean incoherence over
// captures from..N of Selective-online with each learned rate source,
// divided by that of Selective-online with true rates, and by that of
// HL-LIFO with the same source. Each ratio's per-seed values are tested
// against the goal (one-sample t-test) and the p-values of all the
// verdicts adjusted together (Holm–Bonferroni), since the table makes
// many comparisons at once: "holds" when the adjusted p is below
// refreshsim.Significance and the mean is within the goal, "fails" when
// it is below and the mean beyond, "cannot tell" otherwise. Comparisons
// the captures do not have are left out.
func Goal(caps []Capture, from int) []Verdict {
	m := map[key]float64{}
	n := map[key]int{}
	seeds := map[uint64]bool{}
	sources := map[RateSource]bool{}
	for _, c := range caps {
		if c.Index < from {
			continue
		}
		k := key{c.Seed, c.Source, c.Strategy, 0}
		m[k] += float64(c.Incoherent)
		n[k]++
		seeds[c.Seed] = true
		sources[c.Source] = true
	}
	var seedList []uint64
	for s := range seeds {
		seedList = append(seedList, s)
	}
	sort.Slice(seedList, func(i, j int) bool { return seedList[i] < seedList[j] })
	mean := func(k key) (float64, bool) {
		if n[k] == 0 {
			return 0, false
		}
		return m[k] / float64(n[k]), true
	}
	var out []Verdict
	for _, src := range RateSources() {
		if src == RatesTrue || !sources[src] {
			continue
		}
		for _, cmp := range []struct {
			name     string
			source   RateSource
			strategy string
			goal     float64
		}{
			{"vs true rates", RatesTrue, SelectiveOnline, goalVsTrue},
			{"vs " + HLLIFO, src, HLLIFO, goalVsHLLIFO},
		} {
			v := Verdict{Source: src, Compare: cmp.name, Goal: cmp.goal}
			for _, s := range seedList {
				a, ok1 := mean(key{s, src, SelectiveOnline, 0})
				b, ok2 := mean(key{s, cmp.source, cmp.strategy, 0})
				if ok1 && ok2 && b > 0 {
					v.PerSeed = append(v.PerSeed, a/b)
				}
			}
			if len(v.PerSeed) == 0 {
				continue
			}
			v.Mean, v.CI95 = refreshsim.MeanCI(v.PerSeed)
			v.P = refreshsim.OneSampleT(v.PerSeed, cmp.goal)
			out = append(out, v)
		}
	}
	return holmVerdicts(out)
}

// holmVerdicts adjusts the verdicts' p-values together and reads them.
func holmVerdicts(vs []Verdict) []Verdict {
	ps := make([]float64, len(vs))
	for i, v := range vs {
		ps[i] = v.P
	}
	for i, adj := range refreshsim.Holm(ps) {
		v := &vs[i]
		v.HolmP = adj
		switch {
		case len(v.PerSeed) < 2:
			v.Verdict = "cannot tell (one seed)"
		case adj < refreshsim.Significance && v.Mean <= v.Goal:
			v.Verdict = "holds"
		case adj < refreshsim.Significance:
			v.Verdict = "fails"
		default:
			v.Verdict = "cannot tell"
		}
	}
	return vs
}

// Markdown renders the captures' tables: mean score per capture over the
// seeds with its 95 % CI half-width, the rank correlation of given with
// true rates, and the goal's verdicts from capture goalFrom on.
// visitRevisit says which strategies are scored by incoherence.
func Markdown(caps []Capture, visitRevisit func(string) bool, goalFrom int) string {
	var b strings.Builder
	type arm struct {
		source   RateSource
		strategy string
	}
	vals := map[arm]map[int][]float64{}
	rho := map[RateSource]map[int][]float64{}
	var arms []arm
	maxIdx := 0
	seeds := map[uint64]bool{}
	for _, c := range caps {
		a := arm{c.Source, c.Strategy}
		if vals[a] == nil {
			vals[a] = map[int][]float64{}
			arms = append(arms, a)
		}
		vals[a][c.Index] = append(vals[a][c.Index], value(c, visitRevisit(c.Strategy)))
		if rho[c.Source] == nil {
			rho[c.Source] = map[int][]float64{}
		}
		if c.RankCorr != nil {
			rho[c.Source][c.Index] = append(rho[c.Source][c.Index], *c.RankCorr)
		}
		maxIdx = max(maxIdx, c.Index)
		seeds[c.Seed] = true
	}
	header := func(first string) {
		b.WriteString("| " + first)
		for i := 1; i <= maxIdx; i++ {
			fmt.Fprintf(&b, " | capture %d", i)
		}
		b.WriteString(" |\n|---")
		for i := 1; i <= maxIdx; i++ {
			b.WriteString("|---:")
		}
		b.WriteString("|\n")
	}
	fmt.Fprintf(&b, "Mean over %d site seeds ± half-width of the 95 %% CI (Student's t). Incoherence: pages whose content changed between their visit and revisit, by the site's change log (lower is better); blur: actual average blur, Eq. 4.19 (single-visit strategies).\n\n", len(seeds))
	b.WriteString("| rates | strategy | score")
	for i := 1; i <= maxIdx; i++ {
		fmt.Fprintf(&b, " | capture %d", i)
	}
	b.WriteString(" |\n|---|---|---")
	for i := 1; i <= maxIdx; i++ {
		b.WriteString("|---:")
	}
	b.WriteString("|\n")
	for _, a := range arms {
		score := "incoherence"
		if !visitRevisit(a.strategy) {
			score = "blur"
		}
		fmt.Fprintf(&b, "| %s | %s | %s", a.source, a.strategy, score)
		for i := 1; i <= maxIdx; i++ {
			b.WriteString(" | " + cell(vals[a][i], score == "blur"))
		}
		b.WriteString(" |\n")
	}
	b.WriteString("\nSpearman's ρ of the rates each source gives every page (before the capture, from the captures before it) with the true rates, mean over seeds and strategies:\n\n")
	header("rates")
	for _, src := range RateSources() {
		if rho[src] == nil {
			continue
		}
		fmt.Fprintf(&b, "| %s", src)
		for i := 1; i <= maxIdx; i++ {
			m, h := refreshsim.MeanCI(rho[src][i])
			if len(rho[src][i]) == 0 {
				b.WriteString(" | –")
				continue
			}
			if math.Abs(m) < 0.005 {
				m = 0 // not "-0.00"
			}
			fmt.Fprintf(&b, " | %.2f ± %.2f", m, h)
		}
		b.WriteString(" |\n")
	}
	var secs []float64
	for _, c := range caps {
		secs = append(secs, c.Seconds)
	}
	sort.Float64s(secs)
	if len(secs) > 0 {
		var sum float64
		for _, x := range secs {
			sum += x
		}
		fmt.Fprintf(&b, "\nCapture length (wall clock of each crawler run): mean %.1f s, min %.1f s, max %.1f s over the %d captures.\n",
			sum/float64(len(secs)), secs[0], secs[len(secs)-1], len(secs))
	}
	vs := Goal(caps, goalFrom)
	if len(vs) > 0 {
		fmt.Fprintf(&b, "\nGoal (issue 31), from capture %d on: per seed, the mean incoherence of %s over captures %d–%d with the learned rates, divided by that with the true rates (goal ≤ %.2f) and by %s's with the same rates (goal ≤ %.2f). The CI is not adjusted. *p* is the two-sided one-sample t-test of the per-seed ratios against the goal; *Holm p* adjusts it for the %d comparisons of this table (Holm–Bonferroni). *holds*: Holm p < %.2f and the mean within the goal; *fails*: Holm p < %.2f and the mean beyond it; *cannot tell*: otherwise.\n\n",
			goalFrom, SelectiveOnline, goalFrom, maxIdx, goalVsTrue, HLLIFO, goalVsHLLIFO, len(vs), refreshsim.Significance, refreshsim.Significance)
		b.WriteString("| rates | ratio | per seed | mean ± 95 % CI | goal | p | Holm p | verdict |\n|---|---|---|---:|---:|---:|---:|---|\n")
		for _, v := range vs {
			ps := make([]string, len(v.PerSeed))
			for i, x := range v.PerSeed {
				ps[i] = fmt.Sprintf("%.2f", x)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %.3f ± %.3f | ≤ %.2f | %s | %s | %s |\n", v.Source, v.Compare, strings.Join(ps, ", "), v.Mean, v.CI95, v.Goal,
				pCell(v.P), pCell(v.HolmP), v.Verdict)
		}
	}
	return b.String()
}

// pCell writes a p-value as the refresh tables do: three decimals, or
// "<0.001".
func pCell(p float64) string {
	if p < 0.001 {
		return "<0.001"
	}
	return fmt.Sprintf("%.3f", p)
}

func cell(xs []float64, blur bool) string {
	if len(xs) == 0 {
		return "–"
	}
	m, h := refreshsim.MeanCI(xs)
	if blur {
		return fmt.Sprintf("%.3f ± %.3f", m, h)
	}
	return fmt.Sprintf("%.1f ± %.1f", m, h)
}
