package scheduler

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// fig41 is the running example of Figure 4.1: p0 → p1, p2; p1 → p3, p4;
// p2 → p5; λ_i = i (λ_0 a negligible ε, written 0 in the thesis).
var fig41 = struct {
	rates    []float64
	children [][]int
}{
	rates:    []float64{0, 1, 2, 3, 4, 5},
	children: [][]int{{1, 2}, {3, 4}, {5}, nil, nil, nil},
}

// crawl drives s like the simulator and the live crawler: Start, Add the
// root, then Next/Add children/Done until nothing is left. With upFront,
// every page is added before the first Next (offline setting).
func crawl(t testing.TB, s Strategy, rates []float64, children [][]int, est int, upFront bool) []int {
	t.Helper()
	parent := make([]int, len(rates))
	parent[0] = -1
	for p, cs := range children {
		for _, c := range cs {
			parent[c] = p
		}
	}
	page := func(id int) Page { return Page{ID: id, Parent: parent[id], Rate: rates[id]} }
	s.Start(est)
	if upFront {
		for id := range rates {
			s.Add(page(id))
		}
	} else {
		s.Add(page(0))
	}
	var order []int
	for {
		d, ok := s.Next()
		if !ok {
			break
		}
		if d.Action != Visit {
			t.Fatalf("decision %v: want a visit", d)
		}
		order = append(order, d.Page)
		if !upFront {
			var ps []Page
			for _, c := range children[d.Page] {
				ps = append(ps, page(c))
			}
			s.Add(ps...)
		}
		s.Done(d)
		if len(order) > len(rates) {
			t.Fatalf("more downloads than pages: %v", order)
		}
	}
	return order
}

