package crawler_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit/hostile"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// crawlHostile crawls site (internal/testkit/hostile) as trap.test with a job of
// the given name, extra YAML lines (its fetch, scope and limits) and
// options; the capture must finish. It returns the stats, the store and
// the WARC directory.
func crawlHostile(t *testing.T, site *hostile.Site, name string, workers int, extra string, opts crawler.Options) (crawler.Stats, store.Store, string) {
	t.Helper()
	srv := httptest.NewServer(site)
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	warcs := filepath.Join(dir, "warcs")
	j := testJob(t, dir, fmt.Sprintf(`
name: %s
seeds: [http://trap.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: %d
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {trap.test: %s}
%s`, name, workers, warcs, strings.TrimPrefix(srv.URL, "http://"), extra))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), opts).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("%v, stop reason %q", err, stats.StopReason)
	}
	return stats, st, warcs
}

// TestTrapsAndBombs crawls the trap site in one capture: it finishes by
// itself, the seed is fetched right after robots.txt (the sitemap bomb no
// longer goes first), every normal page is archived exactly once, every
// WARC verifies and matches the index, and every trap shows in crawl.log
// with its code and reason.
func TestTrapsAndBombs(t *testing.T) {
	const normal = 30
	site := hostile.New(hostile.Config{Normal: normal, RobotsPad: 1 << 20})
	stats, st, warcs := crawlHostile(t, site, "traps", 4, `
fetch: {retries: 0, max_redirects: 3, timeout: 2s, connect_timeout: 1s, max_body_bytes: 10MB, allow_addresses: [127.0.0.0/8]}
scope: {max_hops: 25, max_duration: 2m}
limits: {max_query_variants: 10, max_sitemaps_per_host: 25, max_sitemap_depth: 3, max_outlinks: 200}
`, crawler.Options{})
	if got := site.Requests(); len(got) < 2 || got[0] != "/robots.txt" || got[1] != "/" {
		t.Errorf("first requests %v, want robots.txt then the seed", got[:min(len(got), 4)])
	}

	responses := archivedResponses(t, warcs)
	for _, p := range site.NormalPages() {
		if u := "http://trap.test" + p; responses[u] != 1 {
			t.Errorf("%s archived %d times, want 1 (a Disallow past robots.txt's first 500 KiB must not apply)", u, responses[u])
		}
	}
	for u, n := range responses {
		if n != 1 {
			t.Errorf("%s archived %d times", u, n)
		}
	}
	checkIndex(t, st, stats.CaptureID, warcs)

	logged := crawlLogByURI(t, stats.CrawlLog)
	reasons := map[string]int{}
	for _, e := range logged {
		if e.Status < 0 && len(e.Annotations) > 0 {
			reasons[fmt.Sprint(e.Status, " ", e.Annotations[0])]++
		}
	}
	for _, want := range []string{"-4000 path-loop", "-4000 calendar", "-4000 query-variants", "-4000 url-too-long",
		"-4001 redirect-limit", "-4001 sitemap-depth", "-7 malformed-url"} {
		if reasons[want] == 0 {
			t.Errorf("no crawl.log line %q; lines by reason: %v", want, reasons)
		}
	}
	fromSitemap := 0
	for _, e := range logged {
		if e.Status == -7 && strings.HasSuffix(e.Via, ".xml") {
			fromSitemap++
		}
	}
	if fromSitemap == 0 {
		t.Error("no -7 malformed-url line for a sitemap's malformed <loc>")
	}
	if e := logged["http://trap.test/many"]; !strings.HasPrefix(strings.Join(e.Annotations, ","), "outlinks-dropped:4800") {
		t.Errorf("/many annotations %v, want outlinks-dropped:4800", e.Annotations)
	}
	sitemaps := 0
	for u := range responses {
		if strings.Contains(u, "/sm/") {
			sitemaps++
		}
	}
	if sitemaps > 25 {
		t.Errorf("%d sitemaps archived, limit 25", sitemaps)
	}
	t.Logf("%d URLs archived, %d sitemaps; drops by reason: %v", len(responses), sitemaps, reasons)
}

// TestHostQuota: past limits.max_pages_per_host a host's new URLs are
// refused with -5003 host-quota lines, sitemaps counting too.
func TestHostQuota(t *testing.T) {
	stats, _, warcs := crawlHostile(t, hostile.New(hostile.Config{Normal: 30}), "quota", 2, `
fetch: {retries: 0, timeout: 2s, connect_timeout: 1s, allow_addresses: [127.0.0.0/8]}
limits: {max_pages_per_host: 20}
`, crawler.Options{})
	pages := 0
	for u := range archivedResponses(t, warcs) {
		if !strings.HasSuffix(u, "/robots.txt") {
			pages++
		}
	}
	if pages > 20 {
		t.Errorf("%d URLs of the host archived, quota 20", pages)
	}
	quota := 0
	for _, e := range crawlLogByURI(t, stats.CrawlLog) {
		if e.Status == -5003 && len(e.Annotations) == 1 && e.Annotations[0] == "host-quota" {
			quota++
		}
	}
	if quota == 0 {
		t.Error("no -5003 host-quota line")
	}
}
