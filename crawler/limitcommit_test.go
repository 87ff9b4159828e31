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
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit/sqlitefault"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// TestLimitDoesNotHideFailedCommit: a page's index commit that fails
// after max_pages has stopped the run (its waiter then sees a cancelled
// context) must still fail the run and leave the capture open, so that
// the resume repairs the WARC file and crawl.log it left and fetches the
// page again. Before, the run returned no error, the capture was marked
// finished with stop reason max_pages, and its WARC file stayed .open
// while the index named the file's final name.
//
// The fault is the database's own refusal (sqlitefault) of the last
// seed's records.
func TestLimitDoesNotHideFailedCommit(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "index.db")
	st := openStore(t, "sqlite:"+dbPath)
	allow := sqlitefault.Refuse(t, dbPath, "records", "NEW.url LIKE '%/third'")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		html(w, "page "+r.URL.Path)
	}))
	defer srv.Close()
	warcDir := filepath.Join(dir, "warcs")
	j := testJob(t, dir, fmt.Sprintf(`
name: limitcommit
seeds: [http://site.test/first, http://site.test/second, http://site.test/third]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 1
robots: ignore
scope: {max_pages: 3}
politeness: {delay: 0s, delay_factor: 0, max_delay: 0s, per_host: 3}
warc: {dir: %s}
resolve: {site.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, warcDir, addr(srv)))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	run := func() (crawler.Stats, error) {
		return crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(ctx)
	}
	first, err := run()
	if err == nil || !strings.Contains(err.Error(), "index commit") {
		t.Fatalf("first run: stop %s, error %v; want the failed index commit", first.StopReason, err)
	}
	if c, err := st.Capture(ctx, first.CaptureID); err != nil || c.Status == store.CaptureStatusFinished {
		t.Fatalf("capture after the failed commit: %+v, %v; want it open for the resume", c, err)
	}
	allow()
	second, err := run()
	if err != nil || second.CaptureID != first.CaptureID || !second.Resumed {
		t.Fatalf("resume: %+v, %v", second, err)
	}
	for _, u := range []string{"http://site.test/first", "http://site.test/second", "http://site.test/third"} {
		checkArchivedOnce(ctx, t, st, second, u)
	}
	if open, _ := filepath.Glob(filepath.Join(second.WARCDir(), "*.open")); len(open) != 0 {
		t.Errorf("WARC files left .open after the resume: %v", open)
	}
	log, err := os.ReadFile(second.CrawlLog)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(log), "http://site.test/third "); n != 1 {
		t.Errorf("crawl.log has %d lines for /third, want 1:\n%s", n, log)
	}
}

// checkArchivedOnce checks that url has exactly one response record in
// the capture, in a closed WARC file that holds it.
func checkArchivedOnce(ctx context.Context, t *testing.T, st store.Store, s crawler.Stats, url string) {
	t.Helper()
	recs, err := st.History(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	var responses []store.Record
	for _, r := range recs {
		if r.CaptureID == s.CaptureID && r.RecordType == warc.Response {
			responses = append(responses, r)
		}
	}
	if len(responses) != 1 {
		t.Fatalf("%s: %d response records, want 1: %+v", url, len(responses), responses)
	}
	r := responses[0]
	fi, err := os.Stat(filepath.Join(s.WARCDir(), r.WARCFile))
	if err != nil || fi.Size() < r.Offset+r.RecordLength {
		t.Errorf("%s: indexed in %s at %d+%d, but the file: %v, %v", url, r.WARCFile, r.Offset, r.RecordLength, fi, err)
	}
}
