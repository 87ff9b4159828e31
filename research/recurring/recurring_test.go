package recurring

import (
	"context"
	"math"
	"net/netip"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/configs"
	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/research/testsite"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestRunCarriesHistory: real recurring captures of a small test site on
// loopback. Every arm captures the site N times into one store; from the
// second capture on the visit-revisit history arm's rates come from the
// first capture
// (a rank correlation is defined), and every score is within the site.
func TestRunCarriesHistory(t *testing.T) {
	reg := scheduler.NewRegistry()
	newJob := func() (*job.Job, error) {
		j, err := job.Parse([]byte(configs.DemoJob), "demo.yaml", reg.Names(), reg.VisitRevisit)
		if err == nil {
			j.Politeness.Delay = 20 * time.Millisecond
		}
		return j, err
	}
	caps, err := Run(context.Background(), Config{
		NewJob: newJob, Registry: reg, Pages: 12, Outdegree: 3, Skew: 1.2, HotLeaves: true,
		Seeds: []uint64{7}, Captures: 2, Sources: []RateSource{RatesTrue, RatesHistory, RatesPooled},
		Strategies: []string{SelectiveOnline, "bfs"}, Dir: t.TempDir(),
		Listen: netip.MustParseAddrPort("127.0.0.1:0"), Parallel: 3, RandomTies: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(caps) != 3*2*2 {
		t.Fatalf("%d captures, want 12", len(caps))
	}
	for _, c := range caps {
		if c.Fetched != 12 {
			t.Errorf("%+v: fetched %d pages of 12", c, c.Fetched)
		}
		switch c.Strategy {
		case SelectiveOnline:
			if c.Revisited < 1 || c.Incoherent > c.Revisited {
				t.Errorf("%+v: revisit counts", c)
			}
		case "bfs":
			if c.Revisited != 0 || c.Blur < 0 {
				t.Errorf("%+v: a single-visit capture", c)
			}
		}
		if c.Source == RatesTrue && (c.RankCorr == nil || *c.RankCorr != 1) {
			t.Errorf("%+v: true rates must rank perfectly", c)
		}
		// A single-visit capture fetches each page once: no interval yet.
		if c.Source == RatesHistory && c.Strategy == SelectiveOnline && c.Index == 2 && c.RankCorr == nil {
			t.Errorf("%+v: the second capture's history rates come from the first's visits and revisits", c)
		}
	}
}

func TestRunRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"no captures", Config{Pages: 10, Seeds: []uint64{1}, Sources: []RateSource{RatesTrue}, Strategies: []string{"bfs"}, Listen: netip.MustParseAddrPort("127.0.0.1:0")}},
		{"not loopback", Config{Captures: 1, Pages: 10, Seeds: []uint64{1}, Sources: []RateSource{RatesTrue}, Strategies: []string{"bfs"}, Listen: netip.MustParseAddrPort("10.0.0.1:0")}},
		{"ports overflow", Config{Captures: 1, Pages: 10, Seeds: []uint64{1, 2}, Sources: []RateSource{RatesTrue}, Strategies: []string{"bfs"}, Listen: netip.MustParseAddrPort("127.0.0.1:65535")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Run(context.Background(), tc.cfg); err == nil {
				t.Error("accepted")
			}
		})
	}
	if _, err := ParseRateSource("oracle"); err == nil {
		t.Error("unknown rate source accepted")
	}
}

// recordingSource answers a constant rate and remembers the histories it
// was given.
type recordingSource struct{ seen map[string]int }

func (r recordingSource) Rate(_ context.Context, p changerate.PageInfo) (changerate.Estimate, bool) {
	r.seen[p.URL] = len(p.History)
	return changerate.Estimate{Lambda: 2}, true
}

// TestTieBreak: equal rates come out in the order of the seed's
// permutation, not of page ID, changed by far less than any real
// difference; pages get their store history.
func TestTieBreak(t *testing.T) {
	rec := recordingSource{seen: map[string]int{}}
	u := func(k int) string { return "http://site.sharc.test" + testsite.PagePath(k) }
	hist := []changerate.PageInfo{{URL: u(3), History: []changerate.Observation{{Interval: time.Second}, {Interval: time.Second, Changed: true}}}}
	tb := newTieBreak(rec, hist, 50, 9)
	rates := make([]float64, 50)
	for k := range rates {
		e, ok := tb.Rate(context.Background(), changerate.PageInfo{URL: u(k)})
		if !ok || math.Abs(e.Lambda-2) > 2*tieSpread*2 {
			t.Fatalf("page %d: %+v %v", k, e, ok)
		}
		rates[k] = e.Lambda
	}
	if rho := spearman(rates, func() []float64 {
		ids := make([]float64, 50)
		for k := range ids {
			ids[k] = float64(k)
		}
		return ids
	}()); math.Abs(rho) > 0.5 {
		t.Errorf("ρ(tie order, page ID) = %.2f: the ties still follow the IDs", rho)
	}
	seen := map[float64]bool{}
	for _, r := range rates {
		seen[r] = true
	}
	if len(seen) != 50 {
		t.Errorf("%d distinct rates of 50", len(seen))
	}
	if rec.seen[u(3)] != 2 || rec.seen[u(4)] != 0 {
		t.Errorf("histories given: %v", rec.seen)
	}
}
