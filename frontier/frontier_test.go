package frontier

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/scheduler"
)

func newTestFrontier(t *testing.T, pol Politeness, strategy string) *Frontier {
	t.Helper()
	reg := scheduler.NewRegistry()
	return New(Config{
		Politeness:  pol,
		NewStrategy: func(string) (scheduler.Strategy, error) { return reg.New(strategy, scheduler.Params{}) },
	})
}

func urls(host string, n int) []URL {
	out := make([]URL, n)
	for i := range out {
		out[i] = URL{URL: fmt.Sprintf("http://%s/%d", host, i), SURT: fmt.Sprintf("%s)/%d", host, i), Host: host, Parent: -1}
	}
	return out
}

// drain runs tasks with the given number of workers, recording start times
// per host, until the frontier is done.
func drain(t *testing.T, f *Frontier, workers int, work time.Duration) map[string][]time.Time {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var mu sync.Mutex
	starts := map[string][]time.Time{}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
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
				mu.Lock()
				starts[task.Host] = append(starts[task.Host], time.Now())
				mu.Unlock()
				time.Sleep(work)
				f.Done(task, Result{Fetched: true, Duration: work})
			}
		}()
	}
	wg.Wait()
	return starts
}

func TestPolitenessGapPerHost(t *testing.T) {
	f := newTestFrontier(t, Politeness{Delay: 30 * time.Millisecond, PerHost: 1}, "bfs")
	for _, h := range []string{"a", "b", "c"} {
		if err := f.Add(f.Assign(urls(h, 5))...); err != nil {
			t.Fatal(err)
		}
	}
	starts := drain(t, f, 6, 5*time.Millisecond)
	for h, ts := range starts {
		if len(ts) != 5 {
			t.Fatalf("host %s: %d fetches, want 5", h, len(ts))
		}
		for i := 1; i < len(ts); i++ {
			// start-to-start gap ≥ work (5ms) + delay (30ms)
			if gap := ts[i].Sub(ts[i-1]); gap < 34*time.Millisecond {
				t.Errorf("host %s: gap %v between fetches %d and %d, want ≥ 35ms", h, gap, i-1, i)
			}
		}
	}
}

func TestDelayFactorAndMaxDelay(t *testing.T) {
	// DelayFactor 10 × 5ms = 50ms, capped by MaxDelay 20ms.
	f := newTestFrontier(t, Politeness{Delay: time.Millisecond, DelayFactor: 10, MaxDelay: 20 * time.Millisecond}, "bfs")
	if err := f.Add(f.Assign(urls("a", 4))...); err != nil {
		t.Fatal(err)
	}
	ts := drain(t, f, 2, 5*time.Millisecond)["a"]
	for i := 1; i < len(ts); i++ {
		gap := ts[i].Sub(ts[i-1])
		if gap < 24*time.Millisecond || gap > 200*time.Millisecond {
			t.Errorf("gap %v, want about 25ms (5ms work + 20ms capped delay)", gap)
		}
	}
}

func TestPerHostParallelism(t *testing.T) {
	f := newTestFrontier(t, Politeness{PerHost: 3}, "bfs")
	if err := f.Add(f.Assign(urls("a", 3))...); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var tasks []Task
	for i := 0; i < 3; i++ {
		task, err := f.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		tasks = append(tasks, task)
	}
	for _, task := range tasks {
		f.Done(task, Result{})
	}
	if _, err := f.Next(ctx); !errors.Is(err, ErrDone) {
		t.Fatalf("after all tasks: %v, want ErrDone", err)
	}
}

func TestAssignDeduplicates(t *testing.T) {
	f := newTestFrontier(t, Politeness{}, "bfs")
	in := append(urls("a", 3), urls("a", 3)...)
	in = append(in, urls("b", 2)...)
	got := f.Assign(in)
	if len(got) != 5 {
		t.Fatalf("Assign kept %d, want 5", len(got))
	}
	if err := f.Add(got...); err != nil {
		t.Fatal(err)
	}
	if again := f.Assign(urls("a", 4)); len(again) != 1 || again[0].Seq != 3 {
		t.Fatalf("second Assign = %+v, want only a/3 with Seq 3", again)
	}
	if f.Size() != 5 {
		t.Fatalf("Size = %d, want 5", f.Size())
	}
}

