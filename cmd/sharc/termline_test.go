package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/store"
)

// TestProgressLineNeverSwallowsALogLine: on a terminal the progress line
// is redrawn in place without a newline; a log line written through the
// same stderr (the logger's) must start a line of its own, and the end of
// the run ends the progress line once.
func TestProgressLineNeverSwallowsALogLine(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps []string // "p:LINE" draws progress, "l:TEXT" logs, "end" ends the run
		want  string
	}{
		{"log after progress", []string{"p:fetched 1", "l:log line\n", "p:fetched 2", "end"},
			"\r\033[Kfetched 1\nlog line\n\r\033[Kfetched 2\n"},
		{"progress redrawn in place", []string{"p:a", "p:b", "end"}, "\r\033[Ka\r\033[Kb\n"},
		{"no progress: nothing added", []string{"l:x\n", "end", "l:y\n"}, "x\ny\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			tl := &termLine{w: &b}
			c := &cli{stderr: tl, log: newLogger(tl), term: tl}
			for _, s := range tc.steps {
				switch {
				case s == "end":
					c.term.end()
				case strings.HasPrefix(s, "p:"):
					c.term.progress(s[2:])
				default:
					if _, err := c.stderr.Write([]byte(s[2:])); err != nil {
						t.Fatal(err)
					}
				}
			}
			if b.String() != tc.want {
				t.Errorf("stderr %q, want %q", b.String(), tc.want)
			}
		})
	}
	// Through the logger: its line starts after the progress line's newline.
	var b bytes.Buffer
	tl := &termLine{w: &b}
	tl.progress("fetched 3")
	newLogger(tl).Info("capture finished")
	if !strings.HasPrefix(b.String(), "\r\033[Kfetched 3\n") || strings.Count(b.String(), "\n") != 2 {
		t.Errorf("stderr %q: the log line is not on a line of its own", b.String())
	}
}

// TestProgressLineCounts: the terminal's progress line shows the failed
// count and an ETA for what is queued at this run's rate.
func TestProgressLineCounts(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    crawler.Stats
		want []string
	}{
		{"half done", crawler.Stats{Fetched: 90, Failed: 10, Queued: 100, Discovered: 200, Elapsed: 50 * time.Second},
			[]string{"fetched 90", "failed 10", "queued 100", "ETA 50s"}},
		{"resumed: this run's rate", crawler.Stats{Fetched: 150, Failed: 10, Queued: 50, Elapsed: 10 * time.Second,
			Earlier: store.CaptureTotals{Fetched: 100, Failed: 10}}, []string{"failed 10", "ETA 10s"}},
		{"nothing yet", crawler.Stats{Queued: 5, Elapsed: time.Second}, []string{"failed 0", "ETA -"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := progressLine(tc.s)
			for _, w := range tc.want {
				if !strings.Contains(line, w) {
					t.Errorf("progress line %q lacks %q", line, w)
				}
			}
		})
	}
}
