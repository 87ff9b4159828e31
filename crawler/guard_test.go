package crawler_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/scheduler"
)

// The network guard tests (issue 10). No test may send a packet outside
// 127.0.0.0/8: every crawl here runs with loopbackOnly as
// Options.DialCheck, which the fetcher calls after the guard's own check,
// so even a broken guard connects to nothing but loopback (and the test
// fails saying so).

// dialLog records the addresses the guard let through to DialCheck.
type dialLog struct {
	mu    sync.Mutex
	addrs []netip.AddrPort
}

func (l *dialLog) all() []netip.AddrPort {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.addrs)
}

// loopbackOnly is the tests' last-resort safety net: it refuses (and
// fails the test on) any address outside 127.0.0.0/8 and ::1.
func loopbackOnly(t *testing.T, seen *dialLog) func(network, address string) error {
	return func(network, address string) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !ap.Addr().Unmap().IsLoopback() {
			t.Errorf("safety net: the crawler tried to connect to %s %q past the network guard", network, address)
			return errors.New("test safety net: only loopback may be dialled")
		}
		seen.mu.Lock()
		seen.addrs = append(seen.addrs, ap)
		seen.mu.Unlock()
		return nil
	}
}

// countingServer is an httptest server on a chosen loopback address that
// counts the requests it receives.
type countingServer struct {
	*httptest.Server
	hits atomic.Int64
}

func newCountingServer(t *testing.T, ip string, h http.Handler) *countingServer {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	s := &countingServer{}
	s.Server = &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		h.ServeHTTP(w, r)
	})}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// guardedCrawl runs j with the safety net and returns the crawl's stats,
// its crawl.log by URI and the addresses dialled. Refused URLs must not
// be retried: with retries: 3 and retry_backoff: 1h a single retry would
// hold the capture past the deadline, so "finished" proves there was none.
func guardedCrawl(t *testing.T, j *job.Job) (crawler.Stats, map[string]crawllog.Entry, []netip.AddrPort) {
	t.Helper()
	st := openStore(t, "sqlite:"+filepath.Join(t.TempDir(), "index.db"))
	var seen dialLog
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t),
		crawler.Options{DialCheck: loopbackOnly(t, &seen)}).Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stop reason %q: a refused URL stalled the capture", stats.StopReason)
	}
	data, err := os.ReadFile(stats.CrawlLog)
	if err != nil {
		t.Fatal(err)
	}
	logged := map[string]crawllog.Entry{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l == "" {
			continue
		}
		e, err := crawllog.Parse(l)
		if err != nil {
			t.Fatalf("crawl.log line %q: %v", l, err)
		}
		if _, dup := logged[e.URI]; dup {
			t.Errorf("crawl.log has %s twice", e.URI)
		}
		logged[e.URI] = e
	}
	return stats, logged, seen.all()
}

// wantDenied checks that each URI has a -5002 address-denied line.
func wantDenied(t *testing.T, logged map[string]crawllog.Entry, uris ...string) {
	t.Helper()
	for _, u := range uris {
		e, ok := logged[u]
		switch {
		case !ok:
			t.Errorf("%s: no crawl.log line", u)
		case e.Status != int(crawllog.CodeBlockedGuard) || !slices.Equal(e.Annotations, []string{"address-denied"}):
			t.Errorf("%s: logged %d %v, want %d [address-denied]", u, e.Status, e.Annotations, crawllog.CodeBlockedGuard)
		}
	}
}

