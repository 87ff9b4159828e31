package refreshsim

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/sharc-archive/sharc/scheduler/refresh"
)

// DefaultShares are the budgets of Tan et al. 2007 and Tan & Mitra 2010:
// 25K, 50K and 100K of 284,692 pages.
var DefaultShares = []float64{0.088, 0.176, 0.351}

// DefaultPolicies are the policies of docs/refresh-policies.md, in table
// order: baselines, the papers' policies with their best settings, the
// history and PageRank variants, the prediction policies, the bound.
func DefaultPolicies() []string {
	return []string{
		"round-robin", "random", "site-sampling",
		"neighbourhood-dir(1)", "neighbourhood-dir(0)", "neighbourhood-link(3)", "neighbourhood-cluster(0)",
		"neighbourhood-dir(1)/ha", "neighbourhood-dir(1)/wha", "neighbourhood-dir(1)/pra",
		"category-sampling",
		"cluster-sampling/nad", "cluster-sampling/sad", "cluster-sampling/aad", "cluster-sampling/gad",
		"predicted", "predicted+related", "content-2d", "content-2d+related",
		Oracle,
	}
}

// Experiment is one table set: every policy at every budget on one world.
type Experiment struct {
	Config   Config
	Policies []string
	Shares   []float64
	Clusters int // feature clusters k
	// History and DirMode select the papers' literal readings (unfetched
	// cycles count as unchanged; Eq. 2's printed sign) instead of ours.
	History refresh.HistoryMode
	DirMode refresh.DirMode
}

// Report is an experiment's world and results.
type Report struct {
	Experiment      Experiment
	Pages           int
	Sites           int
	Dirs            int
	Static          float64             // share of pages that never change on their own
	ChangedPerCycle float64             // mean share of pages that change within one cycle
	Design          Design              // what features and categories leak about the rates
	Results         map[string][]Result // by policy, one per share
}

// Run generates the world and runs every policy at every budget.
func (e Experiment) Run() (*Report, error) {
	w, err := Generate(e.Config)
	if err != nil {
		return nil, err
	}
	env := refresh.NewEnv(w.Repo, e.Clusters, e.Config.Seed)
	env.HistoryMode, env.DirMode = e.History, e.DirMode
	rep := &Report{Experiment: e, Pages: w.Repo.Len(), Sites: len(w.Repo.Sites()), Dirs: len(w.Repo.Dirs()),
		Results: map[string][]Result{}}
	for _, r := range w.Rates {
		if r == 0 {
			rep.Static++
		}
	}
	rep.Static /= float64(rep.Pages)
	rep.ChangedPerCycle = w.meanChangedPerCycle()
	rep.Design = w.Design
	for _, name := range e.Policies {
		for _, share := range e.Shares {
			budget := int(math.Round(share * float64(rep.Pages)))
			res, err := Run(w, env, name, budget, e.Config.Seed)
			if err != nil {
				return nil, err
			}
			rep.Results[name] = append(rep.Results[name], res)
		}
	}
	return rep, nil
}

// meanChangedPerCycle is the mean share of pages that change within one
// cycle.
func (w *World) meanChangedPerCycle() float64 {
	n := 0
	for _, f := range w.first {
		for _, t := range f {
			if t >= 0 {
				n++
			}
		}
	}
	return float64(n) / float64(len(w.first)*w.Repo.Len())
}

// metric is one table of the report.
type metric struct {
	title, note string
	value       func(refresh.Summary) float64
	format      string
}

var metrics = []metric{
	{"ChangeRatio", "changed pages found per fetch (samples included), mean over cycles; higher is better",
		func(s refresh.Summary) float64 { return s.ChangeRatio }, "%.3f"},
	{"Recall", "share of the pages stale at a cycle's end that the cycle's fetches found, mean over cycles; higher is better",
		func(s refresh.Summary) float64 { return s.Recall }, "%.3f"},
	{"Freshness", "share of pages whose stored copy is current after the cycle's fetches, mean over cycles; higher is better",
		func(s refresh.Summary) float64 { return s.Fresh }, "%.3f"},
	{"Age", "mean time since the first uncaptured change, in cycles, over all pages after the fetches, mean over cycles; lower is better",
		func(s refresh.Summary) float64 { return s.Age }, "%.3f"},
}

