package crawler_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/heritrix"
	"github.com/sharc-archive/sharc/scheduler"
)

// fidelitySite has a robots.txt naming a sitemap index, which names a
// sitemap listing one page; the seed links a page with an ETag that never
// changes.
func fidelitySite() http.Handler {
	m := http.NewServeMux()
	xml := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/xml")
			io.WriteString(w, `<?xml version="1.0"?>`+body)
		}
	}
	m.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow:\nSitemap: http://h.test/index.xml\n")
	})
	m.HandleFunc("/index.xml", xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://h.test/sm.xml</loc></sitemap></sitemapindex>`))
	m.HandleFunc("/sm.xml", xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://h.test/listed</loc></url></urlset>`))
	m.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) { html(w, `<a href="/same1">s</a> <a href="/same2">s</a>`) })
	same := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"same-1"`)
		if r.Header.Get("If-None-Match") == `"same-1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		html(w, "unchanged page")
	}
	m.HandleFunc("/same1", same)
	m.HandleFunc("/same2", same)
	m.HandleFunc("/listed", func(w http.ResponseWriter, r *http.Request) { html(w, "only in the sitemap") })
	m.HandleFunc("/", http.NotFound)
	return m
}

// TestHeritrixAnnotationsHopsAndDuplicates crawls visit and revisit and
// reads crawl.log and the Heritrix reports as Heritrix would have written
// them: an identical revisit is duplicate:digest and a 304
// duplicate:server-not-modified (FetchHistoryProcessor), both counted as
// such in crawl-report.txt and hosts-report.txt rather than as novel;
// robots.txt is a prerequisite of the URI that needed it (hop P, via that
// URI); a sitemap named by robots.txt is PM, one in its index PMM, and a
// URL listed there PMMM (Hop.MANIFEST added to the sitemap's path).
func TestHeritrixAnnotationsHopsAndDuplicates(t *testing.T) {
	for _, tc := range []struct {
		mode    string
		want304 bool // the unchanged pages answer 304 to their revisit
	}{
		{"conditional", true},
		{"full", false},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			srv := httptest.NewServer(fidelitySite())
			defer srv.Close()
			dir := t.TempDir()
			j := testJob(t, dir, fmt.Sprintf(`
name: fidelity
seeds: [http://h.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: 0s, delay_factor: 0}
scheduler: {strategy: sharc-selective-online, tau: 0.9}
capture: {mode: visit-revisit, revisit_request: %s}
warc: {dir: %s}
resolve: {h.test: %s}
`, tc.mode, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
			st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
			stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
			if err != nil || stats.StopReason != "finished" {
				t.Fatalf("crawl: %v, %+v", err, stats)
			}
			lines := readCrawlLog(t, stats.CrawlLog)
			checkHops(t, lines)
			dup, nm := checkRevisitAnnotations(t, lines, tc.want304)
			recs, err := st.Records(context.Background(), stats.CaptureID)
			if err != nil {
				t.Fatal(err)
			}
			var wantDup, wantNM int64
			for _, r := range recs {
				switch {
				case r.RecordType != "revisit":
				case r.Status == http.StatusNotModified:
					wantNM++
				default:
					wantDup++
				}
			}
			if dup != wantDup || nm != wantNM {
				t.Errorf("crawl.log: %d duplicate:digest, %d duplicate:server-not-modified; the WARCs have %d and %d revisits", dup, nm, wantDup, wantNM)
			}
			checkReports(t, lines, wantDup, wantNM)
		})
	}
}

func readCrawlLog(t *testing.T, path string) []crawllog.Entry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []crawllog.Entry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		e, err := crawllog.Parse(sc.Text())
		if err != nil {
			t.Fatalf("crawl.log line %q: %v", sc.Text(), err)
		}
		out = append(out, e)
	}
	return out
}