func TestPrereqFirstAndRetry(t *testing.T) {
	f := newTestFrontier(t, Politeness{PerHost: 2}, "bfs")
	if err := f.Add(f.Assign(urls("a", 2))...); err != nil {
		t.Fatal(err)
	}
	if err := f.AddPrereq("a", URL{URL: "http://a/robots.txt", Host: "a"}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	first, err := f.Next(ctx)
	if err != nil || !first.Prereq {
		t.Fatalf("first task %+v (%v), want the prerequisite", first, err)
	}
	// Pages wait for the prerequisite even though PerHost allows 2.
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if task, err := f.Next(short); err == nil {
		t.Fatalf("got %+v while the prerequisite is in flight", task)
	}
	f.Done(first, Result{Fetched: true})
	page, err := f.Next(ctx)
	if err != nil || page.Seq != 0 {
		t.Fatalf("got %+v (%v), want page 0", page, err)
	}
	f.Done(page, Result{Fetched: true, Retry: 20 * time.Millisecond})
	start := time.Now()
	again, err := f.Next(ctx)
	if err != nil || again.Seq != 0 || again.Attempt != 1 {
		t.Fatalf("got %+v (%v), want page 0 retried", again, err)
	}
	if waited := time.Since(start); waited < 15*time.Millisecond {
		t.Errorf("retry came after %v, want ≥ 20ms back-off", waited)
	}
}

// TestRequeue checks a requeued task: handed out again first, not before the
// hold ends, its attempt count unchanged, and the host's next page behind it.
func TestRequeue(t *testing.T) {
	f := newTestFrontier(t, Politeness{}, "bfs")
	if err := f.Add(f.Assign(urls("a", 2))...); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	page, err := f.Next(ctx)
	if err != nil || page.Seq != 0 {
		t.Fatalf("got %+v (%v), want page 0", page, err)
	}
	const hold = 40 * time.Millisecond
	start := time.Now()
	f.Done(page, Result{Requeue: hold})
	again, err := f.Next(ctx)
	if err != nil || again.Seq != 0 || again.Attempt != 0 {
		t.Fatalf("got %+v (%v), want page 0 again, attempt 0", again, err)
	}
	if waited := time.Since(start); waited < hold {
		t.Errorf("held task came back after %v, want ≥ %v", waited, hold)
	}
	f.Done(again, Result{Fetched: true})
	next, err := f.Next(ctx)
	if err != nil || next.Seq != 1 {
		t.Fatalf("got %+v (%v), want page 1", next, err)
	}
	f.Done(next, Result{Fetched: true})
	if task, err := f.Next(ctx); !errors.Is(err, ErrDone) {
		t.Fatalf("got %+v (%v) after both pages, want ErrDone", task, err)
	}
}

func TestRestoreSkipsFinished(t *testing.T) {
	f := newTestFrontier(t, Politeness{}, "bfs")
	for i, u := range urls("a", 4) {
		u.Seq = i
		if err := f.Restore(u, false, i%2 == 0); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	var got []int
	for {
		task, err := f.Next(ctx)
		if errors.Is(err, ErrDone) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, task.Seq)
		f.Done(task, Result{})
	}
	if fmt.Sprint(got) != "[1 3]" {
		t.Fatalf("resumed tasks %v, want [1 3]", got)
	}
}

func BenchmarkFrontierAddNext(b *testing.B) {
	reg := scheduler.NewRegistry()
	f := New(Config{NewStrategy: func(string) (scheduler.Strategy, error) { return reg.New("bfs", scheduler.Params{}) }, Politeness: Politeness{PerHost: 1 << 30}})
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		h := fmt.Sprintf("h%d", i%100)
		u := URL{URL: fmt.Sprint(i), SURT: fmt.Sprint(i), Host: h, Seq: f.NextSeq(h), Parent: -1}
		if err := f.Add(u); err != nil {
			b.Fatal(err)
		}
		task, err := f.Next(ctx)
		if err != nil {
			b.Fatal(err)
		}
		f.Done(task, Result{})
	}
}

// startRecorder wraps a strategy and records what Start was told.
type startRecorder struct {
	scheduler.Strategy
	started []int
}

func (s *startRecorder) Start(n int) {
	s.started = append(s.started, n)
	s.Strategy.Start(n)
}

// TestStartAfterPrerequisites: a host's strategy starts when its first page
// is about to be scheduled, after its prerequisites, so URLs found by them
// (sitemap entries) count in the size estimate, and early Adds are replayed.
func TestStartAfterPrerequisites(t *testing.T) {
	reg := scheduler.NewRegistry()
	bfs, _ := reg.New("bfs", scheduler.Params{})
	rec := &startRecorder{Strategy: bfs}
	f := New(Config{
		NewStrategy:   func(string) (scheduler.Strategy, error) { return rec, nil },
		EstimatedSize: func(_ string, known int) int { return known },
	})
	ctx := context.Background()
	if err := f.AddPrereq("a", URL{URL: "http://a/sitemap.xml", Host: "a"}); err != nil {
		t.Fatal(err)
	}
	if err := f.Add(f.Assign(urls("a", 1))...); err != nil {
		t.Fatal(err)
	}
	pre, err := f.Next(ctx)
	if err != nil || !pre.Prereq || len(rec.started) != 0 {
		t.Fatalf("first task %+v (%v), Start calls %v: want the prerequisite and no Start yet", pre, err, rec.started)
	}
	// The "sitemap" reveals four more pages before finishing.
	more := urls("a", 5)[1:]
	for i := range more {
		more[i].SURT += "-sm"
	}
	if err := f.Add(f.Assign(more)...); err != nil {
		t.Fatal(err)
	}
	f.Done(pre, Result{})
	var got []int
	for {
		task, err := f.Next(ctx)
		if errors.Is(err, ErrDone) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, task.Seq)
		f.Done(task, Result{})
	}
	if fmt.Sprint(rec.started) != "[5]" || fmt.Sprint(got) != "[0 1 2 3 4]" {
		t.Fatalf("Start calls %v, order %v; want [5] and [0 1 2 3 4]", rec.started, got)
	}
}
