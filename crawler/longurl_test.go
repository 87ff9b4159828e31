package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestLongURLsCannotStopACapture: a URL longer than PostgreSQL can index
// (its B-tree entries hold 2704 bytes) reached by a path the link filters
// did not see — robots.txt redirecting to it, robots.txt's Sitemap: line,
// a sitemap index's child — failed the commit that archived it, which
// stops the crawl, at every resume too: one hostile host halted the
// capture for good. Such URLs are now refused like long links, by
// max_url_length and, with that off (0), by what the store can index.
func TestLongURLsCannotStopACapture(t *testing.T) {
	long := "/" + strings.Repeat("x", 4000)
	cases := map[string]func(w http.ResponseWriter, r *http.Request){
		"robots redirect": func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, long+".txt", http.StatusFound) },
		"robots sitemap": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, "User-agent: *\nSitemap: http://site.test%s.xml\n", long)
		},
		"sitemap index": func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, "User-agent: *\nSitemap: http://site.test/index.xml\n")
		},
	}
	for name, robots := range cases {
		for _, maxLen := range []string{"2083", "0"} {
			t.Run(fmt.Sprintf("%s/max_url_length=%s", name, maxLen), func(t *testing.T) {
				longURLRun(t, long, robots, maxLen)
			})
		}
	}
}

func longURLRun(t *testing.T, long string, robots http.HandlerFunc, maxLen string) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			robots(w, r)
		case "/index.xml":
			w.Header().Set("Content-Type", "application/xml")
			fmt.Fprintf(w, `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://site.test%s.xml</loc></sitemap></sitemapindex>`, long)
		default:
			html(w, "page "+r.URL.Path[:min(len(r.URL.Path), 20)])
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: longurl
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: obey
limits: {max_url_length: %s}
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {site.test: %s}
fetch: {retries: 0, allow_addresses: [127.0.0.0/8]}
`, maxLen, filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, pgtest.SchemaDSN(t, "sharc_longurl"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != crawler.StopFinished {
		t.Fatalf("run: stop %q, %v", stats.StopReason, err)
	}
	n, err := crawler.SeedsArchived(context.Background(), st, j, stats.CaptureID)
	if err != nil || n != 1 {
		t.Fatalf("seeds archived %d, %v", n, err)
	}
	log, err := os.ReadFile(stats.CrawlLog)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(log), "xxxx") && !strings.Contains(string(log), "url-too-long") {
		t.Errorf("the long URL is in crawl.log but not as refused:\n%.3000s", log)
	}
}
