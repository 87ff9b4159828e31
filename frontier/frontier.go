package frontier

import (
	"container/heap"
	"context"
	"errors"
	"sync"
	"time"

	"github.com/sharc-archive/sharc/scheduler"
)

// ErrDone is returned by Next when no host has work left and nothing is in
// flight.
var ErrDone = errors.New("frontier: done")

// URL is one URL known to the frontier.
type URL struct {
	URL  string
	SURT string
	Host string
	Seq  int // dense per-host index, scheduler.Page.ID; -1 for a parked host's URL
	// StoreSeq is the URL's seq in the store's per-host numbering, set by
	// Assign (what the store row gets) and kept from the store by Restore.
	// It equals Seq unless the host was loaded from rows with gaps (a
	// discovery for a parked host that lost on the SURT leaves its seq
	// unused).
	StoreSeq int
	// Parent is the StoreSeq of the page it was discovered on (same
	// host), -1 for seeds and links from other hosts; strategies see it
	// translated to Seq.
	Parent  int
	HopPath string
	Via     string
	Rate    float64
	// RateSource names the change-rate source that produced Rate.
	RateSource string
}

// Page states kept per URL so a resumed capture skips finished work.
const (
	stQueued uint8 = iota
	stVisited
	stDone
	// stCollapsed: one download served as visit and revisit (Def. 5.5).
	// An online strategy that later learns the page was not the last
	// visit after all may still ask for a real revisit.
	stCollapsed
	// stEarly: a seed handed out before its host's strategy started (see
	// take); its strategy counts it visited when it picks it.
	stEarly
)

// Task is one download handed to a worker.
type Task struct {
	URL
	Action scheduler.Action
	// Prereq is true for host prerequisites (robots.txt) that are not
	// pages of the site and are not ordered by the strategy.
	Prereq bool
	// Interleaved marks a prerequisite that does not hold the host's pages
	// (sitemaps): served alternately with them, after the host's first
	// page, so a sitemap bomb cannot starve the site.
	Interleaved bool
	// Attempt counts earlier failed attempts of this download.
	Attempt int

	// host is the queue Next took the task from, so that Done can update
	// it before taking the frontier's lock (nil in tasks made elsewhere).
	host *host
}

// Politeness is the per-host delay policy.
type Politeness struct {
	Delay       time.Duration // minimum gap between the end of one request and the start of the next
	DelayFactor float64       // the gap is at least DelayFactor × the last fetch duration
	MaxDelay    time.Duration // cap on the computed gap (not on Crawl-delay or Retry-After)
	PerHost     int           // requests in flight per host
}

// Config configures a Frontier.
type Config struct {
	Politeness Politeness
	// HostPoliteness overrides Politeness for named hosts.
	HostPoliteness map[string]Politeness
	// NewStrategy builds the strategy of a new host.
	NewStrategy func(host string) (scheduler.Strategy, error)
	// EstimatedSize is told to each host's strategy in Start (0 = unknown).
	// Start is called when the host's first page is about to be scheduled,
	// after its prerequisites (robots.txt, sitemaps), so known — the number
	// of the host's URLs known by then, sitemap entries included — can
	// serve as the estimate.
	EstimatedSize func(host string, known int) int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// MaxActive bounds the hosts held in memory (0: no bound). The others
	// are parked (see park.go); Activate must then be set.
	MaxActive int
	// MaxHostURLs bounds the URLs a host may have (0: no bound); AssignAll
	// refuses the host's new URLs beyond it.
	MaxHostURLs int
	// Activate is called by Next, without the frontier's lock, when a
	// parked host with work can be activated: it should call Unpark,
	// load the host's rows (Restore) and call Activated. Calls to it
	// and to Assign/Add must be serialised by the caller, so that no URL
	// is assigned to a host while its rows are being read.
	Activate func(ctx context.Context) error
}

