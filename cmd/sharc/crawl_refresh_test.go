package main

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/research/testsite"
)

// TestCrawlRefreshCycle: `sharc crawl` of a full capture, then of the same
// job in capture.mode refresh, prints the cycle's stored metrics. The
// site's clock stands still, so every refreshed page is unchanged.
func TestCrawlRefreshCycle(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	site, err := testsite.New(testsite.Config{Pages: 12, Outdegree: 3, Skew: 1, TimeUnit: time.Minute, Seed: 2,
		Start: start, Now: func() time.Time { return start }}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(site)
	defer srv.Close()
	dir := t.TempDir()
	write := func(extra string) string {
		path := filepath.Join(dir, "job.yaml")
		if err := os.WriteFile(path, []byte(fmt.Sprintf(`name: refreshed
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
politeness: {delay: 1ms, delay_factor: 0}
warc: {dir: %s}
store: sqlite:%s
resolve: {site.test: %s}
%s`, filepath.Join(dir, "warcs"), filepath.Join(dir, "index.db"), strings.TrimPrefix(srv.URL, "http://"), extra)), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	if code, out, errOut := sharc(t, "crawl", write("")); code != 0 {
		t.Fatalf("full crawl: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut := sharc(t, "crawl", write("capture: {mode: refresh}\nrefresh: {budget: 4, policy: random}\n"))
	if code != 0 {
		t.Fatalf("refresh crawl: exit %d\n%s\n%s", code, out, errOut)
	}
	// 12 pages and the sitemap; nothing changed.
	want := regexp.MustCompile(`refresh cycle \(policy random\): budget 4 of 13 URLs, planned 4 \(0 samples\) in 1 rounds, downloaded 4, changed 0, ChangeRatio 0\.000`)
	if !want.MatchString(out) {
		t.Errorf("output has no refresh cycle line matching %s:\n%s", want, out)
	}
	// The quality report is built for the cycle like for any capture.
	if !strings.Contains(out, "quality report (refresh, strategy bfs)") {
		t.Errorf("no quality report summary for the refresh capture:\n%s", out)
	}
}
