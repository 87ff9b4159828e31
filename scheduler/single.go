package scheduler

import (
	"slices"
)

// registerSingle registers the single-visit strategies of chapter 4:
// the hottest-first and hottest-last baselines (§4.5.1), SHARC-Offline
// (Alg. 1) and SHARC-Online (Alg. 2).
func registerSingle(r *Registry) {
	r.Register("hottest-first", false, func(Params) (Strategy, error) { return &heat{heatHeap{hottestFirst: true}}, nil })
	r.Register("hottest-last", false, func(Params) (Strategy, error) { return &heat{}, nil })
	r.Register("sharc-offline", false, func(Params) (Strategy, error) { return &Offline{}, nil })
	r.Register("sharc-online", false, func(Params) (Strategy, error) { return &Online{}, nil })
}

// cleanRate maps rates the model has no meaning for (NaN, negative) to 0 so
// that the orderings below stay total.
func cleanRate(r float64) float64 {
	if !(r > 0) {
		return 0
	}
	return r
}

// ---- hottest-first / hottest-last ----

// heat downloads the hottest (or the coldest) of the pages discovered so
// far: the HF and HL baselines of §4.5.1. Ties go to the page discovered
// first.
type heat struct {
	heatHeap
}

type rated struct {
	rate float64
	id   int
}

// heatBefore reports whether a comes before b in HF order (hottest true)
// or HL order: by rate, ties to the page discovered first, so the order is
// total and runs are repeatable.
func heatBefore(a, b rated, hottest bool) bool {
	if a.rate != b.rate {
		return (a.rate > b.rate) == hottest
	}
	return a.id < b.id
}

// heatHeap is a binary heap of discovered pages with the next page of the
// HF (hottestFirst) or HL order on top. The single-visit baselines (heat)
// and the visit phase of the visit-revisit ones (heatOrder) both draw
// from it, so HF and HL mean the same page order in chapters 4 and 5.
type heatHeap struct {
	hottestFirst bool
	h            []rated
}

func (q *heatHeap) before(a, b rated) bool { return heatBefore(a, b, q.hottestFirst) }

// push adds pages to the heap.
func (q *heatHeap) push(pages []Page) {
	for _, p := range pages {
		q.h = append(q.h, rated{cleanRate(p.Rate), p.ID})
		// Sift up.
		i := len(q.h) - 1
		for i > 0 {
			up := (i - 1) / 2
			if !q.before(q.h[i], q.h[up]) {
				break
			}
			q.h[i], q.h[up] = q.h[up], q.h[i]
			i = up
		}
	}
}

// pop removes and returns the page on top; false when the heap is empty.
func (q *heatHeap) pop() (rated, bool) {
	n := len(q.h)
	if n == 0 {
		return rated{}, false
	}
	top := q.h[0]
	n--
	q.h[0] = q.h[n]
	q.h = q.h[:n]
	// Sift down.
	for i := 0; ; {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && q.before(q.h[c+1], q.h[c]) {
			c++
		}
		if !q.before(q.h[c], q.h[i]) {
			break
		}
		q.h[i], q.h[c] = q.h[c], q.h[i]
		i = c
	}
	return top, true
}

func (s *heat) Start(n int) {
	if n > 0 {
		s.h = make([]rated, 0, min(n, 1<<20))
	}
}

func (s *heat) Add(pages ...Page) { s.push(pages) }

func (s *heat) Next() (Decision, bool) {
	top, ok := s.pop()
	if !ok {
		return Decision{}, false
	}
	return Decision{Page: top.id, Action: Visit}, true
}

func (s *heat) Done(Decision) {}

// ---- SHARC-Offline ----

// Offline is SHARC-Offline (§4.3.2): it knows the whole site in advance and
// downloads it in the organ-pipe order of Theorem 4.3, which minimizes the
// expected blur (Eq. 4.3).
//
// "In advance" means: the pages Added before the first Next. The simulator
// adds every page up front. Pages added after the first Next cannot join
// the schedule already being executed; they are downloaded after it, in
// discovery order. In a live crawl, where only the seeds are known at the
// first Next, Offline therefore degenerates to breadth-first order; use
// SHARC-Online there.
type Offline struct {
	known   []rated // pages added before the first Next
	sched   []int   // organ-pipe schedule of known, built at the first Next
	pos     int
	started bool
	late    []int // pages added after the first Next, FIFO
	lateAt  int
}

// Offline reports that the strategy wants every page of the site Added
// before the first Next. The simulator checks for this method.
func (s *Offline) Offline() bool { return true }

// Start implements Strategy.
func (s *Offline) Start(n int) {
	if n > 0 {
		s.known = make([]rated, 0, n)
	}
}

