package main

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/daemon"
	"github.com/sharc-archive/sharc/warc"
)

// checkSerialsAfterResumes: in the order the files were opened (their
// time stamps), the WARC serials of a capture resumed after kills only
// go up: none repeats, none restarts at 00000.
func checkSerialsAfterResumes(t *testing.T, files []string, prefix string) {
	t.Helper()
	type file struct {
		name   string
		serial int
	}
	var fs []file
	for _, f := range files {
		name := filepath.Base(f)
		n, ok := warc.FileSerial(name, prefix)
		if !ok {
			t.Fatalf("%s: no serial", name)
		}
		fs = append(fs, file{name, n})
	}
	// PREFIX-STAMP-…: the stamp sorts as text.
	sort.Slice(fs, func(i, j int) bool { return fs[i].name < fs[j].name })
	for i := 1; i < len(fs); i++ {
		if fs[i].serial <= fs[i-1].serial {
			t.Errorf("%s (serial %d) opened after %s (serial %d): serials must only go up", fs[i].name, fs[i].serial, fs[i-1].name, fs[i-1].serial)
		}
	}
}

// checkKilledRuns: the run history kept every run across the kills: each
// run a SIGKILL ended is "killed", the last "finished".
func checkKilledRuns(t *testing.T, client *daemon.Client, job string, kills int) {
	t.Helper()
	runs, err := client.Runs(context.Background(), job, 0)
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	killed := 0
	for _, r := range runs {
		reasons = append(reasons, r.StopReason)
		if r.StopReason == "killed" {
			killed++
		}
	}
	if len(runs) != kills+1 || runs[0].StopReason != "finished" || killed != kills {
		t.Errorf("runs newest first: %s; want finished, then %d killed", strings.Join(reasons, ", "), kills)
	}
}

// TestJSONLogTimesAreStrings: SHARC_LOG=json writes times and durations
// as strings, not epoch seconds (a zero time was -6795364578.87).
func TestJSONLogTimesAreStrings(t *testing.T) {
	t.Setenv("SHARC_LOG", "json")
	var buf strings.Builder
	log := newLogger(&buf)
	log.Info("x", zap.Duration("wait", 1500*time.Millisecond), zap.Time("at", time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)))
	line := buf.String()
	for _, want := range []string{`"wait":"1.5s"`, `"at":"2026-01-05T10:00:00Z"`, `"ts":"20`} {
		if !strings.Contains(line, want) {
			t.Errorf("log line lacks %s: %s", want, line)
		}
	}
}
