package crawler

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// TestSitemapNamersBounded: who may make a sitemap speak for other hosts
// is kept only for sitemaps the capture queued. Before, every child a
// sitemap index listed was recorded, refused or not, for the whole run:
// indexes of 50,000 children each, up to the sitemap quota of every host,
// grew memory without bound (a reviewer measured 167 MiB for 12 indexes
// of 20,000). Here the quota is 4 and each index lists 2,000 children.
func TestSitemapNamersBounded(t *testing.T) {
	const children, quota = 2000, 4
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nSitemap: http://site.test/idx.xml\n")
		case strings.HasSuffix(r.URL.Path, ".xml"):
			w.Header().Set("Content-Type", "application/xml")
			fmt.Fprint(w, `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
			for i := range children {
				fmt.Fprintf(w, "<sitemap><loc>http://site.test/s%d-%d.xml</loc></sitemap>\n", len(r.URL.Path), i)
			}
			fmt.Fprint(w, `</sitemapindex>`)
		default:
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "a page")
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	reg := scheduler.NewRegistry()
	j, err := job.Parse([]byte(fmt.Sprintf(`
name: namers
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
robots: obey
politeness: {delay: 0s, delay_factor: 0}
limits: {max_sitemaps_per_host: %d}
warc: {dir: %s}
resolve: {site.test: %s}
`, quota, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://"))), "test.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(dir, "index.db"), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	c := New(j, st, reg, zaptest.NewLogger(t), Options{})
	if _, err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(c.sitemapsSeen) != quota {
		t.Fatalf("%d sitemaps queued, want the quota %d: the test tested nothing", len(c.sitemapsSeen), quota)
	}
	if n := len(c.sitemapNamers); n > len(c.sitemapsSeen) {
		t.Errorf("namers kept for %d sitemaps, but only %d were queued", n, len(c.sitemapsSeen))
	}
}
