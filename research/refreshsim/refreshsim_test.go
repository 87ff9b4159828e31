package refreshsim

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/scheduler/refresh"
)

func small() Config {
	cfg := DefaultConfig()
	cfg.Sites, cfg.MeanPages, cfg.Cycles = 5, 120, 8
	return cfg
}

// TestDeterministic: the same configuration prints the same tables; a
// different seed does not.
func TestDeterministic(t *testing.T) {
	render := func(seed uint64) string {
		cfg := small()
		cfg.Seed = seed
		cfg.CoChange = true
		rep, err := Experiment{Config: cfg, Policies: DefaultPolicies(), Shares: DefaultShares, Clusters: 10}.Run()
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := rep.WriteMarkdown(&b, "t"); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	a, b := render(3), render(3)
	if a != b {
		t.Error("same seed, different tables")
	}
	if a == render(4) {
		t.Error("different seeds, same tables")
	}
	for _, p := range DefaultPolicies() {
		if !strings.Contains(a, "| "+p+" |") {
			t.Errorf("no row for %s", p)
		}
	}
}

// TestWorld checks the simulated repository against its definition:
// static pages never change, co-change only adds changes (same own
// changes, from a separate stream), and rates follow the classes.
func TestWorld(t *testing.T) {
	cfg := small()
	off, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.CoChange = true
	on, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if off.Repo.Len() != on.Repo.Len() {
		t.Fatal("co-change changed the repository")
	}
	added := 0
	for c := range off.first {
		for p, f := range off.first[c] {
			g := on.first[c][p]
			if f >= 0 && (g < 0 || g > f) {
				t.Fatalf("cycle %d page %d: own change at %v lost with co-change (%v)", c, p, f, g)
			}
			if f < 0 && g >= 0 {
				added++
			}
			if off.Rates[p] == 0 && f >= 0 {
				t.Fatalf("static page %d changed", p)
			}
		}
	}
	if added == 0 {
		t.Error("co-change added no change")
	}
	// Observed change frequency tracks 1 − e^(−λ) over the repository.
	exp, obs := 0.0, 0.0
	for p, r := range off.Rates {
		exp += refresh.Phi(r) * float64(cfg.Cycles)
		for c := range off.first {
			if off.first[c][p] >= 0 {
				obs++
			}
		}
	}
	if math.Abs(obs-exp)/exp > 0.05 {
		t.Errorf("%.0f changes drawn, %.0f expected", obs, exp)
	}
	if _, err := Generate(Config{Sites: 0}); err == nil {
		t.Error("empty configuration accepted")
	}
}

// TestOracleAndMetrics: the oracle finds only changed pages while enough
// are stale, recall never exceeds 1, and freshness is 1 − stale share.
func TestOracleAndMetrics(t *testing.T) {
	w, err := Generate(small())
	if err != nil {
		t.Fatal(err)
	}
	env := refresh.NewEnv(w.Repo, 10, 1)
	res, err := Run(w, env, Oracle, 20, 1)
	if err != nil {
		t.Fatal(err)
	}
	for c, m := range res.Cycles {
		if m.Stale >= 20 && m.ChangeRatio() != 1 {
			t.Errorf("cycle %d: oracle ChangeRatio %v with %d stale", c, m.ChangeRatio(), m.Stale)
		}
		if m.Recall() > 1 || m.Fresh < 0 || m.Fresh > 1 || m.Age < 0 {
			t.Errorf("cycle %d: metrics out of range %+v", c, m)
		}
	}
	rr, err := Run(w, env, "round-robin", w.Repo.Len(), 1)
	if err != nil {
		t.Fatal(err)
	}
	// A budget of the whole repository leaves every copy fresh.
	for _, m := range rr.Cycles {
		if m.Fresh != 1 || m.Age != 0 || m.Recall() != 1 {
			t.Fatalf("full budget: %+v", m)
		}
	}
	if _, err := Run(w, env, "no-such-policy", 5, 1); err == nil {
		t.Error("unknown policy accepted")
	}
}

func TestSweep(t *testing.T) {
	cfg := small()
	rep, err := Sweep{Config: cfg, Policies: []string{"random", "neighbourhood-dir(0)", Oracle}, Share: 0.088, Scales: []float64{1, 0.2}, Clusters: 8}.Run()
	if err != nil {
		t.Fatal(err)
	}
	if a, b := rep.Reports[0].ChangedPerCycle, rep.Reports[1].ChangedPerCycle; !(b < a) {
		t.Errorf("scale 0.2 changes %v of pages per cycle, scale 1 %v", b, a)
	}
	var buf bytes.Buffer
	if err := rep.WriteMarkdown(&buf, "s"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "| oracle ÷ random |") {
		t.Errorf("sweep table:\n%s", buf.String())
	}
}

// TestWorldDesignLeaks: the report measures what the world's design
// gives away: the "HTML or not" feature marks only never-changing pages,
// and a class's marker category is mostly that class.
func TestWorldDesignLeaks(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Sites, cfg.MeanPages, cfg.Cycles = 4, 60, 2
	w, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d := w.Design
	nonHTML, static := 0, 0
	for p, pg := range w.Repo.Pages {
		if pg.Features[6] == 0 {
			nonHTML++
			if w.Rates[p] != 0 {
				t.Errorf("page %d: feature 7 is 0 and its rate %v", p, w.Rates[p])
			}
		}
		if w.Rates[p] == 0 {
			static++
		}
	}
	if want := float64(nonHTML) / float64(len(w.Rates)); d.NonHTML != want || d.NonHTMLStatic != 1 || d.StaticNonHTML != float64(nonHTML)/float64(static) {
		t.Errorf("design %+v; want non-HTML %v, all of them static", d, want)
	}
	if d.ClassCategory <= 0.25 {
		t.Errorf("marker categories hold %.2f of their class, want more than a quarter", d.ClassCategory)
	}
}

// TestWorldMagnitudes: a page has a content-change magnitude in (0, 1] in
// exactly the cycles it changes, and the magnitudes do not disturb the
// change history (their own random stream).
func TestWorldMagnitudes(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Sites, cfg.MeanPages, cfg.Cycles, cfg.CoChange = 4, 60, 6, true
	w, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for c := range w.first {
		for p, f := range w.first[c] {
			m := w.mag[c][p]
			if f < 0 && m != 0 || f >= 0 && !(m > 0 && m <= 1) {
				t.Fatalf("cycle %d page %d: first change %v, magnitude %v", c, p, f, m)
			}
			if f >= 0 {
				changed++
			}
		}
	}
	if changed == 0 {
		t.Fatal("no change drawn")
	}
	again, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for c := range w.first {
		for p := range w.first[c] {
			if w.first[c][p] != again.first[c][p] || w.mag[c][p] != again.mag[c][p] {
				t.Fatalf("cycle %d page %d: the same seed drew another history", c, p)
			}
		}
	}
}
