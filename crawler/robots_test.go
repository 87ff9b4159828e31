package crawler

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestRobotsCacheDropsExpired crawls ten simulated days that meet 100 new
// hosts an hour: the cache must stay within twice the hosts fetched in the
// last robotsTTL instead of growing to every host seen, while fresh rules
// and placeholders (robots.txt queued, not yet fetched) survive every
// sweep.
func TestRobotsCacheDropsExpired(t *testing.T) {
	const perHour, hours = 100, 240
	c := newRobotsCache("SHARC-test", 0)
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	// Hosts whose robots.txt is queued for the whole run.
	for i := range 50 {
		if c.markSeen(fmt.Sprintf("pending%d.test", i)) {
			t.Fatalf("pending%d.test seen before it was marked", i)
		}
	}
	disallow := []byte("User-agent: *\nDisallow: /private/\n")
	// Hosts set within robotsTTL plus the hour being set, and the pending
	// ones: an upper bound of what is live at any sweep.
	live := (int(robotsTTL/time.Hour)+1)*perHour + 50
	maxSize := 0
	for h := range hours {
		now := t0.Add(time.Duration(h) * time.Hour)
		for i := range perHour {
			host := fmt.Sprintf("h%d-%d.test", h, i)
			if c.markSeen(host) {
				t.Fatalf("%s seen before it was marked", host)
			}
			c.set(host, 200, disallow, now)
			maxSize = max(maxSize, c.size())
		}
	}
	if bound := 2*live + 1; maxSize > bound {
		t.Errorf("cache grew to %d entries, want ≤ %d (twice the live hosts)", maxSize, bound)
	}
	if maxSize >= perHour*hours {
		t.Errorf("cache grew to %d entries for %d hosts: nothing was dropped", maxSize, perHour*hours)
	}
	end := t0.Add(time.Duration(hours-1) * time.Hour)
	tests := []struct {
		name      string
		host      string
		wantHeld  bool // still in the map: markSeen reports it seen
		wantKnown bool // allowed answers from its rules
	}{
		{"placeholder kept", "pending7.test", true, false},
		{"fresh rules kept", fmt.Sprintf("h%d-3.test", hours-1), true, true},
		{"rules from 23 h ago kept", fmt.Sprintf("h%d-3.test", hours-24), true, true},
		{"rules from the first day dropped", "h0-3.test", false, false},
	}
	for _, tt := range tests {
		want := robotsUnknown
		if tt.wantKnown {
			want = robotsDisallowed
		}
		if v := c.verdict(tt.host, "/private/x", end); v != want {
			t.Errorf("%s: verdict(/private/x) = %v, want %v", tt.name, v, want)
		}
		c.mu.Lock()
		_, held := c.hosts[tt.host]
		c.mu.Unlock()
		if held != tt.wantHeld {
			t.Errorf("%s: held %v, want %v", tt.name, held, tt.wantHeld)
		}
	}
	// A dropped host is met again: it is unseen, so its robots.txt is
	// queued once more, as for any host whose rules are unknown.
	if c.markSeen("h0-3.test") {
		t.Error("dropped host still reported seen")
	}
}

// TestRobotsSizeCap: only the first 500 KiB of a robots.txt are read (RFC
// 9309 §2.5), so rules past them do not apply and a 50 MB robots.txt
// costs no more than a 500 KiB one.
func TestRobotsSizeCap(t *testing.T) {
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	filler := strings.Repeat("# padding padding padding padding padding\n", maxRobotsBytes/40)
	for _, tc := range []struct {
		name string
		body string
		want robotsVerdict
	}{
		{"rule before the cap", "User-agent: *\nDisallow: /early\n" + filler, robotsDisallowed},
		{"rule past the cap", "User-agent: *\n" + filler + "Disallow: /early\n", robotsAllowed},
		{"50 MB", "User-agent: *\nDisallow: /early\n" + strings.Repeat("Disallow: /x\n", 50<<20/13), robotsDisallowed},
	} {
		c := newRobotsCache("SHARC-test", 0)
		c.set("a.test", 200, []byte(tc.body), now)
		if got := c.verdict("a.test", "/early", now); got != tc.want {
			t.Errorf("%s: verdict %v, want %v", tc.name, got, tc.want)
		}
	}
}
