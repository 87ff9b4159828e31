package crawler_test

import (
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
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestBlockRules: URLs matching fetch.block are never requested, whatever
// led to them (a link, an embed, a redirect, a sitemap entry, a sitemap
// robots.txt names), and each gets a crawl.log line -5001 blocked-rule
// (issue 30). Before, only scope.exclude existed, which drops silently.
func TestBlockRules(t *testing.T) {
	pages := map[string]string{
		"/robots.txt":      "User-agent: *\nAllow: /\nSitemap: http://blk.test/sitemap.xml\nSitemap: http://blk.test/ads-sitemap.xml\n",
		"/":                `<a href="/ok">ok</a> <a href="/ads/link">ad</a> <img src="/big.mp4"> <a href="/old">old</a>`,
		"/ok":              "fine",
		"/listed":          "listed in the sitemap",
		"/sitemap.xml":     sitemapXML("http://blk.test/listed", "http://blk.test/ads/listed"),
		"/ads-sitemap.xml": sitemapXML("http://blk.test/ads/via-sitemap"),
	}
	srv := newRawServer(t, func(target string) []byte {
		if target == "/old" {
			return []byte("HTTP/1.1 301 Moved Permanently\r\nLocation: /ads/redirected\r\nContent-Length: 0\r\n\r\n")
		}
		body, ok := pages[target]
		if !ok {
			return []byte("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
		}
		ctype := "text/html"
		if strings.HasSuffix(target, ".xml") {
			ctype = "application/xml"
		}
		return []byte(fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s", ctype, len(body), body))
	})
	stats, _ := crawlRaw(t, []string{"http://blk.test/"}, map[string]string{"blk.test": srv.ln.Addr().String()},
		"robots: obey\n", `, block: ["/ads/", "(?i)\\.mp4$", "ads-sitemap"]`)
	logged := crawlLogByURI(t, stats.CrawlLog)
	for _, target := range []string{"/ads/link", "/big.mp4", "/ads/redirected", "/ads/listed", "/ads-sitemap.xml"} {
		if n := srv.count(target); n != 0 {
			t.Errorf("%s requested %d times despite a block rule", target, n)
		}
		if e := logged["http://blk.test"+target]; e.Status != int(crawllog.CodeBlockedUser) || !hasAnnotation(e, "blocked-rule") {
			t.Errorf("crawl.log of %s: %+v, want -5001 blocked-rule", target, e)
		}
	}
	for _, target := range []string{"/ok", "/listed", "/old", "/sitemap.xml"} {
		if n := srv.count(target); n != 1 {
			t.Errorf("%s requested %d times, want 1", target, n)
		}
	}
}

// TestBrowserBlockRules: in a page loaded in Chromium (capture.browser),
// a request matching fetch.block, here a script's fetch() and an image,
// fails in the page without reaching the server, with its crawl.log line
// -5001 blocked-rule (hop E); the page's other requests are archived.
func TestBrowserBlockRules(t *testing.T) {
	needChromium(t)
	var mu sync.Mutex
	asked := map[string]int{}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path]++
		mu.Unlock()
		switch r.URL.Path {
		case "/page":
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, `<!doctype html><body><img src="/ok.png"><img src="/ads/banner.png">
<script>fetch("/ads/track.json").catch(() => {}); fetch("/api/data.json")</script></body>`)
		case "/ok.png", "/ads/banner.png":
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write([]byte("not really a png"))
		default:
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{}`)
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: browser-block
seeds: [http://blk.test/page]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
workers: 1
politeness: {delay: 0s, delay_factor: 0}
capture:
  browser: {match: ['^http://blk\.test/page$'], page_timeout: 20s}
warc: {dir: %s}
resolve: {blk.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0, block: ["/ads/"]}
`, filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v (%s)", err, stats.StopReason)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range []string{"/ads/banner.png", "/ads/track.json"} {
		if asked[p] != 0 {
			t.Errorf("%s reached the server %d times despite a block rule", p, asked[p])
		}
	}
	for _, p := range []string{"/ok.png", "/api/data.json"} {
		if asked[p] != 1 {
			t.Errorf("%s reached the server %d times, want 1", p, asked[p])
		}
	}
	data, err := os.ReadFile(stats.CrawlLog)
	if err != nil {
		t.Fatal(err)
	}
	blocked := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		e, err := crawllog.Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		if e.Status == int(crawllog.CodeBlockedUser) && hasAnnotation(e, "blocked-rule") {
			blocked[e.URI]++
		}
	}
	for _, u := range []string{"http://blk.test/ads/banner.png", "http://blk.test/ads/track.json"} {
		if blocked[u] != 1 {
			t.Errorf("%s has %d blocked-rule lines, want 1", u, blocked[u])
		}
	}
}
