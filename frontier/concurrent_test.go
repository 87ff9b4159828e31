package frontier

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestConcurrentHostsExactlyOnce drives many hosts from many workers at
// once (run it with -race): Done marks pages under the host's lock alone
// while other workers take tasks, add discoveries, retry and read the
// status under the frontier's. Every URL must be finished exactly once and
// the frontier must end.
func TestConcurrentHostsExactlyOnce(t *testing.T) {
	const hosts, per, workers = 8, 100, 16
	f := newTestFrontier(t, Politeness{PerHost: 4}, "bfs")
	var added atomic.Int64
	for i := range hosts {
		if err := f.Add(f.Assign(urls(fmt.Sprintf("h%d", i), per))...); err != nil {
			t.Fatal(err)
		}
		added.Add(per)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var mu sync.Mutex // guards finished and addMu's Assign+Add pairs
	finished := map[string]int{}
	var addMu sync.Mutex // Assign and Add of one batch must not interleave with another's
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				task, err := f.Next(ctx)
				if errors.Is(err, ErrDone) {
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
				if !f.Seen(task.SURT) { // read without f.mu while others add
					t.Errorf("%s handed out but not seen", task.URL.URL)
				}
				if task.Attempt == 0 && task.Seq%7 == 3 {
					f.Done(task, Result{Retry: time.Microsecond})
					continue
				}
				if task.Seq < 20 { // a discovery on the next host, once per URL
					next := fmt.Sprintf("h%d", (task.Seq+w)%hosts)
					u := URL{URL: "http://" + next + "/from/" + task.URL.URL, SURT: next + ")/from/" + task.SURT, Host: next, Parent: -1}
					addMu.Lock()
					kept := f.Assign([]URL{u})
					if err := f.Add(kept...); err != nil {
						t.Error(err)
					}
					addMu.Unlock()
					added.Add(int64(len(kept)))
				}
				f.Done(task, Result{Fetched: true})
				mu.Lock()
				finished[task.URL.URL]++
				mu.Unlock()
			}
		}()
	}
	workersDone, statusDone := make(chan struct{}), make(chan struct{})
	go func() { // reads under f.mu and h.mu while Done writes under h.mu
		defer close(statusDone)
		for range 1_000_000 { // bounded; ends with the workers
			select {
			case <-workersDone:
				return
			default:
			}
			f.Status()
			f.HostQueue("h0", 5)
		}
	}()
	wg.Wait()
	close(workersDone)
	<-statusDone
	if len(finished) != int(added.Load()) {
		t.Fatalf("%d URLs finished, %d added", len(finished), added.Load())
	}
	for u, n := range finished {
		if n != 1 {
			t.Errorf("%s finished %d times", u, n)
		}
	}
	for _, st := range f.Status() {
		if st.Queued != 0 || st.InFlight != 0 { // bfs visits: visited, not "finished"
			t.Errorf("host %s at the end: %+v", st.Host, st)
		}
	}
}