// Add implements Strategy.
func (s *Offline) Add(pages ...Page) {
	for _, p := range pages {
		if s.started {
			s.late = append(s.late, p.ID)
		} else {
			s.known = append(s.known, rated{cleanRate(p.Rate), p.ID})
		}
	}
}

// Next implements Strategy.
func (s *Offline) Next() (Decision, bool) {
	if !s.started {
		s.started = true
		s.sched = organPipes(s.known)
		s.known = nil
	}
	if s.pos < len(s.sched) {
		s.pos++
		return Decision{Page: s.sched[s.pos-1], Action: Visit}, true
	}
	if s.lateAt < len(s.late) {
		s.lateAt++
		return Decision{Page: s.late[s.lateAt-1], Action: Visit}, true
	}
	return Decision{}, false
}

// Done implements Strategy.
func (s *Offline) Done(Decision) {}

// organPipes returns the optimal download order of pages with the given
// rates and IDs (Theorem 4.3, Eq. 4.7): sorted ascending by (rate, ID) into
// p_0 … p_n, page p_i is downloaded in slot i/2 for even i and n − (i−1)/2
// for odd i, so the coldest pages take the outermost slots and the hottest
// the middle. The slice is sorted in place.
//
// Alg. 1 as printed maps download slot i to p_{i/2} or p_{n−(i−1)/2}, which
// is the inverse mapping and would put the hottest page in slot 1; Eq. 4.7
// and Example 4.2 are unambiguous, so this follows them.
func organPipes(pages []rated) []int {
	slices.SortFunc(pages, func(a, b rated) int {
		switch {
		case less(a.rate, a.id, b.rate, b.id):
			return -1
		case less(b.rate, b.id, a.rate, a.id):
			return 1
		}
		return 0
	})
	n := len(pages) - 1
	out := make([]int, len(pages))
	for i, p := range pages {
		if i%2 == 0 {
			out[i/2] = p.id
		} else {
			out[n-(i-1)/2] = p.id
		}
	}
	return out
}

// ---- SHARC-Online ----

// Online is SHARC-Online (§4.4, Alg. 2). It keeps the detected pages sorted
// by change rate and, from the number of downloaded pages n^D, the number
// of detected pages n^E and the estimated site size n+1, picks the next
// download:
//
//   - ascending phase, n^D + n^E ≤ (n+1)/2 (Eq. 4.13): the coldest detected
//     page (Eq. 4.12);
//   - middle phase, n^D + n^E > (n+1)/2 and n^D ≤ (n+1)/2 (Eq. 4.15): the
//     detected page of rank n^D if n^D < n^E, else the hottest (Eq. 4.14);
//   - descending phase, n^D > (n+1)/2 (Eq. 4.17): the hottest (Eq. 4.16).
//
// Alg. 2 as printed takes rank n^E in the descending phase, one past the
// end of the list; Eq. 4.16 and Example 4.5 take n^E − 1, as done here.
// n^D counts the decisions handed out, so parallel downloads (Next before
// Done) advance the phases as the slots are used.
//
// When the estimated size is unknown (Start(0)), the number of pages known
// so far, n^D + n^E, serves as the estimate; the crawl then stays in the
// middle and descending phases. Pages are ordered by (rate, ID): equal
// rates go to the page discovered first as the colder one.
type Online struct {
	est  int
	nD   int
	tree *rankTree
}

// Start implements Strategy.
func (s *Online) Start(n int) {
	s.est = n
	s.tree = newRankTree(min(max(n, 0), 1<<20))
}

// Add implements Strategy.
func (s *Online) Add(pages ...Page) {
	if s.tree == nil {
		s.tree = newRankTree(len(pages))
	}
	for _, p := range pages {
		s.tree.Insert(cleanRate(p.Rate), p.ID)
	}
}

// Next implements Strategy.
func (s *Online) Next() (Decision, bool) {
	if s.tree == nil || s.tree.Len() == 0 {
		return Decision{}, false
	}
	nE := s.tree.Len()
	_, id := s.tree.RemoveAt(onlinePos(s.nD, nE, s.est))
	s.nD++
	return Decision{Page: id, Action: Visit}, true
}

// onlinePos is the rank in the detected list of the next download
// (Eqs. 4.12–4.17). est is n+1; the halves are compared doubled to stay in
// integers.
func onlinePos(nD, nE, est int) int {
	if est <= 0 {
		est = nD + nE
	}
	switch {
	case 2*(nD+nE) <= est: // ascending, Eq. 4.13
		return 0
	case 2*nD <= est: // middle, Eq. 4.15
		if nD < nE {
			return nD
		}
		return nE - 1
	default: // descending, Eq. 4.17
		return nE - 1
	}
}

// Done implements Strategy.
func (s *Online) Done(Decision) {}
