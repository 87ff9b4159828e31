package frontier

import (
	"container/heap"
	"sort"
	"time"
)

// Parking bounds the memory of a capture with many hosts (Config.MaxActive):
// only active hosts have their URLs, states, strategy and SURTs in memory.
// The others are parked: their URLs live only in the store, and the
// frontier keeps a few words per host (next free seq, whether it has work,
// its politeness state). URLs discovered for a parked host go to the store
// (its UNIQUE(capture, surt) drops duplicates) and mark the host as having
// work. An active host with nothing to do and nothing in flight is idle;
// when a parked host has work and there is no room, an idle host is
// evicted (re-parked) and the parked one is loaded from the store. The
// global seen-set covers active hosts only, so memory is O(URLs of active
// hosts + parked hosts).

// parked is what the frontier keeps of a host that is not in memory.
type parked struct {
	next    int // first free StoreSeq
	urls    int // URLs assigned (for Size)
	work    bool
	queued  bool // in parkq
	stopped bool
	pol     *Politeness // the host's politeness when it was evicted
	ready   time.Time
	extra   time.Duration
	prereqs []Task // prerequisites (sitemaps) queued while parked
	// finished and pending count the host's URLs with nothing left to do
	// and those not yet fetched (for status). counted is false when they
	// are unknown: a host parked by Park at resume until SetParkedCounts.
	finished, pending int
	counted           bool
}

// parkedFor returns the parked entry of a host, creating it.
func (f *Frontier) parkedFor(name string) *parked {
	p := f.parked[name]
	if p == nil {
		p = &parked{counted: true}
		f.parked[name] = p
	}
	return p
}

// giveWork marks a parked host as having work and queues it for
// activation.
func (f *Frontier) giveWork(name string, p *parked) {
	if p.stopped {
		return
	}
	if !p.work {
		p.work = true
		f.parkWork++
	}
	if !p.queued {
		p.queued = true
		f.parkq = append(f.parkq, name)
	}
}

// parkPrereq queues a prerequisite of a host that is not active (parking
// it if it is new and there is no room) and reports whether it did.
func (f *Frontier) parkPrereq(name string, u Task) bool {
	if f.cfg.MaxActive <= 0 || f.hosts[name] != nil {
		return false
	}
	if p := f.loading[name]; p != nil {
		p.prereqs = append(p.prereqs, u)
		return true
	}
	p := f.parked[name]
	if p == nil && f.activeCount() < f.cfg.MaxActive {
		return false // a new host, and there is room: active at once
	}
	p = f.parkedFor(name)
	p.prereqs = append(p.prereqs, u)
	f.giveWork(name, p)
	f.signal()
	return true
}

// settle notes that h may have become idle (nothing queued for now,
// nothing in flight): it may then be evicted.
func (f *Frontier) settle(h *host) {
	if f.cfg.MaxActive <= 0 || f.hosts[h.name] != h || f.loading[h.name] != nil {
		return
	}
	if h.inflight == 0 && h.idx < 0 && (h.stopped || len(h.urgent) == 0) {
		f.idle[h.name] = h
	}
}

// activeCount counts active hosts and hosts being loaded (a host being
// loaded may already have its queue).
func (f *Frontier) activeCount() int {
	n := len(f.hosts)
	for name := range f.loading {
		if f.hosts[name] == nil {
			n++
		}
	}
	return n
}

// canUnpark reports whether a parked host with work could be activated
// now: there is room, or an idle host to evict.
func (f *Frontier) canUnpark() bool {
	if f.cfg.MaxActive <= 0 || f.parkWork == 0 {
		return false
	}
	return f.activeCount() < f.cfg.MaxActive || len(f.idle) > 0
}

// Park registers a host of a resumed capture without loading it: next is
// its first free store seq, urls how many URLs it has, work whether any
// is unfinished.
func (f *Frontier) Park(name string, next, urls int, work bool) {
	f.mu.Lock()
	defer f.unlock()
	p := f.parked[name]
	if p == nil {
		p = &parked{} // finished/queued unknown until SetParkedCounts
		f.parked[name] = p
	} else {
		p.counted = false
	}
	p.next = max(p.next, next)
	p.urls += urls
	f.parkedURLs += urls
	if work {
		f.giveWork(name, p)
	}
	f.signal()
}

// Unpark picks the parked host with work that waited longest, evicting an
// idle host if the bound requires, and reserves its place: the caller
// loads its rows with Restore and then calls Activated (or Repark if the
// load failed). ok is false if no host can be activated now.
func (f *Frontier) Unpark() (host string, ok bool) {
	f.mu.Lock()
	defer f.unlock()
	if !f.canUnpark() {
		return "", false
	}
	if f.activeCount() >= f.cfg.MaxActive && !f.evictOne() {
		return "", false
	}
	for len(f.parkq) > 0 {
		name := f.parkq[0]
		f.parkq = f.parkq[1:]
		p := f.parked[name]
		if p == nil || !p.queued {
			continue
		}
		p.queued = false
		if !p.work {
			continue
		}
		p.work = false
		f.parkWork--
		delete(f.parked, name)
		f.parkedURLs -= p.urls
		f.loading[name] = p
		return name, true
	}
	return "", false
}

