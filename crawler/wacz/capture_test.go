package wacz_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/crawltest"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// seedSite serves a small site whose alphabetically first page
// (/about.html) is not the seed (/start.html). /counter.html changes on
// every fetch, title included; the other pages never change, so their
// revisits are identical-payload revisit records.
func seedSite(t *testing.T) *httptest.Server {
	t.Helper()
	var counter atomic.Int64
	pages := map[string]string{
		"/start.html": `<html><head><title>Start here</title></head><body><a href="/about.html">a</a> <a href="/counter.html">c</a> <a href="/zoo.html">z</a></body></html>`,
		"/about.html": `<html><head><title>About   the
 site</title></head><body><a href="/start.html">s</a></body></html>`,
		"/zoo.html": `<html><head><title>Zoo &amp; friends</title></head><body>animals</body></html>`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/counter.html" {
			fmt.Fprintf(w, "<html><title>Counter %d</title><body>changing</body></html>", counter.Add(1))
			return
		}
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// crawlSeedSite runs a real visit-revisit capture of seedSite into a
// SQLite store, listing about.html as the second seed so that it may well
// be fetched first.
func crawlSeedSite(t *testing.T) (store.Store, int64, string) {
	t.Helper()
	srv := seedSite(t)
	dir := t.TempDir()
	c := crawltest.Run(t, dir, "wacz-seed.yaml", fmt.Sprintf(`
name: wacz-seed
seeds: [http://site.test/start.html, http://site.test/about.html]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: 5ms, delay_factor: 0}
scheduler: {strategy: sharc-revisits}
capture: {mode: visit-revisit}
warc: {dir: %s}
resolve: {site.test: %s}
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
	return c.Store, c.Stats.CaptureID, c.WARCs
}

// pack runs FromCapture and Write and returns datapackage.json and the
// pages.jsonl lines after the header.
func pack(t *testing.T, st store.Store, id int64, warcDir string, created time.Time) (wacz.DataPackage, []map[string]string, []byte) {
	t.Helper()
	in, err := wacz.FromCapture(context.Background(), st, id, warcDir, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	in.Created = created
	var buf bytes.Buffer
	if err := wacz.Write(context.Background(), &buf, in, nil); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		rc, err := zr.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		b, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	var dp wacz.DataPackage
	if err := json.Unmarshal(read(wacz.PathDataPack), &dp); err != nil {
		t.Fatal(err)
	}
	raw := read(wacz.PathPages)
	var pages []map[string]string
	for i, line := range strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n") {
		if i == 0 {
			continue
		}
		var p map[string]string
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatalf("pages.jsonl line %d: %v", i+1, err)
		}
		pages = append(pages, p)
	}
	return dp, pages, raw
}

var microTS = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$`)

// TestFromCapture packages a real visit-revisit capture: mainPageUrl is
// the first seed although about.html sorts first, each page is one entry
// (not one per fetch: issue 28 found 599 entries for 300 pages) at its
// first fetch with its HTML title, ids are unique and identical across
// two packagings, and ts carries WARC-Date's microseconds.
func TestFromCapture(t *testing.T) {
	st, id, warcDir := crawlSeedSite(t)
	recs, err := st.Records(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if first := recs[0].URL; !strings.HasSuffix(first, "/about.html") {
		t.Fatalf("fixture: the index should start with about.html, starts with %s", first)
	}
	// Set by FromCapture itself, not Write's first-page fallback (which
	// the crawl's fetch order could make agree by chance).
	if in, err := wacz.FromCapture(context.Background(), st, id, warcDir, zaptest.NewLogger(t)); err != nil || in.MainPageURL != "http://site.test/start.html" {
		t.Errorf("FromCapture main page %q (%v)", in.MainPageURL, err)
	}
	dp, pages, raw := pack(t, st, id, warcDir, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if dp.MainPageURL != "http://site.test/start.html" {
		t.Errorf("mainPageUrl = %q, want the first seed", dp.MainPageURL)
	}
	var seedTS string
	for _, r := range recs {
		if r.URL == dp.MainPageURL && r.RecordType == warc.Response && (seedTS == "" || r.Time.UTC().Format(wacz.TSLayout) < seedTS) {
			seedTS = r.Time.UTC().Format(wacz.TSLayout)
		}
	}
	if dp.MainPageDate != seedTS {
		t.Errorf("mainPageDate = %q, want the seed's first capture %q", dp.MainPageDate, seedTS)
	}

	wantTitle := map[string]*regexp.Regexp{
		"http://site.test/start.html":   regexp.MustCompile(`^Start here$`),
		"http://site.test/about.html":   regexp.MustCompile(`^About the site$`),
		"http://site.test/zoo.html":     regexp.MustCompile(`^Zoo & friends$`),
		"http://site.test/counter.html": regexp.MustCompile(`^Counter \d$`),
	}
	// The text is the page's visible text from its archived HTML: the
	// words of its body, not its title or markup.
	wantText := map[string]string{
		"http://site.test/start.html": "a c z", "http://site.test/about.html": "s",
		"http://site.test/zoo.html": "animals", "http://site.test/counter.html": "changing",
	}
	for _, p := range pages {
		if p["text"] != wantText[p["url"]] {
			t.Errorf("page %s: text %q, want %q", p["url"], p["text"], wantText[p["url"]])
		}
	}
	fetches := map[string][]string{} // url -> ts of its entries
	ids := map[string]bool{}
	for _, p := range pages {
		re := wantTitle[p["url"]]
		if re == nil || !re.MatchString(p["title"]) {
			t.Errorf("page %v: unexpected url or title", p)
		}
		if !microTS.MatchString(p["ts"]) || p["id"] == "" || ids[p["id"]] {
			t.Errorf("page %v: ts not to the microsecond, or id empty or repeated", p)
		}
		ids[p["id"]] = true
		fetches[p["url"]] = append(fetches[p["url"]], p["ts"])
	}
	first := map[string]string{} // url -> ts of its first response
	for _, r := range recs {
		if ts := r.Time.UTC().Format(wacz.TSLayout); r.RecordType == warc.Response && (first[r.URL] == "" || ts < first[r.URL]) {
			first[r.URL] = ts
		}
	}
	for u := range wantTitle {
		if len(fetches[u]) != 1 || fetches[u][0] != first[u] {
			t.Errorf("%s: entries at %v, want one, at its first fetch %s", u, fetches[u], first[u])
		}
	}
	if len(pages) != len(wantTitle) {
		t.Errorf("%d entries in pages.jsonl for %d pages", len(pages), len(wantTitle))
	}
	if len(pages) == 0 || pages[0]["url"] != "http://site.test/start.html" && pages[0]["url"] != "http://site.test/about.html" {
		t.Errorf("pages not in capture order: first %v", pages)
	}

	// Packaging again, later, gives the same pages.jsonl, ids included.
	_, _, again := pack(t, st, id, warcDir, time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
	if !bytes.Equal(raw, again) {
		t.Errorf("pages.jsonl differs between two packagings:\n%s\n---\n%s", raw, again)
	}

	// A job whose seeds are mappings with their own scope (job.SeedScopes)
	// names its main page the same way: here about.html is listed first.
	capt, err := st.Capture(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	owner := capt.Owner
	owner.JobYAML = "name: wacz-seed\nseeds:\n  - {url: http://site.test/about.html, scope: page}\n  - {url: http://site.test/start.html, scope: host}\n"
	if err := st.SetCaptureOwner(context.Background(), id, owner); err != nil {
		t.Fatal(err)
	}
	if in, err := wacz.FromCapture(context.Background(), st, id, warcDir, zaptest.NewLogger(t)); err != nil || in.MainPageURL != "http://site.test/about.html" {
		t.Errorf("mapping seeds: main page %q (%v), want the first seed about.html", in.MainPageURL, err)
	}

	// A capture without its job's YAML (started before store migration
	// 0006) takes its seeds from the frontier's seed rows instead.
	if err := st.SetCaptureOwner(context.Background(), id, store.CaptureOwner{}); err != nil {
		t.Fatal(err)
	}
	if capt, err := st.Capture(context.Background(), id); err != nil || capt.Owner.JobYAML != "" {
		t.Fatalf("fixture: job YAML still there (%v)", err)
	}
	if in, err := wacz.FromCapture(context.Background(), st, id, warcDir, zaptest.NewLogger(t)); err != nil || in.MainPageURL != "http://site.test/start.html" {
		t.Errorf("without job YAML: main page %q (%v), want the first seed row", in.MainPageURL, err)
	}
}
