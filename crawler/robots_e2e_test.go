package crawler_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestRobotsServerError: a host whose robots.txt answers 503 is not
// crawled (RFC 9309 §2.3.1.3: a server error means complete disallow), its
// pages fail with Heritrix's -61 (prerequisite failed) rather than being
// counted as excluded by the site, the 503 answers are archived, and the
// capture still finishes. Another host with a normal robots.txt is
// crawled as usual. (robotstxt's Group ignores a 5xx's disallow-all, so
// before this was tested a 503 robots.txt opened the whole host.)
func TestRobotsServerError(t *testing.T) {
	var slog serverLog
	down := http.NewServeMux()
	down.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
	})
	down.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { html(w, `<a href="/x">x</a>`) })
	up := http.NewServeMux()
	up.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "User-agent: *\nDisallow: /private\n") })
	up.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { html(w, `<a href="/a">a</a> <a href="/private/p">p</a>`) })
	srvDown := httptest.NewServer(slog.wrap("down.test", down))
	defer srvDown.Close()
	srvUp := httptest.NewServer(slog.wrap("up.test", up))
	defer srvUp.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	j := testJob(t, dir, fmt.Sprintf(`
name: robots-5xx
seeds: [http://down.test/, http://up.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 5ms, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {down.test: %s, up.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 1, retry_backoff: 10ms}
`, warcDir, addr(srvDown), addr(srvUp)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	// robots.txt is asked again a retry interval later (a minute by
	// default), RobotsRounds times in all, before the host's pages fail.
	opts := crawler.Options{RobotsRetry: 20 * time.Millisecond}
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), opts).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stop reason %q", stats.StopReason)
	}
	for _, h := range slog.all() {
		if h.host == "down.test" && h.path != "/robots.txt" {
			t.Errorf("fetched %s%s although its robots.txt answered 503", h.host, h.path)
		}
		if h.host == "up.test" && strings.HasPrefix(h.path, "/private") {
			t.Errorf("fetched %s%s, disallowed by robots.txt", h.host, h.path)
		}
	}
	responses := archivedResponses(t, warcDir)
	for _, u := range []string{"http://down.test/robots.txt", "http://up.test/robots.txt", "http://up.test/", "http://up.test/a"} {
		if responses[u] == 0 {
			t.Errorf("%s not archived", u)
		}
	}
	// Asked 1 + fetch.retries times, then RobotsRounds − 1 more times a
	// retry interval apart; the final 503 is archived, as the answer the
	// host's pages were judged by.
	asked := 0
	for _, h := range slog.all() {
		if h.host == "down.test" && h.path == "/robots.txt" {
			asked++
		}
	}
	if want := 1 + 1 + crawler.RobotsRounds - 1; asked != want || responses["http://down.test/robots.txt"] != 1 {
		t.Errorf("down.test/robots.txt asked %d times and archived %d, want %d and 1", asked, responses["http://down.test/robots.txt"], want)
	}
	if stats.Failed != 1 || stats.Blocked != 1 {
		t.Errorf("failed %d, blocked %d; want 1 (down.test/) and 1 (up.test/private/p)", stats.Failed, stats.Blocked)
	}

	// crawl.log: down.test/ failed with -61, annotated with robots.txt's
	// own status; up.test/private/p
	// excluded by robots (-9998).
	f, err := os.Open(stats.CrawlLog)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	codes := map[string]crawllog.Entry{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		e, err := crawllog.Parse(sc.Text())
		if err != nil {
			t.Fatalf("crawl.log line %q: %v", sc.Text(), err)
		}
		codes[e.URI] = e
	}
	if e := codes["http://down.test/"]; e.Status != -61 || !slices.Contains(e.Annotations, "robots-unavailable:503") {
		t.Errorf("down.test/ logged %d %v, want -61 robots-unavailable:503", e.Status, e.Annotations)
	}
	if e := codes["http://up.test/private/p"]; e.Status != -9998 {
		t.Errorf("up.test/private/p logged %d, want -9998", e.Status)
	}
}
