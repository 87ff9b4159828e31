package sim

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/sharc-archive/sharc/scheduler"
)

func TestRunRevisitRejects(t *testing.T) {
	reg := scheduler.NewRegistry()
	cfg := DefaultConfig()
	cfg.Size = 50
	for _, name := range []string{"bfs", "nope"} {
		cfg.Strategy = name
		if _, err := RunRevisit(context.Background(), reg, cfg); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	cfg.Strategy = "sharc-selective"
	cfg.Skew = -1
	if _, err := RunRevisit(context.Background(), reg, cfg); err == nil {
		t.Error("negative skew accepted")
	}
}

// Every visit-revisit strategy captures a small site in both flavours, with
// the right number of downloads, and its actual incoherence averaged over
// many histories approaches the expected one.
func TestRunRevisitAllStrategies(t *testing.T) {
	reg := scheduler.NewRegistry()
	for _, name := range RevisitStrategyNames(reg) {
		for _, hot := range []bool{false, true} {
			cfg := DefaultConfig()
			cfg.Strategy, cfg.Size, cfg.Outdegree, cfg.HotLeaves, cfg.Runs, cfg.Skew = name, 300, 5, hot, 400, 0.8
			res, err := RunRevisit(context.Background(), reg, cfg)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if res.Downloads < 2*cfg.Size-1 || res.Downloads > 2*cfg.Size {
				t.Errorf("%s: %d downloads for %d pages", name, res.Downloads, cfg.Size)
			}
			if res.ExpectedIncoherence <= 0 || res.ExpectedIncoherence > float64(cfg.Size) {
				t.Errorf("%s: expected incoherence %v", name, res.ExpectedIncoherence)
			}
			// 400 histories: the mean's standard error is below 0.5 page.
			if d := math.Abs(res.ActualIncoherence - res.ExpectedIncoherence); d > 3 {
				t.Errorf("%s %s leaves: actual %.2f vs expected %.2f", name, Leaves(hot), res.ActualIncoherence, res.ExpectedIncoherence)
			}
		}
	}
}

// TestDefaultTauIsScheduler: the simulator's default τ is the one the
// scheduler takes when a job leaves τ unset (Params{}), so a simulation with
// defaults predicts the crawl with defaults. τ = 0.9 would give another
// schedule, so the comparison can fail.
func TestDefaultTauIsScheduler(t *testing.T) {
	reg := scheduler.NewRegistry()
	site, err := NewSite(2000, 20, 1.2, false)
	if err != nil {
		t.Fatal(err)
	}
	capture := func(p scheduler.Params) RevisitCapture {
		s, err := reg.New("sharc-threshold", p)
		if err != nil {
			t.Fatal(err)
		}
		c, err := CaptureRevisit(context.Background(), s, site, site.N, 1)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	unset := capture(scheduler.Params{})
	same := func(a, b RevisitCapture) bool {
		return slices.Equal(a.Visit, b.Visit) && slices.Equal(a.Revisit, b.Revisit)
	}
	if !same(unset, capture(scheduler.Params{Tau: DefaultConfig().Tau})) {
		t.Errorf("sim.DefaultConfig().Tau = %g schedules differently from the scheduler's default", DefaultConfig().Tau)
	}
	if same(unset, capture(scheduler.Params{Tau: 0.9})) {
		t.Error("τ = 0.9 schedules like the default: the comparison cannot tell the defaults apart")
	}
}
