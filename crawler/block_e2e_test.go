package crawler_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawllog"
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
