package frontier_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/frontier"
)

// Requests to one host through the gate start at least the politeness
// gap after the previous one ended, whatever goroutine makes them; other
// hosts do not wait.
func TestRequestGateSpacesHost(t *testing.T) {
	tests := []struct {
		name  string
		pol   frontier.Politeness
		took  time.Duration
		atLst time.Duration
	}{
		{"delay", frontier.Politeness{Delay: 40 * time.Millisecond, PerHost: 1}, 0, 40 * time.Millisecond},
		{"delay factor", frontier.Politeness{DelayFactor: 2, MaxDelay: time.Second, PerHost: 1}, 30 * time.Millisecond, 60 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := frontier.New(frontier.Config{Politeness: tc.pol})
			var mu sync.Mutex
			var starts []time.Time
			var wg sync.WaitGroup
			for range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					done, err := f.Request(context.Background(), "a.test")
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					starts = append(starts, time.Now())
					mu.Unlock()
					done(tc.took)
				}()
			}
			other, err := f.Request(context.Background(), "b.test")
			if err != nil {
				t.Fatal(err)
			}
			other(0)
			wg.Wait()
			for i := 1; i < len(starts); i++ {
				if gap := starts[i].Sub(starts[i-1]); gap < tc.atLst {
					t.Errorf("request %d started %v after the one before, want ≥ %v", i, gap, tc.atLst)
				}
			}
		})
	}
}

// A waiting request gives up when its context ends.
func TestRequestGateCancel(t *testing.T) {
	f := frontier.New(frontier.Config{Politeness: frontier.Politeness{Delay: time.Hour, PerHost: 1}})
	done, err := f.Request(context.Background(), "a.test")
	if err != nil {
		t.Fatal(err)
	}
	done(0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := f.Request(ctx, "a.test"); err == nil {
		t.Fatal("a request an hour early did not give up with its context")
	}
}
