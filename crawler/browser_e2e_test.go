package crawler_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nlnwa/gowarc"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/browserfetch"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// needChromium skips a test that loads pages in the browser when Debian's
// chromium is not installed (make test installs it).
func needChromium(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(browserfetch.DefaultExec); err != nil {
		t.Skip("needs Debian's chromium at /usr/bin/chromium (make chromium installs it)")
	}
}

// jsAppPage is a page whose text and one link exist only once its script
// has read /api/data.json; it also loads an image and a script from
// cdn.test, and an image from an address the job does not allow.
func jsAppPage(denied string) string {
	return `<!doctype html><html><head><title>App</title>
<script src="http://cdn.test/lib.js"></script></head><body>
<h1 id="out">Loading…</h1><img src="http://cdn.test/logo.png"><img src="http://` + denied + `/tracker.png">
<a href="/static">static link</a>
<script>
fetch("/api/data.json").then(r => r.json()).then(d => {
  document.getElementById("out").textContent = d.headline + " " + window.libVersion;
  const a = document.createElement("a"); a.href = d.more; a.textContent = "more";
  document.body.appendChild(a);
});
</script></body></html>`
}

// jsApp serves app.test: the JavaScript page, its JSON, and plain pages.
func jsApp(denied string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, jsAppPage(denied))
	})
	mux.HandleFunc("/api/data.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"headline":"Rendered headline 4711","more":"/from-js"}`)
	})
	for _, p := range []string{"/static", "/from-js", "/p1", "/p2"} {
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
			html(w, `<p>plain page</p><a href="/p1">p1</a><a href="/p2">p2</a><a href="http://cdn.test/about">cdn page</a>`)
		})
	}
	return mux
}

// cdnSite serves cdn.test: the page's script and image, and a page.
func cdnSite() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/lib.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/javascript")
		io.WriteString(w, `window.libVersion = "lib-v2";`)
	})
	mux.HandleFunc("/logo.png", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(tinyPNG)
	})
	mux.HandleFunc("/about", func(w http.ResponseWriter, r *http.Request) { html(w, "<p>about the cdn</p>") })
	return mux
}

// tinyPNG is a 1×1 PNG.
var tinyPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")

// browserSite is the mixed test's servers: app.test and cdn.test on
// loopback, and a server on 127.0.0.2 that the job does not allow.
type browserSite struct {
	log         serverLog
	app, cdn    *httptest.Server
	denied      *http.Server
	deniedAddr  string
	deniedCalls atomic.Int64
}

func newBrowserSite(t *testing.T) *browserSite {
	t.Helper()
	s := &browserSite{}
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no 127.0.0.2 on this machine: %v", err)
	}
	s.deniedAddr = ln.Addr().String()
	s.denied = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.deniedCalls.Add(1) })}
	go s.denied.Serve(ln)
	s.app = httptest.NewServer(s.log.wrap("app.test", jsApp(s.deniedAddr)))
	s.cdn = httptest.NewServer(s.log.wrap("cdn.test", cdnSite()))
	t.Cleanup(func() { s.app.Close(); s.cdn.Close(); s.denied.Close() })
	return s
}

