package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// renewer ends a node's heartbeat (ttl 0), as a pause past its lease does.
type renewer interface {
	RenewLeases(ctx context.Context, captureID int64, node string, ttl time.Duration) ([]string, error)
}

// TestUnfetchedCommitIsFenced: cluster node a fetches /u; while the fetch
// is in flight, a's heartbeat ends and node b takes the host (a higher
// lease epoch), then a's fetch fails. a must not mark /u failed over b's
// lease: its commit is fenced like an exchange's. Before, a URL settled
// without a response (a failed fetch, a robots.txt refusal) was committed
// with no epoch, so a node woken after its lease passed overwrote the new
// holder's work (in a visit-revisit capture, losing the revisit).
func TestUnfetchedCommitIsFenced(t *testing.T) {
	st := openStore(t, pgtest.SchemaDSN(t, "sharc_fence_unfetched"))
	leaser, ok := st.(crawler.Leaser)
	if !ok {
		t.Fatal("a PostgreSQL store is a Leaser")
	}
	var mu sync.Mutex // the handler's goroutine sets, the test reads
	var stealErr error
	stolen := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/u" {
			html(w, `<a href="/u">u</a>`)
			return
		}
		mu.Lock()
		if !stolen {
			stealErr, stolen = steal(r.Context(), st, leaser), true
		}
		mu.Unlock()
		// The fetch fails: no response at all.
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: fence
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {site.test: %s}
fetch: {retries: 0, allow_addresses: [127.0.0.0/8]}
`, filepath.Join(dir, "warcs"), addr(srv)))
	opts := crawler.Options{Cluster: &crawler.ClusterOptions{Node: "a", Leaser: leaser, LeaseTTL: 5 * time.Minute, Poll: 50 * time.Millisecond}}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	stats, runErr := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), opts).Run(ctx)
	t.Logf("run: %v", runErr)
	mu.Lock()
	defer mu.Unlock()
	if !stolen || stealErr != nil {
		t.Fatalf("node b never took the host (fetched /u: %v): %v", stolen, stealErr)
	}
	urls, err := st.Frontier(context.Background(), stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range urls {
		t.Logf("%s %s", u.URL, u.State)
		if u.URL == "http://site.test/u" && u.State != store.StateQueued {
			t.Fatalf("/u is %s after node a lost its host: a's failure overwrote b's lease", u.State)
		}
	}
}

// steal ends node a's heartbeat on the running capture and has node b
// take its host, as a second node would once a's lease ran out.
func steal(ctx context.Context, st store.Store, l crawler.Leaser) error {
	c, err := st.RunningCapture(ctx, "fence")
	if err != nil {
		return err
	}
	r, ok := l.(renewer)
	if !ok {
		return fmt.Errorf("%T cannot end a heartbeat", l)
	}
	if _, err := r.RenewLeases(ctx, c.ID, "a", 0); err != nil {
		return err
	}
	if err := l.JoinCluster(ctx, c.ID, "b", time.Hour); err != nil {
		return err
	}
	ls, err := l.AcquireHosts(ctx, c.ID, "b", 1)
	if err != nil || len(ls) != 1 {
		return fmt.Errorf("b acquired %+v, %w", ls, err)
	}
	return nil
}
