package main

import (
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/warc"
)

// TestSecondCrawlOfACapture is issue 27's row 1: a second `sharc crawl`
// of the same job and store while the first is crawling. Before capture
// locks the second took the first's live .open file for an interrupted
// one, repaired it and crawled in parallel (a hole in the WARC, pages
// twice, two files of one serial). Now it exits with status 4 naming the
// first's pid, or with --wait waits until the first stops (here: is
// interrupted) and then resumes the capture. Either way every page is
// archived once, the WARCs verify, no two files share a serial and the
// index equals the WARCs. With SQLite (file lock) and PostgreSQL
// (advisory lock).
func TestSecondCrawlOfACapture(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildSharc(t)
	for _, tc := range []struct {
		name string
		pg   bool
		wait bool
	}{
		{"sqlite refused", false, false},
		{"sqlite wait", false, true},
		{"postgres refused", true, false},
		{"postgres wait", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dsn := ""
			if tc.pg {
				if os.Getenv("SHARC_TEST_PG") == "" {
					t.Skip("SHARC_TEST_PG not set")
				}
				dsn = pgtest.SchemaDSN(t, "sharc_owner")
			}
			testSecondCrawl(t, bin, dsn, tc.wait)
		})
	}
}

func testSecondCrawl(t *testing.T, bin, dsn string, wait bool) {
	const pages = 300
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(pages, &hits))
	defer srv.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	storeLine := ""
	if dsn != "" {
		storeLine = "store: " + dsn + "\n"
	} else {
		dsn = "sqlite:" + filepath.Join(warcDir, "sharc.db")
	}
	jobPath := filepath.Join(dir, "job.yaml")
	jobText := fmt.Sprintf(`name: busy
seeds: [http://site.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
fetch: {allow_addresses: [127.0.0.0/8]}
resolve: {site.test: %s}
workers: 2
politeness: {delay: 20ms, delay_factor: 0}
warc: {dir: %s}
%s`, strings.TrimPrefix(srv.URL, "http://"), warcDir, storeLine)
	if err := os.WriteFile(jobPath, []byte(jobText), 0o644); err != nil {
		t.Fatal(err)
	}
	first := exec.Command(bin, "crawl", jobPath)
	var firstErr syncBuffer
	first.Stderr = &firstErr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	firstDone := make(chan error, 1)
	go func() { firstDone <- first.Wait() }()
	defer func() { _ = first.Process.Kill() }()
	// The first has archived at least one record when crawl.log has a line.
	waitUntil(t, 30*time.Second, firstDone, &firstErr, func() bool {
		f := captureFolder(warcDir)
		if f == "" {
			return false
		}
		fi, err := os.Stat(f.CrawlLog(""))
		return err == nil && fi.Size() > 0
	})
	args := []string{"crawl", jobPath}
	if wait {
		args = []string{"crawl", "--wait", jobPath}
	}
	second := exec.Command(bin, args...)
	var secondOut, secondErr syncBuffer
	second.Stdout, second.Stderr = &secondOut, &secondErr
	if err := second.Start(); err != nil {
		t.Fatal(err)
	}
	secondDone := make(chan error, 1)
	go func() { secondDone <- second.Wait() }()
	defer func() { _ = second.Process.Kill() }()
	pid := strconv.Itoa(first.Process.Pid)
	if !wait {
		err := <-secondDone
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != int(exitCaptureBusy) {
			t.Fatalf("second crawl: %v, want exit status %d\n%s", err, exitCaptureBusy, secondErr.String())
		}
		if msg := secondErr.String(); !strings.Contains(msg, "pid "+pid+" ") || !strings.Contains(msg, "--wait") {
			t.Errorf("refusal does not name the owner's pid %s and --wait:\n%s", pid, msg)
		}
		if err := <-firstDone; err != nil {
			t.Fatalf("first crawl: %v\n%s", err, firstErr.String())
		}
	} else {
		// The second says once whom it waits for; then the first is
		// interrupted (its capture stays running) and the second resumes it.
		waitUntil(t, 30*time.Second, secondDone, &secondErr, func() bool {
			return strings.Contains(secondErr.String(), "waiting for the capture's owner")
		})
		if !strings.Contains(secondErr.String(), `pid `+pid+` `) {
			t.Errorf("the wait does not name the owner's pid %s:\n%s", pid, secondErr.String())
		}
		_ = first.Process.Signal(syscall.SIGTERM)
		err := <-firstDone
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != int(exitInterrupted) {
			t.Fatalf("first crawl: %v, want exit status %d (interrupted)\n%s", err, exitInterrupted, firstErr.String())
		}
		if err := <-secondDone; err != nil {
			t.Fatalf("second crawl: %v\n%s", err, secondErr.String())
		}
		if out := secondOut.String(); !strings.Contains(out, "(resumed)") || !strings.Contains(out, "stopped:    finished") {
			t.Errorf("second crawl did not resume and finish the capture:\n%s", out)
		}
	}
	checkOneCapture(t, dsn, "busy", warcDir, pages)
}

