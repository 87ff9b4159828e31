package refreshsim

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"

	"gonum.org/v1/gonum/stat/distuv"
)

// Seeds runs one experiment on several seeds: each seed draws its own
// repository, change history and policy randomness, so the spread over
// seeds is the spread a reader should expect from one run.
type Seeds struct {
	Experiment Experiment
	Seeds      []uint64
}

// SeedsReport holds one Report per seed, in the order of Seeds.Seeds.
type SeedsReport struct {
	Seeds   Seeds
	Reports []*Report
}

// Run runs the seeds, as many at once as there are CPUs: each run is
// independent (its own world and policies).
func (s Seeds) Run() (*SeedsReport, error) {
	out := &SeedsReport{Seeds: s, Reports: make([]*Report, len(s.Seeds))}
	errs := make([]error, len(s.Seeds))
	slots := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	var wg sync.WaitGroup
	for i, seed := range s.Seeds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			e := s.Experiment
			e.Config.Seed = seed
			out.Reports[i], errs[i] = e.Run()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("seed %d: %w", s.Seeds[i], err)
		}
	}
	return out, nil
}

// values is metric m of policy p at share i, one per seed.
func (s *SeedsReport) values(p string, i int, m func(*Report, string, int) float64) []float64 {
	xs := make([]float64, len(s.Reports))
	for k, r := range s.Reports {
		xs[k] = m(r, p, i)
	}
	return xs
}

func changeRatio(r *Report, p string, i int) float64 { return r.Results[p][i].Summary.ChangeRatio }

func age(r *Report, p string, i int) float64 { return r.Results[p][i].Summary.Age }

// MeanCI is the mean of xs and the half-width of its 95% confidence
// interval by Student's t with n−1 degrees of freedom (0 for n < 2).
func MeanCI(xs []float64) (mean, half float64) {
	m, sd := meanSD(xs)
	if len(xs) < 2 {
		return m, 0
	}
	q := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(xs) - 1)}.Quantile(0.975)
	return m, q * sd / math.Sqrt(float64(len(xs)))
}

// PairedT is the two-sided p-value of the paired t-test of mean(x − y) = 0
// (1 with fewer than two pairs; 0 or 1 when every difference is equal).
func PairedT(x, y []float64) float64 {
	d := make([]float64, len(x))
	for i := range x {
		d[i] = x[i] - y[i]
	}
	m, sd := meanSD(d)
	switch {
	case len(d) < 2:
		return 1
	case sd == 0 && m == 0:
		return 1
	case sd == 0:
		return 0
	}
	t := m / (sd / math.Sqrt(float64(len(d))))
	return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(d) - 1)}.Survival(math.Abs(t))
}

func meanSD(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	m := 0.0
	for _, x := range xs {
		m += x / float64(len(xs))
	}
	if len(xs) < 2 {
		return m, 0
	}
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return m, math.Sqrt(v / float64(len(xs)-1))
}

// ratios are x[k]/y[k] (NaN where y[k] is 0).
func ratios(x, y []float64) []float64 {
	out := make([]float64, len(x))
	for k := range x {
		out[k] = x[k] / y[k]
		if y[k] == 0 {
			out[k] = math.NaN()
		}
	}
	return out
}

func formatP(p float64) string {
	if p < 0.001 {
		return "p<0.001"
	}
	return fmt.Sprintf("p=%.3f", p)
}

