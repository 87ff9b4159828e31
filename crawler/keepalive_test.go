package crawler_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestKeepAlive: pages of one host share connections when the server
// frames its responses, and a server that closes idle connections (or asks
// to close) costs new connections, never a failed page.
func TestKeepAlive(t *testing.T) {
	const pages = 30
	tests := []struct {
		name      string
		idle      time.Duration // server's idle timeout
		close     bool          // server answers Connection: close
		maxConns  int64
		wantReuse bool
	}{
		{"reused", time.Minute, false, 3, true},
		{"server closes idle connections", time.Millisecond, false, 0, false},
		{"server asks to close", time.Minute, true, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var conns, reqs atomic.Int64
			srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				reqs.Add(1)
				if tt.close {
					w.Header().Set("Connection", "close")
				}
				if r.URL.Path == "/robots.txt" {
					http.NotFound(w, r)
					return
				}
				var b strings.Builder
				for i := range pages {
					fmt.Fprintf(&b, `<a href="/p%d">p</a>`, i)
				}
				w.Header().Set("Content-Type", "text/html")
				io.WriteString(w, b.String())
			}))
			srv.Config.IdleTimeout = tt.idle
			srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
				if s == http.StateNew {
					conns.Add(1)
				}
			}
			srv.Start()
			defer srv.Close()
			dir := t.TempDir()
			j := testJob(t, dir, fmt.Sprintf(`
name: keepalive
seeds: [%s/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 20ms, delay_factor: 0}
warc: {dir: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, srv.URL, filepath.Join(dir, "warcs")))
			st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
			stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if stats.Fetched != pages+2 || stats.Failed != 0 {
				t.Fatalf("fetched %d, failed %d; want %d, 0", stats.Fetched, stats.Failed, pages+2)
			}
			n := conns.Load()
			if tt.wantReuse && n > tt.maxConns {
				t.Errorf("%d connections for %d requests, want at most %d", n, reqs.Load(), tt.maxConns)
			}
			if !tt.wantReuse && n < reqs.Load() {
				t.Errorf("%d connections for %d requests: a connection was reused that should not be", n, reqs.Load())
			}
			// Each exchange is its own record pair, verified and read back.
			got := archivedResponses(t, filepath.Join(dir, "warcs"))
			for i := range pages {
				if u := fmt.Sprintf("%s/p%d", srv.URL, i); got[u] != 1 {
					t.Errorf("%s archived %d times, want once", u, got[u])
				}
			}
		})
	}
}