// host is one politeness queue.
//
// Its fields are guarded by the frontier's mu, except those under its own
// mu: the URLs' states and the strategy, which Done updates without the
// frontier's lock so that finishing a page of one host does not hold up
// the others (issue 33). h.mu is taken alone or inside f.mu, never the
// other way round.
type host struct {
	name string
	pol  Politeness

	mu       sync.Mutex
	strategy scheduler.Strategy // under mu
	started  bool               // under mu: strategy.Start has been called
	early    [][]scheduler.Page // under mu: Adds made before Start, replayed in order
	state    []uint8            // under mu: by Seq

	urls     urlList // by Seq
	urgent   []Task  // prerequisites and retries, served before the strategy (interleaved ones alternate with it)
	sideNext bool    // the next turn goes to an interleaved prerequisite
	sides    int     // interleaved prerequisites ever queued (they count against MaxHostURLs)
	sidesOut int     // interleaved prerequisites in flight: at most one, see popSide
	inflight int
	prereqs  int       // prerequisites in flight: the host's pages wait for them
	ready    time.Time // earliest start of the next request
	extra    time.Duration
	idx      int // position in the ready heap, -1 when not in it
	stopped  bool
	// nextStore is the StoreSeq the host's next URL gets: len(urls)
	// unless the host was loaded from rows with gaps.
	nextStore int
}

// Frontier is safe for concurrent use.
type Frontier struct {
	cfg   Config
	mu    sync.Mutex
	wake  chan struct{} // closed and replaced whenever something may have become ready
	woken chan struct{} // the wake replaced under f.mu, closed by unlock
	hosts map[string]*host
	seen  *seenSet // SURTs of active hosts (its own lock: Seen reads it without mu)
	ready hostHeap // hosts that may have work, by ready time
	total int      // tasks in flight over all hosts, plus the holds
	holds int      // of total, Holds not yet released (cluster.go)
	err   error

	// Parking (MaxActive > 0), see park.go.
	idle       map[string]*host   // active hosts with nothing to do: evictable
	parked     map[string]*parked // hosts whose URLs are only in the store
	parkq      []string           // parked hosts with work, oldest first (stale entries skipped)
	parkWork   int                // parked hosts with work
	parkedURLs int                // URLs of parked hosts (for Size)
	loading    map[string]*parked // unparked, rows being loaded

	// The request gate (gate.go), under its own lock; gmu may be held
	// while taking mu, never the other way round.
	gmu   sync.Mutex
	gate  map[string]*gateHost
	gwake chan struct{} // closed and replaced when a gated request ends
}

// New returns an empty frontier.
func New(cfg Config) *Frontier {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Politeness.PerHost < 1 {
		cfg.Politeness.PerHost = 1
	}
	return &Frontier{cfg: cfg, wake: make(chan struct{}), hosts: map[string]*host{}, seen: newSeenSet(),
		idle: map[string]*host{}, parked: map[string]*parked{}, loading: map[string]*parked{}}
}

// signal wakes Next's waiters: f.wake is replaced now and the old channel
// closed by unlock, after f.mu is released, so that the waiters it wakes
// do not queue for a lock the signaller still holds, and the closing is
// not part of every Done's critical section (issue 33). f.mu must be held.
func (f *Frontier) signal() {
	if f.woken == nil {
		f.woken = f.wake
		f.wake = make(chan struct{})
	}
}

// unlock releases f.mu and then wakes the waiters of a signal given under
// it. Every f.mu.Lock is paired with it, not with f.mu.Unlock: a signal
// left pending would hold Next's waiters until some later unlock.
func (f *Frontier) unlock() {
	c := f.woken
	f.woken = nil
	f.mu.Unlock()
	if c != nil {
		close(c)
	}
}

func (f *Frontier) hostFor(name string) (*host, error) {
	h := f.hosts[name]
	if h != nil {
		return h, nil
	}
	s, err := f.cfg.NewStrategy(name)
	if err != nil {
		return nil, err
	}
	pol := f.cfg.Politeness
	if p, ok := f.cfg.HostPoliteness[name]; ok {
		pol = p
		if pol.PerHost < 1 {
			pol.PerHost = 1
		}
	}
	h = &host{name: name, pol: pol, strategy: s, idx: -1, urls: urlList{host: name}}
	f.hosts[name] = h
	return h, nil
}

// Seen reports whether a SURT is already in the frontier. It takes only
// the seen set's read lock: a URL being added concurrently may be missed,
// as it could be a moment later under one lock; AssignAll decides.
func (f *Frontier) Seen(surt string) bool {
	return f.seen.has(surt)
}

