package scheduler

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Example 5.3: seven pages, positions 0 … 12 with 6 collapsed. Lengths
// (ascending; Figure 5.4a is not in the text) that Alg. 3 turns into the
// printed schedule: p0 on (6,6), p1 (5,7), p2 (3,8), p3 (4,9), p6 (1,10)
// hopeful; p4 (2,11) and p5 (0,12) hopeless. p4 and p5 have equal lengths:
// with the hopeless pages placed longest first (§5.4.1's prose) a shorter
// p4 would be outermost.
func TestExample53IntervalsSchedule(t *testing.T) {
	lengths := []int{1, 2, 5, 5, 6, 6, 9}
	s := greedyIntervals(lengths)
	wantV := []int{6, 5, 3, 4, 2, 0, 1}
	wantR := []int{6, 7, 8, 9, 11, 12, 10}
	wantH := []bool{false, false, false, false, true, true, false}
	if !slices.Equal(s.v, wantV) || !slices.Equal(s.r, wantR) || !slices.Equal(s.hopeless, wantH) {
		t.Fatalf("schedule v=%v r=%v hopeless=%v\nwant      v=%v r=%v hopeless=%v", s.v, s.r, s.hopeless, wantV, wantR, wantH)
	}
}

// Example 5.4: a hopeful page of length 9 visited before a hopeless one
// with an interval of 9 swaps visits with it: 9 → 8 for the hopeful page, 9 → 10 for
// the hopeless one.
func TestExample54Shrinking(t *testing.T) {
	lengths := []int{1, 2, 5, 5, 6, 6, 9}
	s := greedyIntervals(lengths)
	before := make([]int, len(lengths))
	for i := range before {
		before[i] = s.r[i] - s.v[i]
	}
	shrink(&s, lengths)
	// p6 (hopeful, 9) and p4 (hopeless, 9) swap visits 1 and 2.
	if s.v[6] != 2 || s.r[6] != 10 || s.v[4] != 1 || s.r[4] != 11 {
		t.Fatalf("after shrinking p6=(%d,%d) p4=(%d,%d), want (2,10) and (1,11)", s.v[6], s.r[6], s.v[4], s.r[4])
	}
	for i := range lengths {
		after := s.r[i] - s.v[i]
		if s.hopeless[i] && after < before[i] || !s.hopeless[i] && after > before[i] {
			t.Fatalf("page %d (hopeless %v): interval %d → %d", i, s.hopeless[i], before[i], after)
		}
	}
}

// Alg. 3 invariants on random inputs: every position used once, one
// collapse at n, hopeful pages within their lengths.
func TestIntervalsScheduleInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		N := 1 + rng.IntN(40)
		lengths := make([]int, N)
		for i := range lengths {
			lengths[i] = rng.IntN(3 * N)
		}
		slices.Sort(lengths)
		s := scheduleIntervals(lengths)
		n := N - 1
		seen := map[int]int{}
		for i := range N {
			seen[s.v[i]]++
			seen[s.r[i]]++
			if !s.hopeless[i] && i > 0 && s.r[i]-s.v[i] > lengths[i] {
				t.Fatalf("hopeful page %d has interval %d > length %d", i, s.r[i]-s.v[i], lengths[i])
			}
		}
		for p := 0; p <= 2*n; p++ {
			want := 1
			if p == n {
				want = 2
			}
			if seen[p] != want {
				t.Fatalf("lengths %v: position %d used %d times", lengths, p, seen[p])
			}
		}
	}
}

// Example 5.5 (online intervals): the strategy visits the longest
// schedulable detected page, and when none fits declares the shortest
// hopeless. Site: root (seed) with interval length 30 (cold), children a
// (very hot) and b (cold); b's children c, d (hot).
func TestExample55OnlineIntervals(t *testing.T) {
	// τ = e^{-1}: length = ⌊1/λ⌋.
	tau := 0.36787944117144233
	rates := []float64{1.0 / 30, 1.0 / 0.5, 1.0 / 30, 1.0 / 1.5, 1.0 / 3}
	children := [][]int{{1, 2}, nil, {3, 4}}
	s := mustNew(t, "sharc-intervals-online", Params{Tau: tau})
	ds := capture(t, s, rates, children, 5, false)
	got := visitOrderOf(ds)
	// n = 5: visits at v = −4 … 0, revisits 1 … 5; lengths are capped at
	// 2n = 10. v=−4: the seed (10 → r = min(6, 5) = 5). v=−3: b (r 5 taken)
	// and a (0 → r −3) do not fit: a, the shortest, is hopeless. v=−2: b
	// still collides: hopeless. v=−1: d (3 → r 2). v=0: c (1 → r 1).
	if want := []int{0, 1, 2, 4, 3}; !slices.Equal(got, want) {
		t.Fatalf("visits %v, want %v", got, want)
	}
	if h := s.(HopelessCounter).Hopeless(); h != 2 {
		t.Fatalf("hopeless %d, want 2", h)
	}
	// Revisits: hopeful by revisit position (c 1, d 2, seed 5, gaps
	// closed), then the hopeless in reverse visit order (b, a).
	var rev []int
	for _, d := range ds {
		if d.Action == Revisit {
			rev = append(rev, d.Page)
		}
	}
	if want := []int{3, 4, 0, 2, 1}; !slices.Equal(rev, want) {
		t.Fatalf("revisits %v, want %v", rev, want)
	}
}
