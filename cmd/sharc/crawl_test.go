package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCrawlBadJobs runs `sharc crawl` on broken job files: each must fail
// with exactly one clear error line naming the problem (field and line for
// YAML errors), before any request is made.
func TestCrawlBadJobs(t *testing.T) {
	const ok = "name: bad\nseeds: [http://127.0.0.1:1/]\nuser_agent: \"SHARC-test (+https://example.org/contact)\"\n"
	dir := t.TempDir()
	cases := []struct {
		name, yaml string
		want       []string
	}{
		{"unknown field", ok + "colour: blue\n", []string{"job.yaml:4", "colour"}},
		{"no contact", "name: bad\nseeds: [http://127.0.0.1:1/]\nuser_agent: \"SHARC-test\"\n", []string{"job.yaml:3", "user_agent", "contact"}},
		{"bad regex", ok + "scope:\n  exclude: ['(']\n", []string{"job.yaml:5", "scope.exclude[0]"}},
		{"unknown strategy", ok + "scheduler: {strategy: fastest}\n", []string{"job.yaml:4", "scheduler.strategy", "bfs"}},
		{"seed on a denied address", "name: bad\nseeds: [http://169.254.169.254/]\nuser_agent: \"SHARC-test (+https://example.org/contact)\"\n", []string{"job.yaml:2", "seeds[0]", "link-local", "fetch.allow_addresses"}},
		{"unreachable store", ok + "store: postgres://nobody@127.0.0.1:1/none?connect_timeout=2\n", []string{"127.0.0.1:1"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "job.yaml")
			// The seeds are on loopback: allowed past the network guard
			// (last, so the cases' line numbers stay put).
			tail := "warc: {dir: " + filepath.Join(dir, "w") + "}\nfetch: {allow_addresses: [127.0.0.1]}\n"
			if err := os.WriteFile(path, []byte(tc.yaml+tail), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := run([]string{"crawl", path}, &stdout, &stderr); code == 0 {
				t.Fatalf("exit 0 for a bad job; stderr:\n%s", stderr.String())
			}
			msg := strings.TrimSpace(stderr.String())
			if n := strings.Count(msg, "\n"); n != 0 {
				t.Errorf("want one error line, got %d:\n%s", n+1, msg)
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q lacks %q", msg, w)
				}
			}
		})
	}
}

func TestPprofLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "example.org:6060", "nonsense"} {
		if stop, err := servePprof(addr); err == nil {
			stop()
			t.Errorf("servePprof(%q) accepted a non-loopback address", addr)
		}
	}
	stop, err := servePprof("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	stop()
}

// TestCrawlProfileDir: `sharc crawl --profile-dir` leaves CPU, block and
// mutex profiles of a crawl that ended by itself (make bench-cores reads
// them), each a gzipped profile with the crawler's code in it, and turns
// the runtime's sampling off again.
func TestCrawlProfileDir(t *testing.T) {
	srv := countedSite(t)
	dir := t.TempDir()
	profiles := filepath.Join(dir, "profiles")
	res := runCLI("crawl", "--profile-dir", profiles, countedJob(t, dir, srv))
	if res.code != exitOK {
		t.Fatalf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	for _, name := range []string{"cpu", "block", "mutex"} {
		b, err := os.ReadFile(filepath.Join(profiles, name+".pprof"))
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s.pprof is not a gzipped profile (%d bytes)", name, len(b))
		}
	}
	if f := runtime.SetMutexProfileFraction(-1); f != 0 {
		t.Errorf("mutex profile fraction left at %d", f)
	}
}
