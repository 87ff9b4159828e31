package crawler_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/scheduler"
)

const (
	parkHosts = 7
	parkPages = 6
)

// parkSite serves parkHosts hosts (h0.test …) from one server, told apart
// by the Host header. Page i of host k links to page i+1 of its own host
// and to page i of hosts k+1 and k+3, so most URLs of a host are
// discovered on other hosts, often while it is parked.
func parkSite(log *serverLog) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if i := strings.IndexByte(host, ':'); i >= 0 {
			host = host[:i]
		}
		log.mu.Lock()
		log.hits = append(log.hits, hit{host: host, path: r.URL.RequestURI(), at: time.Now()})
		log.mu.Unlock()
		var k, i int
		if _, err := fmt.Sscanf(host, "h%d.test", &k); err != nil {
			http.NotFound(w, r)
			return
		}
		switch {
		case r.URL.Path == "/robots.txt":
			io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
			return
		case r.URL.Path == "/":
			i = 0
		default:
			if _, err := fmt.Sscanf(r.URL.Path, "/p%d", &i); err != nil || i < 1 || i >= parkPages {
				http.NotFound(w, r)
				return
			}
		}
		page := func(host, i int) string {
			if i == 0 {
				return fmt.Sprintf("http://h%d.test/", host)
			}
			return fmt.Sprintf("http://h%d.test/p%d", host, i)
		}
		body := fmt.Sprintf(`<a href="%s">next</a> <a href="%s">a</a> <a href="%s">b</a> <a href="/private/x">no</a>`,
			page(k, (i+1)%parkPages), page((k+1)%parkHosts, i), page((k+3)%parkHosts, i))
		html(w, body)
	})
}

// parkDSNs are the stores the parking tests run on.
func parkDSNs(t *testing.T, dir string) map[string]string {
	dsns := map[string]string{"sqlite": "sqlite:" + filepath.Join(dir, "index.db")}
	if os.Getenv(pgtest.Env) != "" {
		// A schema of its own: the database's public schema is shared
		// with every other run on this server (and may be at another
		// migration version).
		dsns["postgres"] = pgtest.SchemaDSN(t, "sharc_park")
	} else {
		t.Log("SHARC_TEST_PG unset: PostgreSQL case skipped")
	}
	return dsns
}

// TestMaxActiveHosts crawls a 7-host cross-linked site holding at most 2
// hosts in memory, on both stores, once straight through and once
// interrupted and resumed: every page is archived exactly once, per-host
// politeness holds, the bound holds throughout, and the index verifies.
func TestMaxActiveHosts(t *testing.T) {
	for _, resume := range []bool{false, true} {
		for name, dsn := range parkDSNs(t, t.TempDir()) {
			t.Run(fmt.Sprintf("%s/resume=%v", name, resume), func(t *testing.T) {
				testMaxActiveHosts(t, dsn, resume)
			})
		}
	}
}