// TestBrowserCaptureMixedJob crawls a site whose front page JavaScript
// builds from a JSON endpoint: the front page in the browser, every
// other page over HTTP. The JSON and the page's other sub-resources are
// archived as responses, the screenshot and the rendered DOM as resource
// records linked to the page, the link only the script writes is
// followed, the address the job does not allow is never reached, and the
// requests to each host, browser's and HTTP tasks' alike, keep the
// politeness delay between them (from the servers' own log).
func TestBrowserCaptureMixedJob(t *testing.T) {
	needChromium(t)
	s := newBrowserSite(t)
	dir := t.TempDir()
	const delay = 150 * time.Millisecond
	j := testJob(t, dir, fmt.Sprintf(`
name: browser-mixed
seeds: [http://app.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 4
robots: ignore
scope: {surt_prefixes: ["test,app)/", "test,cdn)/"]}
politeness: {delay: %s, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {app.test: %s, cdn.test: %s}
fetch: {allow_addresses: [127.0.0.1/32], retries: 0}
capture:
  browser: {match: ['^http://app\.test/$'], tabs: 2, page_timeout: 20s}
`, delay, filepath.Join(dir, "warcs"), addr(s.app), addr(s.cdn)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stop reason %q", stats.StopReason)
	}
	if n := s.deniedCalls.Load(); n != 0 {
		t.Errorf("the address the job does not allow got %d requests", n)
	}
	checkHostGaps(t, s.log.all(), delay)
	recs := readAllRecords(t, latestWARCDir(t, filepath.Join(dir, "warcs")))
	checkBrowserRecords(t, recs)
	checkBrowserIndex(t, st, stats.CaptureID)
	checkBrowserReport(t, st, stats.CaptureID)
}

// checkBrowserReport checks the quality report lists the page's
// screenshot, thumbnail, text and DOM, in its JSON and its HTML.
func checkBrowserReport(t *testing.T, st store.Store, captureID int64) {
	t.Helper()
	rep, err := report.Build(context.Background(), st, captureID, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, e := range rep.Summary.BrowserEvidence {
		if e.Page == "http://app.test/" && e.RecordID != "" && e.WARCFile != "" {
			kinds[e.Kind] = true
		}
	}
	if !kinds[report.EvidenceScreenshot] || !kinds[report.EvidenceThumbnail] || !kinds[report.EvidenceText] || !kinds[report.EvidenceDOM] || rep.Summary.BrowserEvidenceTotal != 4 {
		t.Errorf("report evidence %+v (total %d), want the page's screenshot, thumbnail, text and DOM", rep.Summary.BrowserEvidence, rep.Summary.BrowserEvidenceTotal)
	}
	var b bytes.Buffer
	if err := report.WriteHTML(&b, rep); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`id="browser-evidence"`)) || !bytes.Contains(b.Bytes(), []byte("<td>screenshot</td>")) {
		t.Errorf("the HTML report does not list the browser evidence")
	}
}

// checkHostGaps checks that requests to each host arrived at least delay
// apart, and that the browser's requests are among them.
func checkHostGaps(t *testing.T, hits []hit, delay time.Duration) {
	t.Helper()
	perHost := map[string][]hit{}
	for _, h := range hits {
		perHost[h.host] = append(perHost[h.host], h)
	}
	for host, hs := range perHost {
		for i := 1; i < len(hs); i++ {
			if gap := hs[i].at.Sub(hs[i-1].at); gap < delay {
				t.Errorf("%s: %s and %s only %v apart, delay is %v", host, hs[i-1].path, hs[i].path, gap, delay)
			}
		}
	}
	var paths []string
	for _, h := range hits {
		paths = append(paths, h.host+h.path)
	}
	for _, want := range []string{"app.test/api/data.json", "cdn.test/lib.js", "cdn.test/logo.png", "app.test/from-js", "cdn.test/about"} {
		if !strings.Contains(strings.Join(paths, " ")+" ", want+" ") {
			t.Errorf("servers never saw %s; they saw %q", want, paths)
		}
	}
}

// record is one WARC record as gowarc read it.
type record struct {
	typ, id, uri, ctype, concurrentTo, truncated string
	block                                        []byte
}

// readAllRecords reads every record of dir's WARC files with gowarc, a
// reader independent of the writer's code.
func readAllRecords(t *testing.T, dir string) []record {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	if len(files) == 0 {
		t.Fatalf("no WARC files in %s", dir)
	}
	var out []record
	for _, f := range files {
		r, err := gowarc.NewWarcFileReader(f, 0)
		if err != nil {
			t.Fatal(err)
		}
		for {
			rec, _, val, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			// gowarc computes WARC-Payload-Digest over the chunked body,
			// SHARC over the de-chunked one (docs/interop.md): the digests
			// are checked by warc.VerifyFile below instead.
			_ = val
			raw, err := rec.Block().RawBytes()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(raw)
			h := rec.WarcHeader()
			out = append(out, record{typ: rec.Type().String(), id: rec.RecordId(), uri: h.Get(gowarc.WarcTargetURI),
				ctype: h.Get(gowarc.ContentType), concurrentTo: h.GetId(gowarc.WarcConcurrentTo), truncated: h.Get(gowarc.WarcTruncated), block: b})
			rec.Close()
		}
		r.Close()
		if n, problems, err := warc.VerifyFile(f); err != nil || len(problems) > 0 || n == 0 {
			t.Errorf("verify %s: %d records, problems %v, err %v", f, n, problems, err)
		}
	}
	return out
}

