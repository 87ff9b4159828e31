package frontier

import (
	"container/heap"
	"regexp"
	"time"
)

// Operator edits of a live frontier (the daemon's frontier API): drop URLs
// an operator does not want (a calendar trap, a session-ID explosion) and
// change a host's delay without restarting the capture.

// DropMatching finishes, without fetching, every URL of host not yet
// fetched (queued) whose URL matches re, and returns them so the caller can
// record them in the store (a resumed capture must not bring them back).
// Visited pages keep their state (in a visit-revisit capture they are still
// revisited): their records exist. A URL being fetched right now is dropped
// too, but its fetch completes and is archived.
func (f *Frontier) DropMatching(hostName string, re *regexp.Regexp) []URL {
	f.mu.Lock()
	defer f.unlock()
	h := f.hosts[hostName]
	if h == nil {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []URL
	for i := range h.urls.len() {
		if u := h.urls.at(i); h.state[i] == stQueued && re.MatchString(u.URL) {
			h.state[i] = stDone // take() skips it when the strategy offers it
			out = append(out, u)
		}
	}
	// Retries of dropped URLs wait in urgent; prerequisites stay.
	kept := h.urgent[:0]
	for _, t := range h.urgent {
		if t.Prereq || h.state[t.Seq] != stDone {
			kept = append(kept, t)
		}
	}
	h.urgent = kept
	f.signal()
	return out
}

// SetHostDelay sets the minimum gap between requests to a host (raising
// its MaxDelay if needed) from the next request on. A host not yet seen
// gets it when it is discovered. It reports whether the host was known.
func (f *Frontier) SetHostDelay(hostName string, d time.Duration) bool {
	f.mu.Lock()
	defer f.unlock()
	apply := func(p Politeness) Politeness {
		p.Delay = d
		if p.MaxDelay < d {
			p.MaxDelay = d
		}
		return p
	}
	h := f.hosts[hostName]
	if h == nil {
		p, ok := f.cfg.HostPoliteness[hostName]
		if !ok {
			p = f.cfg.Politeness
		}
		hp := make(map[string]Politeness, len(f.cfg.HostPoliteness)+1)
		for k, v := range f.cfg.HostPoliteness {
			hp[k] = v
		}
		hp[hostName] = apply(p)
		f.cfg.HostPoliteness = hp
		// A parked host keeps the politeness it had when evicted: update
		// that copy too (Activated restores it).
		for _, pk := range []*parked{f.parked[hostName], f.loading[hostName]} {
			if pk != nil && pk.pol != nil {
				np := apply(*pk.pol)
				pk.pol = &np
			}
		}
		return false
	}
	h.pol = apply(h.pol)
	// A shorter delay may make the host ready sooner than planned; a longer
	// one applies from the next request on.
	gap := max(d, h.extra)
	if ready := f.cfg.Now().Add(gap); ready.Before(h.ready) {
		h.ready = ready
		if h.idx >= 0 {
			heap.Fix(&f.ready, h.idx)
		}
	}
	f.signal()
	return true
}

// HostQueue returns a host's queue state and up to limit of its URLs not
// yet fetched, in Seq order (limit ≤ 0: all), with their total. ok is false
// for an unknown host.
func (f *Frontier) HostQueue(hostName string, limit int) (st HostStatus, queued int, pending []URL, ok bool) {
	f.mu.Lock()
	defer f.unlock()
	h := f.hosts[hostName]
	if h == nil {
		return HostStatus{}, 0, nil, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	fin := 0
	for i, s := range h.state {
		if s == stDone || s == stCollapsed {
			fin++
		}
		if s != stQueued {
			continue
		}
		queued++
		if limit <= 0 || len(pending) < limit {
			pending = append(pending, h.urls.at(i))
		}
	}
	return HostStatus{Host: h.name, URLs: h.urls.len(), Finished: fin, InFlight: h.inflight, Ready: h.ready}, queued, pending, true
}

// HostDelay returns the host's current minimum gap and the extra gap its
// robots.txt Crawl-delay imposes, parked hosts' included.
func (f *Frontier) HostDelay(hostName string) (delay, crawlDelay time.Duration, ok bool) {
	f.mu.Lock()
	defer f.unlock()
	h := f.hosts[hostName]
	if h == nil {
		// A parked host keeps its politeness from when it was evicted;
		// one never active gets the configured one.
		p := f.parked[hostName]
		if p == nil {
			p = f.loading[hostName]
		}
		if p == nil {
			return 0, 0, false
		}
		if p.pol != nil {
			return p.pol.Delay, p.extra, true
		}
		pol, ok := f.cfg.HostPoliteness[hostName]
		if !ok {
			pol = f.cfg.Politeness
		}
		return pol.Delay, p.extra, true
	}
	return h.pol.Delay, h.extra, true
}
