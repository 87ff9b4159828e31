package daemon

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// searchSite serves /p/0 linking to 30 pages /a/N (200), 5 missing
// pages /missing/N (404) and /private/x, which robots.txt precludes
// (a -9998 line).
func searchSite() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/robots.txt":
			io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
		case r.URL.Path == "/p/0":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html><body>")
			for i := range 30 {
				fmt.Fprintf(w, `<a href="/a/%d">a</a> `, i)
			}
			for i := range 5 {
				fmt.Fprintf(w, `<a href="/missing/%d">m</a> `, i)
			}
			io.WriteString(w, `<a href="/private/x">x</a></body></html>`)
		case strings.HasPrefix(r.URL.Path, "/a/"):
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html><body>a page</body></html>")
		default:
			http.NotFound(w, r)
		}
	})
}

// finishedSearchCapture runs job "logs" on searchSite to its end and
// returns its capture.
func finishedSearchCapture(t *testing.T, td *testDaemon) CaptureInfo {
	t.Helper()
	srv := httptest.NewServer(searchSite())
	t.Cleanup(srv.Close)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("logs", strings.TrimPrefix(srv.URL, "http://"), ""), "job.yaml"); err != nil {
		t.Fatal(err)
	}
	var c CaptureInfo
	testkit.WaitFor(t, 60*time.Second, "the capture to finish", func() bool {
		cs, err := td.client.Captures(ctx, "logs")
		if err != nil || len(cs) == 0 {
			return false
		}
		c = cs[0]
		return c.Status == store.CaptureStatusFinished
	})
	testkit.WaitFor(t, 60*time.Second, "the job to be idle", func() bool {
		st, err := td.client.Status(ctx, "logs")
		return err == nil && st.State == stateIdle
	})
	return c
}

// TestCrawlLogSearch is issue 29's "nothing searches or filters the
// crawl.log" (the console showed its last 40 lines; at f1d4fba the API had
// no /log search and answered 404): the server filters every crawl.log of
// the capture's folder by status code, class, negative code, host, URL
// substring and time range, and pages the result.
func TestCrawlLogSearch(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	c := finishedSearchCapture(t, td)
	// A cluster node's log beside the capture's: searched too.
	node := crawllog.Entry{Time: time.Date(2001, 9, 9, 12, 0, 0, 0, time.UTC), Status: 404, Size: 10, URI: "http://node.test/missing/node2", HopPath: "L", Via: "http://site.test/p/0", MIME: "text/html", Worker: 1}
	if err := os.WriteFile(filepath.Join(c.Folder, "logs", "crawl-n2.log"), []byte(crawllog.Format(node)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name      string
		query     url.Values
		total     int
		lines     int
		eachMatch func(LogLine) bool
	}{
		{"exact code", url.Values{"status": {"404"}}, 6, 6, func(l LogLine) bool { return l.Status == 404 }},
		{"class", url.Values{"status": {"4xx"}}, 6, 6, func(l LogLine) bool { return l.Status/100 == 4 }},
		{"negative code", url.Values{"status": {"-9998"}}, 1, 1, func(l LogLine) bool { return l.Status == -9998 && strings.HasSuffix(l.URI, "/private/x") }},
		{"host", url.Values{"host": {"NODE.test"}}, 1, 1, func(l LogLine) bool { return strings.HasPrefix(l.URI, "http://node.test/") }},
		{"url substring, page 2", url.Values{"q": {"/a/"}, "per_page": {"7"}, "page": {"2"}}, 30, 7, func(l LogLine) bool { return strings.Contains(l.URI, "/a/") }},
		{"last page", url.Values{"q": {"/a/"}, "per_page": {"7"}, "page": {"5"}}, 30, 2, func(l LogLine) bool { return strings.Contains(l.Line, "/a/") }},
		{"other node's log", url.Values{"q": {"node2"}}, 1, 1, func(l LogLine) bool { return l.File == "crawl-n2.log" }},
		{"no filter", url.Values{}, 39, 39, func(LogLine) bool { return true }},
		{"time range", url.Values{"from": {"2001-09-09T11:59:59Z"}, "until": {"2001-09-09T12:00:01Z"}}, 1, 1, func(l LogLine) bool { return l.File == "crawl-n2.log" }},
		{"until is exclusive", url.Values{"q": {"node2"}, "until": {"2001-09-09T12:00:00Z"}}, 0, 0, func(LogLine) bool { return false }},
		{"status and host", url.Values{"status": {"200"}, "host": {"site.test"}, "q": {"/p/0"}}, 1, 1, func(l LogLine) bool { return l.URI == "http://site.test/p/0" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := td.client.SearchLog(ctx, c.ID, tc.query)
			if err != nil {
				t.Fatal(err)
			}
			if res.Total != tc.total || len(res.Lines) != tc.lines {
				t.Fatalf("total %d, %d lines; want %d, %d: %+v", res.Total, len(res.Lines), tc.total, tc.lines, res.Lines)
			}
			for _, l := range res.Lines {
				if !tc.eachMatch(l) {
					t.Errorf("line does not match: %+v", l)
				}
			}
		})
	}
	for _, bad := range []url.Values{{"status": {"abc"}}, {"per_page": {"501"}}, {"page": {"0"}}, {"from": {"yesterday"}}} {
		if _, err := td.client.SearchLog(ctx, c.ID, bad); apiStatus(err) != http.StatusBadRequest {
			t.Errorf("%v: %v, want 400", bad, err)
		}
	}
}
