package crawler_test

import (
	"testing"

	"github.com/sharc-archive/sharc/crawler"
)

// The stop reasons are wire strings: the daemon's API (stop_reason), its
// run history rows and the sharc_captures_total outcome label carry them,
// so renaming a constant's value would break readers of those.
func TestStopReasonWireStrings(t *testing.T) {
	want := map[crawler.StopReason]struct {
		wire string
		open bool
	}{
		crawler.StopFinished:    {"finished", false},
		crawler.StopInterrupted: {"interrupted", true},
		crawler.StopFailed:      {"failed", true},
		crawler.StopMaxPages:    {"max_pages", false},
		crawler.StopMaxBytes:    {"max_bytes", false},
		crawler.StopMaxDuration: {"max_duration", false},
	}
	all := crawler.StopReasons()
	if len(all) != len(want) {
		t.Fatalf("StopReasons() has %d entries, this table %d: add the new reason here with its wire string", len(all), len(want))
	}
	for _, r := range all {
		w, ok := want[r]
		if !ok {
			t.Errorf("stop reason %q missing from this table", r)
			continue
		}
		if string(r) != w.wire || r.Open() != w.open {
			t.Errorf("%q: wire %q open %v, want %q open %v", r, string(r), r.Open(), w.wire, w.open)
		}
	}
}
