package storetest

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/sharc-archive/sharc/store"
)

// testHostQueue: HostCounts, HostQueued and URLCount answer for one host
// or capture only, HostQueued pages a host's queued URLs in Seq order up
// to its limit, and EachHostQueued walks them all across pages.
func testHostQueue(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	other := newCapture(t, s, "other")
	b := store.Batch{CaptureID: c.ID}
	for seq := range 10 {
		b.Discovered = append(b.Discovered, furl(c.ID, "a.example", seq, fmt.Sprintf("/p%d", seq)))
	}
	for seq := range 3 {
		b.Discovered = append(b.Discovered, furl(c.ID, "b.example", seq, fmt.Sprintf("/p%d", seq)))
	}
	if err := s.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: other.ID, Discovered: []store.FrontierURL{furl(other.ID, "a.example", 0, "/x")}}); err != nil {
		t.Fatal(err)
	}
	changes := []store.StateChange{
		{SURT: "surt:a.example/p2", State: store.StateDone, Attempts: 1},
		{SURT: "surt:a.example/p5", State: store.StateVisited, Attempts: 1},
		{SURT: "surt:a.example/p7", State: store.StateBlocked},
		{SURT: "surt:a.example/p8", State: store.StateFailed, Attempts: 3},
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, States: changes}); err != nil {
		t.Fatal(err)
	}
	checkHostCounts(t, s, c.ID, other.ID)
	queued := func(seqs ...int) []store.FrontierURL {
		us := []store.FrontierURL{}
		for _, seq := range seqs {
			us = append(us, furl(c.ID, "a.example", seq, fmt.Sprintf("/p%d", seq)))
		}
		return us
	}
	for _, tt := range []struct {
		host         string
		after, limit int
		want         []store.FrontierURL
	}{
		{"a.example", -1, 4, queued(0, 1, 3, 4)},
		{"a.example", 4, 4, queued(6, 9)},
		{"a.example", 9, 4, queued()},
		{"a.example", -1, 0, queued(0, 1, 3, 4, 6, 9)},
		{"none.example", -1, 10, queued()},
	} {
		got, err := s.HostQueued(ctx, c.ID, tt.host, tt.after, tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 0 || len(tt.want) != 0 {
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("HostQueued(%s, after %d, limit %d):\n got %+v\nwant %+v", tt.host, tt.after, tt.limit, got, tt.want)
			}
		}
	}
	checkEachHostQueued(t, s, other.ID)
	for id, want := range map[int64]int{c.ID: 13, other.ID: 2501, newCapture(t, s, "empty").ID: 0, other.ID + 1000: 0} {
		if n, err := s.URLCount(ctx, id); err != nil || n != want {
			t.Errorf("URLCount(%d) = %d, %v; want %d", id, n, err, want)
		}
	}
}

// checkHostCounts checks HostCounts of testHostQueue's hosts.
func checkHostCounts(t *testing.T, s store.Store, c, other int64) {
	t.Helper()
	for _, tt := range []struct {
		capture int64
		host    string
		want    store.HostCounts
	}{
		{c, "a.example", store.HostCounts{URLs: 10, Finished: 3, Queued: 6}},
		{c, "b.example", store.HostCounts{URLs: 3, Queued: 3}},
		{c, "none.example", store.HostCounts{}},
		{other, "a.example", store.HostCounts{URLs: 1, Queued: 1}},
	} {
		got, err := s.HostCounts(context.Background(), tt.capture, tt.host)
		if err != nil || got != tt.want {
			t.Errorf("HostCounts(%d, %s) = %+v, %v; want %+v", tt.capture, tt.host, got, err, tt.want)
		}
	}
}

// checkEachHostQueued gives capture c a host of 2,500 URLs, every 7th
// done: EachHostQueued visits each queued one once, in Seq order, over
// several pages, and stops at fn's error.
func checkEachHostQueued(t *testing.T, s store.Store, c int64) {
	t.Helper()
	ctx := context.Background()
	b := store.Batch{CaptureID: c}
	for seq := range 2500 {
		u := furl(c, "big.example", seq, fmt.Sprintf("/%d", seq))
		if seq%7 == 0 {
			u.State = store.StateDone
		}
		b.Discovered = append(b.Discovered, u)
	}
	if err := s.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
	var seqs []int
	err := store.EachHostQueued(ctx, s, c, "big.example", func(u store.FrontierURL) error {
		if u.State != store.StateQueued || u.Host != "big.example" {
			t.Fatalf("EachHostQueued visited %+v", u)
		}
		seqs = append(seqs, u.Seq)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := 2500 - (2500+6)/7
	if len(seqs) != want {
		t.Fatalf("EachHostQueued visited %d URLs, want %d", len(seqs), want)
	}
	for i := 1; i < len(seqs); i++ {
		if seqs[i] <= seqs[i-1] {
			t.Fatalf("EachHostQueued out of Seq order at %d: %d after %d", i, seqs[i], seqs[i-1])
		}
	}
	stop := fmt.Errorf("stop")
	n := 0
	err = store.EachHostQueued(ctx, s, c, "big.example", func(store.FrontierURL) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("EachHostQueued with a failing fn: %v after %d URLs, want stop after 1", err, n)
	}
}
