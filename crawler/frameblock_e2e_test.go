package crawler_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
)

// frameSite: a page whose own image matches the frame-only rule
// ("track"), with two same-origin iframes, one whose document matches it
// and one whose image does.
var frameSite = map[string]string{
	"/page":             `<!doctype html><body><img src="/track-top.png"><iframe src="/frame.html"></iframe><iframe src="/track-frame.html"></iframe></body>`,
	"/frame.html":       `<!doctype html><body><img src="/track-in-frame.png"><img src="/ok-in-frame.png"></body>`,
	"/track-frame.html": `<!doctype html><body>an ad</body>`,
}

// crawlFrames crawls frameSite with the frame-only rule, the browser on
// or off, and returns what the server was asked for and crawl.log.
func crawlFrames(t *testing.T, browser bool) (map[string]int, map[string]crawllog.Entry) {
	t.Helper()
	var mu sync.Mutex
	asked := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path]++
		mu.Unlock()
		if body, ok := frameSite[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, body)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		_, _ = io.WriteString(w, "not really a png")
	}))
	defer srv.Close()
	dir := t.TempDir()
	capture := ""
	if browser {
		capture = `capture: {browser: {match: ['^http://frm\.test/page$'], page_timeout: 20s}}`
	}
	j := testJob(t, dir, fmt.Sprintf(`
name: frame-block
seeds: [http://frm.test/page]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
workers: 1
politeness: {delay: 0s, delay_factor: 0}
%s
warc: {dir: %s}
resolve: {frm.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0, block: [{url: track, in_frames_only: true}]}
`, capture, filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v (%s)", err, stats.StopReason)
	}
	mu.Lock()
	defer mu.Unlock()
	return asked, crawlLogByURI(t, stats.CrawlLog)
}

func checkFrameBlocks(t *testing.T, asked map[string]int, logged map[string]crawllog.Entry, blocked, fetched []string) {
	t.Helper()
	for _, p := range blocked {
		if asked[p] != 0 {
			t.Errorf("%s reached the server %d times despite a frame-only block rule", p, asked[p])
		}
		if e := logged["http://frm.test"+p]; e.Status != int(crawllog.CodeBlockedUser) || !hasAnnotation(e, "blocked-rule") {
			t.Errorf("crawl.log of %s: %+v, want -5001 blocked-rule", p, e)
		}
	}
	for _, p := range fetched {
		if asked[p] != 1 {
			t.Errorf("%s reached the server %d times, want 1", p, asked[p])
		}
		if e := logged["http://frm.test"+p]; e.Status != 200 {
			t.Errorf("crawl.log of %s: %+v, want 200", p, e)
		}
	}
}

// TestFrameBlockRulesBrowser: in Chromium, a frame-only block rule
// (fetch.block {url:, in_frames_only: true}, issue 30) fails the
// requests made inside iframes, an iframe's own document included, each
// with a crawl.log line -5001, and leaves the top-level page's own
// request for a matching URL alone.
func TestFrameBlockRulesBrowser(t *testing.T) {
	needChromium(t)
	asked, logged := crawlFrames(t, true)
	checkFrameBlocks(t, asked, logged,
		[]string{"/track-frame.html", "/track-in-frame.png"},
		[]string{"/page", "/track-top.png", "/frame.html", "/ok-in-frame.png"})
	if e := logged["http://frm.test/track-in-frame.png"]; !strings.HasSuffix(e.HopPath, "E") || e.Via != "http://frm.test/page" {
		t.Errorf("the in-frame request's line: hop path %q via %q, want …E via the page", e.HopPath, e.Via)
	}
}

// TestFrameBlockRulesFetcher: without a browser, a frame-only rule
// blocks the documents of iframes (their src), logged -5001, and not the
// page's own embeds; a frame's embeds are judged as any embed (the
// fetcher does not know frames past their documents).
func TestFrameBlockRulesFetcher(t *testing.T) {
	asked, logged := crawlFrames(t, false)
	checkFrameBlocks(t, asked, logged,
		[]string{"/track-frame.html"},
		[]string{"/page", "/track-top.png", "/frame.html", "/ok-in-frame.png", "/track-in-frame.png"})
}
