package testsite

import (
	"math"
	"math/rand/v2"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/research/sim"
)

// TestDeterminism checks that the change times depend only on the seed: two
// sites with one seed, asked in different orders and in different steps,
// give the same change log, and a different seed gives another.
func TestDeterminism(t *testing.T) {
	cfg := Config{Pages: 200, Outdegree: 4, Skew: 0.8, TimeUnit: time.Second, Seed: 42, Start: t0}
	a, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	end := t0.Add(500 * time.Second)
	// Warm b up in reverse page order and in small steps, so its processes
	// are extended in a different order and granularity than a's.
	for step := 1; step <= 5; step++ {
		at := t0.Add(time.Duration(step) * 100 * time.Second)
		for k := cfg.Pages - 1; k >= 0; k-- {
			b.Version(k, at)
		}
	}
	la, lb := a.ChangeLog(t0, end), b.ChangeLog(t0, end)
	if len(la) == 0 {
		t.Fatal("no changes at all in 500 time units")
	}
	if !reflect.DeepEqual(la, lb) {
		t.Fatal("same seed, different change logs")
	}
	cfg.Seed = 43
	c, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(la, c.ChangeLog(t0, end)) {
		t.Fatal("different seeds, same change log")
	}
}

// TestMatchesSimulator checks that the live site's change times are the ones
// sim.ChangeTimes draws from PageRNG, so simulated and live runs of one seed
// see the same history.
func TestMatchesSimulator(t *testing.T) {
	const horizon = 300.0
	cfg := Config{Pages: 50, Outdegree: 3, Skew: 1, HotLeaves: true, TimeUnit: time.Millisecond, Seed: 9, Start: t0}
	s, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	log := s.ChangeLog(t0, t0.Add(horizon*cfg.TimeUnit))
	for k := 0; k < cfg.Pages; k++ {
		want := sim.ChangeTimes(PageRNG(cfg.Seed, k), s.Tree().Rates[k], 0, horizon)
		got := log[PagePath(k)]
		if len(got) != len(want) {
			t.Fatalf("page %d: %d changes live, %d simulated", k, len(got), len(want))
		}
		for i := range want {
			live := float64(got[i].Sub(t0)) / float64(cfg.TimeUnit)
			if math.Abs(live-want[i]) > 1e-6 {
				t.Fatalf("page %d change %d: live %v, simulated %v", k, i, live, want[i])
			}
		}
	}
}

// TestEmpiricalRate checks that hot pages change at their rate λ: the count
// of changes over a long window is Poisson(λT), so with a fixed seed it must
// lie within a few standard deviations of λT.
func TestEmpiricalRate(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"cold leaves", Config{Pages: 1000, Outdegree: 10, Skew: 1, TimeUnit: time.Second, Seed: 1}},
		{"hot leaves", Config{Pages: 1000, Outdegree: 10, Skew: 0.5, HotLeaves: true, TimeUnit: time.Minute, Seed: 2}},
	}
	const units = 20000.0
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.Start = t0
			s, err := New(tc.cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			end := t0.Add(time.Duration(units * float64(tc.cfg.TimeUnit)))
			log := s.ChangeLog(t0, end)
			rates := s.Tree().Rates
			// The ten hottest pages, and the total over all pages.
			order := make([]int, len(rates))
			for i := range order {
				order[i] = i
			}
			if tc.cfg.HotLeaves {
				for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
					order[i], order[j] = order[j], order[i]
				}
			}
			for _, k := range order[:10] {
				mean := rates[k] * units
				got := float64(len(log[PagePath(k)]))
				if z := (got - mean) / math.Sqrt(mean); math.Abs(z) > 4.5 {
					t.Errorf("page %d: %v changes, expected %.1f (λ=%.4f), z=%.2f", k, got, mean, rates[k], z)
				}
			}
			var total, mean float64
			for k, r := range rates {
				total += float64(len(log[PagePath(k)]))
				mean += r * units
			}
			if z := (total - mean) / math.Sqrt(mean); math.Abs(z) > 4.5 {
				t.Errorf("all pages: %v changes, expected %.1f, z=%.2f", total, mean, z)
			}
		})
	}
}