// WriteMarkdown renders the seeds' summary: ChangeRatio and age as mean ±
// 95% CI, and each policy against random and site-sampling as the mean
// per-seed ratio ± CI with the paired t-test of the ChangeRatio difference.
func (s *SeedsReport) WriteMarkdown(w io.Writer, title string) error {
	var b strings.Builder
	e := s.Seeds.Experiment
	fmt.Fprintf(&b, "### %s\n\n%d seeds (%s), each its own repository, change history and policy randomness; co-change %s; otherwise as above. Cells are the mean over seeds ± the half-width of its 95%% confidence interval (Student's t, %d degrees of freedom).\n\n",
		title, len(s.Seeds.Seeds), seedList(s.Seeds.Seeds), onOff(e.Config.CoChange), len(s.Seeds.Seeds)-1)
	header, rule := "| policy |", "|---|"
	for _, sh := range e.Shares {
		header += fmt.Sprintf(" R=%.1f%% |", 100*sh)
		rule += "---:|"
	}
	plain := func(name, note string, m func(*Report, string, int) float64) {
		fmt.Fprintf(&b, "#### %s over seeds\n\n%s.\n\n%s\n%s\n", name, note, header, rule)
		for _, p := range e.Policies {
			b.WriteString("| " + p + " |")
			for i := range e.Shares {
				mean, half := MeanCI(s.values(p, i, m))
				fmt.Fprintf(&b, " %.3f ± %.3f |", mean, half)
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	plain("ChangeRatio", "Higher is better", changeRatio)
	plain("Age", "In cycles; lower is better", age)
	for _, base := range []string{"random", "site-sampling"} {
		if _, ok := s.Reports[0].Results[base]; !ok {
			continue
		}
		fmt.Fprintf(&b, "#### ChangeRatio ÷ %s over seeds\n\nThe per-seed ratio of each policy's ChangeRatio to %s's at the same budget, mean ± 95%% CI, and the p-value of the paired t-test of their difference.\n\n%s\n%s\n", base, base, header, rule)
		for _, p := range e.Policies {
			if p == base {
				continue
			}
			b.WriteString("| " + p + " |")
			for i := range e.Shares {
				x, y := s.values(p, i, changeRatio), s.values(base, i, changeRatio)
				mean, half := MeanCI(ratios(x, y))
				fmt.Fprintf(&b, " %.2f ± %.2f (%s) |", mean, half, formatP(PairedT(x, y)))
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	s.writeClaims(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

func seedList(seeds []uint64) string {
	parts := make([]string, len(seeds))
	for i, s := range seeds {
		parts[i] = fmt.Sprint(s)
	}
	return strings.Join(parts, ", ")
}

// claim is one headline claim of the papers, checked as a ratio of
// ChangeRatios: the best of policies (by mean per-seed ratio; the worst
// if every one is claimed) against base, compared with target.
type claim struct {
	text, source string
	policies     []string
	every        bool
	base         string
	target       float64
}

// papersBest are P0's best settings (DB d = 1, LB d = 3, CB d = 0) and
// P3's CLS under its four weightings.
var papersBest = []string{"neighbourhood-dir(1)", "neighbourhood-link(3)", "neighbourhood-cluster(0)",
	"cluster-sampling/nad", "cluster-sampling/sad", "cluster-sampling/aad", "cluster-sampling/gad"}

var claims = []claim{
	{"the papers' policies find about 3× as many changed pages per fetch as random", "P0 Fig. 6", papersBest, false, "random", 3},
	{"… and about 2× as many as site-sampling", "P0 Fig. 6", papersBest, false, "site-sampling", 2},
	{"every one of the papers' best settings beats random", "P0, P3", papersBest, true, "random", 1},
	{"every one of the papers' best settings beats site-sampling", "P0, P3", papersBest, true, "site-sampling", 1},
	{"category-sampling beats round-robin (0.60 vs 0.45: 1.33×)", "P1 Tab. 3", []string{"category-sampling"}, false, "round-robin", 1.33},
	{"the page's own content changes improve on its change count (content-2d, P4's 2-D model, vs predicted, its 1-D baseline)", "P4 (2D vs 1D)", []string{"content-2d"}, false, "predicted", 1},
	{"related pages improve the page's own prediction (content-2d+related, P4's 3-D model, vs content-2d, its 2-D model)", "P4 (3D vs 2D)", []string{"content-2d+related"}, false, "content-2d", 1},
}

// claimRow is one line of the verdict table before its verdict.
type claimRow struct {
	c          claim
	share      float64
	policy     string
	mean, half float64
	p          float64 // two-sided one-sample t-test of the ratio = target
}

// Significance is the family-wise error rate of the verdict table.
const Significance = 0.05

// OneSampleT is the two-sided p-value of the one-sample t-test of
// mean(xs) = mu (1 with fewer than two values; 0 or 1 when every value is
// equal).
func OneSampleT(xs []float64, mu float64) float64 {
	y := make([]float64, len(xs))
	for i := range y {
		y[i] = mu
	}
	return PairedT(xs, y)
}

// Holm adjusts p-values for the number of tests (Holm–Bonferroni): the
// i-th smallest of m is multiplied by m−i+1 (i from 1), made monotone and
// capped at 1. Rejecting where the adjusted p is below α keeps the chance
// of any false verdict in the family at most α.
func Holm(ps []float64) []float64 {
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return ps[idx[a]] < ps[idx[b]] })
	out := make([]float64, len(ps))
	running := 0.0
	for rank, i := range idx {
		running = math.Max(running, math.Min(1, float64(len(ps)-rank)*ps[i]))
		out[i] = running
	}
	return out
}

// writeClaims checks the claims at every budget. Each row's per-seed
// ratios are tested against the claimed ratio (one-sample t-test), and
// the p-values of the whole table are adjusted together by Holm–Bonferroni,
// since the table makes many comparisons at once: "holds" when the
// adjusted p is below Significance and the mean lies above the target,
// "does not hold" when below it, "cannot tell" otherwise. Taking the best
// of several policies favours the claim.
func (s *SeedsReport) writeClaims(b *strings.Builder) {
	rows := s.Claims()
	fmt.Fprintf(b, "#### The papers' headline claims over seeds\n\nEach claim as a ratio of ChangeRatios: the best of the named policies (by mean per-seed ratio; the worst where every one is claimed) against the baseline, mean ± 95%% CI over seeds (not adjusted), against the claimed ratio. The p-value is the one-sample t-test of the per-seed ratios against the claimed ratio; *Holm p* adjusts it for the %d comparisons of this table (Holm–Bonferroni). *holds*: Holm p < %.2f and the mean above the claimed ratio; *does not hold*: Holm p < %.2f and the mean below it; *cannot tell*: otherwise.\n\n| claim | source | R | policy | ratio | claimed | p | Holm p | verdict |\n|---|---|---|---|---:|---:|---:|---:|---|\n",
		len(rows), Significance, Significance)
	for _, r := range rows {
		fmt.Fprintf(b, "| %s | %s | %.1f%% | %s | %.3f ± %.3f | %.2f | %s | %s | %s |\n", r.Claim, r.Source, 100*r.Share, r.Policy, float64(r.Ratio.Mean), float64(r.Ratio.CI95), r.Claimed,
			strings.TrimPrefix(formatP(float64(r.P)), "p="), strings.TrimPrefix(formatP(float64(r.HolmP)), "p="), r.Verdict)
	}
	b.WriteString("\n")
}

// Claims are the verdict table's rows, with the p-values adjusted over
// the whole table.
func (s *SeedsReport) Claims() []ClaimVerdict {
	rows := s.claimRows()
	ps := make([]float64, len(rows))
	for i, r := range rows {
		ps[i] = r.p
	}
	adj := Holm(ps)
	out := make([]ClaimVerdict, len(rows))
	for i, r := range rows {
		out[i] = ClaimVerdict{Claim: r.c.text, Source: r.c.source, Share: r.share, Policy: r.policy, Ratio: interval(r.mean, r.half),
			Claimed: r.c.target, P: Num(r.p), HolmP: Num(adj[i]), Verdict: verdict(r.mean, r.c.target, adj[i])}
	}
	return out
}

// verdict reads an adjusted p-value.
func verdict(mean, target, adjusted float64) string {
	switch {
	case adjusted >= Significance:
		return "cannot tell"
	case mean > target:
		return "holds"
	default:
		return "does not hold"
	}
}

// claimRows picks each claim's policy at every budget and tests it.
func (s *SeedsReport) claimRows() []claimRow {
	e := s.Seeds.Experiment
	var rows []claimRow
	for _, c := range claims {
		if _, ok := s.Reports[0].Results[c.base]; !ok {
			continue
		}
		for i, sh := range e.Shares {
			row := claimRow{c: c, share: sh, mean: math.NaN()}
			var best []float64
			for _, p := range c.policies {
				if _, ok := s.Reports[0].Results[p]; !ok {
					continue
				}
				xs := ratios(s.values(p, i, changeRatio), s.values(c.base, i, changeRatio))
				m, h := MeanCI(xs)
				if row.policy == "" || !c.every && m > row.mean || c.every && m < row.mean {
					row.policy, row.mean, row.half, best = p, m, h, xs
				}
			}
			if row.policy == "" {
				continue
			}
			row.p = OneSampleT(best, c.target)
			rows = append(rows, row)
		}
	}
	return rows
}
