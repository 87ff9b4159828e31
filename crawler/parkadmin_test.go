package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// slowSite serves a.test, b.test and c.test from one server. a.test's
// root links to a.test/slow, whose response waits for release (so a.test
// stays busy and, with max_active_hosts 1, the other hosts stay parked),
// and to five pages of b.test (two of them traps) and c.test's root.
type slowSite struct {
	log     serverLog
	slowHit chan struct{} // closed when /slow is requested
	release chan struct{}
	once    sync.Once
}

func (s *slowSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	host, _, _ := strings.Cut(r.Host, ":")
	s.log.mu.Lock()
	s.log.hits = append(s.log.hits, hit{host: host, path: r.URL.RequestURI(), at: time.Now()})
	s.log.mu.Unlock()
	switch {
	case r.URL.Path == "/robots.txt":
		http.NotFound(w, r)
	case host == "a.test" && r.URL.Path == "/":
		html(w, `<a href="/slow">s</a> <a href="http://b.test/">b</a> <a href="http://b.test/keep1">k1</a>
<a href="http://b.test/keep2">k2</a> <a href="http://b.test/trap1">t1</a> <a href="http://b.test/trap2">t2</a>
<a href="http://c.test/">c</a>`)
	case host == "a.test" && r.URL.Path == "/slow":
		s.once.Do(func() { close(s.slowHit) })
		select {
		case <-s.release:
		case <-r.Context().Done():
		}
		html(w, "slow")
	default:
		html(w, "leaf "+host+r.URL.Path)
	}
}

// TestParkedHostAdmin holds one host in memory while a.test is busy: the
// status lists the parked hosts waiting for a slot, their frontiers are
// read from the store, and URLs dropped on them (b.test's traps, all of
// c.test) are marked blocked in the store and never requested after the
// hosts are activated; every other page is archived exactly once.
func TestParkedHostAdmin(t *testing.T) {
	for name, dsn := range parkDSNs(t, t.TempDir()) {
		t.Run(name, func(t *testing.T) { testParkedHostAdmin(t, dsn) })
	}
}

