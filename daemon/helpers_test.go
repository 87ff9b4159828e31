package daemon

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
)

// clusterDSN gives a test of cluster mode, which needs PostgreSQL, its
// own schema (internal/testkit/pgtest); without SHARC_TEST_PG the test skips,
// saying why.
func clusterDSN(t testing.TB) string {
	t.Helper()
	if os.Getenv(pgtest.Env) == "" {
		t.Skip("cluster mode needs PostgreSQL: set " + pgtest.Env + "=postgres://postgres@127.0.0.1:5432/test?sslmode=disable (make test does)")
	}
	return pgtest.SchemaDSN(t, "sharc_daemon")
}

// storeDSN is the store of a test that does not need cluster mode: its
// own PostgreSQL schema when SHARC_TEST_PG is set (as make test does), else
// a SQLite file in the test's temporary directory, so the daemon's tests
// run on a machine without PostgreSQL.
func storeDSN(t testing.TB) string {
	t.Helper()
	if os.Getenv(pgtest.Env) != "" {
		return pgtest.SchemaDSN(t, "sharc_daemon")
	}
	return "sqlite:" + filepath.Join(t.TempDir(), "sharc.db")
}

// treeSite serves n pages /p/0 … /p/{n-1}; page k links to 3k+1…3k+3.
// Every request counts in hits and takes delay.
func treeSite(n int, delay time.Duration, hits *atomic.Int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		time.Sleep(delay)
		if r.URL.Path == "/robots.txt" {
			io.WriteString(w, "User-agent: *\nAllow: /\n")
			return
		}
		k, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
		if err != nil || k < 0 || k >= n {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<html><body><h1>page %d</h1>", k)
		for c := 3*k + 1; c <= 3*k+3 && c < n; c++ {
			fmt.Fprintf(w, `<a href="/p/%d">%d</a> `, c, c)
		}
		io.WriteString(w, "</body></html>")
	})
}

// testDaemon is a daemon serving on a loopback port.
type testDaemon struct {
	d      *Daemon
	client *Client
	base   string
	cancel context.CancelFunc
	done   chan error
}

const testToken = "s3cret-token"

// startDaemon runs a daemon on the store at dsn until the test ends.
// clockSpeed > 1 makes schedules run that much faster than real time.
func startDaemon(t *testing.T, dsn string, clockSpeed float64) *testDaemon {
	t.Helper()
	opts := Options{Tick: 50 * time.Millisecond}
	if clockSpeed > 1 {
		start := time.Now()
		opts.Now = func() time.Time { return start.Add(time.Duration(float64(time.Since(start)) * clockSpeed)) }
	}
	return startDaemonOpts(t, dsn, opts, nil)
}

// startDaemonOpts is startDaemon with the caller's options (a clock; Tick
// 20ms when unset) and config changes (edit may be nil).
func startDaemonOpts(t *testing.T, dsn string, opts Options, edit func(*Config)) *testDaemon {
	t.Helper()
	return startDaemonLog(t, dsn, opts, edit, zaptest.NewLogger(t))
}

// startDaemonLog is startDaemonOpts logging to log (a test that reads
// the daemon's log lines).
func startDaemonLog(t *testing.T, dsn string, opts Options, edit func(*Config), log *zap.Logger) *testDaemon {
	t.Helper()
	cfg := Config{Listen: "127.0.0.1:0", Token: testToken, Store: dsn, DataDir: t.TempDir(), MaxConcurrentJobs: 4, DrainTimeout: 20 * time.Second,
		AllowAddresses: []string{"127.0.0.0/8"}}
	if edit != nil {
		edit(&cfg)
	}
	if opts.Tick == 0 {
		opts.Tick = 20 * time.Millisecond
	}
	d, err := New(context.Background(), cfg, log, opts)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	td := &testDaemon{d: d, base: "http://" + ln.Addr().String(), cancel: cancel, done: make(chan error, 1)}
	// Every answer the tests get through the client is checked against
	// docs/openapi.yaml (contract_test.go).
	hc, _ := newContractClient(t)
	td.client = &Client{Base: td.base, Token: testToken, HTTP: hc}
	go func() { td.done <- d.Run(ctx, ln) }()
	t.Cleanup(td.stop)
	testkit.WaitFor(t, 10*time.Second, "daemon ready", func() bool {
		resp, err := http.Get(td.base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
	return td
}

func (td *testDaemon) stop() {
	if td.cancel == nil {
		return
	}
	td.cancel()
	td.cancel = nil
	<-td.done
}

func jobYAML(name, siteAddr, extra string) []byte {
	return []byte(fmt.Sprintf(`name: %s
seeds: [http://site.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 2
politeness: {delay: 5ms, delay_factor: 0}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
resolve: {site.test: %s}
%s`, name, siteAddr, extra))
}

func apiStatus(err error) int {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Status
	}
	return 0
}

func strconvFormat(n int64) string { return strconv.FormatInt(n, 10) }

// waitAlert waits until job name has an alert and returns the job.
func waitAlert(t *testing.T, td *testDaemon, name string, d time.Duration) JobInfo {
	t.Helper()
	var info JobInfo
	testkit.WaitFor(t, d, "job "+name+"'s alert", func() bool {
		var err error
		info, err = td.client.Job(context.Background(), name)
		return err == nil && info.Alert != ""
	})
	return info
}
