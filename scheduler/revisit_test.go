package scheduler

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sharc-archive/sharc/scheduler/quality"
)

// capture runs a visit-revisit strategy over a site given by rates and
// children (page 0 the root). upFront adds every page before the first
// Next; otherwise pages are added as their parent is downloaded. It
// returns the download sequence and checks the two-phase protocol.
func capture(t testing.TB, s Strategy, rates []float64, children [][]int, est int, upFront bool) []Decision {
	t.Helper()
	s.Start(est)
	page := func(id, parent int) Page { return Page{ID: id, Parent: parent, Rate: rates[id]} }
	if upFront {
		for id := range rates {
			parent := -1
			for p, cs := range children {
				if slices.Contains(cs, id) {
					parent = p
				}
			}
			s.Add(page(id, parent))
		}
	} else {
		s.Add(page(0, -1))
	}
	var out []Decision
	visited := make([]bool, len(rates))
	revisited := make([]bool, len(rates))
	revisits := make([]int, len(rates))
	for len(out) <= 3*len(rates) {
		d, ok := s.Next()
		if !ok {
			break
		}
		out = append(out, d)
		switch d.Action {
		case Visit, VisitRevisit:
			if visited[d.Page] {
				t.Fatalf("page %d visited twice", d.Page)
			}
			visited[d.Page] = true
			if !upFront && d.Page < len(children) {
				var ps []Page
				for _, c := range children[d.Page] {
					ps = append(ps, page(c, d.Page))
				}
				s.Add(ps...)
			}
		}
		// A VisitRevisit whose download still discovered pages is demoted
		// and the page revisited later: one Revisit at most per page.
		if d.Action == Revisit {
			if revisits[d.Page]++; revisits[d.Page] > 1 {
				t.Fatalf("page %d revisited twice", d.Page)
			}
		}
		if d.Action == Revisit || d.Action == VisitRevisit {
			revisited[d.Page] = true
		}
		s.Done(d)
	}
	for id := range rates {
		if !visited[id] || !revisited[id] {
			t.Fatalf("page %d: visited %v revisited %v; downloads %v", id, visited[id], revisited[id], out)
		}
	}
	// All revisits follow all visits (§3.2).
	lastVisit, firstRevisit := -1, len(out)
	for i, d := range out {
		if d.Action != Revisit {
			lastVisit = i
		}
		demoted := d.Action == VisitRevisit && slices.ContainsFunc(out, func(x Decision) bool { return x.Page == d.Page && x.Action == Revisit })
		if d.Action != Visit && !demoted && i < firstRevisit {
			firstRevisit = i
		}
	}
	if lastVisit > firstRevisit {
		t.Fatalf("a visit (download %d) follows a revisit (download %d): %v", lastVisit, firstRevisit, out)
	}
	return out
}

// intervals returns each page's visit-revisit interval in positions.
func intervals(n int, ds []Decision) []float64 {
	v := make([]float64, n)
	r := make([]float64, n)
	for i, d := range ds {
		switch d.Action {
		case Visit:
			v[d.Page] = float64(i)
		case Revisit:
			r[d.Page] = float64(i)
		case VisitRevisit:
			v[d.Page] = float64(i)
			if r[d.Page] == 0 {
				r[d.Page] = float64(i)
			}
		}
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = r[i] - v[i]
	}
	return out
}