func newStrategy(t testing.TB, name string) Strategy {
	t.Helper()
	s, err := NewRegistry().New(name, Params{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRunningExampleSchedules checks the schedules of Tables 4.1 and 4.2
// and Example 4.2 on the Figure 4.1 site.
func TestRunningExampleSchedules(t *testing.T) {
	tests := []struct {
		strategy string
		upFront  bool
		want     []int
	}{
		{"dfs", false, []int{0, 1, 3, 4, 2, 5}},          // Table 4.1a
		{"bfs", false, []int{0, 1, 2, 3, 4, 5}},          // Table 4.1b
		{"sharc-online", false, []int{0, 1, 4, 3, 2, 5}}, // Table 4.2
		{"sharc-offline", true, []int{0, 2, 4, 5, 3, 1}}, // Example 4.2: t = (0,5,1,4,2,3)
		{"hottest-first", false, []int{0, 2, 5, 1, 4, 3}},
		{"hottest-last", false, []int{0, 1, 2, 3, 4, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.strategy, func(t *testing.T) {
			got := crawl(t, newStrategy(t, tc.strategy), fig41.rates, fig41.children, 6, tc.upFront)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("schedule %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSingleStrategiesRegistered(t *testing.T) {
	r := NewRegistry()
	for _, n := range []string{"hottest-first", "hottest-last", "sharc-offline", "sharc-online"} {
		if !r.Has(n) || r.VisitRevisit(n) {
			t.Errorf("%s: registered=%v visitRevisit=%v", n, r.Has(n), r.VisitRevisit(n))
		}
	}
}

// blur is Eq. 4.3 with Δ = 1 over [0, n]: Σ λ_i ω(t_i)/n.
func blur(rates []float64, order []int) float64 {
	n := float64(len(order) - 1)
	if n == 0 {
		return 0
	}
	var b float64
	for slot, id := range order {
		x := float64(slot)
		b += rates[id] * (x*x - x*n + n*n/2) / n
	}
	return b
}

// permute calls f with every permutation of a (Heap's algorithm).
func permute(a []int, f func([]int)) {
	var gen func(k int)
	gen = func(k int) {
		if k <= 1 {
			f(a)
			return
		}
		gen(k - 1)
		for i := 0; i < k-1; i++ {
			if k%2 == 0 {
				a[i], a[k-1] = a[k-1], a[i]
			} else {
				a[0], a[k-1] = a[k-1], a[0]
			}
			gen(k - 1)
		}
	}
	gen(len(a))
}

// TestTheorem43OrganPipesOptimal checks by brute force over all
// permutations that the SHARC-Offline schedule has the least blur.
func TestTheorem43OrganPipesOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 1))
	for trial := range 300 {
		n1 := 1 + trial%8
		rates := make([]float64, n1)
		for i := range rates {
			rates[i] = float64(rng.IntN(5)) * rng.Float64() // ties and zeros on purpose
		}
		var ids []int
		for i := range n1 {
			ids = append(ids, i)
		}
		s := newStrategy(t, "sharc-offline")
		got := blur(rates, crawl(t, s, rates, make([][]int, n1), n1, true))
		best := math.Inf(1)
		permute(ids, func(p []int) { best = min(best, blur(rates, p)) })
		if got > best+1e-9 {
			t.Fatalf("rates %v: organ pipes blur %v > optimum %v", rates, got, best)
		}
	}
}

// ---- reference implementations: plain, slow, obviously correct ----

type refPage struct {
	rate float64
	id   int
}

func refLess(a, b refPage) bool { return a.rate < b.rate || (a.rate == b.rate && a.id < b.id) }

// refOffline places sorted page i at time t_i of Eq. 4.7.
func refOffline(rates []float64) []int {
	ps := make([]refPage, len(rates))
	for i, r := range rates {
		ps[i] = refPage{r, i}
	}
	sort.Slice(ps, func(i, j int) bool { return refLess(ps[i], ps[j]) })
	n := len(ps) - 1
	out := make([]int, len(ps))
	for i, p := range ps {
		var ti int
		if i%2 == 0 {
			ti = i / 2
		} else {
			ti = n - (i-1)/2
		}
		out[ti] = p.id
	}
	return out
}

// refOnline is Alg. 2 with a sorted slice as the detected list, phases
// computed with real division as printed in Eqs. 4.13, 4.15 and 4.17.
func refOnline(rates []float64, children [][]int, est int) []int {
	detected := []refPage{{rates[0], 0}}
	var out []int
	for len(detected) > 0 {
		nD, nE := float64(len(out)), float64(len(detected))
		half := float64(est) / 2
		if est <= 0 {
			half = (nD + nE) / 2
		}
		var pos int
		switch {
		case nD+nE <= half:
			pos = 0
		case nD <= half:
			if nD < nE {
				pos = int(nD)
			} else {
				pos = int(nE) - 1
			}
		default:
			pos = int(nE) - 1
		}
		p := detected[pos]
		detected = append(detected[:pos:pos], detected[pos+1:]...)
		out = append(out, p.id)
		for _, c := range children[p.id] {
			q := refPage{rates[c], c}
			i := 0
			for i < len(detected) && refLess(detected[i], q) {
				i++
			}
			detected = slices.Insert(detected, i, q)
		}
	}
	return out
}

// randomSite builds a random tree of n1 pages whose IDs follow discovery
// order for any traversal (children have larger IDs than their parent),
// with rates drawn from a small set so ties occur.
func randomSite(rng *rand.Rand, n1 int) ([]float64, [][]int) {
	rates := make([]float64, n1)
	children := make([][]int, n1)
	for i := range rates {
		if rng.IntN(3) == 0 {
			rates[i] = float64(rng.IntN(4))
		} else {
			rates[i] = rng.Float64() * 3
		}
		if i > 0 {
			p := rng.IntN(i)
			children[p] = append(children[p], i)
		}
	}
	return rates, children
}

// TestFastMatchesReference checks that SHARC-Online and SHARC-Offline give
// exactly the schedules of the plain reference implementations on
// thousands of random small sites, with exact, wrong and unknown size
// estimates.
func TestFastMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(2012, 4))
	for trial := range 5000 {
		n1 := 1 + rng.IntN(40)
		rates, children := randomSite(rng, n1)
		est := n1
		switch rng.IntN(4) {
		case 0:
			est = rng.IntN(2 * n1)
		case 1:
			est = n1 + rng.IntN(5) - 2
		}
		t.Run(fmt.Sprint(trial), func(t *testing.T) {
			got := crawl(t, newStrategy(t, "sharc-online"), rates, children, est, false)
			if want := refOnline(rates, children, est); !slices.Equal(got, want) {
				t.Fatalf("online n+1=%d est=%d\nrates %v\nchildren %v\ngot  %v\nwant %v", n1, est, rates, children, got, want)
			}
			got = crawl(t, newStrategy(t, "sharc-offline"), rates, children, est, true)
			if want := refOffline(rates); !slices.Equal(got, want) {
				t.Fatalf("offline rates %v: got %v want %v", rates, got, want)
			}
		})
	}
}

// TestHeatMatchesReference checks hottest-first/-last against a linear scan
// over the detected pages.
func TestHeatMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 2000 {
		n1 := 1 + rng.IntN(30)
		rates, children := randomSite(rng, n1)
		for _, hot := range []bool{true, false} {
			name := "hottest-last"
			if hot {
				name = "hottest-first"
			}
			got := crawl(t, newStrategy(t, name), rates, children, n1, false)
			detected := []int{0}
			var want []int
			for len(detected) > 0 {
				best := 0
				for i, id := range detected {
					b := detected[best]
					better := rates[id] < rates[b]
					if hot {
						better = rates[id] > rates[b]
					}
					if better || (rates[id] == rates[b] && id < b) {
						best = i
					}
				}
				id := detected[best]
				detected = slices.Delete(detected, best, best+1)
				want = append(want, id)
				detected = append(detected, children[id]...)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s rates %v children %v: got %v want %v", name, rates, children, got, want)
			}
		}
	}
}

// TestParallelNextBeforeDone checks that every strategy hands out each page
// exactly once when several decisions are outstanding.
func TestParallelNextBeforeDone(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	rates, children := randomSite(rng, 500)
	for _, name := range []string{"bfs", "dfs", "hottest-first", "hottest-last", "sharc-online", "sharc-offline"} {
		t.Run(name, func(t *testing.T) {
			s := newStrategy(t, name)
			s.Start(len(rates))
			s.Add(Page{ID: 0, Parent: -1, Rate: rates[0]})
			seen := map[int]bool{}
			var outstanding []Decision
			for {
				for len(outstanding) < 4 {
					d, ok := s.Next()
					if !ok {
						break
					}
					if seen[d.Page] {
						t.Fatalf("page %d scheduled twice", d.Page)
					}
					seen[d.Page] = true
					outstanding = append(outstanding, d)
				}
				if len(outstanding) == 0 {
					break
				}
				d := outstanding[0]
				outstanding = outstanding[1:]
				for _, c := range children[d.Page] {
					s.Add(Page{ID: c, Parent: d.Page, Rate: rates[c]})
				}
				s.Done(d)
			}
			if len(seen) != len(rates) {
				t.Fatalf("downloaded %d of %d pages", len(seen), len(rates))
			}
		})
	}
}

// TestOfflineLatePagesAppended checks the documented live-crawl behaviour:
// pages added after the first Next follow the schedule in discovery order.
func TestOfflineLatePagesAppended(t *testing.T) {
	s := newStrategy(t, "sharc-offline")
	s.Start(0)
	s.Add(Page{ID: 0, Rate: 1, Parent: -1}, Page{ID: 1, Rate: 5, Parent: -1}, Page{ID: 2, Rate: 0.5, Parent: -1})
	var got []int
	d, _ := s.Next()
	got = append(got, d.Page)
	s.Add(Page{ID: 3, Rate: 9, Parent: 0}, Page{ID: 4, Rate: 0, Parent: 0})
	for {
		d, ok := s.Next()
		if !ok {
			break
		}
		got = append(got, d.Page)
	}
	if want := []int{2, 1, 0, 3, 4}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestOnlineUnknownSizeAndBadRates(t *testing.T) {
	s := newStrategy(t, "sharc-online")
	s.Start(0)
	s.Add(Page{ID: 0, Rate: math.NaN(), Parent: -1}, Page{ID: 1, Rate: -3, Parent: -1}, Page{ID: 2, Rate: 2, Parent: -1})
	var got []int
	for {
		d, ok := s.Next()
		if !ok {
			break
		}
		got = append(got, d.Page)
	}
	slices.Sort(got)
	if !slices.Equal(got, []int{0, 1, 2}) {
		t.Fatalf("got %v", got)
	}
}

// FuzzSingleMatchesReference builds a site from the fuzz input (each byte
// pair gives a page's parent choice and rate) and checks SHARC-Online and
// SHARC-Offline against the reference implementations, and that every
// single-visit strategy downloads every page exactly once.
func FuzzSingleMatchesReference(f *testing.F) {
	f.Add([]byte{0, 0, 1, 1, 0, 2, 1, 3, 0, 4, 2, 5}, 6)
	f.Add([]byte{9, 9, 9, 9, 9, 9}, 0)
	f.Add([]byte{}, 1)
	f.Fuzz(func(t *testing.T, data []byte, est int) {
		if len(data) > 400 {
			data = data[:400]
		}
		n1 := 1 + len(data)/2
		rates := make([]float64, n1)
		children := make([][]int, n1)
		for i := 1; i < n1; i++ {
			p := int(data[2*(i-1)]) % i
			children[p] = append(children[p], i)
			rates[i] = float64(data[2*(i-1)+1]%16) / 4
		}
		if len(data) > 0 {
			rates[0] = float64(data[0] % 8)
		}
		est %= 4 * n1
		if got, want := crawl(t, newStrategy(t, "sharc-online"), rates, children, est, false), refOnline(rates, children, est); !slices.Equal(got, want) {
			t.Fatalf("online: got %v want %v", got, want)
		}
		if got, want := crawl(t, newStrategy(t, "sharc-offline"), rates, children, est, true), refOffline(rates); !slices.Equal(got, want) {
			t.Fatalf("offline: got %v want %v", got, want)
		}
		for _, name := range []string{"bfs", "dfs", "hottest-first", "hottest-last"} {
			got := crawl(t, newStrategy(t, name), rates, children, est, false)
			seen := make([]bool, n1)
			for _, id := range got {
				if seen[id] {
					t.Fatalf("%s: page %d twice", name, id)
				}
				seen[id] = true
			}
			if len(got) != n1 {
				t.Fatalf("%s: %d of %d pages", name, len(got), n1)
			}
		}
	})
}
