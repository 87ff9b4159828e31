package storetest

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// testSessions: a node's session is saved, replaced and read back per
// capture and node; an oversized one is refused and leaves the last.
func testSessions(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	if got, err := s.Sessions(ctx, c.ID); err != nil || len(got) != 0 {
		t.Fatalf("no session yet: %v, %v", got, err)
	}
	at := time.Date(2026, 3, 4, 5, 6, 7, 8000, time.UTC)
	for _, sess := range []store.Session{
		{CaptureID: c.ID, Node: "", State: []byte(`{"v":1}`), Updated: at},
		{CaptureID: c.ID, Node: "n2", State: []byte(`{"n":2}`), Updated: at},
		{CaptureID: c.ID, Node: "", State: []byte(`{"v":2}`), Updated: at.Add(time.Second)},
	} {
		if err := s.SetSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
	}
	big := store.Session{CaptureID: c.ID, State: []byte(strings.Repeat("x", store.MaxSessionBytes+1)), Updated: at}
	if err := s.SetSession(ctx, big); err == nil {
		t.Fatal("an oversized session was saved")
	}
	got, err := s.Sessions(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Node != "" || string(got[0].State) != `{"v":2}` || !got[0].Updated.Equal(at.Add(time.Second)) ||
		got[1].Node != "n2" || string(got[1].State) != `{"n":2}` {
		t.Fatalf("Sessions = %+v", got)
	}
	other := newCapture(t, s, "other")
	if got, err := s.Sessions(ctx, other.ID); err != nil || len(got) != 0 {
		t.Fatalf("another capture's sessions: %v, %v", got, err)
	}
}
