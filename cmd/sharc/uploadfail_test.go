package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/internal/testkit/s3test"
)

// TestCrawlUploadFailureExits1: when warc.upload could not put the WARC
// files in the bucket (the S3 server went away after the run's bucket
// check), the summary says so and `sharc crawl` exits 1 naming the files
// kept for the next run. Before, it exited 0 and only a log line told.
func TestCrawlUploadFailureExits1(t *testing.T) {
	s := s3test.Start(t, "archive")
	s.SetEnv(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.Stop() // idempotent; the first fetch comes after the bucket check
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html><body>a page</body></html>")
	}))
	defer srv.Close()
	dir := t.TempDir()
	jobPath := filepath.Join(dir, "job.yaml")
	yaml := fmt.Sprintf(`name: noupload
seeds: [%s/]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
warc:
  dir: %s
  upload: {endpoint: %q, bucket: archive, use_tls: false, retries: 0}
`, srv.URL, filepath.Join(dir, "out"), s.Endpoint)
	if err := os.WriteFile(jobPath, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI("crawl", jobPath)
	if res.code != exitFailure || !strings.Contains(res.stderr, "were not uploaded") || !strings.Contains(res.stdout, "upload:     FAILED") {
		t.Fatalf("exit %d, want %d naming the files not uploaded\nstdout:\n%s\nstderr:\n%.2000s", res.code, exitFailure, res.stdout, res.stderr)
	}
}