// checkBrowserRecords checks the archived JSON and sub-resources, and the
// screenshot and DOM resource records of the browser page.
func checkBrowserRecords(t *testing.T, recs []record) {
	t.Helper()
	byURI := map[string][]record{}
	for _, r := range recs {
		byURI[r.uri] = append(byURI[r.uri], r)
	}
	find := func(uri, typ string) *record {
		for i, r := range byURI[uri] {
			if r.typ == typ {
				return &byURI[uri][i]
			}
		}
		t.Errorf("no %s record for %s", typ, uri)
		return nil
	}
	page := find("http://app.test/", "response")
	if js := find("http://app.test/api/data.json", "response"); js != nil && !bytes.Contains(js.block, []byte("Rendered headline 4711")) {
		t.Errorf("the JSON response record lacks the JSON:\n%s", js.block)
	}
	find("http://app.test/api/data.json", "request")
	find("http://cdn.test/lib.js", "response")
	find("http://cdn.test/logo.png", "response")
	shot := find("urn:fullPage:http://app.test/", "resource")
	thumb := find("urn:thumbnail:http://app.test/", "resource")
	text := find("urn:text:http://app.test/", "resource")
	dom := find("urn:dom:http://app.test/", "resource")
	if page == nil || shot == nil || thumb == nil || text == nil || dom == nil {
		return
	}
	if !bytes.HasPrefix(shot.block, []byte("\x89PNG\r\n\x1a\n")) || shot.ctype != "image/png" {
		t.Errorf("screenshot record: %s, %d bytes not a PNG", shot.ctype, len(shot.block))
	}
	if !bytes.HasPrefix(thumb.block, []byte("\xff\xd8\xff")) || thumb.ctype != "image/jpeg" {
		t.Errorf("thumbnail record: %s, %d bytes not a JPEG", thumb.ctype, len(thumb.block))
	}
	if !bytes.Contains(text.block, []byte("Rendered headline 4711 lib-v2")) || bytes.Contains(text.block, []byte("<")) || !strings.HasPrefix(text.ctype, "text/plain") {
		t.Errorf("text record (%s) is not the rendered plain text:\n%s", text.ctype, text.block)
	}
	if !bytes.Contains(dom.block, []byte("Rendered headline 4711 lib-v2")) || !strings.HasPrefix(dom.ctype, "text/html") {
		t.Errorf("DOM record (%s) lacks the JavaScript-built text:\n%s", dom.ctype, dom.block)
	}
	if bytes.Contains(page.block, []byte("Rendered headline")) {
		t.Errorf("the document itself holds the rendered text: the test site is not JavaScript-built")
	}
	for _, r := range []*record{shot, thumb, text, dom} {
		if r.concurrentTo != page.id {
			t.Errorf("%s is WARC-Concurrent-To %q, want the page's response %q", r.uri, r.concurrentTo, page.id)
		}
	}
	if len(byURI["http://app.test/from-js"]) == 0 {
		t.Errorf("the link only the script writes (/from-js) was not crawled")
	}
}

// checkBrowserIndex checks the store indexed the resource records.
func checkBrowserIndex(t *testing.T, st store.Store, captureID int64) {
	t.Helper()
	recs, err := st.Records(context.Background(), captureID)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]store.Record{}
	for _, r := range recs {
		if r.RecordType == "resource" {
			rows[r.URL] = r
		}
	}
	for uri, mime := range map[string]string{"urn:fullPage:http://app.test/": "image/png", "urn:thumbnail:http://app.test/": "image/jpeg",
		"urn:text:http://app.test/": "text/plain", "urn:dom:http://app.test/": "text/html"} {
		if r, ok := rows[uri]; !ok || r.MIME != mime || r.PayloadDigest == "" {
			t.Errorf("index: resource row for %s: %+v (found %v), want MIME %s and a digest", uri, r, ok, mime)
		}
	}
}

