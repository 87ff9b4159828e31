package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler/crawllog"
)

// TestUnreachableSeedExitStatus is issue 28 row 2: a seed whose host
// refuses connections. robots.txt is asked 1 + fetch.retries times, then
// again a retry interval later, RobotsRounds in all, and its crawl.log
// line carries Heritrix's -2 (connect failed) with its tries; the seed
// fails with -61 annotated with robots.txt's status; the summary says no
// seed was archived and that the reference time is unknown; and sharc
// crawl exits 5. At f1d4fba it exited 0 with "capture finished", a
// year-1 reference time, an unannotated robots.txt line and no retry.
func TestUnreachableSeedExitStatus(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens: connections are refused
	dir := t.TempDir()
	jobPath := filepath.Join(dir, "job.yaml")
	yaml := `name: unreachable
seeds: [http://site.test/]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
fetch: {allow_addresses: [127.0.0.0/8], retries: 1, retry_backoff: 10ms}
resolve: {site.test: "` + addr + `"}
warc: {dir: ` + filepath.Join(dir, "out") + `}
`
	if err := os.WriteFile(jobPath, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI("crawl", "--robots-retry", "20ms", jobPath)
	if res.code != exitNoSeedArchived {
		t.Fatalf("exit %d, want %d (no seed archived)\nstdout:\n%s\nstderr:\n%.2000s", res.code, exitNoSeedArchived, res.stdout, res.stderr)
	}
	for _, want := range []string{"no seed was archived", "reference time: unknown", "Nothing was archived"} {
		if !strings.Contains(res.stdout+res.stderr, want) {
			t.Errorf("output lacks %q:\n%s", want, res.stdout)
		}
	}
	if strings.Contains(res.stdout, "0001-01-01") {
		t.Errorf("a year-1 time in the summary:\n%s", res.stdout)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "out", "*", "logs", "crawl.log"))
	if len(logs) != 1 {
		t.Fatalf("crawl.log: %v", logs)
	}
	data, err := os.ReadFile(logs[0])
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]crawllog.Entry{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		e, err := crawllog.Parse(line)
		if err != nil {
			t.Fatalf("crawl.log line %q: %v", line, err)
		}
		got[e.URI] = e
	}
	robots, seed := got["http://site.test/robots.txt"], got["http://site.test/"]
	if robots.Status != int(crawllog.CodeConnectFailed) || strings.Join(robots.Annotations, ",") != "4t" {
		t.Errorf("robots.txt line: %d %v, want -2 after 4 tries (1 + 1 retry + 2 more rounds)", robots.Status, robots.Annotations)
	}
	if seed.Status != int(crawllog.CodePrereqFailed) || strings.Join(seed.Annotations, ",") != "robots-unavailable:-2" {
		t.Errorf("seed line: %d %v, want -61 robots-unavailable:-2", seed.Status, seed.Annotations)
	}
}
