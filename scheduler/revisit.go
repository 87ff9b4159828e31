package scheduler

import (
	"cmp"
	"fmt"
	"slices"
)

// This file holds the visit-revisit machinery of chapter 5 (Denev 2012):
// every page is downloaded twice, all revisits follow all visits (§3.2),
// and the strategies differ only in the order of the two phases.

// registerRevisit registers the visit-revisit strategies of chapter 5 and
// the "-fifo"/"-lifo" baselines of §5.6.1.
func registerRevisit(r *Registry) {
	r.Register("sharc-revisits", true, func(Params) (Strategy, error) {
		return newTwoPhase(newPlanned(planRevisits, fifo), false, true), nil
	})
	r.Register("sharc-threshold", true, func(p Params) (Strategy, error) {
		tau, err := checkTau(p.Tau)
		if err != nil {
			return nil, err
		}
		return newTwoPhase(newPlanned(func(ps []rated) ([]int32, int, []int32) { return planThreshold(ps, tau) }, lifo), true, true), nil
	})
	r.Register("sharc-intervals", true, func(p Params) (Strategy, error) {
		tau, err := checkTau(p.Tau)
		if err != nil {
			return nil, err
		}
		return newTwoPhase(newPlanned(func(ps []rated) ([]int32, int, []int32) { return planIntervals(ps, tau) }, explicit), true, true), nil
	})
	r.Register("sharc-intervals-online", true, func(p Params) (Strategy, error) {
		tau, err := checkTau(p.Tau)
		if err != nil {
			return nil, err
		}
		return newTwoPhase(&intervalsOnline{tau: tau}, false, false), nil
	})
	r.Register("sharc-selective", true, func(Params) (Strategy, error) {
		return newTwoPhase(newPlanned(planSelective, lifo), true, true), nil
	})
	r.Register("sharc-selective-online", true, func(Params) (Strategy, error) {
		return newTwoPhase(&selectiveOnline{}, true, false), nil
	})
	for _, b := range []struct {
		name string
		mk   func() visitOrder
	}{
		{"bfs", func() visitOrder { return &queueOrder{} }},
		{"dfs", func() visitOrder { return &queueOrder{lifo: true} }},
		{"hf", func() visitOrder { return &heatOrder{heatHeap{hottestFirst: true}} }},
		{"hl", func() visitOrder { return &heatOrder{} }},
	} {
		mk := b.mk
		r.Register(b.name+"-fifo", true, func(Params) (Strategy, error) {
			return newTwoPhase(withRevisits(mk(), fifo), false, false), nil
		})
		r.Register(b.name+"-lifo", true, func(Params) (Strategy, error) {
			return newTwoPhase(withRevisits(mk(), lifo), true, false), nil
		})
	}
}

// defaultTau is the thesis' choice for SHARC-Threshold and SHARC-Intervals
// (§5.3, §5.4.4) when the job leaves τ unset.
const defaultTau = 0.95

func checkTau(tau float64) (float64, error) {
	if tau == 0 {
		return defaultTau, nil
	}
	if !(tau > 0 && tau < 1) {
		return 0, fmt.Errorf("tau must lie in (0,1), got %v", tau)
	}
	return tau, nil
}

// HopelessCounter is implemented by the strategies that declare pages
// hopeless (threshold, intervals, selective): Hopeless is the number of
// pages given up so far (Def. 5.5, Def. 5.7).
type HopelessCounter interface {
	Hopeless() int
}

// revisitMode says how the revisit phase is ordered.
type revisitMode uint8

const (
	// lifo revisits in reverse visit order: a pyramid of intervals
	// (Fig. 5.2b); the last visit and the first revisit collapse.
	lifo revisitMode = iota
	// fifo revisits in visit order: equal intervals (Fig. 5.2a).
	fifo
	// explicit revisits in an order the visit order computed.
	explicit
)

// visitOrder chooses the visits; twoPhase turns it into a Strategy.
type visitOrder interface {
	start(estimatedSize int)
	add(pages []Page)
	// next removes and returns the next page to visit.
	next() (id int32, ok bool)
	pending() int
	// revisits returns the revisit order of the pages visited, in the
	// order they were visited.
	revisits(visited []int32) []int32
	hopeless() int
}

// twoPhase runs a visitOrder as a Strategy: the visit phase, then (once no
// visit is outstanding and nothing is pending, so no page can still be
// discovered) the revisit phase.
//
// With collapse, the last visit doubles as the first revisit and is
// emitted as VisitRevisit (Def. 5.5): this happens when the page chosen is
// the last pending one and no other download is outstanding. If that
// download still discovers pages, the collapse is undone: the new pages are
// visited and the page is revisited in its regular place.
type twoPhase struct {
	ord      visitOrder
	collapse bool
	offline  bool
	est      int

	revisiting  bool
	visited     []int32
	outstanding int
	collapsed   int32 // page of the VisitRevisit, or -1
	revQueue    []int32
	late        []int32 // pages discovered during the revisit phase
}