// NextSeq returns the Seq the next new URL of host will get.
func (f *Frontier) NextSeq(hostName string) int {
	f.mu.Lock()
	defer f.unlock()
	if h := f.hosts[hostName]; h != nil {
		return h.urls.len()
	}
	return 0
}

// Add inserts new URLs (their SURTs must be unseen and their Seqs must be
// the host's next ones, as assigned by Assign) and hands them to their
// hosts' strategies.
func (f *Frontier) Add(urls ...URL) error {
	f.mu.Lock()
	defer f.unlock()
	return f.addLocked(urls, stQueued)
}

// Restore re-inserts URLs of a resumed capture with their saved progress:
// visited means the visit is archived, done means nothing is left. u.Seq
// (and u.Parent) are in the store's numbering: increasing per host, maybe
// with gaps; the frontier renumbers densely for the strategy and keeps
// u.Seq as StoreSeq.
func (f *Frontier) Restore(u URL, visited, done bool) error {
	f.mu.Lock()
	defer f.unlock()
	h, err := f.hostFor(u.Host)
	if err != nil {
		return err
	}
	if u.Seq < h.nextStore {
		return errors.New("frontier: URL " + u.URL + " restored out of sequence")
	}
	u.StoreSeq, u.Seq = u.Seq, h.urls.len()
	h.nextStore = u.StoreSeq
	st := stQueued
	switch {
	case done:
		st = stDone
	case visited:
		st = stVisited
	}
	return f.addLocked([]URL{u}, st)
}

func (f *Frontier) addLocked(urls []URL, st uint8) error {
	// Group consecutive URLs by host so each strategy gets one Add call per
	// discovering page, preserving document order.
	for i := 0; i < len(urls); {
		j := i + 1
		for j < len(urls) && urls[j].Host == urls[i].Host {
			j++
		}
		h, err := f.hostFor(urls[i].Host)
		if err != nil {
			return err
		}
		h.mu.Lock()
		err = f.addPages(h, urls[i:j], st)
		h.mu.Unlock()
		if err != nil {
			return err
		}
		f.schedule(h)
		i = j
	}
	f.signal()
	return nil
}

// addPages appends urls, all of h, to h's queue and strategy. f.mu and
// h.mu must be held.
func (f *Frontier) addPages(h *host, urls []URL, st uint8) error {
	pages := make([]scheduler.Page, 0, len(urls))
	for _, u := range urls {
		if u.Seq != h.urls.len() {
			return errors.New("frontier: URL " + u.URL + " added out of sequence")
		}
		u.StoreSeq = h.nextStore
		h.nextStore++
		parent := h.pageOf(u.Parent)
		f.seen.add(u.SURT)
		if err := h.urls.push(u); err != nil {
			return err
		}
		h.state = append(h.state, st)
		pages = append(pages, scheduler.Page{ID: u.Seq, Parent: parent, Rate: u.Rate})
	}
	if h.started {
		h.strategy.Add(pages...)
	} else {
		h.early = append(h.early, pages)
	}
	return nil
}

// Assign gives each URL whose SURT is new a Seq on its host, drops the
// others and returns the kept ones, ready for Add. URLs of the same call are
// also deduplicated against each other.
func (f *Frontier) Assign(urls []URL) []URL {
	out, _, _ := f.AssignAll(urls)
	return out
}

