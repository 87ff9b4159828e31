package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// recorder is an Observer that counts events and, once the root page is
// archived, lets the test edit the frontier.
type recorder struct {
	mu        sync.Mutex
	started   int
	fetched   map[int]int
	unfetched map[int]int
	decisions map[string]int
	warcBytes map[string]int64
	rootDone  chan struct{}
	once      sync.Once
}

func newRecorder() *recorder {
	return &recorder{fetched: map[int]int{}, unfetched: map[int]int{}, decisions: map[string]int{}, warcBytes: map[string]int64{}, rootDone: make(chan struct{})}
}

func (r *recorder) Started(int64, bool) { r.mu.Lock(); r.started++; r.mu.Unlock() }
func (r *recorder) Decision(a scheduler.Action, prereq bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if prereq {
		r.decisions["prereq"]++
		return
	}
	r.decisions[a.String()]++
}
func (r *recorder) Fetched(host string, status int, bytes int64, d time.Duration) {
	r.mu.Lock()
	r.fetched[status]++
	n := r.fetched[200]
	r.mu.Unlock()
	if n >= 1 {
		r.once.Do(func() { close(r.rootDone) })
	}
}
func (r *recorder) Unfetched(host string, code int) { r.mu.Lock(); r.unfetched[code]++; r.mu.Unlock() }
func (r *recorder) WARCWritten(file string, n int64) {
	r.mu.Lock()
	r.warcBytes[file] += n
	r.mu.Unlock()
}

// TestAdminDropAndObserver crawls a site whose root links to 10 pages and
// 10 calendar trap pages; once the root is archived the test drops the
// trap URLs and raises the host delay. The trap is never requested, the
// store marks its URLs blocked, and the observer's counts agree with the
// server and the WARC files.
func TestAdminDropAndObserver(t *testing.T) {
	var hits atomic.Int64
	var trapHits atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		var b strings.Builder
		for i := range 10 {
			fmt.Fprintf(&b, `<a href="/p/%d">p</a>`, i)
		}
		for i := range 10 {
			fmt.Fprintf(&b, `<a href="/cal/%d">c</a>`, i)
		}
		html(w, b.String())
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if strings.HasPrefix(r.URL.Path, "/cal/") {
			trapHits.Add(1)
		}
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		html(w, "leaf "+r.URL.Path)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	j := testJob(t, dir, fmt.Sprintf(`
name: admin
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 30ms, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {site.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, warcDir, addr(srv)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	rec := newRecorder()
	cr := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{Observer: rec})
	if _, err := cr.DropMatching(context.Background(), "site.test", regexp.MustCompile(".")); err == nil {
		t.Fatal("DropMatching before Run succeeded")
	}
	type result struct {
		stats crawler.Stats
		err   error
	}
	done := make(chan result, 1)
	go func() {
		s, err := cr.Run(context.Background())
		done <- result{s, err}
	}()
	select {
	case <-rec.rootDone:
	case r := <-done:
		t.Fatalf("crawl ended before the root was archived: %+v %v", r.stats, r.err)
	case <-time.After(10 * time.Second):
		t.Fatal("root never archived")
	}
	dropped, err := cr.DropMatching(context.Background(), "site.test", regexp.MustCompile(`/cal/`))
	if err != nil {
		t.Fatal(err)
	}
	if len(dropped) != 10 {
		t.Fatalf("dropped %d URLs, want the 10 calendar pages: %v", len(dropped), dropped)
	}
	q, ok := cr.Host("site.test", 5)
	if !ok || q.Queued > 10 || len(q.URLs) > 5 {
		t.Fatalf("host queue %+v ok=%v", q, ok)
	}
	for _, u := range q.URLs {
		if strings.Contains(u.URL, "/cal/") {
			t.Errorf("dropped %s still listed as queued", u.URL)
		}
	}
	if known, err := cr.SetHostDelay("site.test", 50*time.Millisecond); err != nil || !known {
		t.Fatalf("SetHostDelay: known=%v err=%v", known, err)
	}
	if q, _ := cr.Host("site.test", 0); q.Delay != 50*time.Millisecond {
		t.Errorf("host delay %v after SetHostDelay(50ms)", q.Delay)
	}
	r := <-done
	if r.err != nil || r.stats.StopReason != "finished" {
		t.Fatalf("crawl: %+v %v", r.stats, r.err)
	}
	if n := trapHits.Load(); n != 0 {
		t.Errorf("trap requested %d times after being dropped", n)
	}
	rows, err := st.Frontier(context.Background(), r.stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	blocked := 0
	for _, u := range rows {
		if strings.Contains(u.URL, "/cal/") {
			if u.State != store.StateBlocked {
				t.Errorf("%s state %s, want blocked", u.URL, u.State)
			}
			blocked++
		}
	}
	if blocked != 10 {
		t.Errorf("%d trap rows in the store, want 10", blocked)
	}

	rec.mu.Lock()
	defer rec.mu.Unlock()
	fetched := 0
	for _, n := range rec.fetched {
		fetched += n
	}
	if int64(fetched) != hits.Load() || rec.fetched[404] != 1 || rec.fetched[200] != 11 {
		t.Errorf("observer saw %v (total %d), server %d requests; want 11×200 and the robots.txt 404", rec.fetched, fetched, hits.Load())
	}
	if rec.started != 1 || rec.decisions["prereq"] != 1 || rec.decisions[scheduler.Visit.String()] != 11 {
		t.Errorf("started %d, decisions %v; want 1 start, 1 prereq and 11 visits", rec.started, rec.decisions)
	}
	for _, f := range r.stats.WARCFiles {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		// The warcinfo record opens each file before any exchange.
		if got := rec.warcBytes[filepath.Base(f)]; got <= 0 || got >= fi.Size() {
			t.Errorf("%s: observer counted %d bytes, file has %d (warcinfo first)", f, got, fi.Size())
		}
	}
}