func newTwoPhase(o visitOrder, collapse, offline bool) *twoPhase {
	return &twoPhase{ord: o, collapse: collapse, offline: offline, collapsed: -1}
}

// Offline reports whether the strategy wants every page before the first
// Next (the simulator then adds the whole site up front).
func (s *twoPhase) Offline() bool { return s.offline }

// Hopeless is the number of pages the strategy gave up (Def. 5.5).
func (s *twoPhase) Hopeless() int { return s.ord.hopeless() }

func (s *twoPhase) Start(n int) {
	s.est = n
	s.ord.start(n)
}

func (s *twoPhase) Add(pages ...Page) {
	if len(pages) == 0 {
		return
	}
	if s.revisiting {
		// A revisit phase is not supposed to discover pages; should the
		// caller still add some, each is downloaded once at the end as a
		// zero-length visit-revisit.
		for _, p := range pages {
			s.late = append(s.late, int32(p.ID))
		}
		return
	}
	s.collapsed = -1 // the "last" visit was not the last after all
	s.ord.add(pages)
}

func (s *twoPhase) Next() (Decision, bool) {
	if !s.revisiting {
		if s.ord.pending() > 0 {
			id, _ := s.ord.next()
			s.visited = append(s.visited, id)
			act := Visit
			// Online, the page is the last one only if the estimate says
			// so; a wrong guess is undone in Add.
			if s.collapse && s.ord.pending() == 0 && s.outstanding == 0 && (s.offline || len(s.visited) >= s.est) {
				act = VisitRevisit
				s.collapsed = id
			}
			s.outstanding++
			return Decision{Page: int(id), Action: act}, true
		}
		if s.outstanding > 0 {
			return Decision{}, false
		}
		s.revisiting = true
		s.revQueue = s.ord.revisits(s.visited)
		if s.collapsed >= 0 {
			if i := slices.Index(s.revQueue, s.collapsed); i >= 0 {
				s.revQueue = slices.Delete(s.revQueue, i, i+1)
			}
		}
	}
	if len(s.revQueue) > 0 {
		id := s.revQueue[0]
		s.revQueue = s.revQueue[1:]
		s.outstanding++
		return Decision{Page: int(id), Action: Revisit}, true
	}
	if len(s.late) > 0 {
		id := s.late[0]
		s.late = s.late[1:]
		s.outstanding++
		return Decision{Page: int(id), Action: VisitRevisit}, true
	}
	return Decision{}, false
}

func (s *twoPhase) Done(Decision) {
	if s.outstanding > 0 {
		s.outstanding--
	}
}

func orderRevisits(mode revisitMode, visited []int32) []int32 {
	out := slices.Clone(visited)
	if mode == lifo {
		slices.Reverse(out)
	}
	return out
}

// ---- online baselines: bfs, dfs, hf, hl with FIFO or LIFO revisits ----

type revisitWrap struct {
	visitOrder
	mode revisitMode
}

func withRevisits(o visitOrder, mode revisitMode) visitOrder { return &revisitWrap{o, mode} }

func (w *revisitWrap) revisits(visited []int32) []int32 { return orderRevisits(w.mode, visited) }

// queueOrder visits in discovery order (BFS) or depth-first (DFS) over the
// pages as they are discovered (§4.5.1).
type queueOrder struct {
	lifo bool
	q    []int32
	head int
}

func (o *queueOrder) start(int) {}
func (o *queueOrder) add(pages []Page) {
	if !o.lifo {
		for _, p := range pages {
			o.q = append(o.q, int32(p.ID))
		}
		return
	}
	// Children are explored in document order: push them reversed.
	for i := len(pages) - 1; i >= 0; i-- {
		o.q = append(o.q, int32(pages[i].ID))
	}
}
func (o *queueOrder) next() (int32, bool) {
	if o.pending() == 0 {
		return 0, false
	}
	if o.lifo {
		id := o.q[len(o.q)-1]
		o.q = o.q[:len(o.q)-1]
		return id, true
	}
	id := o.q[o.head]
	o.head++
	if o.head > 1024 && o.head*2 > len(o.q) {
		o.q = append(o.q[:0], o.q[o.head:]...)
		o.head = 0
	}
	return id, true
}
func (o *queueOrder) pending() int             { return len(o.q) - o.head }
func (o *queueOrder) revisits([]int32) []int32 { return nil }
func (o *queueOrder) hopeless() int            { return 0 }
func (o *heatOrder) revisits([]int32) []int32  { return nil }
func (o *heatOrder) hopeless() int             { return 0 }
func (o *heatOrder) pending() int              { return len(o.h) }
func (o *heatOrder) start(int)                 {}

