package report_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/internal/testkit/crawltest"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// changingSite answers each page according to how often it was asked for,
// so a visit-revisit capture sees every case of the report on purpose:
//
//	/stable   the same bytes every time              → coherent (same digest)
//	/etag     ETag; 304 to a matching If-None-Match  → coherent (304)
//	/counter  a different text every time            → changed
//	/visitors a digit-only counter in a long text     → changed-insignificantly
//	/vanish   200 once, then 404                     → deleted
//	/hub      links to /late from the 2nd answer on  → changed
//	/late     only linked from the 2nd /hub          → new
//	/broken   500 every time                         → failed
//	/private/ disallowed by robots.txt               → blocked
type changingSite struct {
	mu    sync.Mutex
	count map[string]int
}

// lorem is long enough that one changed word leaves most 10-word shingles
// intact, but a whole new text shares none.
var lorem = strings.Repeat("the archive keeps every page of the site exactly as the server sent it and a court may rely on it ", 12)

func (s *changingSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.count[r.URL.Path]++
	n := s.count[r.URL.Path]
	s.mu.Unlock()
	page := func(body string) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><html><head><title>page</title></head><body>"+body+"</body></html>")
	}
	switch r.URL.Path {
	case "/robots.txt":
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	case "/":
		page(`<a href="/stable">s</a> <a href="/etag">e</a> <a href="/counter">c</a> <a href="/visitors">v</a>
<a href="/vanish">x</a> <a href="/hub">h</a> <a href="/broken">b</a> <a href="/private/secret">p</a>`)
	case "/stable":
		page("<p>" + lorem + "</p>")
	case "/etag":
		w.Header().Set("ETag", `"v1"`)
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		page("<p>validated</p>")
	case "/counter":
		page(fmt.Sprintf("<p>edition %s: %s</p>", strings.Repeat("x", n), strings.Repeat(fmt.Sprintf("word%c ", 'a'+n), 30)))
	case "/visitors":
		page(fmt.Sprintf("<p>%s</p><footer>visitors today: %d</footer>", lorem, 1000+n))
	case "/vanish":
		if n > 1 {
			http.NotFound(w, r)
			return
		}
		page("<p>here today</p>")
	case "/hub":
		if n > 1 {
			page(`<p>now with a new page</p><a href="/late">late</a>`)
			return
		}
		page("<p>hub</p>")
	case "/late":
		page("<p>born during the capture</p>")
	case "/broken":
		http.Error(w, "boom", http.StatusInternalServerError)
	default:
		http.NotFound(w, r)
	}
}