func checkHops(t *testing.T, lines []crawllog.Entry) {
	t.Helper()
	want := map[string][2]string{ // URI: hop path, via
		"http://h.test/robots.txt": {"P", "http://h.test/"},
		"http://h.test/index.xml":  {"PM", "http://h.test/robots.txt"},
		"http://h.test/sm.xml":     {"PMM", "http://h.test/index.xml"},
		"http://h.test/listed":     {"PMMM", "http://h.test/sm.xml"},
		"http://h.test/same1":      {"L", "http://h.test/"},
	}
	seen := map[string]bool{}
	for _, e := range lines {
		w, ok := want[e.URI]
		if !ok {
			continue
		}
		seen[e.URI] = true
		if e.HopPath != w[0] || e.Via != w[1] {
			t.Errorf("%s: hop path %q via %q, want %q via %q", e.URI, e.HopPath, e.Via, w[0], w[1])
		}
	}
	if len(seen) != len(want) {
		t.Errorf("crawl.log has %d of the %d URIs checked", len(seen), len(want))
	}
}

// checkRevisitAnnotations counts the lines annotated as Heritrix's
// duplicates, and fails on SHARC's old words for them.
func checkRevisitAnnotations(t *testing.T, lines []crawllog.Entry, want304 bool) (dup, nm int64) {
	t.Helper()
	sameRevisits := 0
	for _, e := range lines {
		for _, a := range e.Annotations {
			switch a {
			case "unchanged", "notModified":
				t.Errorf("%s annotated %q, not a Heritrix annotation", e.URI, a)
			case crawllog.AnnDuplicateDigest:
				dup++
			case crawllog.AnnServerNotModified:
				nm++
				if e.Status != http.StatusNotModified {
					t.Errorf("%s: %s on a %d", e.URI, a, e.Status)
				}
			}
		}
		if strings.HasPrefix(e.URI, "http://h.test/same") && (e.Status == http.StatusNotModified || len(e.Annotations) > 0 && e.Status == http.StatusOK) {
			sameRevisits++
		}
	}
	if sameRevisits == 0 || (want304 && nm == 0) || (!want304 && dup == 0) {
		t.Errorf("%d revisits of the unchanged pages, %d duplicate:digest, %d duplicate:server-not-modified", sameRevisits, dup, nm)
	}
	return dup, nm
}

var reportFigure = regexp.MustCompile(`(?m)^(novel|duplicate-by-hash|not-modified) URIs: (\d+)`)

// checkReports reads crawl-report.txt's counts and hosts-report.txt's row.
func checkReports(t *testing.T, lines []crawllog.Entry, wantDup, wantNM int64) {
	t.Helper()
	tally := heritrix.NewTally([]string{"http://h.test/"})
	for _, e := range lines {
		tally.Add(e)
	}
	var crawl, hosts strings.Builder
	if err := tally.Write(&crawl, heritrix.CrawlReport, heritrix.Crawl{Name: "fidelity"}); err != nil {
		t.Fatal(err)
	}
	if err := tally.Write(&hosts, heritrix.HostsReport, heritrix.Crawl{}); err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, m := range reportFigure.FindAllStringSubmatch(crawl.String(), -1) {
		got[m[1]], _ = strconv.ParseInt(m[2], 10, 64)
	}
	if got["duplicate-by-hash"] != wantDup || got["not-modified"] != wantNM {
		t.Errorf("crawl-report.txt counts %v, want %d duplicate-by-hash and %d not-modified:\n%s", got, wantDup, wantNM, crawl.String())
	}
	// hosts-report.txt: [#urls] [#bytes] [host] [#robots] [#remaining]
	// [#novel-urls] [#novel-bytes] [#dup-by-hash-urls] ...
	for _, row := range strings.Split(hosts.String(), "\n") {
		f := strings.Fields(row)
		if len(f) < 11 || f[2] != "h.test" {
			continue
		}
		if f[7] != strconv.FormatInt(wantDup, 10) || f[9] != strconv.FormatInt(wantNM, 10) {
			t.Errorf("hosts-report.txt row %q: want %d dup-by-hash and %d not-modified URLs", row, wantDup, wantNM)
		}
		return
	}
	t.Errorf("hosts-report.txt has no h.test row:\n%s", hosts.String())
}
