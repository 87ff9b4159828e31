package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// unitSite serves pages /p/0/PAD … /p/{n-1}/PAD; page k links to pages
// 3k+1…3k+3 and carries blob (incompressible, so the WARC grows and
// rotates). hit, if set, runs before each page is served with the page
// count so far: the test's fault injector.
type unitSite struct {
	n    int
	pad  string
	blob []byte
	hits atomic.Int64
	hit  func(n int64)
}

func newUnitSite(n, padLen, blobLen int, hit func(int64)) *unitSite {
	blob := make([]byte, blobLen)
	_, _ = rand.Read(blob)
	return &unitSite{n: n, pad: strings.Repeat("x", padLen), blob: blob, hit: hit}
}

func (s *unitSite) url(k int) string { return fmt.Sprintf("http://site.test/p/%d/%s", k, s.pad) }

func (s *unitSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/robots.txt" {
		http.NotFound(w, r)
		return
	}
	num, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/p/"), "/")
	k, err := strconv.Atoi(num)
	if err != nil || k < 0 || k >= s.n {
		http.NotFound(w, r)
		return
	}
	if n := s.hits.Add(1); s.hit != nil {
		s.hit(n)
	}
	w.Header().Set("Content-Type", "text/html")
	fmt.Fprintf(w, "<html><body><h1>%d</h1>", k)
	for c := 3*k + 1; c <= 3*k+3 && c < s.n; c++ {
		fmt.Fprintf(w, `<a href="/p/%d/%s">%d</a> `, c, s.pad, c)
	}
	fmt.Fprintf(w, "<pre>%x</pre></body></html>", s.blob)
}

// writeUnitJob writes a job crawling site into warcDir with the given store.
func writeUnitJob(t *testing.T, dir, warcDir, dsn string, site *unitSite, srv *httptest.Server) string {
	t.Helper()
	path := filepath.Join(dir, "job.yaml")
	text := fmt.Sprintf(`name: unit
seeds: [%s]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 3
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s, max_size: 1MiB}
store: %q
resolve: {site.test: %s}
fetch: {allow_addresses: [127.0.0.0/8]}
`, site.url(0), warcDir, dsn, strings.TrimPrefix(srv.URL, "http://"))
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// crawlOnce runs `sharc crawl` (under prefix, e.g. prlimit) and returns
// its error and combined output.
func crawlOnce(bin, jobPath string, prefix ...string) (string, error) {
	args := append(append([]string(nil), prefix...), bin, "crawl", jobPath)
	var out bytes.Buffer
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// checkOneUnit checks a finished capture as issue 10 asks after a store
// fault and resume: every page archived exactly once, no .open file, every
// WARC verifies, every index row points at its record, every WARC record
// is indexed, and crawl.log has one whole line per archived response.
func checkOneUnit(t *testing.T, dsn, warcDir string, pages []string) {
	t.Helper()
	ctx := context.Background()
	captureID := oneFinishedCapture(t, dsn, "unit")
	archived, files := verifiedResponses(t, warcDir)
	for _, u := range pages {
		if archived[u] != 1 {
			t.Errorf("%s archived %d times, want once", u, archived[u])
		}
	}
	verifyIndex(t, dsn, captureID, warcDir)
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	recs, err := st.Records(ctx, captureID)
	if err != nil {
		t.Fatal(err)
	}
	indexed := map[string]bool{}
	for _, r := range recs {
		indexed[fmt.Sprintf("%s:%d", r.WARCFile, r.Offset)] = true
	}
	// Connection records (dns:, resolve:, TLS) are indexed apart.
	prov, err := st.(interface {
		HostProvenance(context.Context, int64) ([]store.HostProvenance, error)
	}).HostProvenance(ctx, captureID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range prov {
		indexed[fmt.Sprintf("%s:%d", p.WARCFile, p.Offset)] = true
	}
	for _, f := range files {
		for _, rec := range readRecords(t, f) {
			if key := fmt.Sprintf("%s:%d", filepath.Base(f), rec.Offset); rec.Type() != warc.Warcinfo && !indexed[key] {
				t.Errorf("unindexed %s record of %s at %s", rec.Type(), rec.TargetURI(), key)
			}
		}
	}
	checkCrawlLog(t, captureFolder(warcDir).CrawlLog(""), warcDir)
}

func readRecords(t *testing.T, path string) []*warc.Record {
	t.Helper()
	r, err := warc.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out []*warc.Record
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, rec)
	}
}

// checkCrawlLog checks that crawl.log holds whole lines only and, for every
// URI, as many lines with an HTTP status as the WARCs hold responses and
// revisits of it: a line per archived fetch, never lost, never twice.
func checkCrawlLog(t *testing.T, path, warcDir string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Errorf("crawl.log ends in a torn line")
	}
	logged := map[string]int{}
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		e, err := crawllog.Parse(line)
		if err != nil {
			t.Errorf("crawl.log line %q: %v", line, err)
			continue
		}
		if e.Status > 0 {
			logged[e.URI]++
		}
	}
	files, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "*.warc.gz"))
	fetched := map[string]int{}
	for _, f := range files {
		for _, rec := range readRecords(t, f) {
			if rec.Type() == warc.Response || rec.Type() == warc.Revisit {
				fetched[rec.TargetURI()]++
			}
		}
	}
	for u, n := range fetched {
		if logged[u] != n {
			t.Errorf("%s: %d crawl.log lines, %d archived fetches", u, logged[u], n)
		}
	}
	for u, n := range logged {
		if fetched[u] == 0 {
			t.Errorf("%s: %d crawl.log lines, never archived", u, n)
		}
	}
}

