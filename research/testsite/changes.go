package testsite

import (
	"math"
	"math/rand/v2"
	"sort"
	"sync"
	"time"
)

// never is the offset of an event that does not happen.
const never = time.Duration(math.MaxInt64)

// lockStripes bounds the number of mutexes guarding the per-page change
// processes: one per page would cost too much memory on 10^5-page sites, one
// for all would serialise every request.
const lockStripes = 64

// pageProcess is the lazily drawn Poisson change process of one page
// (thesis §4.5.3: each page changes as an independent Poisson process).
type pageProcess struct {
	rng   *rand.Rand
	rate  float64       // λ per time unit
	acc   float64       // time of the pending change, in time units since Start
	next  time.Duration // acc as an offset from Start, or never
	times []time.Duration
}

// changes holds the change processes of all pages. Change times are offsets
// from Config.Start; a page's process is created on first use and extended
// only as far as somebody asks, so memory grows with the time served and the
// pages actually requested, not with the site size times the horizon.
type changes struct {
	seed  uint64
	unit  time.Duration
	rates []float64
	mu    [lockStripes]sync.Mutex
	procs []*pageProcess

	// Structural events (fault injection): appear[k] and gone[k] are the
	// offsets at which page k comes into and goes out of existence (0 and
	// never for ordinary pages); extra[k] lists the sorted structural event
	// offsets that change page k's content: its own appearance and deletion
	// and those of its children (the parent's link list changes).
	appear map[int]time.Duration
	gone   map[int]time.Duration
	extra  map[int][]time.Duration
}

func newChanges(seed uint64, unit time.Duration, rates []float64) *changes {
	return &changes{
		seed:   seed,
		unit:   unit,
		rates:  rates,
		procs:  make([]*pageProcess, len(rates)),
		appear: map[int]time.Duration{},
		gone:   map[int]time.Duration{},
		extra:  map[int][]time.Duration{},
	}
}

// PageRNG returns the random source of page k's change process for a seed:
// PCG seeded with (seed, k). Drawing the process with sim.ChangeTimes from
// this source yields the same change times the live site serves, which is
// what makes simulated and live runs of one seed comparable.
func PageRNG(seed uint64, k int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(k)))
}

// offset converts a time in time units since Start to a Duration offset,
// saturating at never.
func (c *changes) offset(units float64) time.Duration {
	ns := units * float64(c.unit)
	if !(ns < float64(math.MaxInt64)) { // also catches NaN and +Inf
		return never
	}
	return time.Duration(ns)
}

// proc returns page k's process extended so that every change at offset ≤ t
// is in times. The caller holds c.mu[k%lockStripes].
func (c *changes) proc(k int, t time.Duration) *pageProcess {
	p := c.procs[k]
	if p == nil {
		p = &pageProcess{rng: PageRNG(c.seed, k), rate: c.rates[k]}
		if p.rate > 0 {
			p.acc = p.rng.ExpFloat64() / p.rate
			p.next = c.offset(p.acc)
		} else {
			p.next = never
		}
		c.procs[k] = p
	}
	for p.next != never && p.next <= t {
		p.times = append(p.times, p.next)
		// Same arithmetic as sim.ChangeTimes, so both agree exactly.
		p.acc += p.rng.ExpFloat64() / p.rate
		p.next = c.offset(p.acc)
	}
	return p
}

// exists reports whether page k exists at offset t.
func (c *changes) exists(k int, t time.Duration) bool {
	a, ok := c.appear[k]
	if ok && t < a {
		return false
	}
	g, ok := c.gone[k]
	return !ok || t < g
}

// lifetime returns the offsets between which page k exists: [a, g).
func (c *changes) lifetime(k int) (a, g time.Duration) {
	a, g = 0, never
	if v, ok := c.appear[k]; ok {
		a = v
	}
	if v, ok := c.gone[k]; ok {
		g = v
	}
	return a, g
}

// countUpTo returns how many of the sorted offsets are ≤ t.
func countUpTo(s []time.Duration, t time.Duration) int {
	return sort.Search(len(s), func(i int) bool { return s[i] > t })
}

// version returns how many content changes page k has had in [Start, t] and
// the offset of the last one (ok false if none). A change is a Poisson change
// while the page exists or a structural event (see changes.extra).
func (c *changes) version(k int, t time.Duration) (n int, last time.Duration, ok bool) {
	a, g := c.lifetime(k)
	hi := t
	if g != never && hi >= g {
		hi = g - 1
	}
	mu := &c.mu[k%lockStripes]
	mu.Lock()
	p := c.proc(k, hi)
	lo := countUpTo(p.times, a)
	up := countUpTo(p.times, hi)
	if up > lo {
		n, last, ok = up-lo, p.times[up-1], true
	}
	mu.Unlock()
	// Structural events count only within the page's lifetime [a, g]: a
	// child appearing under a deleted parent changes nothing visible.
	ex := c.extra[k]
	i, j := countUpTo(ex, a-1), countUpTo(ex, min(t, g))
	if j > i {
		n += j - i
		if !ok || ex[j-1] > last {
			last, ok = ex[j-1], true
		}
	}
	return n, last, ok
}

// events returns page k's content changes at offsets in (from, to], sorted.
func (c *changes) events(k int, from, to time.Duration) []time.Duration {
	if to <= from {
		return nil
	}
	a, g := c.lifetime(k)
	lo, hi := from, to
	if a > lo {
		lo = a
	}
	if g != never && hi >= g {
		hi = g - 1
	}
	var out []time.Duration
	if hi > lo {
		mu := &c.mu[k%lockStripes]
		mu.Lock()
		p := c.proc(k, hi)
		i, j := countUpTo(p.times, lo), countUpTo(p.times, hi)
		out = append(out, p.times[i:j]...)
		mu.Unlock()
	}
	ex := c.extra[k]
	i, j := countUpTo(ex, max(from, a-1)), countUpTo(ex, min(to, g))
	if i < j {
		out = append(out, ex[i:j]...)
		sort.Slice(out, func(x, y int) bool { return out[x] < out[y] })
	}
	return out
}

// addStructural records page k's appearance and deletion offsets (0 and
// never meaning none) as events of k and of its parent.
func (c *changes) addStructural(k, parent int, appear, gone time.Duration) {
	add := func(page int, t time.Duration) {
		c.extra[page] = append(c.extra[page], t)
	}
	if appear > 0 {
		c.appear[k] = appear
		add(k, appear)
		if parent >= 0 {
			add(parent, appear)
		}
	}
	if gone != never {
		c.gone[k] = gone
		add(k, gone)
		if parent >= 0 {
			add(parent, gone)
		}
	}
}

// sortExtra sorts the structural events once all are added.
func (c *changes) sortExtra() {
	for _, s := range c.extra {
		sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	}
}
