package frontier

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// TestClusterHostLifecycle follows a host through a node's frontier in
// cluster mode: workers wait (Hold) while the node has no host, a leased
// host honours the gap its previous holder left, becomes idle once its
// work is done, and is forgotten (DropHost) so it can be loaded afresh.
func TestClusterHostLifecycle(t *testing.T) {
	f := newTestFrontier(t, Politeness{PerHost: 1}, "bfs")
	release := f.Hold()

	// Held: Next waits instead of reporting ErrDone.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	_, err := f.Next(ctx)
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Next on a held empty frontier: %v, want to wait", err)
	}

	ready := time.Now().Add(80 * time.Millisecond)
	if err := f.HoldHost("a.test", ready); err != nil {
		t.Fatal(err)
	}
	us := f.Assign(urls("a.test", 3))
	if err := f.Add(us...); err != nil {
		t.Fatal(err)
	}
	if f.HostIdle("a.test") {
		t.Fatal("a host with queued URLs is idle")
	}
	for i := range 3 {
		task, err := f.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 && time.Now().Before(ready) {
			t.Errorf("first request at %s, before the hand-over gap ends at %s", time.Now().Format(time.StampMicro), ready.Format(time.StampMicro))
		}
		if f.HostIdle("a.test") {
			t.Error("a host with a task in flight is idle")
		}
		f.Done(task, Result{Fetched: true})
	}
	// The strategy has nothing left once a worker asks again.
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	_, _ = f.Next(ctx)
	cancel()
	if !f.HostIdle("a.test") {
		t.Fatal("a host with everything done is not idle")
	}
	if got := f.HostReady("a.test"); got.Before(ready) {
		t.Errorf("HostReady = %s, before the gap %s", got, ready)
	}
	fin, ok := f.DropHost("a.test")
	if !ok || fin != 3 {
		t.Fatalf("DropHost = %d, %v; want 3 fetched", fin, ok)
	}
	if f.Seen(us[0].SURT) || f.NextSeq("a.test") != 0 || f.Size() != 0 {
		t.Fatal("a dropped host's URLs are still known")
	}
	// Reloaded afresh with seqs from 0.
	if err := f.Restore(us[0], false, true); err != nil {
		t.Fatalf("reloading a dropped host: %v", err)
	}

	release()
	release() // idempotent
	if _, err := f.Next(context.Background()); !errors.Is(err, ErrDone) {
		t.Fatalf("Next after the hold ends: %v, want ErrDone", err)
	}
}

func TestDropHostKeepsHostInFlight(t *testing.T) {
	f := newTestFrontier(t, Politeness{PerHost: 1}, "bfs")
	if err := f.Add(f.Assign(urls("b.test", 2))...); err != nil {
		t.Fatal(err)
	}
	task, err := f.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.DropHost("b.test"); ok {
		t.Fatal("DropHost dropped a host with a task in flight")
	}
	f.StopHost("b.test")
	if f.HostIdle("b.test") {
		t.Fatal("a stopped host with a task in flight is idle")
	}
	f.Done(task, Result{Fetched: true})
	if !f.HostIdle("b.test") {
		t.Fatal("a stopped host with nothing in flight is not idle")
	}
	if _, ok := f.DropHost("b.test"); !ok {
		t.Fatal("DropHost kept an idle stopped host")
	}
}

// TestWaitIdleRounds: with the frontier held open, WaitIdle returns once
// every URL added so far is done (not before), and workers keep waiting
// for the next round instead of ending; releasing the hold ends them.
func TestWaitIdleRounds(t *testing.T) {
	f := newTestFrontier(t, Politeness{Delay: 2 * time.Millisecond, PerHost: 1}, "bfs")
	release := f.Hold()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var done atomic.Int64
	workers := make(chan struct{})
	go func() {
		defer close(workers)
		for {
			task, err := f.Next(ctx)
			if err != nil {
				return
			}
			done.Add(1)
			f.Done(task, Result{Fetched: true})
		}
	}()
	for round, n := range []int{3, 2} {
		batch := urls("a", 5)[done.Load():][:n]
		if err := f.Add(f.Assign(batch)...); err != nil {
			t.Fatal(err)
		}
		if err := f.WaitIdle(ctx); err != nil {
			t.Fatal(err)
		}
		if want := []int64{3, 5}[round]; done.Load() != want {
			t.Fatalf("round %d: WaitIdle returned after %d tasks, want %d", round, done.Load(), want)
		}
	}
	select {
	case <-workers:
		t.Fatal("the worker ended while the frontier was held")
	default:
	}
	release()
	<-workers
	short, stop := context.WithCancel(context.Background())
	stop()
	if err := f.WaitIdle(short); err != nil {
		t.Errorf("an idle frontier: WaitIdle = %v, want nil at once", err)
	}
}
