package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
)

// trapSite is a site whose every corner is a trap or a bomb, beside
// normal pages that must be archived once each: a nested sitemap-index
// bomb named by robots.txt, relative links that loop, a calendar that
// links forward and back forever, a search that multiplies query strings,
// a page with thousands of links, over-long and malformed links, a
// redirect chain longer than the limit and a redirect cycle.
func trapSite(normal int) (http.Handler, func() []string) {
	var mu sync.Mutex
	var order []string
	html := func(w http.ResponseWriter, body string) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html><body>"+body+"</body></html>")
	}
	m := http.NewServeMux()
	m.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\nSitemap: /sm/index-0.xml\n")
	})
	m.HandleFunc("/sm/", func(w http.ResponseWriter, r *http.Request) {
		// Every index lists 5 more indexes and one urlset: endless.
		w.Header().Set("Content-Type", "application/xml")
		name := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/sm/"), ".xml")
		if strings.HasPrefix(name, "set-") {
			fmt.Fprintf(w, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/page/0</loc></url><url><loc>/smpage/%s</loc></url></urlset>`, name)
			return
		}
		var b strings.Builder
		b.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
		for i := range 5 {
			fmt.Fprintf(&b, "<sitemap><loc>/sm/%s-%d.xml</loc></sitemap>", name, i)
		}
		fmt.Fprintf(&b, "<sitemap><loc>/sm/set-%s.xml</loc></sitemap></sitemapindex>", name)
		fmt.Fprint(w, b.String())
	})
	m.HandleFunc("/smpage/", func(w http.ResponseWriter, r *http.Request) { html(w, "from a sitemap") })
	m.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		for i := range normal {
			fmt.Fprintf(&b, `<a href="/page/%d">p</a>`, i)
		}
		b.WriteString(`<a href="/loop/">loop</a> <a href="/cal/2028/6">calendar</a> <a href="/search?q=a">search</a>
<a href="/many">many</a> <a href="/long/` + strings.Repeat("x", 3000) + `">long</a> <a href="http://exa mple.test/">bad host</a>
<a href="/r/0">redirects</a> <a href="/cycle/a">cycle</a> <a href="/a%zz">escape</a>`)
		html(w, b.String())
	})
	m.HandleFunc("/page/", func(w http.ResponseWriter, r *http.Request) { html(w, `a normal page <a href="/">home</a>`) })
	m.HandleFunc("/a%zz", func(w http.ResponseWriter, r *http.Request) { html(w, "odd but real") })
	m.HandleFunc("/loop/", func(w http.ResponseWriter, r *http.Request) {
		html(w, `<a href="a/">deeper</a> <a href="b/a/">deeper</a>`)
	})
	m.HandleFunc("/cal/{y}/{m}", func(w http.ResponseWriter, r *http.Request) {
		var y, mo int
		fmt.Sscan(r.PathValue("y"), &y)
		fmt.Sscan(r.PathValue("m"), &mo)
		next, prev := fmt.Sprintf("/cal/%d/%d", y+mo/12, mo%12+1), fmt.Sprintf("/cal/%d/%d", y-(13-mo)/12, (mo+10)%12+1)
		html(w, fmt.Sprintf(`<a href="%s">next</a> <a href="%s">prev</a>`, next, prev))
	})
	m.HandleFunc("/search", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query().Get("q")
		html(w, fmt.Sprintf(`<a href="/search?q=%sa">a</a> <a href="/search?q=%sb">b</a>`, q, q))
	})
	m.HandleFunc("/many", func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		for i := range 5000 {
			fmt.Fprintf(&b, `<a href="/many/%d">x</a>`, i)
		}
		html(w, b.String())
	})
	m.HandleFunc("/many/", func(w http.ResponseWriter, r *http.Request) { html(w, "one of many") })
	m.HandleFunc("/r/{n}", func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscan(r.PathValue("n"), &n)
		http.Redirect(w, r, fmt.Sprintf("/r/%d", n+1), http.StatusFound)
	})
	m.HandleFunc("/cycle/a", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/cycle/b", http.StatusFound) })
	m.HandleFunc("/cycle/b", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/cycle/a", http.StatusFound) })
	record := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		order = append(order, r.URL.RequestURI())
		mu.Unlock()
		m.ServeHTTP(w, r)
	})
	return record, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), order...)
	}
}

// TestTrapsAndBombs crawls the trap site in one capture: it finishes by
// itself, the seed is fetched right after robots.txt (the sitemap bomb no
// longer goes first), every normal page is archived exactly once, every
// WARC verifies and matches the index, and every trap shows in crawl.log
// with its code and reason.
func TestTrapsAndBombs(t *testing.T) {
	const normal = 30
	h, requests := trapSite(normal)
	srv := httptest.NewServer(h)
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: traps
seeds: [http://trap.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 4
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {trap.test: %s}
fetch: {retries: 0, max_redirects: 3, allow_addresses: [127.0.0.0/8]}
scope: {max_hops: 25, max_duration: 2m}
limits: {max_query_variants: 10, max_sitemaps_per_host: 25, max_sitemap_depth: 3, max_outlinks: 200}
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stop reason %q", stats.StopReason)
	}
	if got := requests(); len(got) < 2 || got[0] != "/robots.txt" || got[1] != "/" {
		t.Errorf("first requests %v, want robots.txt then the seed", got[:min(len(got), 4)])
	}

	responses := archivedResponses(t, filepath.Join(dir, "warcs"))
	for i := range normal {
		if u := fmt.Sprintf("http://trap.test/page/%d", i); responses[u] != 1 {
			t.Errorf("%s archived %d times, want 1", u, responses[u])
		}
	}
	for u, n := range responses {
		if n != 1 {
			t.Errorf("%s archived %d times", u, n)
		}
	}
	checkIndex(t, st, stats.CaptureID, filepath.Join(dir, "warcs"))

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
	h, _ := trapSite(30)
	srv := httptest.NewServer(h)
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: quota
seeds: [http://trap.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {trap.test: %s}
fetch: {retries: 0, allow_addresses: [127.0.0.0/8]}
limits: {max_pages_per_host: 20}
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("%v, stop reason %q", err, stats.StopReason)
	}
	pages := 0
	for u := range archivedResponses(t, filepath.Join(dir, "warcs")) {
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
