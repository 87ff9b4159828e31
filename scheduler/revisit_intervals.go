package scheduler

import (
	"math"
	"slices"
)

// SHARC-Intervals (§5.4): every page gets a confidence interval, the
// longest visit-revisit interval over which it stays unchanged with
// probability at least τ, I = λ^{−1}·log τ^{−1} (Eq. 5.5), in whole
// positions (Δ = 1, §5.4). Positions 0 … n are visits and n … 2n revisits,
// n being shared by the one page whose visit and revisit collapse
// (Def. 5.5).

// confLength is Eq. 5.5 rounded down to whole positions and capped at cap
// (a static page fits any interval).
func confLength(rate, tau float64, cap int) int {
	if !(rate > 0) {
		return cap
	}
	l := math.Log(1/tau) / rate
	if l >= float64(cap) {
		return cap
	}
	return int(l)
}

// intervalSchedule is the result of Alg. 3: visit and revisit positions
// by page index, and which pages are hopeless.
type intervalSchedule struct {
	v, r     []int
	hopeless []bool
}

// scheduleIntervals is Alg. 3 (offline SHARC-Intervals) on lengths sorted
// ascending (the shortest, i.e. hottest, first; §5.4.1: short intervals have
// the least leeway). Page 0 takes the collapsed position n. Each next page
// takes the free pair (v, r) with r − v ≤ I maximal, the earliest revisit
// among equals (this reproduces Example 5.3); a page with no such pair is
// hopeless. The hopeless pages then take, longest first, the latest free
// visit and the earliest free revisit, so the hottest hopeless page gets
// the longest interval. §5.4.1's prose orders them so ("in descending
// order of their interval lengths"); Alg. 3 prints "Sort H ascending". The
// prose's order reproduces Table 5.2's skew-1 row within 2.5 % (ascending
// is up to 19 % off) and Example 5.3 (with p4 and p5 of equal length).
// Finally the schedule is shrunk (§5.4.2).
func scheduleIntervals(lengths []int) intervalSchedule {
	s := greedyIntervals(lengths)
	shrink(&s, lengths)
	return s
}

// greedyIntervals is Alg. 3 without the shrinking.
func greedyIntervals(lengths []int) intervalSchedule {
	N := len(lengths)
	n := N - 1
	s := intervalSchedule{v: make([]int, N), r: make([]int, N), hopeless: make([]bool, N)}
	if N == 0 {
		return s
	}
	s.v[0], s.r[0] = n, n
	// Free visit positions 0 … n−1 and revisit positions n+1 … 2n, with
	// "next free at or after" / "previous free at or before" by path
	// halving over position arrays.
	freeV := newFreeSet(n) // positions 0 … n−1
	freeR := newFreeSet(n) // positions n+1 … 2n as 0 … n−1
	var gone []int
	for i := 1; i < N; i++ {
		I := lengths[i]
		vMin, okV := freeV.nextFree(0)
		rMax, okR := freeR.prevFree(n - 1)
		if !okV || !okR {
			gone = append(gone, i)
			continue
		}
		rMax += n + 1
		vMax, _ := freeV.prevFree(n - 1)
		if rMax-vMin <= I {
			s.take(i, vMin, rMax, freeV, freeR, n)
			continue
		}
		// Scan revisits ascending over r ≤ vMax + I; for each, the
		// smallest free v ≥ r − I gives the longest pair ending at r.
		bestLen, bestV, bestR := -1, 0, 0
		r, ok := freeR.nextFree(0)
		for ok && r+n+1 <= vMax+I {
			rr := r + n + 1
			v, okv := freeV.nextFree(max(rr-I, 0))
			if okv && v < rr && rr-v > bestLen {
				bestLen, bestV, bestR = rr-v, v, rr
				if bestLen == I {
					break
				}
			}
			r, ok = freeR.nextFree(r + 1)
		}
		if bestLen < 0 {
			gone = append(gone, i)
			continue
		}
		s.take(i, bestV, bestR, freeV, freeR, n)
	}
	// Hopeless pages, longest first (stable): the latest free visit and the
	// earliest free revisit, so the hottest hopeless page ends outermost.
	slices.SortStableFunc(gone, func(a, b int) int { return lengths[b] - lengths[a] })
	for _, i := range gone {
		v, _ := freeV.prevFree(n - 1)
		r, _ := freeR.nextFree(0)
		s.take(i, v, r+n+1, freeV, freeR, n)
		s.hopeless[i] = true
	}
	return s
}

func (s *intervalSchedule) take(i, v, r int, fv, fr *freeSet, n int) {
	s.v[i], s.r[i] = v, r
	fv.use(v)
	fr.use(r - n - 1)
}

// shrink is §5.4.2: a hopeful page swaps its visit with the latest hopeless
// visit after it, and its revisit with the earliest hopeless revisit before
// it, so that hopeful intervals only shorten and hopeless ones only grow.
// The shortest intervals are shrunk first (Example 5.5).
func shrink(s *intervalSchedule, lengths []int) {
	N := len(lengths)
	if N < 2 {
		return
	}
	n := N - 1
	// who[pos] for visit and revisit positions.
	whoV := make([]int, n+1)
	whoR := make([]int, n+1)
	for i := range N {
		whoV[s.v[i]] = i
		whoR[s.r[i]-n] = i
	}
	order := make([]int, 0, N)
	for i := 1; i < N; i++ {
		if !s.hopeless[i] {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return lengths[a] - lengths[b] })
	for _, f := range order {
		for pos := n - 1; pos > s.v[f]; pos-- {
			if h := whoV[pos]; s.hopeless[h] {
				whoV[pos], whoV[s.v[f]] = f, h
				s.v[f], s.v[h] = pos, s.v[f]
				break
			}
		}
		for pos := n + 1; pos < s.r[f]; pos++ {
			if h := whoR[pos-n]; s.hopeless[h] {
				whoR[pos-n], whoR[s.r[f]-n] = f, h
				s.r[f], s.r[h] = pos, s.r[f]
				break
			}
		}
	}
}

