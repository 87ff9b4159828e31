package scheduler

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// onlineWith runs SHARC-Selective online with the given block and run
// sizes over a site discovered from page 0.
func onlineWith(t testing.TB, blockMax, chunk int, rates []float64, children [][]int, est int) []int {
	t.Helper()
	s := newTwoPhase(&selectiveOnline{blockMax: blockMax, chunk: chunk}, true, false)
	return visitOrderOf(capture(t, s, rates, children, est, false))
}

// randomShapedSite draws a site whose shape, rates and page numbering vary:
// random, chain, star and wide trees; rates that tie (drawn from a few
// values), static pages, very hot pages, log-uniform rates; page ids
// shuffled so that discovery order and id order differ.
func randomShapedSite(rng *rand.Rand, n int) ([]float64, [][]int) {
	rates := make([]float64, n)
	kind := rng.IntN(5)
	levels := []float64{0, 1e-4, 0.01, 0.05, 0.3, 1, 4}
	for i := range rates {
		switch kind {
		case 0: // ties
			rates[i] = levels[rng.IntN(len(levels))]
		case 1: // thesis-like skew by id
			rates[i] = 1 / math.Pow(float64(i+1), 0.8+rng.Float64())
		case 2: // log-uniform
			rates[i] = math.Pow(10, -6+7*rng.Float64())
		case 3: // static and very hot
			switch rng.IntN(4) {
			case 0:
				rates[i] = 0
			case 1:
				rates[i] = 50 + 400*rng.Float64()
			default:
				rates[i] = rng.ExpFloat64() / 4
			}
		default: // all equal
			rates[i] = 0.02
		}
	}
	parent := make([]int, n)
	shape := rng.IntN(4)
	for i := 1; i < n; i++ {
		switch shape {
		case 0:
			parent[i] = rng.IntN(i)
		case 1: // chain
			parent[i] = i - 1
		case 2: // star
			parent[i] = 0
		default: // wide tree, outdegree 3..6
			parent[i] = (i - 1) / (3 + n%4)
		}
	}
	// Renumber pages 1..n−1 at random; the root stays 0.
	perm := append([]int{0}, rng.Perm(n-1)...)
	for i := 1; i < n; i++ {
		perm[i]++
	}
	nr := make([]float64, n)
	children := make([][]int, n)
	for i := range n {
		nr[perm[i]] = rates[i]
		if i > 0 {
			children[perm[parent[i]]] = append(children[perm[parent[i]]], perm[i])
		}
	}
	for _, cs := range children {
		rng.Shuffle(len(cs), func(a, b int) { cs[a], cs[b] = cs[b], cs[a] })
	}
	return nr, children
}

// Tiny blocks and runs exercise block splits, removals from the middle of
// blocks, Taylor shifts and every level of certificate against the
// literal reference.
func TestSelectiveOnlineSmallBlocksMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	trials := 3000
	if testing.Short() {
		trials = 300
	}
	for trial := range trials {
		n := 1 + rng.IntN(70)
		rates, children := randomShapedSite(rng, n)
		var est int
		switch rng.IntN(3) {
		case 0:
			est = n
		case 1: // underestimate
			est = 1 + rng.IntN(n)
		default: // overestimate
			est = n + rng.IntN(2*n+1)
		}
		want := refOnlineOrder(rates, children, est)
		for _, bc := range [][2]int{{1, 1}, {2, 3}, {3, 2}, {5, 4}, {0, 0}} {
			got := onlineWith(t, bc[0], bc[1], rates, children, est)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d (n=%d est=%d blocks %v): visits\n%v, want\n%v\nrates %v", trial, n, est, bc, got, want, rates)
			}
		}
	}
}

// directOnlineOrder is the same choice as refOnlineOrder, with the test up
// to the first hopeless page evaluated by the direct formula
// g(i) = Σ_{q>i} t_q(o+q) − (e^{−a_i(o+i)} − e^{−a_i(M−1)}), o = M−|D|, in
// O(|D|) per visit, so that larger sites can be checked.
func directOnlineOrder(rates []float64, children [][]int, est int) []int {
	return onlineVisits(rates, children, est, func(D []int, o, M int) int {
		m, mm := len(D), float64(M-1)
		var S float64
		for q := m - 1; q >= 0; q-- {
			S += gainAt(rates[D[q]], o+q)
		}
		for i := 0; i < m; i++ {
			S -= gainAt(rates[D[i]], o+i)
			if o+i == 0 {
				continue // the zero-length interval is hopeful
			}
			if S-lossAt(2*rates[D[i]], o+i, mm) > tieTol {
				return i
			}
		}
		return m - 1
	})
}

