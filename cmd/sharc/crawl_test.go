package main

import (
	"bytes"
	"os"
	"path/filepath"
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
