package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/internal/testkit/sqlitefault"
)

// TestCrawlReportFailureExits1: when the capture is archived but its
// quality report cannot be stored (the database refuses the report's
// rows), `sharc crawl` says so and exits 1, and `sharc report --rebuild`
// makes the report once the database takes it. Before, the failure was
// only logged and the command exited 0, skipping the no-seed check too.
func TestCrawlReportFailureExits1(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<html><body>the only page</body></html>")
	}))
	defer srv.Close()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "index.db")
	allow := sqlitefault.Refuse(t, dbPath, "report_pages", "1")
	jobPath := filepath.Join(dir, "job.yaml")
	yaml := `name: reportfail
seeds: [http://site.test/]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
fetch: {allow_addresses: [127.0.0.0/8]}
resolve: {site.test: "` + strings.TrimPrefix(srv.URL, "http://") + `"}
warc: {dir: ` + filepath.Join(dir, "out") + `}
store: sqlite:` + dbPath + `
`
	if err := os.WriteFile(jobPath, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI("crawl", jobPath)
	if res.code != exitFailure || !strings.Contains(res.stderr, "quality report failed") || !strings.Contains(res.stderr, "archived and indexed") {
		t.Fatalf("exit %d, want %d naming the failed report\nstdout:\n%s\nstderr:\n%.2000s", res.code, exitFailure, res.stdout, res.stderr)
	}
	allow()
	res = runCLI("report", "--job", jobPath, "--rebuild", "--format", "json")
	if res.code != exitOK || !strings.Contains(res.stdout, "http://site.test/") {
		t.Fatalf("report --rebuild: exit %d\nstdout:\n%.2000s\nstderr:\n%.2000s", res.code, res.stdout, res.stderr)
	}
}
