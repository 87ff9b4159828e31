package daemon

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// startNode runs a clustered daemon (node name node) on dsn until the
// test ends.
func startNode(t *testing.T, dsn, node, dataDir string) *testDaemon {
	t.Helper()
	cfg := Config{Listen: "127.0.0.1:0", Token: testToken, Store: dsn, DataDir: dataDir, MaxConcurrentJobs: 4,
		DrainTimeout: 20 * time.Second, Node: node, Poll: 50 * time.Millisecond, AllowAddresses: []string{"127.0.0.0/8"}}
	d, err := New(context.Background(), cfg, zaptest.NewLogger(t).With(zap.String("test_node", node)), Options{Tick: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	td := &testDaemon{d: d, base: "http://" + ln.Addr().String(), cancel: cancel, done: make(chan error, 1)}
	td.client = &Client{Base: td.base, Token: testToken}
	go func() { td.done <- d.Run(ctx, ln) }()
	t.Cleanup(td.stop)
	testkit.WaitFor(t, 10*time.Second, node+" ready", func() bool {
		resp, err := http.Get(td.base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
	return td
}

// TestClusterNodeConfig: cluster mode is refused on SQLite, with a clear
// error, whether the config comes from a file or is built in code.
func TestClusterNodeConfig(t *testing.T) {
	dsn := "sqlite:" + t.TempDir() + "/x.db"
	_, err := New(context.Background(), Config{Listen: "127.0.0.1:0", Store: dsn, Node: "n1"}, zap.NewNop(), Options{})
	if err == nil || !strings.Contains(err.Error(), "needs a PostgreSQL store") {
		t.Errorf("New with node and SQLite: %v", err)
	}
}

// TestClusterPauseResumeCancel: a job submitted to n1 is joined by n2;
// pausing through n2 stops both nodes (the capture is paused in the
// store), resuming through n1 restarts both, cancelling through n2 ends
// both runs and the capture. The job has one capture throughout.
func TestClusterPauseResumeCancel(t *testing.T) {
	dsn := clusterDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(400, 20*time.Millisecond, &hits))
	defer srv.Close()
	data := t.TempDir()
	n1 := startNode(t, dsn, "n1", data)
	n2 := startNode(t, dsn, "n2", data)
	ctx := context.Background()
	state := func(td *testDaemon) string {
		info, err := td.client.Job(ctx, "cj")
		if err != nil {
			return "error: " + err.Error()
		}
		return info.State
	}

	// A node leaving a capture makes the host's next holder wait the
	// longest gap the job allows (max_delay, crawl_delay_cap): keep it
	// short so the resumed capture fetches at once.
	job := fmt.Sprintf(`name: cj
seeds: [http://site.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 2
politeness: {delay: 5ms, delay_factor: 0, max_delay: 20ms, crawl_delay_cap: 20ms}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
resolve: {site.test: %s}
`, strings.TrimPrefix(srv.URL, "http://"))
	if _, err := n1.client.Submit(ctx, []byte(job), "cj.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "n2 to join the capture", func() bool { return state(n2) == stateRunning })
	testkit.WaitFor(t, 10*time.Second, "some fetches", func() bool { return hits.Load() > 5 })

	if _, err := n2.client.Action(ctx, "cj", "pause"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "n1 to follow the pause", func() bool { return state(n1) == statePaused })
	if s := state(n2); s != statePaused {
		t.Errorf("n2 after pause: %s", s)
	}
	time.Sleep(200 * time.Millisecond) // fetches in flight end
	before := hits.Load()
	time.Sleep(500 * time.Millisecond)
	if after := hits.Load(); after != before {
		t.Errorf("the site got %d requests while the cluster was paused", after-before)
	}

	if _, err := n1.client.Action(ctx, "cj", "resume"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "both nodes running again", func() bool { return state(n1) == stateRunning && state(n2) == stateRunning })
	testkit.WaitFor(t, 10*time.Second, "fetches after resume", func() bool { return hits.Load() > before+3 })

	if _, err := n2.client.Action(ctx, "cj", "cancel"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "both nodes idle", func() bool { return state(n1) == stateIdle && state(n2) == stateIdle })
	caps, err := n1.client.Captures(ctx, "cj")
	if err != nil {
		t.Fatal(err)
	}
	if len(caps) != 1 || caps[0].Status != store.CaptureStatusCancelled {
		t.Errorf("captures %+v: want one, cancelled", caps)
	}
	if hits.Load() >= 400 {
		t.Errorf("the whole site was fetched (%d requests): the test did not exercise a running capture", hits.Load())
	}
	// Every WARC file carries its writer's node name (one host: one
	// node at a time holds it, so which nodes wrote varies).
	info, err := n1.client.Job(ctx, "cj")
	if err != nil {
		t.Fatal(err)
	}
	// warc_dir is the job folder; the capture's files are in its folder.
	files, _ := filepath.Glob(filepath.Join(info.WARCDir, "*", jobdir.WARCsDir, "*.warc.gz"))
	if len(files) == 0 {
		t.Errorf("no WARC file in %s", info.WARCDir)
	}
	for _, f := range files {
		if b := filepath.Base(f); !strings.HasPrefix(b, "cj-n1-") && !strings.HasPrefix(b, "cj-n2-") {
			t.Errorf("WARC file %s lacks the node name", b)
		}
	}
}

// TestJoinStore: a joining run opens the capture the poll saw running and
// nothing else; a scheduled run skips when a capture started since it was
// due. A refused open leaves no new capture behind.
func TestJoinStore(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, clusterDSN(t), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	jr, err := st.UpsertJob(ctx, "jj", "name: jj\n")
	if err != nil {
		t.Fatal(err)
	}
	first, _, err := st.OpenCapture(ctx, jr.ID, "bfs", "snapshot")
	if err != nil {
		t.Fatal(err)
	}
	beforeFirst := first.Started.Add(-time.Hour)
	for _, tc := range []struct {
		name     string
		finish   bool // finish the first capture before opening
		spec     joinSpec
		wantGone bool
		wantNew  bool // a second capture was opened
	}{
		{"join running", false, joinSpec{capture: first.ID}, false, false},
		{"join another id", false, joinSpec{capture: first.ID + 100}, true, false},
		{"schedule joins running", false, joinSpec{after: first.Started.Add(time.Hour)}, false, false},
		{"join finished", true, joinSpec{capture: first.ID}, true, false},
		{"schedule after a capture since due", true, joinSpec{after: beforeFirst}, true, false},
		{"schedule due after the last start", true, joinSpec{after: first.Started.Add(time.Millisecond)}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.finish {
				if err := st.FinishCapture(ctx, first.ID, store.CaptureStatusFinished); err != nil {
					t.Fatal(err)
				}
			}
			c, _, err := joinStore{Store: st, spec: tc.spec}.OpenCapture(ctx, jr.ID, "bfs", "snapshot")
			if gone := errors.Is(err, errCaptureGone); gone != tc.wantGone {
				t.Fatalf("err = %v, want gone %v", err, tc.wantGone)
			}
			caps, err := st.Captures(ctx, jr.ID)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(caps); (n == 2) != tc.wantNew || n > 2 {
				t.Fatalf("%d captures after the open: %+v", n, caps)
			}
			if !tc.wantGone && !tc.wantNew && c.ID != first.ID {
				t.Errorf("opened capture %d, want %d", c.ID, first.ID)
			}
		})
	}
}