// TestBrowserVisitRevisit captures two JavaScript pages twice (visit
// and revisit): their documents never change, but the JSON one of them
// reads does. The revisit of that page compares what the browser
// rendered, so it is archived as a changed response and the report calls
// the page changed; the other page's revisit is a revisit record and the
// report calls it coherent.
func TestBrowserVisitRevisit(t *testing.T) {
	needChromium(t)
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"}
	var served atomic.Int64
	mux := http.NewServeMux()
	page := func(api string) string {
		return `<!doctype html><html><head><title>JS</title></head><body><p id="out">wait</p><script>
fetch("` + api + `").then(r => r.json()).then(d => { document.getElementById("out").textContent = "Word " + d.word; });
</script></body></html>`
	}
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, page("/api/changing.json")+`<a href="/steady">steady</a>`)
	})
	mux.HandleFunc("/steady", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, page("/api/steady.json"))
	})
	mux.HandleFunc("/api/changing.json", func(w http.ResponseWriter, r *http.Request) {
		n := served.Add(1)
		fmt.Fprintf(w, `{"word":%q}`, words[int(n-1)%len(words)])
	})
	mux.HandleFunc("/api/steady.json", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"word":"steady"}`) })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: browser-revisit
seeds: [http://js.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
workers: 2
politeness: {delay: 0s, delay_factor: 0}
scheduler: {strategy: sharc-revisits}
capture:
  mode: visit-revisit
  browser: {match: ['^http://js\.test/'], page_timeout: 20s}
warc: {dir: %s}
resolve: {js.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v (%s)", err, stats.StopReason)
	}
	rep, err := report.Build(context.Background(), st, stats.CaptureID, report.Options{Job: j})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		status  report.Status
		revisit string // record type of the revisit
	}{
		"http://js.test/":       {report.StatusChanged, "response"},
		"http://js.test/steady": {report.StatusCoherent, "revisit"},
	}
	for _, p := range rep.Pages {
		w, ok := want[p.URL]
		if !ok {
			continue
		}
		delete(want, p.URL)
		if p.Visit == nil || p.Revisit == nil || p.Visit.RecordID == p.Revisit.RecordID {
			t.Errorf("%s: want a visit and a separate revisit, got %+v / %+v", p.URL, p.Visit, p.Revisit)
			continue
		}
		if p.Status != w.status || string(p.Revisit.RecordType) != w.revisit {
			t.Errorf("%s: report %s (%s), revisit record %s; want %s with a %s record", p.URL, p.Status, p.Reason, p.Revisit.RecordType, w.status, w.revisit)
		}
	}
	for u := range want {
		t.Errorf("the report has no page %s", u)
	}
}

// TestBrowserPageLimits: a page whose JSON never comes is archived when
// page_timeout ends, with what it showed by then (annotation
// browser-unsettled); a page whose image passes max_page_bytes is
// archived without its later requests (browser-bytes-cut), the image
// archived though the browser never got it; a page whose script writes
// more text than max_page_bytes has its DOM cut there (browser-dom-cut,
// a WARC-Truncated urn:dom: record).
func TestBrowserPageLimits(t *testing.T) {
	needChromium(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/hangs", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<!doctype html><body><p>Shell text</p><script>fetch("/api/never.json")</script></body>`)
	})
	mux.HandleFunc("/api/never.json", func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	mux.HandleFunc("/heavy", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<!doctype html><body><img src="/big.png"><script>setTimeout(() => fetch("/api/after.json"), 300)</script></body>`)
	})
	mux.HandleFunc("/big.png", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(bytes.Repeat([]byte{0}, 300<<10))
	})
	mux.HandleFunc("/huge-dom", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<!doctype html><body><p>Head text</p><div hidden id="h"></div><script>document.getElementById("h").textContent = "x".repeat(400 << 10)</script></body>`)
	})
	var after atomic.Int64
	mux.HandleFunc("/api/after.json", func(w http.ResponseWriter, r *http.Request) { after.Add(1); io.WriteString(w, `{}`) })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: browser-limits