// Larger sites: the thesis' trees (hot and cold leaves, small outdegree so
// that pages enter D at every rank) and random shaped ones, with default
// and small blocks, against the direct evaluation.
func TestSelectiveOnlineMatchesDirectLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("slow reference")
	}
	rng := rand.New(rand.NewPCG(41, 42))
	type site struct {
		name     string
		rates    []float64
		children [][]int
	}
	var sites []site
	for _, hot := range []bool{false, true} {
		for _, d := range []int{3, 40} {
			n := 4000
			children := make([][]int, n)
			for i := 1; i < n; i++ {
				children[(i-1)/d] = append(children[(i-1)/d], i)
			}
			sites = append(sites, site{fmt.Sprintf("tree d=%d hot=%v", d, hot), revisitBenchRates(n, d, 1.2, hot), children})
		}
	}
	for k := range 4 {
		r, c := randomShapedSite(rng, 1500+rng.IntN(1500))
		sites = append(sites, site{fmt.Sprintf("random %d", k), r, c})
	}
	for _, st := range sites {
		n := len(st.rates)
		for _, est := range []int{n, n / 2, 2 * n} {
			want := directOnlineOrder(st.rates, st.children, est)
			for _, bc := range [][2]int{{16, 4}, {0, 0}} {
				got := onlineWith(t, bc[0], bc[1], st.rates, st.children, est)
				if !slices.Equal(got, want) {
					i := 0
					for i < len(got) && got[i] == want[i] {
						i++
					}
					t.Fatalf("%s est=%d blocks %v: visits differ first at %d", st.name, est, bc, i)
				}
			}
		}
	}
}

// exactS, the fallback for decisions within rounding of the tie tolerance,
// is the plain suffix sum over the ranks after the page.
func TestSelectiveOnlineExactS(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	s := &selectiveOnline{blockMax: 3}
	var ps []Page
	for id := range 40 {
		ps = append(ps, Page{ID: id, Rate: rng.ExpFloat64() / 5})
	}
	s.add(ps)
	var all []rated
	for _, b := range s.blocks {
		all = append(all, b.ps...)
	}
	if len(s.blocks) < 5 {
		t.Fatalf("%d blocks, want splits", len(s.blocks))
	}
	rank := 0
	for bi, b := range s.blocks {
		for j := range b.ps {
			var want float64
			for q := rank + 1; q < len(all); q++ {
				want += gainAt(all[q].rate, q)
			}
			if got := s.exactS(bi, j); math.Abs(got-want) > 1e-13 {
				t.Fatalf("block %d page %d (rank %d): exactS %v, want %v", bi, j, rank, got, want)
			}
			rank++
		}
	}
	if !slices.IsSortedFunc(all, func(x, y rated) int {
		if hotter(x, y) {
			return -1
		}
		return 1
	}) {
		t.Fatal("blocks not in rank order")
	}
}

// TestSelectiveOnlineMatchesOld checks that the tree-backed implementation
// (issue 11) makes exactly the decisions of the one before it (kept in
// revisit_selective_online_old_test.go): every visit, revisit and
// collapsed visit-revisit, and the hopeless count, on random sites of
// every shape and on the thesis' trees, with good, low and high size
// estimates, default and tiny blocks.
func TestSelectiveOnlineMatchesOld(t *testing.T) {
	type tc struct {
		seed        uint64
		sites, maxN int
		tree        bool // the thesis' tree (outdegree 3..400) instead of randomShapedSite
	}
	tcs := []tc{
		{1, 400, 40, false}, {2, 200, 300, false}, {3, 40, 3000, false},
		{4, 12, 3000, true}, {5, 3, 30000, true}, {6, 3, 20000, false},
		{7, 2, 200000, true},
	}
	if testing.Short() {
		tcs = tcs[:2]
	}
	for _, c := range tcs {
		rng := rand.New(rand.NewPCG(c.seed, 7))
		for k := range c.sites {
			n := 1 + rng.IntN(c.maxN)
			rates, children := randomShapedSite(rng, n)
			if c.tree {
				d := []int{3, 10, 40, 400}[rng.IntN(4)]
				rates, children = revisitBenchRates(n, d, 0.8+rng.Float64(), rng.IntN(2) == 0), make([][]int, n)
				for i := 1; i < n; i++ {
					children[(i-1)/d] = append(children[(i-1)/d], i)
				}
			}
			est := []int{n, 1 + rng.IntN(n), n + rng.IntN(2*n+1)}[rng.IntN(3)]
			bc := [][2]int{{0, 0}, {0, 0}, {2, 3}, {5, 4}, {16, 8}}[rng.IntN(5)]
			oldS := newTwoPhase(&oldSelectiveOnline{blockMax: bc[0], chunk: bc[1]}, true, false)
			newS := newTwoPhase(&selectiveOnline{blockMax: bc[0], chunk: bc[1]}, true, false)
			want := capture(t, oldS, rates, children, est, false)
			got := capture(t, newS, rates, children, est, false)
			if i := firstDiff(got, want); i >= 0 || oldS.Hopeless() != newS.Hopeless() {
				t.Fatalf("seed %d site %d (n=%d est=%d blocks %v): decisions differ at %d of %d/%d; hopeless %d, want %d",
					c.seed, k, n, est, bc, i, len(got), len(want), newS.Hopeless(), oldS.Hopeless())
			}
		}
	}
}

// firstDiff is the first index where a and b differ, −1 if they are equal.
func firstDiff(a, b []Decision) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}
