package refresh_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sharc-archive/sharc/research/refreshsim"
	"github.com/sharc-archive/sharc/scheduler/refresh"
)

// recorder is a Fetcher that checks the ledger's invariants from outside:
// it counts its calls per cycle and fails on a second fetch of a page.
type recorder struct {
	t      *testing.T
	rng    *rand.Rand
	calls  int
	seen   map[refresh.PageID]bool
	policy string
}

func (r *recorder) Fetch(p refresh.PageID) bool {
	if r.seen[p] {
		r.t.Errorf("%s fetched page %d twice in one cycle", r.policy, p)
	}
	r.seen[p] = true
	r.calls++
	return r.rng.Float64() < 0.3
}

// TestLedgerInvariantsEveryPolicy runs every policy for several cycles at
// several budgets and checks that no cycle exceeds its budget, no page is
// fetched twice in a cycle, and the ledger's account matches the fetches.
func TestLedgerInvariantsEveryPolicy(t *testing.T) {
	w, names, specs := simPolicies(t, 4, 60)
	env := refresh.NewEnv(w.Repo, 8, 1)
	for i, name := range names {
		spec := specs[i]
		for _, budget := range []int{0, 1, 7, w.Repo.Len() / 3, w.Repo.Len(), 2 * w.Repo.Len()} {
			pol, err := refresh.New(env, spec, 3)
			if err != nil {
				t.Fatal(err)
			}
			h := refresh.NewHistory(w.Repo.Len())
			rec := &recorder{t: t, rng: rand.New(rand.NewPCG(1, 2)), policy: name}
			for c := 0; c < 6; c++ {
				rec.calls, rec.seen = 0, map[refresh.PageID]bool{}
				l := refresh.NewLedger(h, refresh.PerPage(rec.Fetch), budget)
				pol.Run(l)
				if rec.calls > budget {
					t.Errorf("%s cycle %d: %d fetches on a budget of %d", name, c, rec.calls, budget)
				}
				if rec.calls != len(l.Fetched()) || l.Remaining() != budget-rec.calls || l.Samples() > rec.calls {
					t.Errorf("%s: ledger says %d fetched, %d remaining, %d samples; fetcher saw %d", name, len(l.Fetched()), l.Remaining(), l.Samples(), rec.calls)
				}
				// Every policy spends the whole budget when pages remain.
				if want := min(budget, w.Repo.Len()); rec.calls != want {
					t.Errorf("%s cycle %d: spent %d of %d", name, c, rec.calls, want)
				}
			}
		}
	}
}

// TestLedger checks the ledger directly: refusals cost nothing, samples
// are counted, and the history tells "not fetched" from "unchanged".
func TestLedger(t *testing.T) {
	h := refresh.NewHistory(5)
	f := refresh.PerPage(func(p refresh.PageID) bool { return p == 1 })
	l := refresh.NewLedger(h, f, 2)
	if ch, ok := l.Fetch(1, refresh.Sample); !ch || !ok {
		t.Fatalf("first fetch: %v %v", ch, ok)
	}
	if _, ok := l.Fetch(1, refresh.Download); ok {
		t.Error("a page was fetched twice in one cycle")
	}
	for _, bad := range []refresh.PageID{-1, 5, 1 << 30} {
		if _, ok := l.Fetch(bad, refresh.Download); ok || l.Seen(bad) != refresh.NotFetched {
			t.Errorf("page %d outside the repository was fetched", bad)
		}
	}
	if _, ok := l.Fetch(2, refresh.Download); !ok {
		t.Error("second page refused within budget")
	}
	if _, ok := l.Fetch(3, refresh.Download); ok || l.Remaining() != 0 {
		t.Errorf("fetch beyond the budget allowed; remaining %d", l.Remaining())
	}
	if l.Samples() != 1 || len(l.Fetched()) != 2 {
		t.Errorf("samples %d, fetched %v", l.Samples(), l.Fetched())
	}
	want := []refresh.Obs{refresh.NotFetched, refresh.Changed, refresh.Unchanged, refresh.NotFetched, refresh.NotFetched}
	for p, o := range want {
		if got := h.At(0, refresh.PageID(p)); got != o {
			t.Errorf("page %d: %v, want %v", p, got, o)
		}
	}
	// A second cycle starts clean; page 1 may be fetched again.
	l2 := refresh.NewLedger(h, f, 1)
	if _, ok := l2.Fetch(1, refresh.Download); !ok || h.Cycles() != 2 {
		t.Errorf("page 1 refused in a new cycle (cycles %d)", h.Cycles())
	}
	if refresh.NewLedger(h, f, -4).Remaining() != 0 {
		t.Error("a negative budget allows fetches")
	}
}

// roundFetcher answers each round with fixed observations per page and
// records the rounds it was asked for.
type roundFetcher struct {
	obs    map[refresh.PageID]refresh.Obs
	rounds [][]refresh.PageID
	short  bool // answer one observation fewer than asked
}

func (f *roundFetcher) Fetch(ps []refresh.PageID) []refresh.Obs {
	f.rounds = append(f.rounds, append([]refresh.PageID(nil), ps...))
	out := make([]refresh.Obs, 0, len(ps))
	for _, p := range ps {
		out = append(out, f.obs[p])
	}
	if f.short {
		out = out[:len(out)-1]
	}
	return out
}

