package frontier

import (
	"container/heap"
	"context"
	"sync"
	"time"
)

// Cluster mode (several nodes share one capture, each crawling the hosts it
// leases): the frontier holds only the leased hosts, which come and go
// while the capture runs, and Next must not report ErrDone merely because
// this node has run out of hosts for the moment.

// Hold keeps Next from returning ErrDone until the returned function is
// called (once; later calls do nothing): workers wait for more hosts
// instead of ending.
func (f *Frontier) Hold() (release func()) {
	f.mu.Lock()
	f.total++
	f.holds++
	f.unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			f.mu.Lock()
			f.total--
			f.holds--
			f.signal()
			f.unlock()
		})
	}
}

// idlePoll bounds how long WaitIdle sleeps between looks: a host whose
// queue a worker empties leaves the ready heap without a signal.
const idlePoll = 20 * time.Millisecond

// WaitIdle blocks until nothing is queued or in flight but the Holds: every
// URL added so far has been finished. A capture that adds its URLs in
// rounds (a refresh cycle, crawler/refresh.go) holds the frontier open and
// waits here for each round's outcome. It returns ctx's error if ctx ends
// first, or the frontier's error.
func (f *Frontier) WaitIdle(ctx context.Context) error {
	for {
		f.mu.Lock()
		if f.err != nil {
			err := f.err
			f.unlock()
			return err
		}
		if f.ready.Len() == 0 && f.total == f.holds && f.parkWork == 0 && len(f.loading) == 0 {
			f.unlock()
			return nil
		}
		wait := idlePoll
		if f.ready.Len() > 0 {
			wait = min(wait, max(time.Millisecond, f.ready[0].ready.Sub(f.cfg.Now())+time.Millisecond))
		}
		wake := f.wake
		f.unlock()
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		case <-wake:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// HoldHost creates the queue of a host (if needed) and makes its first
// request wait until ready: the politeness gap the previous holder of the
// host left.
func (f *Frontier) HoldHost(name string, ready time.Time) error {
	f.mu.Lock()
	defer f.unlock()
	h, err := f.hostFor(name)
	if err != nil {
		return err
	}
	if ready.After(h.ready) {
		h.ready = ready
		if h.idx >= 0 {
			heap.Fix(&f.ready, h.idx)
		}
	}
	return nil
}

// HostIdle reports whether a host has nothing to do and nothing in flight:
// its strategy has no more downloads, no prerequisite or retry waits and no
// worker holds one of its tasks. Only new URLs (Add) can give it work
// again. An unknown host is idle.
func (f *Frontier) HostIdle(name string) bool {
	f.mu.Lock()
	defer f.unlock()
	h := f.hosts[name]
	if h == nil {
		return true
	}
	if h.inflight > 0 {
		return false
	}
	return h.stopped || (h.idx < 0 && len(h.urgent) == 0)
}

// HostReady returns the earliest start of the host's next request.
func (f *Frontier) HostReady(name string) time.Time {
	f.mu.Lock()
	defer f.unlock()
	if h := f.hosts[name]; h != nil {
		return h.ready
	}
	return time.Time{}
}

// DropHost forgets a host that has nothing in flight, with its URLs, so
// that the host can later be loaded afresh (another node may have crawled
// it meanwhile). It returns how many of its URLs had been fetched (not
// still queued), and false if the host has tasks in flight (it is then
// kept).
func (f *Frontier) DropHost(name string) (fetched int, ok bool) {
	f.mu.Lock()
	defer f.unlock()
	h := f.hosts[name]
	if h == nil {
		return 0, true
	}
	if h.inflight > 0 {
		return 0, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for i := range h.urls.len() {
		f.seen.remove(h.urls.surt(i))
		if h.state[i] != stQueued {
			fetched++
		}
	}
	if h.idx >= 0 {
		heap.Remove(&f.ready, h.idx)
	}
	delete(f.idle, name)
	delete(f.hosts, name)
	f.signal()
	return fetched, true
}