func mustNew(t testing.TB, name string, p Params) Strategy {
	t.Helper()
	s, err := NewRegistry().New(name, p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var revisitNames = []string{
	"sharc-revisits", "sharc-threshold", "sharc-intervals", "sharc-intervals-online",
	"sharc-selective", "sharc-selective-online",
	"bfs-fifo", "bfs-lifo", "dfs-fifo", "dfs-lifo", "hf-fifo", "hf-lifo", "hl-fifo", "hl-lifo",
}

func TestRevisitStrategiesRegistered(t *testing.T) {
	r := NewRegistry()
	for _, n := range revisitNames {
		if !r.Has(n) || !r.VisitRevisit(n) {
			t.Errorf("%s: registered %v, visit-revisit %v", n, r.Has(n), r.VisitRevisit(n))
		}
	}
	if _, err := r.New("sharc-threshold", Params{Tau: 1.5}); err == nil {
		t.Error("tau 1.5 accepted")
	}
}

// Every strategy captures random sites completely, in both modes, with the
// two phases in order and (for the pyramid ones) one collapsed download.
func TestRevisitProtocolRandomSites(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 40 {
		n := 1 + rng.IntN(30)
		rates, children := randomRevisitSite(rng, n)
		for _, name := range revisitNames {
			for _, up := range []bool{true, false} {
				ds := capture(t, mustNew(t, name, Params{Tau: 0.9}), rates, children, n, up)
				collapsed, demoted := 0, 0
				for _, d := range ds {
					if d.Action == VisitRevisit {
						if slices.ContainsFunc(ds, func(x Decision) bool { return x.Page == d.Page && x.Action == Revisit }) {
							demoted++
						} else {
							collapsed++
						}
					}
				}
				pyramid := !slices.Contains([]string{"sharc-revisits", "bfs-fifo", "dfs-fifo", "hf-fifo", "hl-fifo", "sharc-intervals-online"}, name)
				switch {
				case !pyramid && collapsed+demoted != 0:
					t.Fatalf("trial %d %s: collapse in a FIFO schedule", trial, name)
				case pyramid && up && collapsed != 1:
					t.Fatalf("trial %d %s offline: %d collapsed downloads, want 1", trial, name, collapsed)
				case collapsed > 1:
					t.Fatalf("trial %d %s: %d collapsed downloads", trial, name, collapsed)
				}
				if len(ds) != 2*n-collapsed {
					t.Fatalf("trial %d %s: %d downloads for %d pages", trial, name, len(ds), n)
				}
			}
		}
	}
}

// Example 5.1: visits 0 … 5 and revisits 6 … 11 of the pages of Fig. 4.1
// (λ_i = i) have blur ≈ 24.77; Example 5.2: the greedy SHARC-Revisits
// schedule has ≈ 22.59. The blur uses Eq. 5.1 with observation interval
// [0, (2n+1)Δ].
func TestExamples51And52(t *testing.T) {
	rates := []float64{0, 1, 2, 3, 4, 5}
	blur := func(v, r []float64) float64 {
		var b float64
		for i, l := range rates {
			b += quality.RevisitPageBlur(l, v[i], r[i], 0, 11)
		}
		return b
	}
	v := []float64{0, 1, 2, 3, 4, 5}
	r := []float64{6, 7, 8, 9, 10, 11}
	if got := blur(v, r); math.Abs(got-545.0/22) > 1e-9 || math.Abs(got-24.77) > 0.005 {
		t.Fatalf("Example 5.1 blur = %.4f, want 545/22 ≈ 24.77", got)
	}
	ds := capture(t, mustNew(t, "sharc-revisits", Params{}), rates, nil, 6, true)
	gv, gr := make([]float64, 6), make([]float64, 6)
	for i, d := range ds {
		if d.Action == Visit {
			gv[d.Page] = float64(i)
		} else {
			gr[d.Page] = float64(i)
		}
	}
	// (t_v, t_r) of Example 5.2.
	wantV := []float64{0, 5, 1, 4, 2, 3}
	for i := range wantV {
		if gv[i] != wantV[i] || gr[i] != wantV[i]+6 {
			t.Fatalf("page %d at (%v, %v), want (%v, %v)", i, gv[i], gr[i], wantV[i], wantV[i]+6)
		}
	}
	if got := blur(gv, gr); math.Abs(got-22.59) > 0.005 {
		t.Fatalf("Example 5.2 blur = %.4f, want ≈ 22.59", got)
	}
}

// Examples 5.6–5.8: rates 0.40 … 0.20 on pyramid intervals 0 … 8.
func TestExample58SelectiveSchedule(t *testing.T) {
	rates := []float64{0.20, 0.25, 0.30, 0.35, 0.40} // pages 0 … 4
	// The scheduler gets rates per Δ and builds intervals 2s·Δ; Example 5.8
	// uses intervals 0, 2, 4, 6, 8, i.e. Δ = 1.
	ds := capture(t, mustNew(t, "sharc-selective", Params{}), rates, nil, 5, true)
	iv := intervals(5, ds)
	// 0.40 on 0 (hopeful), 0.35 on 8 and 0.30 on 6 (hopeless), 0.25 on 2,
	// 0.20 on 4 (hopeful).
	want := []float64{4, 2, 6, 8, 0}
	if !slices.Equal(iv, want) {
		t.Fatalf("intervals by page %v, want %v (Example 5.8); downloads %v", iv, want, ds)
	}
	if h := ds[0]; h.Page != 3 || h.Action != Visit {
		t.Fatalf("first download %v, want the hottest hopeless page 3", h)
	}
	if got := mustNew(t, "sharc-selective", Params{}); got == nil {
		t.Fatal()
	}
	s := mustNew(t, "sharc-selective", Params{})
	capture(t, s, rates, nil, 5, true)
	if h := s.(HopelessCounter).Hopeless(); h != 2 {
		t.Fatalf("hopeless = %d, want 2", h)
	}
	// Expected coherence of the schedule beats hottest-to-shortest (2.22).
	ec, _ := quality.ExpectedCoherence(rates, iv)
	if ec <= 2.22 {
		t.Fatalf("EC = %.4f, not above the pyramid's 2.22", ec)
	}
}

// Example 5.7 through the split function: 0.35 is hopeless against
// 0.30, 0.25, 0.20 on 2 … 8.
func TestSelectiveSplitExample57(t *testing.T) {
	a := []float64{0.8, 0.7, 0.6, 0.5, 0.4} // 2λ for 0.40 … 0.20
	got := selectiveSplit(a)
	want := []bool{false, true, true, false, false}
	if !slices.Equal(got, want) {
		t.Fatalf("split %v, want %v", got, want)
	}
}

// refSplit is Alg. 5 evaluated literally with Def. 5.6, O(n²): the
// reference the fast split must match.
func refSplit(a []float64) []bool {
	n := len(a)
	gone := make([]bool, n)
	lo, hi := 1, n-1
	for p := 1; p < n; p++ {
		var A, B float64
		for q := p; q < n; q++ {
			A += math.Exp(-a[q] * float64(lo+q-p))
		}
		for q := p + 1; q < n; q++ {
			B += math.Exp(-a[q] * float64(lo+q-p-1))
		}
		B += math.Exp(-a[p] * float64(hi))
		if B-A > tieTol {
			gone[p] = true
			hi--
		} else {
			lo++
		}
	}
	return gone
}

func randomRates(rng *rand.Rand, n int) []float64 {
	a := make([]float64, n)
	kind := rng.IntN(4)
	for i := range a {
		switch kind {
		case 0: // thesis-like skew
			a[i] = 2 * float64(1+rng.IntN(4)) / math.Pow(float64(i+1), 0.5+rng.Float64())
		case 1: // uniform hot
			a[i] = 3 * rng.Float64()
		case 2: // log-uniform over many decades
			a[i] = math.Pow(10, -6+8*rng.Float64())
		default: // a few static and very hot pages
			switch rng.IntN(6) {
			case 0:
				a[i] = 0
			case 1:
				a[i] = 800 * rng.Float64()
			default:
				a[i] = rng.ExpFloat64()
			}
		}
	}
	slices.Sort(a)
	slices.Reverse(a)
	return a
}

func TestSelectiveSplitMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	trials := 3000
	if testing.Short() {
		trials = 300
	}
	for trial := range trials {
		a := randomRates(rng, 1+rng.IntN(120))
		got, want := selectiveSplit(a), refSplit(a)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: a=%v\nfast %v\nref  %v", trial, a, got, want)
		}
		// The online reference's Alg. 5 on slots 0 … n−1 is the same split.
		if on := refSplitOn(a, 0, len(a)-1); !slices.Equal(on, want) {
			t.Fatalf("trial %d: refSplitOn %v, refSplit %v", trial, on, want)
		}
	}
}

