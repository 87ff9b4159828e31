package crawler_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// hit is one request a test server saw.
type hit struct {
	host, path string
	at         time.Time
}

// serverLog records every request of the test servers.
type serverLog struct {
	mu   sync.Mutex
	hits []hit
}

func (l *serverLog) wrap(host string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.hits = append(l.hits, hit{host: host, path: r.URL.RequestURI(), at: time.Now()})
		l.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (l *serverLog) all() []hit {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]hit(nil), l.hits...)
}

func html(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, "<!doctype html><html><head><title>t</title></head><body>"+body+"</body></html>")
}

// siteA is a small site with every kind of resource the engine must handle.
func siteA() http.Handler {
	m := http.NewServeMux()
	m.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /private/\nSitemap: http://a.test/sitemap.xml\n")
	})
	m.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		html(w, `<link rel="stylesheet" href="/style.css">
<a href="/page1">1</a> <a href="page2#frag">2</a> <a href="/private/secret">s</a>
<img src="/img.png" srcset="/img2.png 2x"> <a href="/old">old</a> <a href="/missing">m</a>
<a href="/gz">gz</a> <a href="http://b.test/">b</a> <a href="http://elsewhere.test/">out of scope</a>`)
	})
	m.HandleFunc("/page1", func(w http.ResponseWriter, r *http.Request) { html(w, `<a href="/">home</a><a href="/page2">2</a>`) })
	m.HandleFunc("/page2", func(w http.ResponseWriter, r *http.Request) { html(w, `<a href="/page1">1</a>`) })
	m.HandleFunc("/page3", func(w http.ResponseWriter, r *http.Request) { html(w, `end of the redirect chain`) })
	m.HandleFunc("/page4", func(w http.ResponseWriter, r *http.Request) { html(w, `only in the sitemap`) })
	m.HandleFunc("/private/", func(w http.ResponseWriter, r *http.Request) { html(w, `secret`) })
	m.HandleFunc("/style.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		io.WriteString(w, `@import "/extra.css"; body { background: url('/bg.png') }`)
	})
	m.HandleFunc("/extra.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		io.WriteString(w, `p { color: red }`)
	})
	png := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("\x89PNG\r\n\x1a\n" + r.URL.Path))
	}
	m.HandleFunc("/img.png", png)
	m.HandleFunc("/img2.png", png)
	m.HandleFunc("/bg.png", png)
	m.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/older", http.StatusMovedPermanently)
	})
	m.HandleFunc("/older", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/page3", http.StatusFound) })
	m.HandleFunc("/gz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		io.WriteString(zw, `<html><body><a href="/gz-child">only linked from the gzip page</a></body></html>`)
		zw.Close()
	})
	m.HandleFunc("/gz-child", func(w http.ResponseWriter, r *http.Request) { html(w, `found through gzip`) })
	m.HandleFunc("/sitemap.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		io.WriteString(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>http://a.test/page4</loc><changefreq>daily</changefreq></url></urlset>`)
	})
	m.HandleFunc("/", http.NotFound)
	return m
}

func siteB() http.Handler {
	m := http.NewServeMux()
	m.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) { html(w, `<a href="/b1">b1</a>`) })
	m.HandleFunc("/b1", func(w http.ResponseWriter, r *http.Request) { html(w, `leaf`) })
	m.HandleFunc("/", http.NotFound) // robots.txt: 404 means no rules
	return m
}

func addr(s *httptest.Server) string { return strings.TrimPrefix(s.URL, "http://") }