// checkOneCapture checks a finished single capture of job under warcDir:
// every page's response record once, WARC files that verify, no serial
// twice, crawl.log lines matching the WARCs, and the index equal to them.
func checkOneCapture(t *testing.T, dsn, job, warcDir string, pages int) {
	t.Helper()
	archived, files := verifiedResponses(t, warcDir)
	for k := range pages {
		if u := fmt.Sprintf("http://site.test/p/%d", k); archived[u] != 1 {
			t.Errorf("%s archived %d times, want once", u, archived[u])
		}
	}
	serials := map[int]string{}
	for _, f := range files {
		n, ok := warc.FileSerial(filepath.Base(f), job)
		if !ok {
			t.Errorf("%s: no serial", f)
			continue
		}
		if other, dup := serials[n]; dup {
			t.Errorf("serial %05d twice: %s and %s", n, other, f)
		}
		serials[n] = f
	}
	checkCrawlLog(t, captureFolder(warcDir).CrawlLog(""), warcDir)
	verifyIndex(t, dsn, oneFinishedCapture(t, dsn, job), captureWARCs(warcDir))
}

// waitUntil polls cond until it holds, failing if the process whose exit
// done reports ends first or the bound passes (a bound against hanging,
// not a measured duration).
func waitUntil(t *testing.T, bound time.Duration, done chan error, stderr *syncBuffer, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(bound)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("condition not reached within %s\n%s", bound, stderr.String())
		}
		select {
		case err := <-done:
			t.Fatalf("process exited early: %v\n%s", err, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TestLimitsPerCapture is issue 27's row 7: scope.max_pages counts per
// capture, not per run. A capture with max_pages N is SIGKILLed three
// times (each run killed well before N pages) and run to its end; before,
// each resumed run counted N afresh and the capture archived far more.
// Now the capture's response and revisit records total at most N +
// workers: the pages in flight when the limit stops the last run (at
// most workers − 1) and that run's robots.txt.
func TestLimitsPerCapture(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	const pages, maxPages, workers = 300, 60, 2
	bin := buildSharc(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(pages, &hits))
	defer srv.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	jobPath := filepath.Join(dir, "job.yaml")
	jobText := fmt.Sprintf(`name: limited
seeds: [http://site.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
fetch: {allow_addresses: [127.0.0.0/8]}
resolve: {site.test: %s}
workers: %d
scope: {max_pages: %d}
politeness: {delay: 10ms, delay_factor: 0}
warc: {dir: %s}
`, strings.TrimPrefix(srv.URL, "http://"), workers, maxPages, warcDir)
	if err := os.WriteFile(jobPath, []byte(jobText), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		cmd := exec.Command(bin, "crawl", jobPath)
		var stderr syncBuffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		// 15 requests a run: three runs stay below max_pages.
		target := hits.Load() + 15
		waitUntil(t, 30*time.Second, done, &stderr, func() bool { return hits.Load() >= target })
		_ = cmd.Process.Signal(syscall.SIGKILL)
		<-done
	}
	out, err := exec.Command(bin, "crawl", jobPath).CombinedOutput()
	if err != nil {
		t.Fatalf("final run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "(resumed)") || !strings.Contains(string(out), "stopped:    max_pages") {
		t.Fatalf("final run did not resume and stop at max_pages:\n%s", out)
	}
	fetched := 0
	eachResponse(t, warcDir, func(*warc.Record) { fetched++ })
	revisits := 0
	for _, f := range mustGlob(t, filepath.Join(captureWARCs(warcDir), "*.warc.gz")) {
		for _, rec := range readRecords(t, f) {
			if rec.Type() == warc.Revisit {
				revisits++
			}
		}
	}
	if total := fetched + revisits; total > maxPages+workers || total < maxPages {
		t.Errorf("capture archived %d response and revisit records, want %d … %d (max_pages + workers)", total, maxPages, maxPages+workers)
	}
	archived, _ := verifiedResponses(t, warcDir)
	for u, n := range archived {
		if n != 1 && strings.Contains(u, "/p/") { // robots.txt: once a run
			t.Errorf("%s archived %d times", u, n)
		}
	}
	dsn := "sqlite:" + filepath.Join(warcDir, "sharc.db")
	checkCrawlLog(t, captureFolder(warcDir).CrawlLog(""), warcDir)
	verifyIndex(t, dsn, oneFinishedCapture(t, dsn, "limited"), captureWARCs(warcDir))
}

func mustGlob(t *testing.T, pattern string) []string {
	t.Helper()
	m, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
