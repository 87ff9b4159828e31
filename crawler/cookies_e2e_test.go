package crawler_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestCookiesTxtInBrowser: cookies imported from a Netscape cookies.txt
// (cookies:, granted by name) go with every request of the capture, the
// browser page's sub-resources included, and a browser page's scripts see
// them in document.cookie: the rendered DOM shows them (issue 30).
func TestCookiesTxtInBrowser(t *testing.T) {
	needChromium(t)
	var mu sync.Mutex
	got := map[string]string{} // path → Cookie header received
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got[r.URL.Path] = r.Header.Get("Cookie")
		mu.Unlock()
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<!doctype html><html><body><img src="/pixel.png"><a href="/plain">plain</a>
<script>document.body.insertAdjacentHTML("beforeend", "<p id=c>script sees [" + document.cookie + "]</p>")</script></body></html>`)
		case "/pixel.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte("\x89PNG\r\n\x1a\n"))
		default:
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<p>plain page</p>")
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	jar := filepath.Join(dir, "cookies.txt")
	if err := os.WriteFile(jar, []byte("# Netscape HTTP Cookie File\napp.test\tFALSE\t/\tFALSE\t0\tpref\tdark\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	j := testJob(t, dir, fmt.Sprintf(`
name: cookies-browser
seeds: [http://app.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
robots: ignore
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {app.test: %s}
fetch: {allow_addresses: [127.0.0.1/32], retries: 0}
cookies: prefs
capture:
  browser: {match: ['^http://app\.test/$'], tabs: 1, page_timeout: 20s}
`, filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	sec := siteauth.Secrets{CookieFiles: map[string]string{"prefs": jar}}
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{Secrets: sec}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v, %+v", err, stats)
	}
	mu.Lock()
	for _, p := range []string{"/", "/pixel.png", "/plain"} {
		if got[p] != "pref=dark" {
			t.Errorf("%s was asked with Cookie %q, want pref=dark", p, got[p])
		}
	}
	mu.Unlock()
	var dom *record
	recs := readAllRecords(t, latestWARCDir(t, filepath.Join(dir, "warcs")))
	for i, r := range recs {
		if r.uri == "urn:dom:http://app.test/" {
			dom = &recs[i]
		}
		if r.typ == "request" && !bytes.Contains(r.block, []byte("\r\nCookie: pref=dark\r\n")) && !strings.HasSuffix(r.uri, "/robots.txt") {
			t.Errorf("request record of %s lacks the cookie sent:\n%s", r.uri, r.block)
		}
	}
	if dom == nil || !bytes.Contains(dom.block, []byte("script sees [pref=dark]")) {
		t.Errorf("the rendered DOM does not show the script saw the cookie: %v", dom)
	}
	// Without the grant the job does not run.
	_, err = crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), `cookies: "prefs" is not granted`) {
		t.Errorf("run without the grant: %v", err)
	}
}