// TestGuardWithoutAllowAddresses: a job without fetch.allow_addresses
// reaches neither 127.0.0.1 nor 10.0.0.1 nor 169.254.169.254, whether the
// seed names the address itself or a host name mapped there by resolve:.
// With robots: obey the refused robots.txt is logged and fails the host's
// pages at once; with robots: ignore each page is refused at connect time.
func TestGuardWithoutAllowAddresses(t *testing.T) {
	for _, robots := range []string{"obey", "ignore"} {
		t.Run(robots, func(t *testing.T) {
			srv := newCountingServer(t, "127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { html(w, "secret") }))
			port := srv.Listener.Addr().(*net.TCPAddr).Port
			direct := fmt.Sprintf("http://127.0.0.1:%d/", port)
			j := testJob(t, t.TempDir(), fmt.Sprintf(`
name: guard-none
seeds: [%s, http://10.0.0.1/, http://169.254.169.254/latest/meta-data/, http://loop.test/, http://ten.test/, http://meta.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: %s
workers: 3
politeness: {delay: 0s, delay_factor: 0}
fetch: {allow_addresses: [127.0.0.1, 10.0.0.1, 169.254.169.254], retries: 3, retry_backoff: 1h, connect_timeout: 2s}
warc: {dir: %s}
resolve: {loop.test: %s, ten.test: "10.0.0.1:80", meta.test: "169.254.169.254:80"}
`, direct, robots, filepath.Join(t.TempDir(), "warcs"), srv.Listener.Addr()))
			// The job parser refuses these seeds without allow_addresses
			// (job tests); drop the allowance after parsing to test the
			// crawler's own, connect-time check.
			j.Fetch.AllowAddresses = nil
			stats, logged, dialled := guardedCrawl(t, j)
			if n := srv.hits.Load(); n != 0 {
				t.Errorf("the loopback server received %d requests", n)
			}
			if len(dialled) != 0 {
				t.Errorf("connections reached the safety net: %v", dialled)
			}
			seeds := []string{direct, "http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://loop.test/", "http://ten.test/", "http://meta.test/"}
			wantDenied(t, logged, seeds...)
			if robots == "obey" {
				var robotsTxt []string
				for _, s := range seeds {
					robotsTxt = append(robotsTxt, s[:strings.Index(s[len("http://"):], "/")+len("http://")]+"/robots.txt")
				}
				wantDenied(t, logged, robotsTxt...)
			}
			if stats.Failed != int64(len(seeds)) || stats.Fetched != 0 {
				t.Errorf("failed %d, fetched %d; want %d and 0", stats.Failed, stats.Fetched, len(seeds))
			}
		})
	}
}

// TestGuardRedirectsAndResolve: a job allowing only 127.0.0.1/32 is
// redirected (and linked, and pointed by its sitemap) to 127.0.0.2,
// 10.0.0.1, 169.254.169.254 and host names resolve: maps there. Nothing
// but 127.0.0.1 is connected to; the server on 127.0.0.2 receives no
// request; every refused URL has a -5002 address-denied line.
func TestGuardRedirectsAndResolve(t *testing.T) {
	for _, robots := range []string{"obey", "ignore"} {
		t.Run(robots, func(t *testing.T) {
			other := newCountingServer(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { html(w, "other loopback") }))
			otherURL := other.URL + "/"
			m := http.NewServeMux()
			m.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
				fmt.Fprintf(w, "User-agent: *\nAllow: /\nSitemap: http://10.0.0.1/sitemap.xml\nSitemap: %s/sitemap.xml\n", other.URL)
			})
			m.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
				html(w, `<a href="/r-other">1</a> <a href="/r-ten">2</a> <a href="/r-meta">3</a> <a href="/r-name">4</a>
<a href="`+otherURL+`link">5</a> <a href="/ok">ok</a>`)
			})
			m.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) { html(w, "fine") })
			redirect := map[string]string{
				"/r-other": otherURL,
				"/r-ten":   "http://10.0.0.1/",
				"/r-meta":  "http://169.254.169.254/latest/meta-data/iam/",
				"/r-name":  "http://internal.test/",
			}
			for from, to := range redirect {
				m.Handle(from, http.RedirectHandler(to, http.StatusFound))
			}
			origin := newCountingServer(t, "127.0.0.1", m)
			j := testJob(t, t.TempDir(), fmt.Sprintf(`
name: guard-redirect
seeds: [http://origin.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: %s
workers: 3
scope: {surt_prefixes: ["1", "test,"]}
politeness: {delay: 0s, delay_factor: 0}
fetch: {allow_addresses: [127.0.0.1/32], retries: 3, retry_backoff: 1h, connect_timeout: 2s}
warc: {dir: %s}
resolve: {origin.test: %s, internal.test: %s}
`, robots, filepath.Join(t.TempDir(), "warcs"), origin.Listener.Addr(), other.Listener.Addr()))
			stats, logged, dialled := guardedCrawl(t, j)
			if n := other.hits.Load(); n != 0 {
				t.Errorf("the server on 127.0.0.2 received %d requests; only 127.0.0.1/32 is allowed", n)
			}
			for _, ap := range dialled {
				if ap.Addr() != netip.MustParseAddr("127.0.0.1") {
					t.Errorf("connected to %s; only 127.0.0.1/32 is allowed", ap)
				}
			}
			// The redirects themselves are archived; their targets are not.
			for from := range redirect {
				if e := logged["http://origin.test"+from]; e.Status != http.StatusFound {
					t.Errorf("%s logged %d, want 302", from, e.Status)
				}
			}
			if e := logged["http://origin.test/ok"]; e.Status != http.StatusOK {
				t.Errorf("/ok logged %d, want 200: the allowed host must be crawled", e.Status)
			}
			wantDenied(t, logged, otherURL, "http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/iam/",
				"http://internal.test/", otherURL+"link")
			if robots == "obey" {
				wantDenied(t, logged, other.URL+"/robots.txt", "http://10.0.0.1/robots.txt",
					"http://169.254.169.254/robots.txt", "http://internal.test/robots.txt")
				// Sitemaps named by robots.txt on refused addresses:
				// logged, not retried.
				wantDenied(t, logged, "http://10.0.0.1/sitemap.xml", other.URL+"/sitemap.xml")
			}
			if stats.Fetched == 0 || origin.hits.Load() == 0 {
				t.Errorf("the allowed origin was not crawled (fetched %d)", stats.Fetched)
			}
		})
	}
}