// TestLedgerRounds: FetchAll hands the fetcher one round of distinct,
// unfetched pages within the budget; gone counts as a change, a missing
// or NotFetched answer is booked as Failed (spent, never fetched again);
// Series reads gone as changed and skips failed.
func TestLedgerRounds(t *testing.T) {
	h := refresh.NewHistory(6)
	f := &roundFetcher{obs: map[refresh.PageID]refresh.Obs{0: refresh.Changed, 1: refresh.Gone, 2: refresh.NotFetched,
		3: refresh.Unchanged, 4: refresh.Unchanged, 5: refresh.Changed}}
	l := refresh.NewLedger(h, f, 5)
	got := l.FetchAll([]refresh.PageID{0, 1, 1, -1, 2, 9, 3}, refresh.Sample)
	if len(got) != 4 || len(f.rounds) != 1 || len(f.rounds[0]) != 4 || l.Samples() != 4 {
		t.Fatalf("round %v, fetcher saw %v, samples %d: want pages 0–3 once", got, f.rounds, l.Samples())
	}
	want := map[refresh.PageID]refresh.Obs{0: refresh.Changed, 1: refresh.Gone, 2: refresh.Failed, 3: refresh.Unchanged}
	for p, o := range want {
		if l.Seen(p) != o {
			t.Errorf("page %d seen %v, want %v", p, l.Seen(p), o)
		}
	}
	if !refresh.Gone.IsChange() || refresh.Failed.Observed() || refresh.NotFetched.Observed() || !refresh.Unchanged.Observed() {
		t.Error("Gone must be a change; Failed and NotFetched no observation")
	}
	f.short = true
	if got := l.FetchAll([]refresh.PageID{2, 3, 4, 5}, refresh.Download); len(got) != 1 || got[0] != 4 || l.Seen(4) != refresh.Failed {
		t.Errorf("budget of one left: fetched %v (page 4 %v), want [4] booked Failed after a short answer", got, l.Seen(4))
	}
	if l.FetchAll([]refresh.PageID{5}, refresh.Download) != nil || l.Rounds() != 2 || len(f.rounds) != 2 {
		t.Errorf("a spent budget still fetched (rounds %d)", l.Rounds())
	}
	if s := h.Series(1, refresh.ObservedCycles, nil); len(s) != 1 || !s[0] {
		t.Errorf("series of a gone page %v, want [true]", s)
	}
	if s := h.Series(2, refresh.ObservedCycles, nil); len(s) != 0 {
		t.Errorf("series of a failed page %v, want none", s)
	}
}

// stopAfter is a Fetcher that stops after its first round.
type stopAfter struct{ rounds int }

func (s *stopAfter) Fetch(ps []refresh.PageID) []refresh.Obs {
	s.rounds++
	return make([]refresh.Obs, len(ps))
}

func (s *stopAfter) Stopped() bool { return s.rounds > 0 }

// TestLedgerStopper: once its fetcher has stopped, the ledger has no budget
// left, so every policy ends without booking rounds that are not fetched.
func TestLedgerStopper(t *testing.T) {
	w, names, specs := simPolicies(t, 3, 40)
	env := refresh.NewEnv(w.Repo, 4, 1)
	for i, name := range names {
		spec := specs[i]
		pol, err := refresh.New(env, spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		f := &stopAfter{}
		l := refresh.NewLedger(refresh.NewHistory(w.Repo.Len()), f, w.Repo.Len()/2)
		pol.Run(l)
		if f.rounds != 1 || l.Rounds() != 1 || l.Remaining() != 0 {
			t.Errorf("%s: %d rounds fetched, %d booked, %d remaining; want one round, then none", name, f.rounds, l.Rounds(), l.Remaining())
		}
	}
}

// simPolicies generates a one-cycle simulated repository of sites sites
// and returns it with every default policy but the oracle, by name and
// parsed.
func simPolicies(t *testing.T, sites, meanPages int) (*refreshsim.World, []string, []refresh.Spec) {
	t.Helper()
	cfg := refreshsim.DefaultConfig()
	cfg.Sites, cfg.MeanPages, cfg.Cycles = sites, meanPages, 1
	w, err := refreshsim.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var specs []refresh.Spec
	for _, name := range refreshsim.DefaultPolicies() {
		if name == refreshsim.Oracle {
			continue
		}
		spec, err := refresh.ParseSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		names, specs = append(names, name), append(specs, spec)
	}
	return w, names, specs
}

// TestLedgerMagnitudes: a ContentFetcher's magnitudes reach the history
// for observed fetches; out-of-range ones, failed fetches, unfetched pages
// and a plain Fetcher's fetches stay unknown.
func TestLedgerMagnitudes(t *testing.T) {
	h := refresh.NewHistory(5)
	mags := map[refresh.PageID]float64{0: 0.25, 1: 0, 2: 1.5, 3: math.NaN()}
	l := refresh.NewLedger(h, refresh.PerPageContent(func(p refresh.PageID) (bool, float64) { return p == 0, mags[p] }), 4)
	l.FetchAll([]refresh.PageID{0, 1, 2, 3}, refresh.Download)
	for _, tc := range []struct {
		p    refresh.PageID
		want float64
		ok   bool
	}{{0, 0.25, true}, {1, 0, true}, {2, 0, false}, {3, 0, false}, {4, 0, false}} {
		if m, ok := h.Magnitude(0, tc.p); m != tc.want || ok != tc.ok {
			t.Errorf("page %d: magnitude %v, %v; want %v, %v", tc.p, m, ok, tc.want, tc.ok)
		}
	}
	l = refresh.NewLedger(h, refresh.PerPage(func(refresh.PageID) bool { return true }), 1)
	l.FetchAll([]refresh.PageID{0}, refresh.Download)
	if _, ok := h.Magnitude(1, 0); ok {
		t.Error("a plain Fetcher's fetch has a known magnitude")
	}
	if _, ok := h.Magnitude(7, 0); ok {
		t.Error("a cycle out of range has a known magnitude")
	}
}