func testParkedHostAdmin(t *testing.T, dsn string) {
	site := &slowSite{slowHit: make(chan struct{}), release: make(chan struct{})}
	srv := httptest.NewServer(site)
	defer srv.Close()
	released := false
	defer func() {
		if !released {
			close(site.release)
		}
	}()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: parkadmin-%d
seeds: [http://a.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 3
max_active_hosts: 1
scope: {surt_prefixes: ["test,"]}
politeness: {delay: 10ms, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {a.test: %s, b.test: %s, c.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, time.Now().UnixNano(), filepath.Join(dir, "warcs"), addr(srv), addr(srv), addr(srv)))
	st := openStore(t, dsn)
	cr := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{})
	type result struct {
		stats crawler.Stats
		err   error
	}
	done := make(chan result, 1)
	runCtx, cancel := context.WithCancel(context.Background())
	finished := make(chan struct{})
	defer func() {
		// A failed check must not leave the crawl writing into a
		// removed temporary directory.
		cancel()
		<-finished
	}()
	go func() {
		defer close(finished)
		s, err := cr.Run(runCtx)
		done <- result{s, err}
	}()
	select {
	case <-site.slowHit:
	case r := <-done:
		t.Fatalf("crawl ended before a.test/slow was requested: %+v %v", r.stats, r.err)
	case <-time.After(20 * time.Second):
		t.Fatal("a.test/slow never requested")
	}
	ctx := context.Background()

	hosts, err := cr.HostStatuses(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byHost := map[string]crawler.HostStatus{}
	for _, h := range hosts {
		byHost[h.Host] = h
	}
	if a := byHost["a.test"]; a.Parked || a.InFlight != 1 {
		t.Errorf("a.test status %+v, want active with /slow in flight", a)
	}
	wantParked := map[string]int{"b.test": 5, "c.test": 1}
	for h, n := range wantParked {
		s, ok := byHost[h]
		if !ok || !s.Parked || !s.Waiting || !s.Counted || s.URLs != n || s.Queued != n || s.Finished != 0 {
			t.Errorf("%s status %+v (listed %v), want parked, waiting for a slot, %d URLs queued", h, s, ok, n)
		}
	}

	q, ok, err := cr.HostFrontier(ctx, "b.test", 0)
	if err != nil || !ok {
		t.Fatalf("HostFrontier(b.test): ok=%v err=%v", ok, err)
	}
	if !q.Status.Parked || q.Queued != 5 || len(q.URLs) != 5 || q.Delay != 10*time.Millisecond {
		t.Errorf("b.test frontier %+v, want parked, 5 queued URLs, delay 10ms", q)
	}
	if q, _, _ := cr.HostFrontier(ctx, "b.test", 2); len(q.URLs) != 2 || q.Queued != 5 {
		t.Errorf("HostFrontier limit 2: %d URLs, %d queued", len(q.URLs), q.Queued)
	}

	dropped, err := cr.DropMatching(ctx, "b.test", regexp.MustCompile(`/trap`))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(dropped)
	if want := []string{"http://b.test/trap1", "http://b.test/trap2"}; fmt.Sprint(dropped) != fmt.Sprint(want) {
		t.Errorf("dropped %v on parked b.test, want %v", dropped, want)
	}
	if q, _, _ := cr.HostFrontier(ctx, "b.test", 0); q.Queued != 3 || len(q.URLs) != 3 {
		t.Errorf("after the drop b.test has %d queued (%d listed), want 3", q.Queued, len(q.URLs))
	}
	if dropped, err := cr.DropMatching(ctx, "c.test", regexp.MustCompile(`.`)); err != nil || len(dropped) != 1 {
		t.Fatalf("DropMatching(c.test): %v %v", dropped, err)
	}
	hosts, _ = cr.HostStatuses(ctx)
	for _, h := range hosts {
		switch h.Host {
		case "b.test":
			if !h.Parked || !h.Waiting || h.Queued != 3 || h.Finished != 2 {
				t.Errorf("b.test after the drop: %+v, want parked and waiting, 3 queued, 2 finished", h)
			}
		case "c.test":
			if !h.Parked || h.Waiting || h.Queued != 0 || h.Finished != 1 {
				t.Errorf("c.test after dropping all: %+v, want parked, not waiting, 1 finished", h)
			}
		}
	}

	close(site.release)
	released = true
	var r result
	select {
	case r = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("crawl did not finish after release")
	}
	if r.err != nil || r.stats.StopReason != "finished" {
		t.Fatalf("crawl: %+v %v", r.stats, r.err)
	}

	count := map[string]int{}
	for _, h := range site.log.all() {
		count[h.host+h.path]++
	}
	for _, u := range []string{"a.test/", "a.test/slow", "b.test/", "b.test/keep1", "b.test/keep2"} {
		if count[u] != 1 {
			t.Errorf("%s requested %d times, want once", u, count[u])
		}
	}
	for u, n := range count {
		if strings.HasPrefix(u, "c.test") || strings.Contains(u, "/trap") {
			t.Errorf("%s requested %d times after being dropped", u, n)
		}
	}
	rows, err := st.Frontier(ctx, r.stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range rows {
		blocked := strings.Contains(u.URL, "/trap") || u.Host == "c.test"
		switch {
		case blocked && u.State != store.StateBlocked:
			t.Errorf("%s state %s, want blocked", u.URL, u.State)
		case !blocked && u.State != store.StateDone:
			t.Errorf("%s state %s, want done", u.URL, u.State)
		}
	}
	recs, err := st.Records(ctx, r.stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	responses := map[string]int{}
	for _, rec := range recs {
		if rec.RecordType == "response" {
			responses[rec.URL]++
		}
	}
	for _, u := range []string{"http://a.test/", "http://a.test/slow", "http://b.test/", "http://b.test/keep1", "http://b.test/keep2"} {
		if responses[u] != 1 {
			t.Errorf("%s archived %d times, want once", u, responses[u])
		}
	}
	for u := range responses {
		if strings.Contains(u, "/trap") || strings.Contains(u, "c.test") {
			t.Errorf("dropped %s archived", u)
		}
	}
}