func testJob(t testing.TB, dir, body string) *job.Job {
	t.Helper()
	reg := scheduler.NewRegistry()
	j, err := job.Parse([]byte(body), "test.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func openStore(t testing.TB, dsn string) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestEndToEndMultiHost(t *testing.T) {
	var slog serverLog
	a := httptest.NewServer(slog.wrap("a.test", siteA()))
	defer a.Close()
	b := httptest.NewServer(slog.wrap("b.test", siteB()))
	defer b.Close()
	dir := t.TempDir()
	const delay = 40 * time.Millisecond
	j := testJob(t, dir, fmt.Sprintf(`
name: e2e
seeds: [http://a.test/, http://b.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 4
politeness: {delay: %s, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {a.test: %s, b.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, delay, filepath.Join(dir, "warcs"), addr(a), addr(b)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stop reason %q", stats.StopReason)
	}

	wantA := []string{"/", "/robots.txt", "/page1", "/page2", "/page3", "/page4", "/style.css", "/extra.css", "/img.png", "/img2.png",
		"/bg.png", "/old", "/older", "/missing", "/gz", "/gz-child", "/sitemap.xml"}
	wantB := []string{"/", "/robots.txt", "/b1"}
	var want []string
	for _, p := range wantA {
		want = append(want, "http://a.test"+p)
	}
	for _, p := range wantB {
		want = append(want, "http://b.test"+p)
	}
	sort.Strings(want)

	// The server log: the disallowed directory was never requested, every
	// URL exactly once, and politeness gaps held per host.
	hits := slog.all()
	perHost := map[string][]time.Time{}
	seen := map[string]int{}
	for _, h := range hits {
		if strings.HasPrefix(h.path, "/private") {
			t.Errorf("robots.txt-disallowed %s was requested", h.path)
		}
		perHost[h.host] = append(perHost[h.host], h.at)
		seen["http://"+h.host+h.path]++
	}
	for u, n := range seen {
		if n != 1 {
			t.Errorf("%s requested %d times", u, n)
		}
	}
	for host, ts := range perHost {
		for i := 1; i < len(ts); i++ {
			if gap := ts[i].Sub(ts[i-1]); gap < delay {
				t.Errorf("%s: requests %d and %d only %v apart, delay is %v", host, i-1, i, gap, delay)
			}
		}
	}

	// The WARCs: every record verifies, every expected URL has exactly one
	// response record.
	responses := archivedResponses(t, filepath.Join(dir, "warcs"))
	var got []string
	for u, n := range responses {
		got = append(got, u)
		if n != 1 {
			t.Errorf("%s archived %d times", u, n)
		}
	}
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("archived URLs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// The gzip page is archived with its content encoding intact.
	checkIndex(t, st, stats.CaptureID, filepath.Join(dir, "warcs"))

	// crawl.log: one line per URI (archived ones plus the blocked one).
	logged := crawlLogByURI(t, stats.CrawlLog)
	if len(logged) != len(want)+1 {
		t.Errorf("crawl.log has %d URIs, want %d", len(logged), len(want)+1)
	}
	if e := logged["http://a.test/private/secret"]; e.Status != -9998 {
		t.Errorf("blocked URL logged with status %d, want -9998", e.Status)
	}
	if e := logged["http://a.test/page3"]; e.HopPath != "LRR" || e.Via != "http://a.test/older" {
		t.Errorf("page3 hop path %q via %q, want LRR via /older", e.HopPath, e.Via)
	}
	if e := logged["http://a.test/bg.png"]; e.HopPath != "EE" {
		t.Errorf("bg.png hop path %q, want EE", e.HopPath)
	}
	if e := logged["http://a.test/page4"]; e.HopPath != "PMM" || e.Via != "http://a.test/sitemap.xml" {
		t.Errorf("page4 hop path %q via %q, want PMM (Heritrix: robots.txt, sitemap, listed) via the sitemap", e.HopPath, e.Via)
	}
	if e := logged["http://a.test/missing"]; e.Status != 404 {
		t.Errorf("missing logged with %d", e.Status)
	}
}

// checkIndex proves every index row points at the record it describes,
// and that the gzip page kept its content encoding.
func checkIndex(t *testing.T, st store.Store, capture int64, dir string) {
	t.Helper()
	if c, err := st.Capture(context.Background(), capture); err == nil {
		dir = jobdir.WARCDir(dir, c.ID, c.Started) // dir is the job folder
	}
	problems, err := crawler.VerifyIndex(context.Background(), st, capture, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	recs, err := st.Records(context.Background(), capture)
	if err != nil || len(recs) == 0 {
		t.Fatalf("index rows: %d, %v", len(recs), err)
	}
	for _, r := range recs {
		if r.RecordType != "response" || !strings.HasSuffix(r.URL, "/gz") {
			continue
		}
		f, err := os.Open(filepath.Join(dir, r.WARCFile))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := warc.NewReader(io.NewSectionReader(f, r.Offset, r.RecordLength)).Next()
		f.Close()
		if err != nil || !bytes.Contains(rec.Block, []byte("Content-Encoding: gzip")) {
			t.Errorf("gzip response lost its content encoding (%v)", err)
		}
	}
}

// archivedResponses checks that dir has WARC files, none left open, each
// verifying, and counts the response and revisit records per target URI.
func archivedResponses(t *testing.T, dir string) map[string]int {
	t.Helper()
	dir = latestWARCDir(t, dir)
	files, _ := filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	if len(files) == 0 {
		t.Fatal("no WARC files")
	}
	if open, _ := filepath.Glob(filepath.Join(dir, "*.open")); len(open) > 0 {
		t.Errorf("files left open: %v", open)
	}
	for _, f := range files {
		n, problems, err := warc.VerifyFile(f)
		if err != nil || len(problems) > 0 || n == 0 {
			t.Fatalf("verify %s: %d records, problems %v, err %v", f, n, problems, err)
		}
	}
	responses := map[string]int{}
	for _, r := range readWARCRecords(t, dir) {
		responses[r.uri]++
	}
	return responses
}

// latestWARCDir is the WARC directory of the latest capture in the job
// folder dir (the capture folder with the highest capture ID), or dir
// itself when it has no capture folder.
func latestWARCDir(t *testing.T, dir string) string {
	t.Helper()
	folders, err := filepath.Glob(filepath.Join(dir, "*-*", jobdir.WARCsDir))
	if err != nil || len(folders) == 0 {
		return dir
	}
	best, bestID := "", int64(-1)
	for _, f := range folders {
		name := filepath.Base(filepath.Dir(f))
		id, err := strconv.ParseInt(name[strings.LastIndexByte(name, '-')+1:], 10, 64)
		if err == nil && id > bestID {
			best, bestID = f, id
		}
	}
	return best
}
