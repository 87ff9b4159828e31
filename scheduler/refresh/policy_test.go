package refresh

import (
	"math/rand/v2"
	"testing"
)

// gridRepo is 4 sites × 5 directories × 10 pages; features separate the
// directories, so clusters and directories coincide.
func gridRepo(t *testing.T) *Repo {
	t.Helper()
	var pages []Page
	for s := 0; s < 4; s++ {
		for d := 0; d < 5; d++ {
			for i := 0; i < 10; i++ {
				f := make([]float64, 20)
				f[s*5+d] = 10
				f[(s*5+d+1)%20] = float64(i) / 10 // spread within the directory
				pages = append(pages, Page{
					URL:        "http://s" + string(rune('0'+s)) + ".test/d" + string(rune('0'+d)) + "/p" + string(rune('0'+i)) + ".html",
					Features:   f,
					Categories: []int{d, 5 + s},
				})
			}
		}
	}
	r, err := NewRepo(pages, make([][]PageID, len(pages)))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestNeighbourhoodPhi: with the change-status φ, unchanged samples pull
// in nothing and a changed sample pulls in its directory; PRA ignores the
// change status.
func TestNeighbourhoodPhi(t *testing.T) {
	r := gridRepo(t)
	env := NewEnv(r, 20, 1)
	run := func(name string, changed func(PageID) bool) *Ledger { return runBudget(t, env, name, changed, 30) }
	never := func(PageID) bool { return false }
	if l := run("neighbourhood-dir(0)", never); l.Samples() != 30 {
		t.Errorf("nothing changes: %d of 30 fetches were samples, want all", l.Samples())
	}
	// Only directory 0 of site 0 (pages 0–9) changes: the first sample to
	// hit it pulls in the other nine as downloads, and no other sample
	// expands. With the whole repository as budget: 200 − 9 samples.
	dir0 := func(p PageID) bool { return p < 10 }
	for _, name := range []string{"neighbourhood-dir(0)", "neighbourhood-cluster(0)"} {
		l := runBudget(t, env, name, dir0, r.Len())
		f := l.Fetched()
		first := 0
		for f[first] >= 10 {
			first++
		}
		for _, q := range f[first+1 : first+10] {
			if q >= 10 {
				t.Errorf("%s: page %d fetched inside the changed directory's neighbourhood", name, q)
			}
		}
		if l.Samples() != r.Len()-9 {
			t.Errorf("%s: %d samples, want %d", name, l.Samples(), r.Len()-9)
		}
	}
	// PRA with no links: every page has the lowest toolbar rank → φ = 1/11
	// whatever the change, so some unchanged samples expand.
	if l := run("neighbourhood-dir(0)/pra", never); l.Samples() == 30 {
		t.Error("PRA never expanded an unchanged sample")
	}
}

// TestClusterSamplingCaps: samples stay within 30% of the budget and R/k
// per cluster, and the clusters whose samples changed are downloaded.
func TestClusterSamplingCaps(t *testing.T) {
	r := gridRepo(t)
	env := NewEnv(r, 20, 1)
	hot := env.Clusters.Of(0)
	changed := PerPage(func(p PageID) bool { return env.Clusters.Of(p) == hot })
	for _, w := range []Weighting{NAD, SAD, AAD, GAD} {
		p, err := New(env, Spec{Kind: ClusterSampling, Weighting: w}, 1)
		if err != nil {
			t.Fatal(err)
		}
		h := NewHistory(r.Len())
		for c := 0; c < 3; c++ {
			l := NewLedger(h, changed, 100)
			p.Run(l)
			if l.Samples() > 30 {
				t.Errorf("%s: %d samples on a budget of 100", w, l.Samples())
			}
			perCluster := map[int]int{}
			for _, q := range l.Fetched()[:l.Samples()] {
				perCluster[env.Clusters.Of(q)]++
			}
			for cl, n := range perCluster {
				if n > 100/20 {
					t.Errorf("%s: %d samples in cluster %d, cap %d", w, n, cl, 100/20)
				}
			}
			// The whole hot cluster is fetched.
			for _, q := range env.Clusters.Groups()[hot] {
				if l.Seen(q) != Changed {
					t.Errorf("%s cycle %d: hot page %d not fetched", w, c, q)
					break
				}
			}
		}
	}
}

// TestCategorySampleReuse: P2's Algorithm 4. A page sampled for one
// category counts for an overlapping one without a second fetch, and that
// category's sample grows by one, so each category still gets k fresh
// fetches: two identical categories with k = 3 fetch 6 samples, and the
// second one's estimate rests on all 6.
func TestCategorySampleReuse(t *testing.T) {
	g := []PageID{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	tests := []struct {
		name        string
		budget      int
		wantSamples int
	}{
		{"budget to spare", 20, 6},
		{"budget cuts the second sample short", 4, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &groupSampling{groups: [][]PageID{g, g}, n: 10, sampler: InOrderSampler{}, samples: 3, rng: rand.New(rand.NewPCG(1, 1))}
			l := NewLedger(NewHistory(10), PerPage(func(PageID) bool { return false }), tc.budget)
			p.Run(l)
			if l.Samples() != tc.wantSamples {
				t.Errorf("%d samples for two identical categories with k = 3 and budget %d, want %d", l.Samples(), tc.budget, tc.wantSamples)
			}
			if len(l.Fetched()) != min(tc.budget, len(g)) {
				t.Errorf("budget not spent: %v", l.Fetched())
			}
		})
	}
}

// runBudget runs one cycle of the named policy.
func runBudget(t *testing.T, env *Env, name string, changed func(PageID) bool, budget int) *Ledger {
	t.Helper()
	s, err := ParseSpec(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(env, s, 1)
	if err != nil {
		t.Fatal(err)
	}
	l := NewLedger(NewHistory(env.Repo.Len()), PerPage(changed), budget)
	p.Run(l)
	return l
}

// TestRelatedExperts: pages of one directory that change together in
// alternate cycles become each other's related pages; pages that never
// change (no variance) get none.
func TestRelatedExperts(t *testing.T) {
	r := gridRepo(t)
	env := NewEnv(r, 20, 1)
	p, err := New(env, Spec{Kind: Predicted, Related: true}, 1)
	if err != nil {
		t.Fatal(err)
	}
	h := NewHistory(r.Len())
	for c := 0; c < 5; c++ {
		even := c%2 == 0
		l := NewLedger(h, PerPage(func(q PageID) bool { return q < 10 && even }), r.Len())
		p.Run(l)
	}
	pr := p.(*predicted)
	for q := PageID(0); q < 10; q++ {
		if len(pr.experts[q]) != 9 {
			t.Errorf("page %d has %d related pages, want its 9 directory mates", q, len(pr.experts[q]))
		}
		for _, e := range pr.experts[q] {
			if e.p >= 10 || e.w != 1 {
				t.Errorf("page %d: related page %d with weight %v", q, e.p, e.w)
			}
		}
	}
	if got := pr.Diagnosis(); got != "10 of 200 pages had related pages (90 in all) at the last choice" {
		t.Errorf("diagnosis %q", got)
	}
	plain, _ := New(env, Spec{Kind: Predicted}, 1)
	if d := plain.(Diagnoser).Diagnosis(); d != "" {
		t.Errorf("predicted without related pages reports %q", d)
	}
}

// TestRoundRobinResumesFromHistory: a round-robin policy built afresh for
// every cycle (as the crawler's refresh mode builds it) continues the
// cyclic order where the previous cycle stopped, across the wrap, and a
// cycle that fetched every page leaves the order where it was.
func TestRoundRobinResumesFromHistory(t *testing.T) {
	r := gridRepo(t) // 200 pages
	h := NewHistory(r.Len())
	all := make([]Obs, r.Len())
	for i := range all {
		all[i] = Unchanged
	}
	if err := h.AddCycle(all); err != nil { // a full capture
		t.Fatal(err)
	}
	env := &Env{Repo: r}
	for cycle, wantFirst := range []PageID{0, 90, 180, 70} {
		pol, err := New(env, Spec{Kind: RoundRobin}, 1)
		if err != nil {
			t.Fatal(err)
		}
		l := NewLedger(h, PerPage(noChange{}.Fetch), 90)
		pol.Run(l)
		got := l.Fetched()
		if len(got) != 90 || got[0] != wantFirst || got[89] != (wantFirst+89)%200 {
			t.Fatalf("cycle %d fetched %d pages from %v to %v, want 90 from %d", cycle, len(got), got[0], got[len(got)-1], wantFirst)
		}
	}
}