// refSplitOn is Alg. 5 evaluated literally with Def. 5.6 for m pages
// (hottest first) on the slots first … last (last−first+1 ≥ m): a hopeful
// page takes the shortest free slot, a hopeless one the longest; slots
// left over between the two blocks hold nothing. Only a page on slot 0
// (the zero-length interval) is hopeful by rule.
func refSplitOn(a []float64, first, last int) []bool {
	m := len(a)
	gone := make([]bool, m)
	lo, hi := first, last
	for p := range m {
		if lo == 0 {
			lo++
			continue
		}
		var A, B float64
		for q := p; q < m; q++ {
			A += math.Exp(-a[q] * float64(lo+q-p))
		}
		for q := p + 1; q < m; q++ {
			B += math.Exp(-a[q] * float64(lo+q-p-1))
		}
		B += math.Exp(-a[p] * float64(hi))
		if B-A > tieTol {
			gone[p] = true
			hi--
		} else {
			lo++
		}
	}
	return gone
}

// refOnlineOrder is Alg. 6 as read in selectiveOnline, evaluated literally:
// before every visit sort D hottest first, run Alg. 5 on the |D| longest
// slots left, M−|D| … M−1 with M = max(est − visits, |D|), and take the
// hottest hopeless page, else the coldest.
func refOnlineOrder(rates []float64, children [][]int, est int) []int {
	return onlineVisits(rates, children, est, func(D []int, o, M int) int {
		m := len(D)
		a := make([]float64, m)
		for i, id := range D {
			a[i] = 2 * rates[id]
		}
		gone := refSplitOn(a, o, M-1)
		for i := range m {
			if gone[i] {
				return i
			}
		}
		return m - 1
	})
}