// TestStoreFaultPostgres terminates the crawl's PostgreSQL backends
// (pg_terminate_backend from an admin connection) several times while it
// crawls. The crawl must ride them out, or stop with a clear error and
// resume; in the end every page is archived once and every record indexed.
func TestStoreFaultPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	base := pgtest.SchemaDSN(t, "sharc_fault")
	app := "sharc_fault_" + strconv.FormatInt(int64(os.Getpid()), 10)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("application_name", app)
	u.RawQuery = q.Encode()
	dsn := u.String()
	bin := buildSharc(t)
	var terminated atomic.Int64
	site := newUnitSite(120, 40, 4000, func(n int64) {
		if n%15 != 0 || n > 90 {
			return
		}
		ctx := context.Background()
		admin, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Error(err)
			return
		}
		defer admin.Close(ctx)
		var k int64
		if err := admin.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE application_name = $1`, app).Scan(&k); err != nil {
			t.Error(err)
		}
		terminated.Add(k)
	})
	srv := httptest.NewServer(site)
	defer srv.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	jobPath := writeUnitJob(t, dir, warcDir, dsn, site, srv)
	out, err := crawlOnce(bin, jobPath)
	if err != nil {
		// Allowed only as a clean stop that says why; resume must mend it.
		t.Errorf("crawl stopped on terminated backends: %v\n%s", err, out)
		if !strings.Contains(out, "PostgreSQL") && !strings.Contains(out, "postgres://") {
			t.Errorf("the error does not name the store")
		}
		for run := 0; run < 3 && err != nil; run++ {
			out, err = crawlOnce(bin, jobPath)
		}
		if err != nil {
			t.Fatalf("resume: %v\n%s", err, out)
		}
	}
	if terminated.Load() == 0 {
		t.Fatal("no backend was terminated: the test tested nothing")
	}
	pages := make([]string, site.n)
	for k := range pages {
		pages[k] = site.url(k)
	}
	checkOneUnit(t, dsn, warcDir, pages)
	t.Logf("%d backends terminated; server saw %d page requests for %d pages", terminated.Load(), site.hits.Load(), site.n)
}

// TestStoreFaultSQLiteDiskFull crawls into SQLite under a file-size limit
// (prlimit --fsize: a write past it fails with EFBIG, our stand-in for a
// full disk, which a test cannot cause without root) that the WARC files
// (rotated at 1 MiB) stay under and the database outgrows, so an index
// commit fails mid-crawl. The crawl must stop with an error naming the
// store; resumed without the limit, it must archive every page once and
// leave every record indexed.
func TestStoreFaultSQLiteDiskFull(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit (util-linux) is not installed")
	}
	bin := buildSharc(t)
	// Long URLs make the index (URL and SURT in several indexes) grow
	// faster than the WARC does.
	site := newUnitSite(150, 300, 30000, nil)
	srv := httptest.NewServer(site)
	defer srv.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	dsn := "sqlite:" + filepath.Join(warcDir, "sharc.db")
	jobPath := writeUnitJob(t, dir, warcDir, dsn, site, srv)
	out, err := crawlOnce(bin, jobPath, prlimit, "--fsize=2500000")
	if err == nil {
		t.Fatalf("the crawl never hit the file-size limit:\n%s", out)
	}
	if !strings.Contains(out, "sqlite:") || !strings.Contains(out, "index commit") {
		t.Errorf("the error does not name the store and the failed commit:\n%s", lastLines(out, 5))
	}
	open, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "*.open"))
	if len(open) == 0 {
		t.Errorf("no WARC left .open for repair after the failed commit")
	}
	t.Logf("left .open: %d files", len(open))
	t.Logf("first run stopped: %s", lastLines(out, 1))
	hitsBefore := site.hits.Load()
	if out, err = crawlOnce(bin, jobPath); err != nil {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	pages := make([]string, site.n)
	for k := range pages {
		pages[k] = site.url(k)
	}
	checkOneUnit(t, dsn, warcDir, pages)
	t.Logf("first run: %d pages before the limit; %s", hitsBefore, lastLines(out, 1))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
