package frontier

import (
	"context"
	"regexp"
	"sort"
	"testing"
	"time"
)

func TestDropMatching(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pattern string
		host    string
		dropped int
	}{
		{"odd pages", `/[13579]$`, "a", 5},
		{"nothing matches", `/calendar/`, "a", 0},
		{"unknown host", `.`, "zz", 0},
		{"everything", `.`, "a", 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newTestFrontier(t, Politeness{PerHost: 1}, "bfs")
			if err := f.Add(f.Assign(urls("a", 10))...); err != nil {
				t.Fatal(err)
			}
			if err := f.Add(f.Assign(urls("b", 3))...); err != nil {
				t.Fatal(err)
			}
			re := regexp.MustCompile(tc.pattern)
			got := f.DropMatching(tc.host, re)
			if len(got) != tc.dropped {
				t.Fatalf("dropped %d, want %d", len(got), tc.dropped)
			}
			for _, u := range got {
				if !re.MatchString(u.URL) || u.Host != tc.host {
					t.Errorf("dropped %s (host %s) does not match", u.URL, u.Host)
				}
			}
			// The dropped URLs are never handed out; the rest all are.
			starts := drain(t, f, 2, 0)
			if n := len(starts["a"]); n != 10-tc.dropped*boolInt(tc.host == "a") {
				t.Errorf("host a fetched %d, want %d", n, 10-tc.dropped*boolInt(tc.host == "a"))
			}
			if n := len(starts["b"]); n != 3 {
				t.Errorf("host b fetched %d, want 3", n)
			}
			st, queued, pending, ok := f.HostQueue("a", 0)
			if !ok || len(pending) != 0 || queued != 0 || st.URLs != 10 {
				t.Errorf("after drain: status %+v, %d queued", st, queued)
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestHostQueue(t *testing.T) {
	f := newTestFrontier(t, Politeness{PerHost: 1}, "bfs")
	if err := f.Add(f.Assign(urls("a", 7))...); err != nil {
		t.Fatal(err)
	}
	f.DropMatching("a", regexp.MustCompile(`/0$`))
	st, queued, pending, ok := f.HostQueue("a", 3)
	if !ok || st.URLs != 7 || queued != 6 || len(pending) != 3 {
		t.Fatalf("status %+v, %d queued, %d listed (limit 3)", st, queued, len(pending))
	}
	var seqs []int
	for _, u := range pending {
		seqs = append(seqs, u.Seq)
	}
	if !sort.IntsAreSorted(seqs) || seqs[0] != 1 {
		t.Errorf("pending seqs %v, want 1,2,3", seqs)
	}
	if _, _, _, ok := f.HostQueue("nope", 0); ok {
		t.Error("unknown host reported as known")
	}
}

// TestSetHostDelay checks the new delay governs the gap between requests,
// both for a known host and for one discovered later.
func TestSetHostDelay(t *testing.T) {
	f := newTestFrontier(t, Politeness{Delay: time.Millisecond, PerHost: 1}, "bfs")
	if err := f.Add(f.Assign(urls("a", 4))...); err != nil {
		t.Fatal(err)
	}
	if !f.SetHostDelay("a", 40*time.Millisecond) {
		t.Fatal("host a unknown")
	}
	if f.SetHostDelay("late", 40*time.Millisecond) {
		t.Fatal("host late reported known before discovery")
	}
	if err := f.Add(f.Assign(urls("late", 3))...); err != nil {
		t.Fatal(err)
	}
	if d, _, ok := f.HostDelay("late"); !ok || d != 40*time.Millisecond {
		t.Fatalf("late host delay %v, want 40ms", d)
	}
	starts := drain(t, f, 4, 0)
	for h, ts := range starts {
		for i := 1; i < len(ts); i++ {
			if gap := ts[i].Sub(ts[i-1]); gap < 39*time.Millisecond {
				t.Errorf("host %s: gap %v, want ≥ 40ms", h, gap)
			}
		}
	}
	// Shortening pulls the next-ready time in.
	f2 := newTestFrontier(t, Politeness{Delay: time.Hour, MaxDelay: time.Hour, PerHost: 1}, "bfs")
	if err := f2.Add(f2.Assign(urls("a", 2))...); err != nil {
		t.Fatal(err)
	}
	s2 := nextTask(t, f2)
	f2.Done(s2, Result{Fetched: true})
	f2.SetHostDelay("a", 0)
	st, _, _, _ := f2.HostQueue("a", 0)
	if wait := time.Until(st.Ready); wait > time.Second {
		t.Errorf("after setting delay 0 the host waits %v more", wait)
	}
}

func nextTask(t *testing.T, f *Frontier) Task {
	t.Helper()
	ctx, cancel := contextWithTimeout(2 * time.Second)
	defer cancel()
	task, err := f.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return task
}

func contextWithTimeout(d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), d)
}
