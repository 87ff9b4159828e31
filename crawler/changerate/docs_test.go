package changerate

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// updateDoc rewrites the generated sections of docs/change-rates.md.
var updateDoc = flag.Bool("update-doc", false, "rewrite the generated sections of docs/change-rates.md")

const changeRatesDoc = "../../docs/change-rates.md"

// docMarkers are the lines around generated section name; the begin line
// names the command that regenerates it.
func docMarkers(name, cmd string) (begin, end string) {
	return fmt.Sprintf("<!-- BEGIN generated %s by `%s`; do not edit -->\n", name, cmd),
		fmt.Sprintf("<!-- END generated %s -->\n", name)
}

// checkDocSection compares the generated section name of
// docs/change-rates.md with body, or with -update-doc rewrites it. Only
// the text between the markers is touched, so other sections of the page
// (prose, other generators) stay as they are.
func checkDocSection(t *testing.T, name, cmd, body string) {
	t.Helper()
	b, err := os.ReadFile(changeRatesDoc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	begin, end := docMarkers(name, cmd)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no generated section %q (%q … %q)", changeRatesDoc, name, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	got := s[i+len(begin) : j]
	if got == body {
		return
	}
	if !*updateDoc {
		t.Errorf("%s: section %s is stale; regenerate with %s\n--- documented\n%s\n--- now\n%s", changeRatesDoc, name, cmd, got, body)
		return
	}
	s = s[:i+len(begin)] + body + s[j:]
	if err := os.WriteFile(changeRatesDoc, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// evalRun is one evaluation of an embedded sample.
type evalRun struct {
	label      string
	trueLabels bool
	rep        EvalReport
}

// evalSummary renders the two summary tables of "Results": the Table 6.3
// precisions of every run beside the thesis', and every run's log-loss.
func evalSummary(runs []evalRun) string {
	var b strings.Builder
	b.WriteString("| Dataset | Online Bayes | Online C4.5 | Offline Bayes | Offline C4.5 |\n|---|---:|---:|---:|---:|\n")
	for _, r := range runs {
		fmt.Fprintf(&b, "| **%s**, labels = %s (ours) |", r.label, labelKind(r.trueLabels))
		for _, cv := range r.rep.Results[:min(4, len(r.rep.Results))] {
			fmt.Fprintf(&b, " %.3f |", 100*cv.Precision)
		}
		b.WriteString("\n")
	}
	for _, th := range thesisTable63 {
		fmt.Fprintf(&b, "| %s (thesis) | %.3f | %.3f | %.3f | %.3f |\n", th.name, th.v[0], th.v[1], th.v[2], th.v[3])
	}
	b.WriteString("\n| Dataset | Labels | Predictor | Features | Precision % | Within one bin % | Log-loss (bin) | Log-loss (mixture) | Pooled | History |\n|---|---|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range runs {
		for _, cv := range r.rep.Results {
			feat := "online"
			if cv.Offline {
				feat = "offline"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %.3f | %.1f | %.4f | %.4f | %.4f | %.4f |\n", r.label, labelKind(r.trueLabels),
				cv.Algorithm, feat, 100*cv.Precision, 100*cv.WithinOne, cv.LogLoss, cv.LogLossMixture, cv.LogLossPooled, cv.LogLossHistory)
		}
	}
	return b.String()
}

func labelKind(trueLabels bool) string {
	if trueLabels {
		return "true rate"
	}
	return "history"
}

// evalFull is WriteMarkdown of every run, as `sharc rates evaluate
// --sample NAME [--true-labels]` prints it.
func evalFull(t *testing.T, runs []evalRun) string {
	var b bytes.Buffer
	for i, r := range runs {
		if i > 0 {
			b.WriteString("\n")
		}
		if err := WriteMarkdown(&b, r.label, r.rep); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// TestSampleSites: every embedded sample has the label and site prefix the
// evaluation tests scan it under.
func TestSampleSites(t *testing.T) {
	names := SampleNames()
	if len(names) != len(samples) {
		t.Fatalf("embedded samples %v, evaluation samples %d", names, len(samples))
	}
	for _, name := range names {
		meta, ok := sampleSites[name]
		if !ok {
			t.Errorf("sample %q has no site prefix", name)
			continue
		}
		found := false
		for _, sm := range samples {
			if sm.file == "testdata/"+name+"-sample.tsv" {
				found = true
				if sm.name != meta.label || sm.site != meta.site {
					t.Errorf("sample %q: label %q site %q, evaluation uses %q %q", name, meta.label, meta.site, sm.name, sm.site)
				}
			}
		}
		if !found {
			t.Errorf("sample %q is not among the evaluation samples", name)
		}
	}
}

// priorWeights are the weights the prior table compares; 0 is the flat
// prior.
var priorWeights = []float64{0, 0.1, DefaultPriorWeight, 1, 2}

// priorHistory is a history of n intervals of length every, the first k of
// which changed.
type priorHistory struct {
	name  string
	every time.Duration
	n, k  int
}

func (h priorHistory) obs() []Observation {
	out := make([]Observation, h.n)
	for i := range out {
		out[i] = Observation{Interval: h.every, Changed: i < h.k}
	}
	return out
}

var priorHistories = []priorHistory{
	{"40 hourly, 10 changed", time.Hour, 40, 10},
	{"40 hourly, none changed", time.Hour, 40, 0},
	{"12 weekly, none changed", 168 * time.Hour, 12, 0},
	{"12 weekly, 3 changed", 168 * time.Hour, 12, 3},
	{"12 weekly, all changed", 168 * time.Hour, 12, 12},
}

// TestPriorWeightDoc shows what the history prior's weight does, for the
// default rate of one change a week: on a few fixed histories, and on the
// evaluation sets' histories against their true rates. It checks that a
// heavier prior always pulls an estimate towards λ₀, and that the section
// "How much the prior weighs" of docs/change-rates.md is this output.
func TestPriorWeightDoc(t *testing.T) {
	const lambda0 = 1.0 / 168
	var b strings.Builder
	b.WriteString("Estimates in changes per hour; prior mode λ₀ = 1/168 per hour (one a week); weight w adds w changes and w/λ₀ hours.\n\n| History | Exposure (h) |")
	for _, w := range priorWeights {
		fmt.Fprintf(&b, " w = %g (%g h) |", w, w/lambda0)
	}
	b.WriteString("\n|---|---:|" + strings.Repeat("---:|", len(priorWeights)) + "\n")
	for _, h := range priorHistories {
		fmt.Fprintf(&b, "| %s | %g |", h.name, float64(h.n)*h.every.Hours())
		prev := math.Inf(1)
		for _, w := range priorWeights {
			est := CensoredMLE(h.obs(), PriorOf(lambda0, w))
			fmt.Fprintf(&b, " %.3g |", est)
			// A heavier prior brings the estimate no farther from λ₀ (in log).
			d := math.Abs(math.Log(est / lambda0))
			if d > prev+1e-9 {
				t.Errorf("%s: w = %g moves the estimate away from λ₀ (%g)", h.name, w, est)
			}
			prev = d
		}
		b.WriteString("\n")
	}
	b.WriteString("\nOn the evaluation sets (seed 2012; 12 jittered weekly intervals a page; true rates as in \"Evaluation data\"): error of each page's history estimate against its true rate, |ln(λ̂/λ)|, median and mean over the pages.\n\n| Data set | Pages |")
	for _, w := range priorWeights {
		fmt.Fprintf(&b, " w = %g median | mean |", w)
	}
	b.WriteString("\n|---|---:|" + strings.Repeat("---:|---:|", len(priorWeights)) + "\n")
	for _, name := range []string{"pydoc", "pgdoc"} {
		pages, err := EmbeddedSample(name)
		if err != nil {
			t.Fatal(err)
		}
		meta := sampleSites[name]
		set := GenerateEvalSet(pages, EvalConfig{Seed: 2012, Site: meta.site})
		fmt.Fprintf(&b, "| %s | %d |", meta.label, len(set))
		for _, w := range priorWeights {
			errs := make([]float64, len(set))
			var sum float64
			for i, p := range set {
				errs[i] = math.Abs(math.Log(CensoredMLE(p.Page.History, PriorOf(lambda0, w)) / p.True))
				sum += errs[i]
			}
			slices.Sort(errs)
			fmt.Fprintf(&b, " %.3f | %.3f |", errs[len(errs)/2], sum/float64(len(errs)))
		}
		b.WriteString("\n")
	}
	checkDocSection(t, "prior-weight", "go test ./crawler/changerate -run TestPriorWeightDoc -update-doc", b.String())
}
