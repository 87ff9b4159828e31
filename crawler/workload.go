package crawler

import (
	"sync/atomic"
	"time"
)

// groupWindow is how long the committer may wait for more exchanges
// before committing a group while workers are still processing pages
// (Crawler.gather). The pages already in the group wait with it: a few
// milliseconds against a fetch, and nothing against politeness delays.
const groupWindow = 8 * time.Millisecond

// groupEnough is the group size at which the committer stops waiting: the
// fsync is then shared eight ways, and a longer wait would idle the
// committer when it is the bottleneck (a 10⁶-URL PostgreSQL index, whose
// commits are slow enough for eight pages to queue behind each).
const groupEnough = 8

// workload counts the workers processing a task and not waiting for a
// commit: while one is, another exchange may reach the committer soon,
// and the group can wait for it. Issue 11: committing whatever was queued
// made groups of about one page on a CPU-bound crawl, each paying a WARC
// fsync and a store transaction (a tenth of the crawl's CPU).
type workload struct {
	busy atomic.Int64
	// idle gets a token when busy drops to zero, waking a waiting gather.
	idle chan struct{}
	// window is time.After; tests inject their own.
	window func(time.Duration) <-chan time.Time
}

func newWorkload() *workload {
	return &workload{idle: make(chan struct{}, 1), window: time.After}
}

// start marks a worker busy.
func (w *workload) start() { w.busy.Add(1) }

// stop marks a worker no longer busy: its task is settled, or it waits
// for its exchange's commit.
func (w *workload) stop() {
	if w.busy.Add(-1) <= 0 {
		select {
		case w.idle <- struct{}{}:
		default:
		}
	}
}

// anyBusy reports whether some worker may still hand in an exchange.
func (w *workload) anyBusy() bool { return w.busy.Load() > 0 }