// onlineVisits drives a reference Alg. 6 from the root: before every visit
// it sorts the detected pages D hottest first (ties by id), asks pick for
// the index in D of the page to visit given D's slots o … M−1 (M =
// max(est − visits, |D|)), visits it and detects its children.
func onlineVisits(rates []float64, children [][]int, est int, pick func(D []int, o, M int) int) []int {
	D := []int{0}
	var out []int
	for len(D) > 0 {
		slices.SortStableFunc(D, func(x, y int) int {
			if rates[x] != rates[y] {
				if rates[x] > rates[y] {
					return -1
				}
				return 1
			}
			return x - y
		})
		M := max(est-len(out), len(D))
		k := pick(D, M-len(D), M)
		id := D[k]
		D = slices.Delete(D, k, k+1)
		out = append(out, id)
		if id < len(children) {
			D = append(D, children[id]...)
		}
	}
	return out
}

// randomSite is a random tree with random rates; ids in BFS order so that a
// parent precedes its children.
func randomRevisitSite(rng *rand.Rand, n int) ([]float64, [][]int) {
	rates := make([]float64, n)
	for i := range rates {
		switch rng.IntN(5) {
		case 0:
			rates[i] = 0
		case 1:
			rates[i] = 2 * rng.Float64()
		default:
			rates[i] = math.Pow(10, -4+4*rng.Float64())
		}
	}
	children := make([][]int, n)
	for i := 1; i < n; i++ {
		p := rng.IntN(i)
		children[p] = append(children[p], i)
	}
	return rates, children
}

func visitOrderOf(ds []Decision) []int {
	var out []int
	for _, d := range ds {
		if d.Action != Revisit {
			out = append(out, d.Page)
		}
	}
	return out
}

func TestSelectiveOnlineMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	trials := 2000
	if testing.Short() {
		trials = 200
	}
	for trial := range trials {
		n := 1 + rng.IntN(60)
		rates, children := randomRevisitSite(rng, n)
		est := max(1, n+rng.IntN(2*n+1)-n/2)
		ds := capture(t, mustNew(t, "sharc-selective-online", Params{}), rates, children, est, false)
		got, want := visitOrderOf(ds), refOnlineOrder(rates, children, est)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (n=%d est=%d): visits\n%v, want\n%v", trial, n, est, got, want)
		}
		// LIFO revisits.
		var rev []int
		for _, d := range ds {
			if d.Action == Revisit || (d.Action == VisitRevisit && !slices.ContainsFunc(ds, func(x Decision) bool { return x.Page == d.Page && x.Action == Revisit })) {
				rev = append(rev, d.Page)
			}
		}
		w := slices.Clone(want)
		slices.Reverse(w)
		if !slices.Equal(rev, w) {
			t.Fatalf("trial %d: revisits %v, want %v", trial, rev, w)
		}
	}
}

// Large blocks: exercise block splits and Taylor shifts of the online
// strategy against the reference on a bigger site.
func TestSelectiveOnlineMatchesReferenceLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("slow reference")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	n := 700
	rates := make([]float64, n)
	children := make([][]int, n)
	for i := range rates {
		rates[i] = 1 / math.Pow(float64(i+1), 1.1)
		if i > 0 {
			p := (i - 1) / 12
			children[p] = append(children[p], i)
		}
	}
	rng.Shuffle(n-1, func(i, j int) { rates[i+1], rates[j+1] = rates[j+1], rates[i+1] })
	ds := capture(t, mustNew(t, "sharc-selective-online", Params{}), rates, children, n, false)
	if got, want := visitOrderOf(ds), refOnlineOrder(rates, children, n); !slices.Equal(got, want) {
		t.Fatalf("visit orders differ")
	}
}

// SHARC-Threshold read as Def. 5.4's formula: from the outside in, the
// hottest remaining page is given up while 1 − e^{−(2(n−i)+1)λ} > τ; the
// rest fill the pyramid from the middle out. Visit order: given-up pages
// hottest first (longest intervals), then the others coldest first.
func TestPlanThreshold(t *testing.T) {
	tests := []struct {
		name     string
		rates    []float64 // by page id
		tau      float64
		order    []int32
		hopeless int
	}{
		// n = 3: tests against 7, 5, 3, 1 positions. λ=1 changes in 7 with
		// p = 0.999, λ=0.5 in 5 with p = 0.918, λ=0.01 in 3 with p = 0.030.
		{"two given up", []float64{0.01, 1, 0.001, 0.5}, 0.5, []int32{1, 3, 2, 0}, 2},
		{"0.918 < τ stops at the second", []float64{0.01, 1, 0.001, 0.5}, 0.95, []int32{1, 2, 0, 3}, 1},
		{"none given up", []float64{0.01, 1, 0.001, 0.5}, 0.9999, []int32{2, 0, 3, 1}, 0},
		// Equal rates: 1 − e^{−1} = 0.63 > 0.1 even on the last, 1-position
		// interval, so every page is given up, in id order.
		{"all given up", []float64{1, 1, 1, 1}, 0.1, []int32{0, 1, 2, 3}, 4},
		// n = 2: λ=3 in 5 and λ=2 in 3 positions are given up; λ=0.0001
		// changes in 1 position with p = 0.0001 and takes the middle.
		{"static page in the middle", []float64{2, 0.0001, 3}, 0.2, []int32{2, 0, 1}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps := make([]rated, len(tc.rates))
			for id, r := range tc.rates {
				ps[id] = rated{rate: r, id: id}
			}
			order, hopeless, _ := planThreshold(ps, tc.tau)
			if !slices.Equal(order, tc.order) || hopeless != tc.hopeless {
				t.Fatalf("order %v with %d hopeless, want %v with %d", order, hopeless, tc.order, tc.hopeless)
			}
		})
	}
}