// crawlChangingSite runs the real crawler over a fresh changingSite with
// a visit-revisit job (bfs-lifo, similarity on, estimatedSize as given)
// and builds the capture's report.
func crawlChangingSite(t *testing.T, estimatedSize string) (*report.Report, string) {
	t.Helper()
	st, id, j, warcDir := crawlChangingSiteIndex(t, estimatedSize)
	ctx := context.Background()
	r, err := report.Build(ctx, st, id, report.Options{WARCDir: warcDir, Job: j, Log: zaptest.NewLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	if testing.Verbose() {
		var b strings.Builder
		_ = report.WriteCSV(&b, r)
		t.Log(b.String())
	}
	return r, warcDir
}

// crawlChangingSiteIndex crawls as crawlChangingSite does and returns the
// index, the capture, the job and the WARC directory.
func crawlChangingSiteIndex(t *testing.T, estimatedSize string) (store.Store, int64, *job.Job, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("crawls a loopback site")
	}
	site := &changingSite{count: map[string]int{}}
	srv := httptest.NewServer(site)
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	c := crawltest.Run(t, dir, "e2e.yaml", fmt.Sprintf(`
name: report-e2e
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 10ms, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {site.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
scheduler: {strategy: bfs-lifo}
capture: {mode: visit-revisit, similarity: true, estimated_size: %s}
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://"), estimatedSize))
	return c.Store, c.Stats.CaptureID, c.Job, c.WARCs
}

// TestEndToEndSeedRevisited checks issue 4's "each page has exactly one
// visit and one revisit" when the site size is unknown (estimated_size:
// auto). The seed is the first download; the strategy, told size 0, emits
// it as visit+revisit (the Def. 5.5 collapse) and undoes the collapse when
// the seed's links arrive, but the frontier has already marked the page
// done (frontier.Done sets stDone for any non-Visit action) and skips the
// revisit the strategy later asks for, so the seed is never revisited. The
// report then, correctly, lists it as failed. This test fails until the
// crawler or frontier is fixed.
func TestEndToEndSeedRevisited(t *testing.T) {
	r, _ := crawlChangingSite(t, "auto")
	for _, p := range r.Pages {
		if p.Status == report.StatusNew {
			continue
		}
		if p.Visit == nil || p.Revisit == nil || p.Visit == p.Revisit || p.Revisit.Phase != "revisit" {
			t.Errorf("%s: not revisited after the visit phase (status %s: %s)", p.URL, p.Status, p.Reason)
		}
	}
}

func TestEndToEndVisitRevisitCapture(t *testing.T) {
	// The site has 9 pages in the visit phase (the blocked one included);
	// telling the strategy so avoids the early collapse of
	// TestEndToEndSeedRevisited.
	r, warcDir := crawlChangingSite(t, "9")
	want := map[string]report.Status{
		"/":         report.StatusCoherent,
		"/stable":   report.StatusCoherent,
		"/etag":     report.StatusCoherent,
		"/counter":  report.StatusChanged,
		"/visitors": report.StatusChangedInsignificantly,
		"/vanish":   report.StatusDeleted,
		"/hub":      report.StatusChanged,
		"/late":     report.StatusNew,
		"/broken":   report.StatusFailed,
	}
	got := map[string]report.Page{}
	for _, p := range r.Pages {
		got[strings.TrimPrefix(p.URL, "http://site.test")] = p
	}
	for path, w := range want {
		p, ok := got[path]
		if !ok {
			t.Errorf("%s: not in the report", path)
			continue
		}
		if p.Status != w {
			t.Errorf("%s: status %s (%s), want %s", path, p.Status, p.Reason, w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("report has %d pages, want %d: %v", len(got), len(want), r.Pages)
	}
	if len(r.Blocked) != 1 || r.Blocked[0] != "http://site.test/private/secret" {
		t.Errorf("blocked %v", r.Blocked)
	}
	// Record types and statuses as archived by the crawler.
	check := func(path string, d *report.Download, recType warc.RecordType, status int) {
		t.Helper()
		if d == nil {
			t.Errorf("%s: download missing", path)
			return
		}
		if d.RecordType != recType || d.HTTPStatus != status {
			t.Errorf("%s: %s record with HTTP %d, want %s with %d", path, d.RecordType, d.HTTPStatus, recType, status)
		}
	}
	check("/etag revisit", got["/etag"].Revisit, warc.Revisit, 304)
	check("/stable revisit", got["/stable"].Revisit, warc.Revisit, 200)
	check("/counter revisit", got["/counter"].Revisit, warc.Response, 200)
	check("/vanish revisit", got["/vanish"].Revisit, warc.Response, 404)
	if p := got["/visitors"]; p.Similarity == nil || *p.Similarity < report.SimilarityThreshold {
		t.Errorf("/visitors similarity %v", p.Similarity)
	}
	if p := got["/counter"]; p.Similarity == nil || *p.Similarity >= report.SimilarityThreshold {
		t.Errorf("/counter similarity %v, want computed and low", p.Similarity)
	}
	if r.Similarity.Compared != 3 || r.Similarity.Skipped != 0 {
		t.Errorf("similarity compared %d skipped %d, want 3 and 0 (/counter, /visitors, /hub)", r.Similarity.Compared, r.Similarity.Skipped)
	}
	// Every visit precedes every revisit: each page's interval contains
	// the coherence window. The reference time is the middle of the page
	// downloads; whether a page's interval contains it is reported per page.
	var first, last time.Time
	coherentAtRef := 0
	w := r.CoherenceWindow
	if w.Start.IsZero() || w.End.Before(w.Start) {
		t.Errorf("coherence window %+v", w)
	}
	for _, p := range r.Pages {
		for _, d := range []*report.Download{p.Visit, p.Revisit} {
			if d == nil {
				continue
			}
			if first.IsZero() || d.Time.Before(first) {
				first = d.Time
			}
			if d.Time.After(last) {
				last = d.Time
			}
		}
		if p.Visit == nil || p.Revisit == nil || p.Status == report.StatusNew {
			continue
		}
		if p.Visit.Time.After(w.Start) || p.Revisit.Time.Before(w.End) {
			t.Errorf("%s: visit %v revisit %v do not contain the window %v..%v", p.URL, p.Visit.Time, p.Revisit.Time, w.Start, w.End)
		}
		spans := !p.Visit.Time.After(r.ReferenceTime) && !p.Revisit.Time.Before(r.ReferenceTime)
		if spans != p.SpansReferenceTime {
			t.Errorf("%s: spans_reference_time %v, want %v", p.URL, p.SpansReferenceTime, spans)
		}
		if spans && p.Status == report.StatusCoherent {
			coherentAtRef++
		}
	}
	if mid := first.Add(last.Sub(first) / 2); !r.ReferenceTime.Equal(mid) {
		t.Errorf("reference time %v, want %v", r.ReferenceTime, mid)
	}
	wantTotals := report.Totals{Pages: 9, Coherent: 3, CoherentAtReference: coherentAtRef, Incoherent: 3, Changed: 2, Deleted: 1,
		ChangedInsignificantly: 1, New: 1, Failed: 1, Blocked: 1, Downloads: report.DownloadCounts{Twice: 8, Once: 1}}
	if r.Totals != wantTotals {
		t.Errorf("totals %+v\nwant   %+v", r.Totals, wantTotals)
	}
	// Each record the report points at is where it says, and a response's
	// fingerprint is the SHA-256 of its payload although the WARC's digest
	// is SHA-1 (issue 28: SHA-256 whatever the WARC digest).
	for _, p := range r.Pages {
		for _, d := range []*report.Download{p.Visit, p.Revisit} {
			if d == nil {
				continue
			}
			block, err := readBlockAt(warcDir, d)
			if err != nil {
				t.Errorf("%s: %v", p.URL, err)
				continue
			}
			if d.RecordType != warc.Response {
				continue
			}
			if want := payloadSHA256(t, block); d.PayloadSHA256 != want || d.Fingerprint() != want || !strings.HasPrefix(d.PayloadDigest, "sha1:") {
				t.Errorf("%s: fingerprint %q (payload digest %q), want the payload's %s", p.URL, d.Fingerprint(), d.PayloadDigest, want)
			}
		}
	}
	// The rendered HTML carries the same totals, also in a real browser.
	page := renderHTML(t, r)
	checkBrowser(t, page, map[string]string{
		"total-pages": "9", "total-coherent": "3", "total-changed": "2", "total-deleted": "1", "total-incoherent": "3",
		"total-changed-insignificantly": "1", "total-new": "1", "total-failed": "1", "total-blocked": "1",
	})
}

// TestFixityMatchesSha256sum: the stored report of a real capture gives
// every WARC file the crawler wrote with the size and SHA-256 that
// coreutils' sha256sum computes, finding the folder from the job alone;
// and the HTML rendered from the index shows the same hashes after the
// files are gone.
func TestFixityMatchesSha256sum(t *testing.T) {
	sha256sum, err := exec.LookPath("sha256sum")
	if err != nil {
		t.Skip("sha256sum not installed")
	}
	st, id, j, warcDir := crawlChangingSiteIndex(t, "9")
	ctx := context.Background()
	if !filepath.IsAbs(j.WARC.Dir) {
		t.Fatalf("job warc.dir %q is not absolute", j.WARC.Dir)
	}
	sum, err := report.BuildAndStore(ctx, st, id, report.Options{Job: j}) // no WARCDir: the job's
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := filepath.Glob(filepath.Join(warcDir, "*.warc*"))
	if err != nil || len(onDisk) == 0 {
		t.Fatalf("no WARC files in %s: %v", warcDir, err)
	}
	if len(sum.Fixity.Files) != len(onDisk) || sum.Fixity.Hashed() != len(onDisk) {
		t.Fatalf("fixity of %d files (%d hashed), %d WARC files on disk: %+v", len(sum.Fixity.Files), sum.Fixity.Hashed(), len(onDisk), sum.Fixity.Files)
	}
	want := map[string]string{}
	for _, f := range sum.Fixity.Files {
		path := filepath.Join(warcDir, f.File)
		out, err := exec.Command(sha256sum, path).Output()
		if err != nil {
			t.Fatal(err)
		}
		hash, _, _ := strings.Cut(string(out), " ")
		if f.SHA256 != hash {
			t.Errorf("%s: report says %s, sha256sum says %s", f.File, f.SHA256, hash)
		}
		fi, err := os.Stat(path)
		if err != nil || fi.Size() != f.Bytes {
			t.Errorf("%s: report says %d bytes, file has %v (%v)", f.File, f.Bytes, fi.Size(), err)
		}
		want[f.File] = hash
	}
	if err := os.RemoveAll(warcDir); err != nil {
		t.Fatal(err)
	}
	c, err := st.Capture(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := report.Load(st, c)
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := stored.Render(ctx, &page, "html"); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&page)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	doc.Find("table.fixity tr").Each(func(_ int, tr *goquery.Selection) {
		if h := tr.Find("td.sha256"); h.Length() == 1 {
			got[tr.Find("td").First().Text()] = h.Text()
		}
	})
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("HTML from the index shows %v, want %v", got, want)
	}
}

// payloadSHA256 is "sha256:HEX" of the body of the HTTP response block.
func payloadSHA256(t *testing.T, block []byte) string {
	t.Helper()
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(block)), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	h := sha256.New()
	if _, err := io.Copy(h, resp.Body); err != nil {
		t.Fatal(err)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