seeds: [http://lim.test/hangs, http://lim.test/heavy, http://lim.test/huge-dom]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
workers: 2
politeness: {delay: 0s, delay_factor: 0}
capture:
  browser: {match: ['^http://lim\.test/'], page_timeout: 4s, max_page_bytes: 200KB, tabs: 2}
warc: {dir: %s}
resolve: {lim.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v (%s)", err, stats.StopReason)
	}
	log, err := os.ReadFile(stats.CrawlLog)
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]string{}
	for _, l := range strings.Split(string(log), "\n") {
		if f := strings.Fields(l); len(f) > 3 {
			lines[f[3]] = l
		}
	}
	for u, ann := range map[string]string{"http://lim.test/hangs": "browser-unsettled", "http://lim.test/heavy": "browser-bytes-cut",
		"http://lim.test/huge-dom": "browser-dom-cut"} {
		if !strings.Contains(lines[u], ann) {
			t.Errorf("crawl.log line of %s lacks %s: %q", u, ann, lines[u])
		}
	}
	if n := after.Load(); n != 0 {
		t.Errorf("a request after the page's byte budget was spent reached the server %d times", n)
	}
	recs := readAllRecords(t, latestWARCDir(t, filepath.Join(dir, "warcs")))
	var dom, hugeDOM, big *record
	for i, r := range recs {
		switch {
		case r.uri == "urn:dom:http://lim.test/hangs":
			dom = &recs[i]
		case r.uri == "urn:dom:http://lim.test/huge-dom":
			hugeDOM = &recs[i]
		case r.uri == "http://lim.test/big.png" && r.typ == "response":
			big = &recs[i]
		}
	}
	if dom == nil || !bytes.Contains(dom.block, []byte("Shell text")) {
		t.Errorf("the timed-out page has no DOM record with what it showed")
	}
	if hugeDOM == nil || len(hugeDOM.block) > 200<<10 || hugeDOM.truncated != "length" || !bytes.Contains(hugeDOM.block, []byte("Head text")) {
		t.Errorf("the huge DOM is not a head of at most 200KB marked WARC-Truncated: %v", hugeDOM != nil)
	}
	if big == nil {
		t.Errorf("the image past the page's budget was not archived")
	}
}

// TestBrowserCrashRetried kills the crawler's Chromium while it loads a
// page: the page is retried (fetch.retries), a new Chromium loads it, and
// it is archived with its JavaScript-built DOM.
func TestBrowserCrashRetried(t *testing.T) {
	needChromium(t)
	var kills atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<!doctype html><body><p id="out">wait</p><script>
fetch("/api/data.json").then(r => r.json()).then(d => { document.getElementById("out").textContent = d.text; });
</script></body>`)
	})
	mux.HandleFunc("/api/data.json", func(w http.ResponseWriter, r *http.Request) {
		if kills.Add(1) == 1 {
			if err := killChildChromium(); err != nil {
				t.Error(err)
			}
			<-r.Context().Done()
			return
		}
		io.WriteString(w, `{"text":"Survived the crash"}`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: browser-crash
seeds: [http://crash.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
politeness: {delay: 0s, delay_factor: 0}
capture:
  browser: {match: ['^http://crash\.test/$'], page_timeout: 20s}
warc: {dir: %s}
resolve: {crash.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 2, retry_backoff: 10ms}
`, filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v (%s)", err, stats.StopReason)
	}
	if kills.Load() < 2 {
		t.Fatalf("the JSON was asked %d times: the page was not loaded again after the crash", kills.Load())
	}
	var dom *record
	recs := readAllRecords(t, latestWARCDir(t, filepath.Join(dir, "warcs")))
	for i, r := range recs {
		if r.uri == "urn:dom:http://crash.test/" {
			dom = &recs[i]
		}
	}
	if dom == nil || !bytes.Contains(dom.block, []byte("Survived the crash")) {
		t.Errorf("no DOM record of the page as rendered after the crash")
	}
}

// killChildChromium kills the Chromium this test process started (the
// crawler's; /usr/bin/chromium execs the browser, so it is a direct
// child), by its process id.
func killChildChromium() error {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
		if open < 0 || end < open {
			continue
		}
		fields := strings.Fields(string(b[end+1:]))
		if string(b[open+1:end]) != "chromium" || len(fields) < 2 || fields[1] != strconv.Itoa(os.Getpid()) {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		p, err := os.FindProcess(pid)
		if err != nil {
			return err
		}
		return p.Kill()
	}
	return errors.New("no chromium child of the test process")
}
