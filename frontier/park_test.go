package frontier

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/sharc-archive/sharc/scheduler"
)

// TestRestoreRenumbersGaps: rows with gaps in their store seqs (a parked
// host's duplicate discovery leaves one) are renumbered densely for the
// strategy, parents translated, and the store numbering continues after
// the highest seq.
func TestRestoreRenumbersGaps(t *testing.T) {
	f := newTestFrontier(t, Politeness{}, "bfs")
	in := urls("a", 3)
	storeSeqs := []int{0, 2, 5}
	parents := []int{-1, 0, 2}
	for i := range in {
		in[i].Seq, in[i].Parent = storeSeqs[i], parents[i]
		if err := f.Restore(in[i], false, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Restore(URL{URL: "http://a/x", SURT: "a)/x", Host: "a", Seq: 4, Parent: -1}, false, false); err == nil {
		t.Fatal("a store seq below the host's last one was accepted")
	}
	more := f.Assign(urls("a", 5)[3:])
	if len(more) != 2 || more[0].Seq != 3 || more[0].StoreSeq != 6 || more[1].Seq != 4 || more[1].StoreSeq != 7 {
		t.Fatalf("Assign after gaps: %+v, want Seq 3, 4 and StoreSeq 6, 7", more)
	}
	more[1].Parent = 5 // discovered on the page stored as seq 5
	if err := f.Add(more...); err != nil {
		t.Fatal(err)
	}
	h := f.hosts["a"]
	for i, want := range []int{-1, 0, 1, -1, 2} {
		if got := h.pageOf(h.urls.at(i).Parent); got != want {
			t.Errorf("page %d: parent page %d, want %d", i, got, want)
		}
	}
	var got []string
	for {
		task, err := f.Next(context.Background())
		if errors.Is(err, ErrDone) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d/%d", task.Seq, task.StoreSeq))
		f.Done(task, Result{})
	}
	if fmt.Sprint(got) != "[0/0 1/2 2/5 3/6 4/7]" {
		t.Fatalf("tasks (Seq/StoreSeq) %v", got)
	}
}

// TestParking: with MaxActive 1, a second host's URLs are parked (only a
// StoreSeq, not in memory), and the host is activated through the
// Activate hook once the first host is idle; never are two hosts held.
func TestParking(t *testing.T) {
	reg := scheduler.NewRegistry()
	var f *Frontier
	// rows plays the caller's persisted frontier: the URLs handed back by
	// AssignAll as parked, keyed by host.
	rows := map[string][]URL{}
	finished := map[string]bool{} // by SURT, as the caller records states
	activations := 0
	f = New(Config{
		NewStrategy: func(string) (scheduler.Strategy, error) { return reg.New("bfs", scheduler.Params{}) },
		MaxActive:   1,
		Activate: func(ctx context.Context) error {
			host, ok := f.Unpark()
			if !ok {
				return nil
			}
			activations++
			for _, u := range rows[host] {
				u.Seq = u.StoreSeq
				if err := f.Restore(u, false, finished[u.SURT]); err != nil {
					return err
				}
			}
			return f.Activated(host)
		},
	})
	act, parked, _ := f.AssignAll(append(urls("a", 2), urls("b", 3)...))
	if len(act) != 2 || len(parked) != 3 {
		t.Fatalf("AssignAll: %d active, %d parked; want 2, 3", len(act), len(parked))
	}
	for i, u := range parked {
		if u.Host != "b" || u.Seq != -1 || u.StoreSeq != i {
			t.Fatalf("parked URL %+v: want host b, Seq -1, StoreSeq %d", u, i)
		}
	}
	rows["b"] = parked
	if err := f.Add(act...); err != nil {
		t.Fatal(err)
	}
	// A prerequisite of the parked host waits with it.
	if err := f.AddPrereq("b", URL{URL: "http://b/robots.txt", SURT: "b)/robots.txt", Host: "b", Parent: -1, HopPath: "P"}); err != nil {
		t.Fatal(err)
	}
	if hosts, n, p := f.Held(); hosts != 1 || n != 2 || p != 1 {
		t.Fatalf("Held = %d hosts, %d URLs, %d parked; want 1, 2, 1", hosts, n, p)
	}
	if f.Size() != 5 {
		t.Fatalf("Size = %d, want 5 (parked URLs count)", f.Size())
	}
	var got []string
	for {
		task, err := f.Next(context.Background())
		if errors.Is(err, ErrDone) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if hosts, _, _ := f.Held(); hosts > 1 {
			t.Fatalf("%d hosts held, MaxActive is 1", hosts)
		}
		got = append(got, task.URL.URL)
		// A late discovery for a finished, evicted host: parked, the
		// host gets work again and is loaded once more.
		if task.URL.URL == "http://b/2" {
			_, again, _ := f.AssignAll(urls("a", 3)[2:])
			if len(again) != 1 || again[0].StoreSeq != 2 {
				t.Fatalf("late discovery for evicted host a: %+v, want parked with StoreSeq 2", again)
			}
			rows["a"] = append(act, again...)
		}
		finished[task.SURT] = true
		f.Done(task, Result{})
	}
	want := "[http://a/0 http://a/1 http://b/robots.txt http://b/0 http://b/1 http://b/2 http://a/2]"
	if fmt.Sprint(got) != want {
		t.Fatalf("tasks %v\nwant %s", got, want)
	}
	if activations != 2 {
		t.Errorf("%d activations, want 2 (b, then a again)", activations)
	}
}
