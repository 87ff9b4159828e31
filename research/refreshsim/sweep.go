package refreshsim

import (
	"fmt"
	"io"
	"strings"

	"github.com/sharc-archive/sharc/scheduler/refresh"
)

// SweepPolicies are the policies of the quietness sweep: the baselines,
// the papers' best settings, the prediction policy and the bound.
func SweepPolicies() []string {
	return []string{"random", "round-robin", "site-sampling", "neighbourhood-dir(0)", "neighbourhood-dir(1)",
		"neighbourhood-cluster(0)", "cluster-sampling/sad", "predicted", Oracle}
}

// Sweep runs the policies at one budget on worlds whose rates are scaled:
// the ratio of any policy to random is bounded by the oracle's, which is
// 1 / (share of pages stale), so it grows as the repository gets quieter.
type Sweep struct {
	Config   Config
	Policies []string
	Share    float64
	Scales   []float64
	Clusters int
	History  refresh.HistoryMode
	DirMode  refresh.DirMode
}

// SweepReport holds one Report per scale.
type SweepReport struct {
	Sweep   Sweep
	Reports []*Report
}

// Run runs the sweep.
func (s Sweep) Run() (*SweepReport, error) {
	out := &SweepReport{Sweep: s}
	for _, scale := range s.Scales {
		cfg := s.Config
		cfg.RateScale = scale
		rep, err := Experiment{Config: cfg, Policies: s.Policies, Shares: []float64{s.Share}, Clusters: s.Clusters, History: s.History, DirMode: s.DirMode}.Run()
		if err != nil {
			return nil, err
		}
		out.Reports = append(out.Reports, rep)
	}
	return out, nil
}

// WriteMarkdown renders the sweep: random's ChangeRatio, then each
// policy's ChangeRatio divided by random's, one column per scale.
func (s *SweepReport) WriteMarkdown(w io.Writer, title string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s\n\nBudget R=%.1f%%; co-change %s; every page's rate (and the co-change event rate) multiplied by the scale; otherwise as above.\n\n| |",
		title, 100*s.Sweep.Share, onOff(s.Sweep.Config.CoChange))
	rule := "|---|"
	for _, sc := range s.Sweep.Scales {
		fmt.Fprintf(&b, " scale %g |", sc)
		rule += "---:|"
	}
	b.WriteString("\n" + rule + "\n| pages changing within a cycle |")
	for _, r := range s.Reports {
		fmt.Fprintf(&b, " %.1f%% |", 100*r.ChangedPerCycle)
	}
	b.WriteString("\n| random's ChangeRatio |")
	for _, r := range s.Reports {
		fmt.Fprintf(&b, " %.3f |", r.Results["random"][0].Summary.ChangeRatio)
	}
	b.WriteString("\n")
	for _, p := range s.Sweep.Policies {
		if p == "random" {
			continue
		}
		fmt.Fprintf(&b, "| %s ÷ random |", p)
		for _, r := range s.Reports {
			d := r.Results["random"][0].Summary.ChangeRatio
			v := "–"
			if d > 0 {
				v = fmt.Sprintf("%.2f", r.Results[p][0].Summary.ChangeRatio/d)
			}
			b.WriteString(" " + v + " |")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}
