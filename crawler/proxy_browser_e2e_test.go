package crawler_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestForwardProxyBrowser: with fetch.proxy, a page loaded in Chromium
// (capture.browser) reaches its sub-resources, the script's fetch() and
// what the behaviours load through the proxy too (issue 30: "for the
// fetcher and the browser alike"): the browser never touches the
// network, every request it makes is the crawler's, so the proxy's log
// is crawl.log's fetches, and the origin is reachable only through the
// proxy.
func TestForwardProxyBrowser(t *testing.T) {
	needChromium(t)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/page":
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, `<!doctype html><body><img src="/logo.png" srcset="/logo.png 1x, /logo-2x.png 2x">
<script>fetch("/api/data.json").then(r => r.json()).then(d => { document.body.dataset.n = d.n; })</script></body>`)
		case "/api/data.json":
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"n": 4711}`)
		default:
			w.Header().Set("Content-Type", "image/png")
			_, _ = io.WriteString(w, "not really a png")
		}
	}))
	defer site.Close()
	proxy := newForwardProxy(t, map[string]string{"app.test:80": site.Listener.Addr().String()})
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: proxied-browser
seeds: [http://app.test/page]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
workers: 1
politeness: {delay: 0s, delay_factor: 0}
scope: {max_hops: 0}
capture:
  browser: {match: ['^http://app\.test/page$'], page_timeout: 30s, behaviors: [autofetch]}
warc: {dir: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0, proxy: %q}
`, filepath.Join(dir, "warcs"), proxy.srv.URL))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v (%s)", err, stats.StopReason)
	}
	var logged []string
	for u, e := range firstLines(t, stats.CrawlLog) {
		if e.Status > 0 && strings.HasPrefix(u, "http://") {
			logged = append(logged, u)
		}
	}
	var proxied []string
	for _, l := range proxy.lines() {
		if u, ok := strings.CutPrefix(l, "GET "); ok && !slices.Contains(proxied, u) {
			proxied = append(proxied, u)
		}
	}
	slices.Sort(logged)
	slices.Sort(proxied)
	for _, u := range []string{"http://app.test/page", "http://app.test/logo.png", "http://app.test/logo-2x.png", "http://app.test/api/data.json"} {
		if !slices.Contains(proxied, u) {
			t.Errorf("%s did not go through the proxy", u)
		}
	}
	if !slices.Equal(proxied, logged) {
		t.Errorf("proxy log %q\ncrawl.log  %q", proxied, logged)
	}
}