// evictOne re-parks one idle host (the one with the fewest URLs: cheapest
// to load again should it get work) and reports whether there was one.
func (f *Frontier) evictOne() bool {
	names := make([]string, 0, len(f.idle))
	for n := range f.idle {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := f.idle[names[i]], f.idle[names[j]]
		if a.urls.len() != b.urls.len() {
			return a.urls.len() < b.urls.len()
		}
		return names[i] < names[j]
	})
	for _, n := range names {
		h := f.idle[n]
		delete(f.idle, n)
		if h.inflight > 0 || h.idx >= 0 || (!h.stopped && len(h.urgent) > 0) {
			continue // not idle after all
		}
		for i := range h.urls.len() {
			f.seen.remove(h.urls.surt(i))
		}
		pol := h.pol
		p := &parked{next: h.nextStore, urls: h.urls.len(), stopped: h.stopped, pol: &pol, ready: h.ready, extra: h.extra, counted: true}
		h.mu.Lock()
		for _, s := range h.state {
			switch s {
			case stDone, stCollapsed:
				p.finished++
			case stQueued:
				p.pending++
			}
		}
		h.mu.Unlock()
		f.parked[n] = p
		f.parkedURLs += p.urls
		delete(f.hosts, n)
		return true
	}
	return false
}

// Repark puts back a host whose load failed (its work is kept).
func (f *Frontier) Repark(name string) {
	f.mu.Lock()
	defer f.unlock()
	p := f.loading[name]
	if p == nil {
		return
	}
	delete(f.loading, name)
	if h := f.hosts[name]; h != nil {
		// Rows restored before the failure: drop them again.
		for i := range h.urls.len() {
			f.seen.remove(h.urls.surt(i))
		}
		if h.idx >= 0 {
			heap.Remove(&f.ready, h.idx)
		}
		delete(f.idle, name)
		delete(f.hosts, name)
	}
	f.parked[name] = p
	f.parkedURLs += p.urls
	f.giveWork(name, p)
	f.signal()
}

// Activated ends the load of a host chosen by Unpark: its prerequisites
// queued while parked, its politeness state and next free seq are
// restored, and it is scheduled.
func (f *Frontier) Activated(name string) error {
	f.mu.Lock()
	defer f.unlock()
	p := f.loading[name]
	if p == nil {
		return nil
	}
	h, err := f.hostFor(name)
	if err != nil {
		return err
	}
	delete(f.loading, name)
	h.nextStore = max(h.nextStore, p.next)
	if p.pol != nil {
		h.pol = *p.pol
	}
	if p.ready.After(h.ready) {
		h.ready = p.ready
	}
	h.extra = max(h.extra, p.extra)
	h.urgent = append(h.urgent, p.prereqs...)
	if p.stopped {
		h.stopped, h.urgent = true, nil
	}
	if h.idx >= 0 {
		heap.Fix(&f.ready, h.idx)
	} else {
		f.schedule(h)
	}
	f.signal()
	return nil
}

// Held reports what the frontier holds in memory: active hosts (those
// being loaded included), their URLs, and the parked hosts.
func (f *Frontier) Held() (activeHosts, activeURLs, parkedHosts int) {
	f.mu.Lock()
	defer f.unlock()
	for _, h := range f.hosts {
		activeURLs += h.urls.len()
	}
	return f.activeCount(), activeURLs, len(f.parked)
}

// pageOf translates a StoreSeq of h into its Seq (-1 if unknown).
func (h *host) pageOf(storeSeq int) int {
	if storeSeq < 0 {
		return -1
	}
	// Without gaps the two numberings agree.
	if storeSeq < h.urls.len() && h.urls.storeSeq(storeSeq) == storeSeq {
		return storeSeq
	}
	i := sort.Search(h.urls.len(), func(i int) bool { return h.urls.storeSeq(i) >= storeSeq })
	if i < h.urls.len() && h.urls.storeSeq(i) == storeSeq {
		return i
	}
	return -1
}

// status reports a parked (or loading) host for Status.
func (p *parked) status(name string) HostStatus {
	return HostStatus{Host: name, URLs: p.urls, Finished: p.finished, Queued: p.pending, Ready: p.ready,
		Parked: true, Waiting: p.work, Counted: p.counted}
}

// ParkedCounts is what a store's rows tell of a parked host (see
// SetParkedCounts).
type ParkedCounts struct {
	URLs     int // rows
	Finished int // rows with nothing left to do (done, failed, blocked)
	Queued   int // rows not yet fetched
	// Work: some row is unfinished (queued, or visited and awaiting its
	// revisit).
	Work bool
}

// Parked returns a parked host's state; ok is false unless the host is
// parked (neither active nor being loaded). The caller must keep
// activations out (see Config.Activate) for the answer to stay true.
func (f *Frontier) Parked(name string) (st HostStatus, ok bool) {
	f.mu.Lock()
	defer f.unlock()
	p := f.parked[name]
	if p == nil || f.hosts[name] != nil {
		return HostStatus{}, false
	}
	return p.status(name), true
}

// SetParkedCounts replaces what the frontier knows of a parked host's
// URLs by counts read from the store, e.g. after an operator marked some
// of its rows blocked: the host then keeps its place in the activation
// queue only if work is left (or prerequisites wait). With onlyUncounted
// it touches only a host whose counts are unknown (a lazy fill for
// status). It reports whether the host was parked. As with IsParked, the
// caller keeps activations and discoveries for the host out while it
// reads the rows and calls this.
func (f *Frontier) SetParkedCounts(name string, c ParkedCounts, onlyUncounted bool) bool {
	f.mu.Lock()
	defer f.unlock()
	p := f.parked[name]
	if p == nil || f.hosts[name] != nil {
		return false
	}
	if onlyUncounted && p.counted {
		return true
	}
	f.parkedURLs += c.URLs - p.urls
	p.urls, p.finished, p.pending, p.counted = c.URLs, c.Finished, c.Queued, true
	switch work := c.Work || len(p.prereqs) > 0; {
	case work && !p.work:
		f.giveWork(name, p)
	case !work && p.work:
		// Its parkq entry stays: Unpark skips hosts without work.
		p.work = false
		f.parkWork--
	}
	f.signal() // Next may now be done, or have a host to load
	return true
}
