package crawler_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/warc"
)

// TestGroupCommitSharesFsyncs: with many pages in flight on one host, a
// group commit serves several pages (one WARC fsync and one transaction
// for all of them), and every page is indexed exactly once.
func TestGroupCommitSharesFsyncs(t *testing.T) {
	const pages = 400
	srv := httptest.NewServer(benchSite(pages))
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: groups
seeds: ["%s/p/0"]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 16
politeness: {delay: 0s, delay_factor: 0, max_delay: 0s, per_host: 16}
warc: {dir: %s}
`, srv.URL, filepath.Join(dir, "warcs")))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zap.NewNop(), crawler.Options{}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	recs, err := st.Records(context.Background(), stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, r := range recs {
		if r.RecordType == warc.Response && strings.Contains(r.URL, "/p/") {
			seen[r.URL]++
		}
	}
	for u, n := range seen {
		if n != 1 {
			t.Errorf("%s indexed %d times", u, n)
		}
	}
	if len(seen) != pages {
		t.Errorf("%d pages indexed, want %d", len(seen), pages)
	}
	if stats.CommitGroups <= 0 || stats.CommitGroups*2 > stats.Fetched {
		t.Fatalf("%d group commits for %d fetches: want at least two pages per commit", stats.CommitGroups, stats.Fetched)
	}
	t.Logf("%d fetches in %d group commits", stats.Fetched, stats.CommitGroups)
}