// TestETagFollowsChangeLog fetches pages at pairs of times over HTTP and
// checks that the ETag (and the version shown in the text) differs exactly
// when the change log has a change of that page in between.
func TestETagFollowsChangeLog(t *testing.T) {
	s, srv, clk := serve(t, Config{Pages: 30, Outdegree: 3, Skew: 1, TimeUnit: time.Second, Seed: 5,
		DeleteAfter: map[int]time.Duration{12: 40 * time.Second},
		AppearAfter: map[int]time.Duration{5: 25 * time.Second}})
	rng := rand.New(rand.NewPCG(1, 2))
	var same, differ int
	for i := 0; i < 400; i++ {
		k := rng.IntN(s.Tree().N)
		t1 := t0.Add(time.Duration(rng.Float64() * 60 * float64(time.Second)))
		t2 := t1.Add(time.Duration(rng.ExpFloat64() * 3 * float64(time.Second) * float64(k+1) / 5))
		if !s.Exists(k, t1) || !s.Exists(k, t2) {
			continue
		}
		clk.Set(t1)
		r1, b1 := get(t, srv, PagePath(k))
		clk.Set(t2)
		r2, b2 := get(t, srv, PagePath(k))
		if r1.StatusCode != 200 || r2.StatusCode != 200 {
			t.Fatalf("page %d: status %d, %d", k, r1.StatusCode, r2.StatusCode)
		}
		changed := len(s.ChangeLog(t1, t2)[PagePath(k)]) > 0
		etagDiffers := r1.Header.Get("ETag") != r2.Header.Get("ETag")
		if changed != etagDiffers {
			t.Fatalf("page %d between %v and %v: change log says changed=%v, ETags %s %s",
				k, t1.Sub(t0), t2.Sub(t0), changed, r1.Header.Get("ETag"), r2.Header.Get("ETag"))
		}
		if changed != (b1 != b2) {
			t.Fatalf("page %d: change log says changed=%v but bodies equal=%v", k, changed, b1 == b2)
		}
		if changed {
			differ++
		} else {
			same++
		}
	}
	if same < 30 || differ < 30 {
		t.Fatalf("test exercised too few cases: %d unchanged, %d changed pairs", same, differ)
	}
}

// TestETagFollowsChangeLogRealClock does the same on the real clock, using
// the request log for the instants the site answered at.
func TestETagFollowsChangeLogRealClock(t *testing.T) {
	s, err := New(Config{Pages: 8, Outdegree: 2, Skew: 1, TimeUnit: 20 * time.Millisecond, Seed: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	var prev map[int]string
	var changedSeen, unchangedSeen bool
	for round := 0; round < 8; round++ {
		cur := map[int]string{}
		for k := 0; k < 8; k++ {
			resp, _ := get(t, srv, PagePath(k))
			cur[k] = resp.Header.Get("ETag")
		}
		if prev != nil {
			reqs := s.Requests()
			for k := 0; k < 8; k++ {
				t1 := reqs[(round-1)*8+k].Time
				t2 := reqs[round*8+k].Time
				changed := len(s.ChangeLog(t1, t2)[PagePath(k)]) > 0
				if changed != (prev[k] != cur[k]) {
					t.Fatalf("round %d page %d: changed=%v, ETags %s %s", round, k, changed, prev[k], cur[k])
				}
				changedSeen = changedSeen || changed
				unchangedSeen = unchangedSeen || !changed
			}
		}
		prev = cur
		time.Sleep(15 * time.Millisecond)
	}
	if !changedSeen || !unchangedSeen {
		t.Fatalf("rounds saw changed=%v unchanged=%v; both expected", changedSeen, unchangedSeen)
	}
}