// WriteMarkdown renders the report as the tables of docs/refresh-policies.md.
func (r *Report) WriteMarkdown(w io.Writer, title string) error {
	var b strings.Builder
	e := r.Experiment
	fmt.Fprintf(&b, "### %s\n\n", title)
	fmt.Fprintf(&b, "%d pages on %d sites in %d directories; %.1f%% of pages never change on their own; on average %.1f%% of pages change within a cycle; %d cycles; %d feature clusters; seed %d; co-change %s.\n\n",
		r.Pages, r.Sites, r.Dirs, 100*r.Static, 100*r.ChangedPerCycle, e.Config.Cycles, e.Clusters, e.Config.Seed, onOff(e.Config.CoChange))
	d := r.Design
	fmt.Fprintf(&b, "**The world favours feature- and category-based policies.** Feature 7 (\"HTML or not\") is 0 on %.1f%% of pages, and %.1f%% of those never change: it marks %.1f%% of the never-changing pages by itself. On average %.1f%% of the members of a feature class's marker category (one of the two categories a page draws from its class) are of that class: categories encode the feature class, which sets the rate multiplier. Neither is true of a real site; both are said here because they favour the feature-based policies (cluster, neighbourhood-cluster) and category-sampling.\n\n",
		100*d.NonHTML, 100*d.NonHTMLStatic, 100*d.StaticNonHTML, 100*d.ClassCategory)
	if l := p4Legend(e.Policies); l != "" {
		b.WriteString(l + "\n\n")
	}
	header := "| policy |"
	rule := "|---|"
	for _, s := range e.Shares {
		header += fmt.Sprintf(" R=%.1f%% (%d) |", 100*s, r.Results[e.Policies[0]][sharesIndex(e.Shares, s)].Budget)
		rule += "---:|"
	}
	for _, m := range metrics {
		fmt.Fprintf(&b, "#### %s\n\n%s.\n\n%s\n%s\n", m.title, m.note, header, rule)
		for _, p := range e.Policies {
			b.WriteString("| " + p + " |")
			for _, res := range r.Results[p] {
				b.WriteString(" " + fmt.Sprintf(m.format, m.value(res.Summary)) + " |")
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	r.writeRatios(&b)
	r.writeEvolution(&b)
	r.writeDiagnoses(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeRatios is the headline comparison: each policy's ChangeRatio
// divided by random's, round-robin's and site-sampling's.
func (r *Report) writeRatios(b *strings.Builder) {
	e := r.Experiment
	base := []string{"random", "round-robin", "site-sampling"}
	var have []string
	for _, x := range base {
		if _, ok := r.Results[x]; ok {
			have = append(have, x)
		}
	}
	if len(have) == 0 {
		return
	}
	fmt.Fprintf(b, "#### ChangeRatio relative to the baselines\n\nEach policy's ChangeRatio divided by the baseline's at the same budget (the papers' \"×3 random, ×2 site-sampling\").\n\n| policy |")
	rule := "|---|"
	for _, s := range e.Shares {
		for _, x := range have {
			fmt.Fprintf(b, " ÷%s %.1f%% |", x, 100*s)
			rule += "---:|"
		}
	}
	b.WriteString("\n" + rule + "\n")
	for _, p := range e.Policies {
		b.WriteString("| " + p + " |")
		for i := range e.Shares {
			for _, x := range have {
				d := r.Results[x][i].Summary.ChangeRatio
				v := "–"
				if d > 0 {
					v = fmt.Sprintf("%.2f", r.Results[p][i].Summary.ChangeRatio/d)
				}
				b.WriteString(" " + v + " |")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

func sharesIndex(ss []float64, s float64) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return 0
}

func onOff(b bool) string {
	if b {
		return "on (directory-wide update events)"
	}
	return "off (independent Poisson pages)"
}

// evolutionPolicies are the policies whose claims are about the course of
// the cycles (Tan et al. 2007 Fig. 9, Tan & Mitra 2010 Fig. 5).
var evolutionPolicies = []string{"random", "neighbourhood-dir(1)", "neighbourhood-dir(1)/ha", "neighbourhood-dir(1)/wha",
	"cluster-sampling/nad", "cluster-sampling/sad", "cluster-sampling/aad", "cluster-sampling/gad", "predicted"}

// evolutionBlock is how many cycles one row of the evolution table averages.
const evolutionBlock = 4

// writeEvolution is ChangeRatio over time at the smallest budget, averaged
// over blocks of cycles, for the history-driven policies.
func (r *Report) writeEvolution(b *strings.Builder) {
	var ps []string
	for _, p := range evolutionPolicies {
		if _, ok := r.Results[p]; ok {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		return
	}
	e := r.Experiment
	fmt.Fprintf(b, "#### ChangeRatio over time\n\nR=%.1f%%; mean ChangeRatio over blocks of %d cycles.\n\n| cycles |", 100*e.Shares[0], evolutionBlock)
	rule := "|---|"
	for _, p := range ps {
		b.WriteString(" " + p + " |")
		rule += "---:|"
	}
	b.WriteString("\n" + rule + "\n")
	for lo := 0; lo < e.Config.Cycles; lo += evolutionBlock {
		hi := min(lo+evolutionBlock, e.Config.Cycles)
		fmt.Fprintf(b, "| %d–%d |", lo+1, hi)
		for _, p := range ps {
			s := 0.0
			for _, m := range r.Results[p][0].Cycles[lo:hi] {
				s += m.ChangeRatio()
			}
			fmt.Fprintf(b, " %.3f |", s/float64(hi-lo))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// writeDiagnoses lists what the policies report about themselves after
// their run, per budget.
func (r *Report) writeDiagnoses(b *strings.Builder) {
	var lines []string
	for _, p := range r.Experiment.Policies {
		for _, res := range r.Results[p] {
			if res.Diagnosis != "" {
				lines = append(lines, fmt.Sprintf("- %s at R=%.1f%%: %s.", p, 100*res.Share, res.Diagnosis))
			}
		}
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("#### Policy diagnostics\n\n" + strings.Join(lines, "\n") + "\n\n")
}

// p4Models names Radinsky & Bennett's models among the policy names, so
// no table leaves the reader to guess which is which.
var p4Models = []struct{ policy, model string }{
	{"predicted", "the 1-D baseline (the page's change count)"},
	{"predicted+related", "relatedness experts on the 1-D baseline (not one of P4's models)"},
	{"content-2d", "the 2-D model (the page's change count and its own content-change magnitudes)"},
	{"content-2d+related", "the 3-D model (relatedness experts on the 2-D model)"},
}

// p4Legend is the sentence naming the P4 models among policies; empty if
// there are none.
func p4Legend(policies []string) string {
	var parts []string
	for _, m := range p4Models {
		if slices.Contains(policies, m.policy) {
			parts = append(parts, "`"+m.policy+"` is "+m.model)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Radinsky & Bennett's (P4) models here: " + strings.Join(parts, "; ") + "."
}
