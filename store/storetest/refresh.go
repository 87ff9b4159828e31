package storetest

import (
	"context"
	"errors"
	"testing"

	"github.com/sharc-archive/sharc/store"
)

// testRefreshCycles: a cycle's metrics round-trip, a second write replaces
// the first (a resumed cycle), contradictory counts are refused, and a
// capture without a cycle is ErrNotFound.
func testRefreshCycles(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	other := newCapture(t, s, "other")
	if _, err := s.RefreshCycle(ctx, c.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no cycle yet: got %v, want ErrNotFound", err)
	}
	r := store.RefreshCycle{CaptureID: c.ID, Policy: "neighbourhood-dir(1)/wha", Budget: 10, Repository: 40,
		Planned: 10, Samples: 3, Downloads: 9, Changed: 4, ChangeRatio: 4.0 / 9, Rounds: 4}
	if err := s.SetRefreshCycle(ctx, r); err != nil {
		t.Fatal(err)
	}
	got, err := s.RefreshCycle(ctx, c.ID)
	if err != nil || got != r {
		t.Fatalf("round trip: got %+v, %v; want %+v", got, err, r)
	}
	r.Downloads, r.Changed, r.ChangeRatio = 10, 5, 0.5
	if err := s.SetRefreshCycle(ctx, r); err != nil {
		t.Fatal(err)
	}
	if got, err := s.RefreshCycle(ctx, c.ID); err != nil || got != r {
		t.Fatalf("replaced: got %+v, %v; want %+v", got, err, r)
	}
	for _, bad := range []store.RefreshCycle{
		{CaptureID: other.ID, Budget: 5, Planned: 6},
		{CaptureID: other.ID, Budget: 5, Planned: 5, Downloads: 6},
		{CaptureID: other.ID, Budget: 5, Planned: 5, Downloads: 2, Changed: 3},
		{CaptureID: other.ID, Budget: 5, Planned: 5, Samples: 6},
		{CaptureID: other.ID, Budget: 5, Planned: 2, Rounds: 3},
	} {
		if err := s.SetRefreshCycle(ctx, bad); err == nil {
			t.Errorf("SetRefreshCycle(%+v) accepted contradictory counts", bad)
		}
	}
	if _, err := s.RefreshCycle(ctx, other.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("refused cycles stored nothing: got %v, want ErrNotFound", err)
	}
}
