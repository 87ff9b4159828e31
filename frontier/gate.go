package frontier

import (
	"context"
	"time"
)

// The request gate spaces every HTTP request to a host, not only the
// frontier's tasks: a browser page (package browserfetch) makes requests
// to its own host and to others while its task is in flight, and those
// must keep the same per-host politeness as the tasks. A task's own fetch
// goes through the gate too, so both kinds of request are ordered by one
// clock per host. The gap after a request is the one Done computes for a
// task (Politeness.Delay, DelayFactor × duration up to MaxDelay, the
// robots Crawl-delay), from the request's end to the next one's start.

// gateHost is one host's request clock.
type gateHost struct {
	busy  int       // requests in flight
	ready time.Time // earliest start of the next request
}

// maxGateHosts bounds the idle clocks kept: past it, those whose gap
// has passed are forgotten (they no longer hold anything back).
const maxGateHosts = 4096

// Request waits until a request to host may start: fewer than its
// per_host requests in flight and its gap since the last one passed. The
// caller must call done with the request's duration (0 if it failed
// before connecting) once it ends.
func (f *Frontier) Request(ctx context.Context, host string) (done func(took time.Duration), err error) {
	for {
		f.gmu.Lock()
		if f.gate == nil {
			f.gate = map[string]*gateHost{}
		}
		g := f.gate[host]
		if g == nil {
			f.pruneGate()
			g = &gateHost{}
			f.gate[host] = g
		}
		pol, _ := f.hostPoliteness(host)
		now := f.cfg.Now()
		wait := g.ready.Sub(now)
		if g.busy < max(pol.PerHost, 1) && wait <= 0 {
			g.busy++
			f.gmu.Unlock()
			return func(took time.Duration) { f.requestDone(host, g, took) }, nil
		}
		wake := f.gwake
		if wake == nil {
			wake = make(chan struct{})
			f.gwake = wake
		}
		f.gmu.Unlock()
		if err := waitGate(ctx, wake, wait); err != nil {
			return nil, err
		}
	}
}

// waitGate waits for a request to end (wake) or, if wait > 0, for wait.
func waitGate(ctx context.Context, wake chan struct{}, wait time.Duration) error {
	var tc <-chan time.Time
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		tc = t.C
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-wake:
	case <-tc:
	}
	return nil
}

// requestDone ends a request: the host's next one waits its gap.
func (f *Frontier) requestDone(host string, g *gateHost, took time.Duration) {
	pol, extra := f.hostPoliteness(host)
	gap := pol.Delay
	if d := time.Duration(pol.DelayFactor * float64(took)); d > gap {
		gap = d
	}
	if pol.MaxDelay > 0 && gap > pol.MaxDelay {
		gap = pol.MaxDelay
	}
	gap = max(gap, extra)
	f.gmu.Lock()
	defer f.gmu.Unlock()
	g.busy--
	if next := f.cfg.Now().Add(gap); next.After(g.ready) {
		g.ready = next
	}
	if f.gwake != nil {
		close(f.gwake)
		f.gwake = nil
	}
}

// pruneGate forgets idle clocks whose gap has passed, once there are
// many. Called with gmu held.
func (f *Frontier) pruneGate() {
	if len(f.gate) < maxGateHosts {
		return
	}
	now := f.cfg.Now()
	for name, g := range f.gate {
		if g.busy == 0 && !g.ready.After(now) {
			delete(f.gate, name)
		}
	}
}

// hostPoliteness returns the politeness a host's requests keep and the
// extra gap its robots.txt asks for: the active host's own, else the
// configured one.
func (f *Frontier) hostPoliteness(name string) (Politeness, time.Duration) {
	f.mu.Lock()
	defer f.unlock()
	if h := f.hosts[name]; h != nil {
		return h.pol, h.extra
	}
	if p := f.parked[name]; p != nil && p.pol != nil {
		return *p.pol, p.extra
	}
	if p, ok := f.cfg.HostPoliteness[name]; ok {
		return p, 0
	}
	return f.cfg.Politeness, 0
}
