package crawler

import (
	"testing"
	"time"
)

// TestRejoinGrace: a node that rejoined after being fenced takes no hosts
// of ended heartbeats for one lease TTL (issue 27: after an outage longer
// than the TTL the first node back took all 12 of the others' hosts).
func TestRejoinGrace(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	const ttl = 4 * time.Second
	tests := []struct {
		name     string
		rejoined time.Time
		now      time.Time
		want     bool
	}{
		{"never fenced", time.Time{}, t0, false},
		{"just rejoined", t0, t0, true},
		{"within the TTL", t0, t0.Add(ttl - time.Millisecond), true},
		{"one TTL later", t0, t0.Add(ttl), false},
	}
	for _, tc := range tests {
		if got := rejoinGrace(tc.rejoined, tc.now, ttl); got != tc.want {
			t.Errorf("%s: rejoinGrace = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// slowRetries is a Leaser whose store sleeps up to wait between retries.
type slowRetries struct {
	Leaser
	wait time.Duration
}

func (s slowRetries) RetryMaxWait() time.Duration { return s.wait }

// TestRejoinWindow: the grace covers one TTL plus the longest sleep of
// the store's retries, in which another fenced node may be when the
// server comes back; a store without retries gives the TTL alone.
func TestRejoinWindow(t *testing.T) {
	const ttl = 4 * time.Second
	if got := rejoinWindow(ttl, slowRetries{wait: 10 * time.Second}); got != 14*time.Second {
		t.Errorf("window with 10 s retry sleeps: %v, want 14s", got)
	}
	if got := rejoinWindow(ttl, nil); got != ttl {
		t.Errorf("window without retries: %v, want the TTL", got)
	}
}

// TestRenewTimeout: a renewal gives up before the fetch deadline a
// timely renewal would keep (ttl - safety), by a poll, so it cannot hang
// on a black-holed connection past it.
func TestRenewTimeout(t *testing.T) {
	tests := []struct {
		ttl, safety, poll, want time.Duration
	}{
		{4 * time.Second, 3400 * time.Millisecond, 100 * time.Millisecond, 500 * time.Millisecond},
		{210 * time.Second, 100 * time.Second, time.Second, 109 * time.Second},
		{3 * time.Second, 2900 * time.Millisecond, 100 * time.Millisecond, 100 * time.Millisecond}, // never below a poll
	}
	for _, tc := range tests {
		got := renewTimeout(tc.ttl, tc.safety, tc.poll)
		if got != tc.want {
			t.Errorf("renewTimeout(%s, %s, %s) = %s, want %s", tc.ttl, tc.safety, tc.poll, got, tc.want)
		}
		if tc.ttl-tc.safety >= 2*tc.poll && got >= tc.ttl-tc.safety {
			t.Errorf("renewTimeout(%s, %s, %s) = %s: not shorter than ttl - safety", tc.ttl, tc.safety, tc.poll, got)
		}
	}
}