func testMaxActiveHosts(t *testing.T, dsn string, resume bool) {
	var slog serverLog
	srv := httptest.NewServer(parkSite(&slog))
	defer srv.Close()
	dir := t.TempDir()
	const delay = 25 * time.Millisecond
	var resolve []string
	for k := range parkHosts {
		resolve = append(resolve, fmt.Sprintf("h%d.test: %s", k, addr(srv)))
	}
	j := testJob(t, dir, fmt.Sprintf(`
name: park-%d
seeds: [http://h0.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 4
max_active_hosts: 2
scope: {surt_prefixes: ["test,h"]}
politeness: {delay: %s, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {%s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, time.Now().UnixNano(), delay, filepath.Join(dir, "warcs"), strings.Join(resolve, ", ")))
	st := openStore(t, dsn)

	var maxHosts, maxURLs, maxParked atomic.Int64
	run := func(ctx context.Context) crawler.Stats {
		t.Helper()
		cr := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{})
		done := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				h, u, p := cr.Held()
				for _, m := range []struct {
					v *atomic.Int64
					n int
				}{{&maxHosts, h}, {&maxURLs, u}, {&maxParked, p}} {
					if int64(m.n) > m.v.Load() {
						m.v.Store(int64(m.n))
					}
				}
				select {
				case <-done:
					return
				case <-time.After(200 * time.Microsecond):
				}
			}
		}()
		stats, err := cr.Run(ctx)
		close(done)
		wg.Wait()
		if err != nil {
			t.Fatal(err)
		}
		return stats
	}

	var stats crawler.Stats
	split := -1 // server log index where the second run starts
	if resume {
		// Stop after about a third of the pages, then run again.
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			for len(slog.all()) < parkHosts*parkPages/3 {
				time.Sleep(time.Millisecond)
			}
			cancel()
		}()
		first := run(ctx)
		cancel()
		split = len(slog.all())
		if first.StopReason != "interrupted" {
			t.Fatalf("first run stopped: %q, want interrupted", first.StopReason)
		}
		stats = run(context.Background())
		if !stats.Resumed {
			t.Fatal("second run did not resume the capture")
		}
	} else {
		stats = run(context.Background())
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stop reason %q", stats.StopReason)
	}
	if maxHosts.Load() > 2 {
		t.Errorf("up to %d hosts active at once, max_active_hosts is 2", maxHosts.Load())
	}
	if maxURLs.Load() > 2*(parkPages+1) {
		t.Errorf("up to %d URLs in memory at once, want ≤ %d (2 hosts × %d URLs)", maxURLs.Load(), 2*(parkPages+1), parkPages+1)
	}
	if maxParked.Load() == 0 {
		t.Error("no host was ever parked")
	}
	if want := int64(parkHosts * (parkPages + 1)); stats.Discovered != want {
		t.Errorf("discovered %d, want %d", stats.Discovered, want)
	}
	if stats.Queued != 0 {
		t.Errorf("%d URLs still queued after the capture finished", stats.Queued)
	}

	// Server log: the disallowed directory never requested, politeness
	// gaps per host; without interruption every URL exactly once.
	// A new run knows neither the last run's request times nor its
	// robots.txt: gaps are checked per run, robots.txt is read once per
	// run.
	perHost := map[string][]time.Time{}
	requests := map[string]int{}
	for i, h := range slog.all() {
		if strings.HasPrefix(h.path, "/private") {
			t.Errorf("robots.txt-disallowed %s%s was requested", h.host, h.path)
		}
		key := h.host
		if i >= split && split >= 0 {
			key += " (second run)"
		}
		perHost[key] = append(perHost[key], h.at)
		requests["http://"+h.host+h.path]++
	}
	if !resume {
		for u, n := range requests {
			if n != 1 {
				t.Errorf("%s requested %d times", u, n)
			}
		}
	}
	for host, ts := range perHost {
		for i := 1; i < len(ts); i++ {
			if gap := ts[i].Sub(ts[i-1]); gap < delay {
				t.Errorf("%s: requests %d and %d only %v apart, delay is %v", host, i-1, i, gap, delay)
			}
		}
	}

	// WARCs: every page (and each host's robots.txt) archived exactly
	// once, across both runs when resumed.
	responses := archivedResponses(t, filepath.Join(dir, "warcs"))
	for k := range parkHosts {
		for i := range parkPages {
			u := fmt.Sprintf("http://h%d.test/p%d", k, i)
			if i == 0 {
				u = fmt.Sprintf("http://h%d.test/", k)
			}
			if responses[u] != 1 {
				t.Errorf("%s archived %d times, want once", u, responses[u])
			}
			delete(responses, u)
		}
		robots := fmt.Sprintf("http://h%d.test/robots.txt", k)
		if n := responses[robots]; n != 1 && !(resume && n == 2) {
			t.Errorf("%s archived %d times, want once per run", robots, n)
		}
		delete(responses, robots)
	}
	for u, n := range responses {
		t.Errorf("unexpected archived URL %s (%d times)", u, n)
	}
	problems, err := crawler.VerifyIndex(context.Background(), st, stats.CaptureID, filepath.Join(dir, "warcs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