// heatOrder visits the hottest (HF) or coldest (HL) discovered page next
// (§4.5.1); ties go to the page discovered first.
type heatOrder struct {
	heatHeap
}

func (o *heatOrder) add(pages []Page) { o.push(pages) }

func (o *heatOrder) next() (int32, bool) {
	top, ok := o.pop()
	return int32(top.id), ok
}

// ---- offline plans ----

// planFunc orders all known pages: it returns the visit order, the number
// of hopeless pages and, for explicit revisit orders, the revisit order.
type planFunc func(pages []rated) (visits []int32, hopeless int, revisits []int32)

// planned is a visitOrder for offline strategies: it plans once, at the
// first visit, over every page added so far. Pages added later ("late",
// possible only in a live crawl) are visited before the planned last
// visit, so that the collapse of Def. 5.5 still falls on the planned page;
// they are revisited first in LIFO order, last in FIFO or explicit order.
type planned struct {
	plan  planFunc
	mode  revisitMode
	pages []rated

	done     bool
	order    []int32
	pos      int
	rev      []int32
	late     []int32
	nHopless int
}

func newPlanned(f planFunc, mode revisitMode) *planned { return &planned{plan: f, mode: mode} }

func (o *planned) start(n int) {
	if n > 0 {
		o.pages = make([]rated, 0, min(n, 1<<22))
	}
}

func (o *planned) add(pages []Page) {
	for _, p := range pages {
		if o.done {
			o.late = append(o.late, int32(p.ID))
		} else {
			o.pages = append(o.pages, rated{cleanRate(p.Rate), p.ID})
		}
	}
}

func (o *planned) pending() int {
	if !o.done {
		return len(o.pages)
	}
	return len(o.order) - o.pos + len(o.late)
}

func (o *planned) next() (int32, bool) {
	if !o.done {
		o.done = true
		o.order, o.nHopless, o.rev = o.plan(o.pages)
		o.pages = nil
	}
	left := len(o.order) - o.pos
	if left > 1 || (left == 1 && len(o.late) == 0) {
		o.pos++
		return o.order[o.pos-1], true
	}
	if len(o.late) > 0 {
		id := o.late[0]
		o.late = o.late[1:]
		return id, true
	}
	return 0, false
}

func (o *planned) hopeless() int { return o.nHopless }

func (o *planned) revisits(visited []int32) []int32 {
	if o.mode != explicit {
		return orderRevisits(o.mode, visited)
	}
	// Planned pages in their planned revisit order, then the late ones.
	inPlan := make(map[int32]bool, len(o.rev))
	for _, id := range o.rev {
		inPlan[id] = true
	}
	out := slices.Clone(o.rev)
	for i := len(visited) - 1; i >= 0; i-- {
		if !inPlan[visited[i]] {
			out = append(out, visited[i])
		}
	}
	return out
}

// byHeat sorts pages hottest first, ties by ID.
func byHeat(ps []rated) {
	slices.SortFunc(ps, func(a, b rated) int {
		if c := cmp.Compare(b.rate, a.rate); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
}

// planRevisits is SHARC-Revisits (Def. 5.3): with pages sorted coldest
// first, page i is visited at position i/2 (i even) or n−(i−1)/2 (i odd),
// so the visits form organ pipes with the hottest page in the middle of the
// visit phase, and every page is revisited n+1 positions after its visit
// (FIFO). It greedily minimises the blur with revisits (Eq. 5.3).
func planRevisits(ps []rated) ([]int32, int, []int32) {
	byHeat(ps)
	slices.Reverse(ps) // coldest first: λ_0 ≤ … ≤ λ_n
	n := len(ps) - 1
	order := make([]int32, len(ps))
	for i, p := range ps {
		v := i / 2
		if i%2 == 1 {
			v = n - (i-1)/2
		}
		order[v] = int32(p.id)
	}
	return order, 0, nil
}

// pyramidOrder turns a hopeful/hopeless split into the visit order of a
// pyramid schedule: hopeless pages first, in the order they were declared
// (so the first declared gets the longest interval), then the hopeful ones
// coldest first, ending with the first hopeful page on the zero-length
// interval in the middle.
func pyramidOrder(hopeless, hopeful []int32) []int32 {
	out := make([]int32, 0, len(hopeless)+len(hopeful))
	out = append(out, hopeless...)
	for i := len(hopeful) - 1; i >= 0; i-- {
		out = append(out, hopeful[i])
	}
	return out
}
