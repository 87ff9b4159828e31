package crawler

import (
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// TestRevisitHold pins the same-second rule: a revisit waits until the
// UTC second after its visit's WARC-Date has begun, and no longer.
func TestRevisitHold(t *testing.T) {
	visit := &store.Record{Time: time.Date(2026, 11, 24, 11, 35, 27, 796_000_000, time.UTC)}
	for _, tc := range []struct {
		name  string
		visit *store.Record
		now   time.Time
		want  time.Duration
	}{
		{"no visit", nil, visit.Time, 0},
		{"same instant", visit, visit.Time, 204 * time.Millisecond},
		{"same second", visit, visit.Time.Add(200 * time.Millisecond), 4 * time.Millisecond},
		{"next second starts", visit, time.Date(2026, 11, 24, 11, 35, 28, 0, time.UTC), 0},
		{"later", visit, visit.Time.Add(time.Hour), 0},
		{"other zone", &store.Record{Time: visit.Time.In(time.FixedZone("x", 5*3600+1800))}, visit.Time, 204 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := revisitHold(tc.visit, tc.now); got != tc.want {
				t.Errorf("hold %v, want %v", got, tc.want)
			}
		})
	}
}