// AssignAll is Assign for a frontier with MaxActive: URLs of active hosts
// (and of new hosts while there is room) are returned in active, ready for
// Add; URLs of parked hosts get only a StoreSeq (Seq -1) and are returned
// in parked: the caller stores them and does not Add them (the store's
// dedup on SURT decides whether they are new; the host is marked as having
// work either way). New URLs of a host that has MaxHostURLs already are
// returned in refused, and are not marked seen.
func (f *Frontier) AssignAll(urls []URL) (active, parked, refused []URL) {
	f.mu.Lock()
	defer f.unlock()
	next := map[string]int{}
	store := map[string]int{}
	batch := map[string]struct{}{}
	newHosts := 0 // hosts made active by this call
	var out []URL
	for _, u := range urls {
		if f.seen.has(u.SURT) {
			continue
		}
		if _, ok := batch[u.SURT]; ok {
			continue
		}
		batch[u.SURT] = struct{}{}
		n, ok := next[u.Host]
		s := store[u.Host]
		if !ok {
			h := f.hosts[u.Host]
			switch {
			case h != nil:
				n, s = h.urls.len(), h.nextStore
			case f.cfg.MaxActive > 0 && (f.parked[u.Host] != nil || f.activeCount()+newHosts >= f.cfg.MaxActive):
				p := f.parkedFor(u.Host)
				if f.full(p.urls) {
					refused = append(refused, u)
					continue
				}
				u.Seq, u.StoreSeq = -1, p.next
				p.next++
				p.urls++
				p.pending++
				f.parkedURLs++
				f.giveWork(u.Host, p)
				parked = append(parked, u)
				continue
			default:
				newHosts++
			}
		}
		if f.full(n + f.sideCount(u.Host)) {
			next[u.Host], store[u.Host] = n, s
			refused = append(refused, u)
			continue
		}
		u.Seq, u.StoreSeq = n, s
		next[u.Host], store[u.Host] = n+1, s+1
		out = append(out, u)
	}
	if len(parked) > 0 {
		f.signal()
	}
	// Keep each host's URLs contiguous and in Seq order for Add.
	groups := map[string][]URL{}
	var order []string
	for _, u := range out {
		if _, ok := groups[u.Host]; !ok {
			order = append(order, u.Host)
		}
		groups[u.Host] = append(groups[u.Host], u)
	}
	out = out[:0]
	for _, h := range order {
		out = append(out, groups[h]...)
	}
	return out, parked, refused
}

// sideCount is how many interleaved prerequisites (sitemaps) the host has
// had: they count against MaxHostURLs like its pages.
func (f *Frontier) sideCount(name string) int {
	if h := f.hosts[name]; h != nil {
		return h.sides
	}
	return 0
}

// full reports whether a host with n URLs may take no more.
func (f *Frontier) full(n int) bool { return f.cfg.MaxHostURLs > 0 && n >= f.cfg.MaxHostURLs }

// AddPrereq queues a prerequisite download (robots.txt) for a host, served
// before any page of the host.
func (f *Frontier) AddPrereq(hostName string, u URL) error {
	return f.addPrereq(hostName, Task{URL: u, Prereq: true})
}

// AddInterleaved queues a prerequisite (a sitemap) that does not hold the
// host's pages: the host's first page goes first, then interleaved
// prerequisites and pages take turns.
func (f *Frontier) AddInterleaved(hostName string, u URL) error {
	return f.addPrereq(hostName, Task{URL: u, Prereq: true, Interleaved: true})
}

func (f *Frontier) addPrereq(hostName string, t Task) error {
	f.mu.Lock()
	defer f.unlock()
	if f.parkPrereq(hostName, t) {
		return nil
	}
	h, err := f.hostFor(hostName)
	if err != nil {
		return err
	}
	h.urgent = append(h.urgent, t)
	if t.Interleaved {
		h.sides++
	}
	f.schedule(h)
	f.signal()
	return nil
}

// Defer returns an unfinished task to the front of its host behind a new
// prerequisite (robots.txt expired or unknown): the prerequisite runs first,
// then the task again. Nothing is charged to the host's delay.
func (f *Frontier) Defer(t Task, prereq URL) {
	f.mu.Lock()
	defer f.unlock()
	h := f.release(t)
	if h == nil {
		return
	}
	h.urgent = append([]Task{{URL: prereq, Prereq: true}, t}, h.urgent...)
	if h.idx < 0 {
		f.schedule(h)
	}
	f.signal()
}

// release undoes Next's in-flight count for t, and t's hold on its host's
// pages if it is a prerequisite; Defer and Done both end a handed-out task
// this way before deciding what comes next. It returns t's host, or nil
// when the host is gone and there is nothing to undo. f.mu must be held.
func (f *Frontier) release(t Task) *host {
	h := f.hosts[t.Host]
	if h == nil {
		return nil
	}
	h.inflight--
	f.total--
	if t.Prereq && !t.Interleaved {
		h.prereqs--
	}
	if t.Interleaved {
		h.sidesOut--
	}
	return h
}