// planIntervals is offline SHARC-Intervals over the known pages.
func planIntervals(ps []rated, tau float64) ([]int32, int, []int32) {
	byHeat(ps) // hottest first: ascending lengths
	N := len(ps)
	lengths := make([]int, N)
	for i, p := range ps {
		lengths[i] = confLength(p.rate, tau, 2*N)
	}
	s := scheduleIntervals(lengths)
	visits := make([]int32, N)
	revs := make([]int32, N)
	nGone := 0
	for i, p := range ps {
		visits[s.v[i]] = int32(p.id)
		revs[s.r[i]-(N-1)] = int32(p.id)
		if s.hopeless[i] {
			nGone++
		}
	}
	return visits, nGone, revs
}

// freeSet is a set of free positions 0 … n−1 with "next free at or after"
// and "previous free at or before" in near-constant time (union-find with
// path halving).
type freeSet struct{ nxt, prv []int32 }

func newFreeSet(n int) *freeSet {
	f := &freeSet{nxt: make([]int32, n+1), prv: make([]int32, n+1)}
	for i := range f.nxt {
		f.nxt[i] = int32(i)
		f.prv[i] = int32(i)
	}
	return f
}

// use marks position p taken. Positions are shifted by one in prv so that
// index 0 stands for "none before".
func (f *freeSet) use(p int) {
	f.nxt[p] = int32(p + 1)
	f.prv[p+1] = int32(p)
}

func (f *freeSet) nextFree(p int) (int, bool) {
	n := len(f.nxt) - 1
	if p >= n {
		return 0, false
	}
	for int(f.nxt[p]) != p {
		f.nxt[p] = f.nxt[f.nxt[p]]
		p = int(f.nxt[p])
	}
	return p, p < n
}

func (f *freeSet) prevFree(p int) (int, bool) {
	if p < 0 {
		return 0, false
	}
	q := p + 1
	for int(f.prv[q]) != q {
		f.prv[q] = f.prv[f.prv[q]]
		q = int(f.prv[q])
	}
	return q - 1, q > 0
}

// intervalsOnline is online SHARC-Intervals (Alg. 4). Visit k (0-based) is
// at relative position v = k − (n−1), n the estimated size, so the last
// visit is at 0 and revisits take 1 … n. The detected page with the longest
// confidence interval whose revisit position v + I (capped at n: a page
// that outlasts the crawl may be revisited at its very end) is free is
// visited; if none is, the shortest is visited and declared hopeless.
// After the visits the revisits are shrunk: the hopeful pages keep the
// order of their revisit positions but close the gaps, then the hopeless
// pages follow in reverse visit order (Alg. 4's last line).
type intervalsOnline struct {
	tau    float64
	est    int
	k      int
	det    []lenPage // detected, sorted by length descending, then ID
	usedR  map[int]bool
	revPos map[int32]int // hopeful page → revisit position
	gone   map[int32]bool
}

type lenPage struct {
	l  int
	id int32
}

func (o *intervalsOnline) start(n int) {
	o.est = n
	o.usedR = map[int]bool{}
	o.revPos = map[int32]int{}
	o.gone = map[int32]bool{}
}

func (o *intervalsOnline) add(pages []Page) {
	if o.usedR == nil {
		o.start(0)
	}
	for _, p := range pages {
		cap := 2 * max(o.est, o.k+len(o.det)+1)
		x := lenPage{confLength(cleanRate(p.Rate), o.tau, cap), int32(p.ID)}
		i, _ := slices.BinarySearchFunc(o.det, x, func(a, b lenPage) int {
			if a.l != b.l {
				return b.l - a.l
			}
			return int(a.id - b.id)
		})
		o.det = slices.Insert(o.det, i, x)
	}
}

func (o *intervalsOnline) pending() int  { return len(o.det) }
func (o *intervalsOnline) hopeless() int { return len(o.gone) }

func (o *intervalsOnline) next() (int32, bool) {
	if len(o.det) == 0 {
		return 0, false
	}
	n := max(o.est, o.k+len(o.det))
	v := o.k - (n - 1)
	o.k++
	for i, x := range o.det {
		r := min(v+x.l, n)
		if r > 0 && !o.usedR[r] {
			o.usedR[r] = true
			o.revPos[x.id] = r
			o.det = slices.Delete(o.det, i, i+1)
			return x.id, true
		}
	}
	x := o.det[len(o.det)-1]
	o.det = o.det[:len(o.det)-1]
	o.gone[x.id] = true
	return x.id, true
}

func (o *intervalsOnline) revisits(visited []int32) []int32 {
	out := make([]int32, 0, len(visited))
	for _, id := range visited {
		if !o.gone[id] {
			out = append(out, id)
		}
	}
	slices.SortStableFunc(out, func(a, b int32) int { return o.revPos[a] - o.revPos[b] })
	for i := len(visited) - 1; i >= 0; i-- {
		if o.gone[visited[i]] {
			out = append(out, visited[i])
		}
	}
	return out
}
