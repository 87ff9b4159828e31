package crawler_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestWorkerNotHeldByCommit: a worker whose page waits for its index
// commit goes on to its next task (issue 33: with every worker waiting
// for its own commit, a commit group could never hold more pages than
// there are workers). One worker, two seeds of one host (two slots): the
// server's handler for the first takes SQLite's write lock from a
// connection of its own before answering, so that page's commit waits;
// the second page must be requested while the lock is still held. The
// lock is let go when the second request comes (or when the test ends):
// a worker held by its commit never asks for it, and the first commit
// then fails once the store has waited out its busy timeout, which fails
// the test too. Both pages land in the index once each.
func TestWorkerNotHeldByCommit(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "index.db")
	locker, err := sql.Open("sqlite", dbPath+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer locker.Close()
	var (
		mu           sync.Mutex
		lockConn     *sql.Conn
		secondLocked = make(chan bool, 1)
		released     = make(chan struct{})
		releaseOnce  sync.Once
	)
	release := func() {
		releaseOnce.Do(func() {
			mu.Lock()
			defer mu.Unlock()
			if lockConn != nil {
				_, _ = lockConn.ExecContext(context.Background(), "ROLLBACK")
				_ = lockConn.Close()
			}
			close(released)
		})
	}
	defer release()
	mux := http.NewServeMux()
	mux.HandleFunc("/first", func(w http.ResponseWriter, r *http.Request) {
		conn, err := locker.Conn(r.Context())
		if err == nil {
			_, err = conn.ExecContext(r.Context(), "BEGIN IMMEDIATE")
		}
		if err != nil {
			t.Errorf("taking the store's write lock: %v", err)
		} else {
			mu.Lock()
			lockConn = conn
			mu.Unlock()
		}
		html(w, "first page")
	})
	mux.HandleFunc("/second", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-released:
			secondLocked <- false
		default:
			secondLocked <- true
			release()
		}
		html(w, "second page")
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	j := testJob(t, dir, fmt.Sprintf(`
name: handoff
seeds: [http://site.test/first, http://site.test/second]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 1
robots: ignore
politeness: {delay: 0s, delay_factor: 0, max_delay: 0s, per_host: 2}
warc: {dir: %s}
resolve: {site.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, "sqlite:"+dbPath)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(ctx)
	if err != nil || stats.StopReason != crawler.StopFinished {
		t.Fatalf("crawl: %v (stopped: %s)", err, stats.StopReason)
	}
	select {
	case held := <-secondLocked:
		if !held {
			t.Error("the second page was requested only after the first page's commit could go on: the worker waited for it")
		}
	default:
		t.Fatal("the second page was never requested")
	}
	for _, u := range []string{"http://site.test/first", "http://site.test/second"} {
		recs, err := st.History(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != 1 {
			t.Errorf("%s: %d index rows of responses and revisits, want 1", u, len(recs))
		}
	}
	if stats.Fetched != 2 {
		t.Errorf("fetched %d, want 2", stats.Fetched)
	}
}

// TestMaxPagesCountsPagesWaitingForCommit: a worker that does not wait
// for its commits could fetch past max_pages while the pages before
// were still uncommitted, and so uncounted. One worker, ten seeds of one
// host with room for all of them at once, max_pages 2: exactly two pages
// are archived, whatever the commits' pace.
func TestMaxPagesCountsPagesWaitingForCommit(t *testing.T) {
	var mu sync.Mutex
	served := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		served++
		mu.Unlock()
		html(w, "page "+r.URL.Path)
	}))
	defer srv.Close()
	dir := t.TempDir()
	seeds := ""
	for i := range 10 {
		seeds += fmt.Sprintf("http://site.test/p%d, ", i)
	}
	j := testJob(t, dir, fmt.Sprintf(`
name: limit
seeds: [%s]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 1
robots: ignore
scope: {max_pages: 2}
politeness: {delay: 0s, delay_factor: 0, max_delay: 0s, per_host: 10}
warc: {dir: %s}
resolve: {site.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, seeds[:len(seeds)-2], filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(ctx)
	if err != nil || stats.StopReason != crawler.StopMaxPages {
		t.Fatalf("crawl: %v (stopped: %s)", err, stats.StopReason)
	}
	if stats.Fetched != 2 {
		t.Errorf("fetched %d pages, want max_pages 2", stats.Fetched)
	}
	archived := 0
	for i := range 10 {
		recs, err := st.History(ctx, fmt.Sprintf("http://site.test/p%d", i))
		if err != nil {
			t.Fatal(err)
		}
		archived += len(recs)
	}
	if archived != 2 {
		t.Errorf("%d responses indexed, want max_pages 2", archived)
	}
	mu.Lock()
	defer mu.Unlock()
	if served > 3 {
		t.Errorf("the server answered %d page requests after a limit of 2 (at most one more may be under way when the run stops)", served)
	}
}
