package frontier

import (
	"context"
	"errors"
	"testing"

	"github.com/sharc-archive/sharc/scheduler"
)

// TestParkedStatusAndCounts: Status lists parked hosts (counted when
// parked by AssignAll, not when parked by Park at resume until
// SetParkedCounts), and SetParkedCounts keeps the has-work flag in step
// with the store's rows: a host left without work is never activated, and
// the frontier is then done.
func TestParkedStatusAndCounts(t *testing.T) {
	reg := scheduler.NewRegistry()
	var f *Frontier
	var activated []string
	f = New(Config{
		NewStrategy: func(string) (scheduler.Strategy, error) { return reg.New("bfs", scheduler.Params{}) },
		MaxActive:   1,
		Activate: func(ctx context.Context) error {
			host, ok := f.Unpark()
			if !ok {
				return nil
			}
			activated = append(activated, host)
			return f.Activated(host) // no rows left to load in this test
		},
	})
	act, parked, _ := f.AssignAll(append(urls("a", 1), urls("b", 3)...))
	if len(act) != 1 || len(parked) != 3 {
		t.Fatalf("AssignAll: %d active, %d parked", len(act), len(parked))
	}
	if err := f.Add(act...); err != nil {
		t.Fatal(err)
	}
	f.Park("c", 4, 4, true) // a resumed capture's host: counts unknown

	byHost := func() map[string]HostStatus {
		m := map[string]HostStatus{}
		for _, s := range f.Status() {
			m[s.Host] = s
		}
		return m
	}
	tests := []struct {
		host string
		want HostStatus
	}{
		{"a", HostStatus{Host: "a", URLs: 1, Queued: 1, Counted: true}},
		{"b", HostStatus{Host: "b", URLs: 3, Queued: 3, Parked: true, Waiting: true, Counted: true}},
		{"c", HostStatus{Host: "c", URLs: 4, Parked: true, Waiting: true}},
	}
	got := byHost()
	for _, tc := range tests {
		if got[tc.host] != tc.want {
			t.Errorf("status of %s: %+v, want %+v", tc.host, got[tc.host], tc.want)
		}
	}
	if st, ok := f.Parked("b"); !ok || st != tests[1].want {
		t.Errorf("Parked(b) = %+v, %v", st, ok)
	}
	if _, ok := f.Parked("a"); ok {
		t.Error("active host a reported parked")
	}

	// The lazy fill touches only uncounted hosts.
	f.SetParkedCounts("b", ParkedCounts{URLs: 9, Finished: 9}, true)
	f.SetParkedCounts("c", ParkedCounts{URLs: 4, Finished: 1, Queued: 3, Work: true}, true)
	got = byHost()
	if s := got["b"]; s.URLs != 3 || !s.Waiting {
		t.Errorf("b changed by a fill of uncounted hosts: %+v", s)
	}
	if s := got["c"]; s.URLs != 4 || s.Finished != 1 || s.Queued != 3 || !s.Counted || !s.Waiting {
		t.Errorf("c after the fill: %+v", s)
	}
	// An operator drops all of b's and c's queued URLs.
	for _, h := range []string{"b", "c"} {
		if !f.SetParkedCounts(h, ParkedCounts{URLs: 3, Finished: 3}, false) {
			t.Fatalf("SetParkedCounts(%s): not parked", h)
		}
	}
	if f.SetParkedCounts("a", ParkedCounts{}, false) {
		t.Error("SetParkedCounts changed active host a")
	}
	if f.Size() != 1+3+3 {
		t.Errorf("Size %d, want 7 (1 active + 3 + 3 parked)", f.Size())
	}
	var tasks []string
	for {
		task, err := f.Next(context.Background())
		if errors.Is(err, ErrDone) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		tasks = append(tasks, task.URL.URL)
		f.Done(task, Result{})
	}
	if len(tasks) != 1 || tasks[0] != "http://a/0" || len(activated) != 0 {
		t.Errorf("tasks %v, activations %v; want only http://a/0 and no activation", tasks, activated)
	}
	if s := byHost()["b"]; s.Waiting || s.Finished != 3 || s.Queued != 0 {
		t.Errorf("b at the end: %+v", s)
	}
}