// schedule puts h in the ready heap if it is not there and may have work.
func (f *Frontier) schedule(h *host) {
	if h.idx >= 0 || h.stopped || h.inflight >= h.pol.PerHost {
		return
	}
	if f.loading[h.name] != nil {
		return // scheduled by Activated, once its prerequisites are queued
	}
	delete(f.idle, h.name)
	heap.Push(&f.ready, h)
}

// Next blocks until a host is ready and returns its next task. It returns
// ErrDone when there is no work left and nothing in flight, or ctx's error.
func (f *Frontier) Next(ctx context.Context) (Task, error) {
	for {
		f.mu.Lock()
		if f.err != nil {
			err := f.err
			f.unlock()
			return Task{}, err
		}
		if f.cfg.Activate != nil && f.canUnpark() {
			f.unlock()
			if err := f.cfg.Activate(ctx); err != nil {
				return Task{}, err
			}
			continue
		}
		now := f.cfg.Now()
		var wait time.Duration = -1
		for f.ready.Len() > 0 {
			h := f.ready[0]
			if d := h.ready.Sub(now); d > 0 {
				wait = d
				break
			}
			heap.Pop(&f.ready)
			h.mu.Lock()
			t, ok := f.take(h)
			h.mu.Unlock()
			if !ok {
				f.settle(h)
				continue // no work now; rescheduled by Done or Add
			}
			t.host = h
			h.inflight++
			f.total++
			f.schedule(h)
			f.unlock()
			return t, nil
		}
		if f.cfg.Activate != nil && f.canUnpark() {
			f.unlock() // a host just became idle: evict it, load a parked one
			continue
		}
		if f.ready.Len() == 0 && f.total == 0 && f.parkWork == 0 && len(f.loading) == 0 {
			f.unlock()
			return Task{}, ErrDone
		}
		wake := f.wake
		f.unlock()
		var timer *time.Timer
		var tc <-chan time.Time
		if wait >= 0 {
			timer = time.NewTimer(wait)
			tc = timer.C
		}
		select {
		case <-ctx.Done():
			if timer != nil {
				timer.Stop()
			}
			return Task{}, ctx.Err()
		case <-wake:
		case <-tc:
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

// take returns h's next task: urgent ones first, then the strategy's,
// skipping downloads a resumed capture already finished. f.mu and h.mu
// must be held.
func (f *Frontier) take(h *host) (Task, bool) {
	if t, ok := h.popUrgent(false); ok {
		if t.Prereq {
			h.prereqs++
		}
		return t, true
	}
	if h.prereqs > 0 {
		return Task{}, false
	}
	if !h.started && h.hasInterleaved() {
		// Sitemaps wait: the seed goes first, outside the strategy, which
		// starts after the first sitemap so its size estimate counts that
		// sitemap's entries. Every strategy visits the root first anyway;
		// its own visit of the seed is skipped as already done.
		if t, ok := h.takeSeed(); ok {
			h.sideNext = true
			return t, true
		}
	}
	if h.sideNext {
		if t, ok := h.popSide(); ok {
			h.sideNext = false
			return t, true
		}
	}
	if t, ok := f.takePage(h); ok {
		h.sideNext = true
		return t, true
	}
	return h.popSide()
}

// popSide hands out the host's next interleaved prerequisite unless one is
// already in flight. A sitemap takes seconds to read and commit (50,000
// entries); without the bound a host with a sitemap index would soon have
// every one of its per_host slots reading sitemaps and none fetching pages.
func (h *host) popSide() (Task, bool) {
	if h.sidesOut > 0 {
		return Task{}, false
	}
	t, ok := h.popUrgent(true)
	if ok {
		h.sidesOut++
	}
	return t, ok
}

func (h *host) hasInterleaved() bool {
	for _, t := range h.urgent {
		if t.Interleaved {
			return true
		}
	}
	return false
}

// takeSeed returns a queued seed (a URL with no hop path) of a host whose
// strategy has not started, marking it handed out.
func (h *host) takeSeed() (Task, bool) {
	for i := range h.urls.len() {
		if h.urls.hop(i) == "" && h.state[i] == stQueued {
			h.state[i] = stEarly
			return Task{URL: h.urls.at(i), Action: scheduler.Visit}, true
		}
	}
	return Task{}, false
}

// popUrgent removes and returns the first urgent task that is (or, with
// interleaved false, is not) an interleaved prerequisite.
func (h *host) popUrgent(interleaved bool) (Task, bool) {
	for i, t := range h.urgent {
		if t.Interleaved == interleaved {
			h.urgent = append(h.urgent[:i:i], h.urgent[i+1:]...)
			return t, true
		}
	}
	return Task{}, false
}

// takePage returns the strategy's next page of h, starting the strategy
// on the first call.
func (f *Frontier) takePage(h *host) (Task, bool) {
	if !h.started {
		est := 0
		if f.cfg.EstimatedSize != nil {
			est = f.cfg.EstimatedSize(h.name, h.urls.len())
		}
		h.strategy.Start(est)
		for _, pages := range h.early {
			h.strategy.Add(pages...)
		}
		h.started, h.early = true, nil
	}
	for {
		d, ok := h.strategy.Next()
		if !ok {
			return Task{}, false
		}
		if d.Page < 0 || d.Page >= h.urls.len() {
			f.err = errors.New("frontier: strategy of " + h.name + " chose an unknown page")
			return Task{}, false
		}
		st := h.state[d.Page]
		if st == stEarly {
			st = stVisited
		}
		skip := st == stDone || (st == stVisited && d.Action == scheduler.Visit) ||
			(st == stCollapsed && d.Action != scheduler.Revisit)
		if skip {
			h.strategy.Done(d)
			continue
		}
		if st == stVisited && d.Action == scheduler.VisitRevisit {
			d.Action = scheduler.Revisit
		}
		return Task{URL: h.urls.at(d.Page), Action: d.Action}, true
	}
}

// Result is what a worker reports for a finished task.
type Result struct {
	// Duration is how long the fetch took; the next request to the host
	// waits at least DelayFactor × Duration.
	Duration time.Duration
	// Fetched is false when nothing was requested (e.g. robots.txt forbade
	// the URL): the host's delay is not charged.
	Fetched bool
	// Retry, if > 0, re-queues the task at the front of its host after this
	// back-off instead of finishing it.
	Retry time.Duration
	// Requeue, if > 0, returns a task that was not started to the front of
	// its host, handed out again no sooner than Requeue from now. Unlike
	// Retry it is not an attempt. The host's other pages wait too, which
	// keeps the strategy's order.
	Requeue time.Duration
	// MinDelay raises the host's gap from now on (robots Crawl-delay).
	MinDelay time.Duration
}

// Done finishes a task. New URLs discovered by the task must be Added
// before Done so that online strategies see them.
//
// A finished page is marked in its host's queue and strategy under the
// host's lock alone, before the frontier's lock is taken for the in-flight
// counts and the ready heap: a host with a task in flight stays in
// f.hosts (evict and DropHost skip it; a host being loaded has none), so
// t.host is still the host's queue then.
func (f *Frontier) Done(t Task, r Result) {
	finishes := r.Retry <= 0 && r.Requeue <= 0 && !t.Prereq
	if t.host != nil && finishes {
		t.host.mu.Lock()
		t.host.finish(t)
		t.host.mu.Unlock()
	}
	f.mu.Lock()
	defer f.unlock()
	h := f.release(t)
	if h == nil {
		return
	}
	if r.MinDelay > h.extra {
		h.extra = r.MinDelay
	}
	now := f.cfg.Now()
	if r.Fetched {
		gap := h.pol.Delay
		if g := time.Duration(h.pol.DelayFactor * float64(r.Duration)); g > gap {
			gap = g
		}
		if h.pol.MaxDelay > 0 && gap > h.pol.MaxDelay {
			gap = h.pol.MaxDelay
		}
		if h.extra > gap {
			gap = h.extra
		}
		if next := now.Add(gap); next.After(h.ready) {
			h.ready = next
		}
	}
	if r.Retry > 0 || r.Requeue > 0 {
		wait := r.Requeue
		if r.Retry > 0 {
			t.Attempt++
			wait = r.Retry
		}
		h.urgent = append([]Task{t}, h.urgent...)
		if next := now.Add(wait); next.After(h.ready) {
			h.ready = next
		}
	} else if finishes && t.host == nil {
		h.mu.Lock()
		h.finish(t)
		h.mu.Unlock()
	}
	if h.idx >= 0 {
		heap.Fix(&f.ready, h.idx)
	} else {
		f.schedule(h)
		f.settle(h)
	}
	f.signal()
}

// finish marks t's page done in h's queue and tells h's strategy. h.mu
// must be held.
func (h *host) finish(t Task) {
	early := h.state[t.Seq] == stEarly
	switch t.Action {
	case scheduler.Visit:
		h.state[t.Seq] = stVisited
	case scheduler.VisitRevisit:
		h.state[t.Seq] = stCollapsed
	default:
		h.state[t.Seq] = stDone
	}
	if !early { // an early seed is Done when its strategy picks it (take skips it)
		h.strategy.Done(scheduler.Decision{Page: t.Seq, Action: t.Action})
	}
}

// StopHost drops a host's remaining work (e.g. its robots.txt could not be
// read and the job obeys robots, or an operator removed it).
func (f *Frontier) StopHost(name string) {
	f.mu.Lock()
	defer f.unlock()
	h := f.hosts[name]
	if h == nil {
		return
	}
	h.stopped = true
	h.urgent = nil
	if h.idx >= 0 {
		heap.Remove(&f.ready, h.idx)
	}
	f.settle(h)
	f.signal()
}

// HostStatus describes one host queue, for progress and status reports.
type HostStatus struct {
	Host     string
	URLs     int
	Finished int // URLs with nothing left to do
	Queued   int // URLs not yet fetched
	InFlight int
	Ready    time.Time // earliest next request (zero: not known, e.g. never active)
	// Parked is true for a host whose URLs are only in the store
	// (MaxActive); Waiting is true if it has work and waits for a slot
	// among the active hosts. URLs of a parked host count URLs assigned
	// to it, a few of which the store may have dropped as duplicates.
	Parked, Waiting bool
	// Counted is false for a parked host whose Finished and Queued are
	// not known yet (parked by Park at resume, see SetParkedCounts).
	Counted bool
}

// Status returns every host's queue state, parked hosts' included.
func (f *Frontier) Status() []HostStatus {
	f.mu.Lock()
	defer f.unlock()
	out := make([]HostStatus, 0, len(f.hosts)+len(f.parked)+len(f.loading))
	for _, h := range f.hosts {
		out = append(out, h.status())
	}
	for name, p := range f.parked {
		out = append(out, p.status(name))
	}
	for name, p := range f.loading {
		if f.hosts[name] == nil {
			out = append(out, p.status(name))
		}
	}
	return out
}

func (h *host) status() HostStatus {
	st := HostStatus{Host: h.name, URLs: h.urls.len(), InFlight: h.inflight, Ready: h.ready, Counted: true}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range h.state {
		switch s {
		case stDone, stCollapsed:
			st.Finished++
		case stQueued:
			st.Queued++
		}
	}
	return st
}

// Size returns the number of URLs known, parked hosts' included (those
// counted as assigned: a few may have been duplicates the store dropped).
func (f *Frontier) Size() int {
	f.mu.Lock()
	defer f.unlock()
	n := f.seen.len() + f.parkedURLs
	for _, p := range f.loading {
		n += p.urls
	}
	return n
}

// hostHeap orders hosts by ready time.
type hostHeap []*host

func (q hostHeap) Len() int           { return len(q) }
func (q hostHeap) Less(i, j int) bool { return q[i].ready.Before(q[j].ready) }
func (q hostHeap) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].idx = i
	q[j].idx = j
}
func (q *hostHeap) Push(x any) {
	h := x.(*host)
	h.idx = len(*q)
	*q = append(*q, h)
}
func (q *hostHeap) Pop() any {
	old := *q
	h := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	h.idx = -1
	return h
}
