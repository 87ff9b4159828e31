package crawler_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"
	"go.uber.org/zap/zaptest/observer"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// lostCommits is a real store whose commits of index rows stop landing
// after the first few: Commit answers an error without committing, as
// when the process dies between writing a group's crawl.log lines and
// its commit. Everything else is the store's own.
type lostCommits struct {
	store.Store
	left atomic.Int64
}

var errLost = errors.New("commit lost (test)")

func (s *lostCommits) Commit(ctx context.Context, b store.Batch) error {
	if len(b.Records) > 0 && s.left.Add(-1) < 0 {
		return errLost
	}
	return s.Store.Commit(ctx, b)
}

// TestCrawlLogMatchesIndexAfterLostCommit: a capture whose index commit
// fails after its crawl.log lines were written resumes with exactly one
// line per archived exchange: the lines of the lost commit are cut, the
// pages fetched again are logged once, and nothing committed loses its
// line. This is the window TestSIGKILLResume once hit by chance.
func TestCrawlLogMatchesIndexAfterLostCommit(t *testing.T) {
	a := httptest.NewServer(chainSite(30))
	t.Cleanup(a.Close)
	dir := t.TempDir()
	warcs := filepath.Join(dir, "warcs")
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	reg := scheduler.NewRegistry()
	j := testJob(t, dir, ownerJob(t, "lost", "a.test", addr(a), warcs))
	lossy := &lostCommits{Store: st}
	lossy.left.Store(6)
	first, err := crawler.New(j, lossy, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", nil)).Run(context.Background())
	if !errors.Is(err, errLost) {
		t.Fatalf("first run: %+v, %v; want the lost commit's error", first, err)
	}
	before := exchangeLines(t, first.CrawlLog)
	second, err := crawler.New(j, st, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", nil)).Run(context.Background())
	if err != nil || !second.Resumed || second.StopReason != crawler.StopFinished {
		t.Fatalf("resumed run: %+v, %v", second, err)
	}
	after := exchangeLines(t, second.CrawlLog)
	recs, err := st.Records(context.Background(), second.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	indexed := map[string]int{}
	for _, r := range recs {
		if warc.HTTPExchange(r.RecordType) {
			indexed[r.URL]++
		}
	}
	t.Logf("crawl.log held %d exchange lines when the commit was lost; %d after the resume; %d exchanges indexed", len(before), len(after), len(recs))
	for uri, n := range after {
		if n != indexed[uri] {
			t.Errorf("%s: %d crawl.log lines, %d indexed exchanges", uri, n, indexed[uri])
		}
	}
	for uri, n := range indexed {
		if after[uri] == 0 {
			t.Errorf("%s: %d indexed exchanges, no crawl.log line", uri, n)
		}
	}
	if _, err := os.Stat(second.CrawlLog + ".repair"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("repair file left behind: %v", err)
	}
}

// exchangeLines counts crawl.log lines with an HTTP status per URI.
func exchangeLines(t *testing.T, path string) map[string]int {
	t.Helper()
	n := map[string]int{}
	for _, e := range crawlLogEntries(t, path) {
		if e.Status > 0 {
			n[e.URI]++
		}
	}
	return n
}

// crawlLogEntries parses every line of a crawl.log.
func crawlLogEntries(t *testing.T, path string) []crawllog.Entry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var es []crawllog.Entry
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		e, err := crawllog.Parse(l)
		if err != nil {
			t.Fatalf("%s: line %q: %v", path, l, err)
		}
		es = append(es, e)
	}
	return es
}

// TestShortCrawlLogWarns: a resumed capture whose crawl.log is shorter
// than its last recorded mark (lines lost to a power loss before they
// were synced, or an altered file) cannot get them back; the resume says
// so instead of going on as if the log were whole.
func TestShortCrawlLogWarns(t *testing.T) {
	a := httptest.NewServer(chainSite(30))
	t.Cleanup(a.Close)
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	reg := scheduler.NewRegistry()
	j := testJob(t, dir, ownerJob(t, "short", "a.test", addr(a), filepath.Join(dir, "warcs")))
	lossy := &lostCommits{Store: st}
	lossy.left.Store(6)
	first, err := crawler.New(j, lossy, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", nil)).Run(context.Background())
	if !errors.Is(err, errLost) {
		t.Fatalf("first run: %+v, %v; want the lost commit's error", first, err)
	}
	mark, err := st.CrawlLogMark(context.Background(), first.CaptureID, "")
	if err != nil || mark == 0 {
		t.Fatalf("mark %d, %v", mark, err)
	}
	if err := os.Truncate(first.CrawlLog, mark/2); err != nil {
		t.Fatal(err)
	}
	core, logs := observer.New(zap.WarnLevel)
	if _, err := crawler.New(j, st, reg, zap.New(core), ownerOptions("a.yaml", nil)).Run(context.Background()); err != nil {
		t.Fatalf("resume: %v", err)
	}
	if n := logs.FilterMessageSnippet("crawl.log is shorter than its last commit recorded").Len(); n != 1 {
		t.Errorf("%d warnings about the short crawl.log, want 1; warnings: %v", n, logs.All())
	}
}
