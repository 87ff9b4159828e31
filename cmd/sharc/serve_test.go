package main

import (
	"context"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/daemon"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/store"
)

// servePGDSN gives the test its own schema (internal/testkit/pgtest).
func servePGDSN(t *testing.T) string { return pgtest.SchemaDSN(t, "sharc_serve") }

// freePort is a loopback address free for a child process to listen on.
// It is drawn below Linux's ephemeral range (32768–60999), where the
// kernel never puts the port of an outgoing connection or of a listener
// on port 0: a port taken from that range (net.Listen on :0, closed, then
// handed on) could be given to another test's connection before the
// child bound it, and TestThreeServeNodes failed once with "address
// already in use". The address is checked free by listening on it.
func freePort(t *testing.T) string {
	t.Helper()
	for range 200 { // bounded: a busy port is skipped
		addr := fmt.Sprintf("127.0.0.1:%d", 20000+mrand.IntN(12000))
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			continue
		}
		ln.Close()
		return addr
	}
	t.Fatal("no free loopback port in 20000-31999")
	return ""
}

// TestServeSIGKILL submits a job to `sharc serve`, kills the daemon with
// SIGKILL at random points of the crawl, restarts it each time (it resumes
// the running capture by itself), and checks the finished capture: every
// page archived exactly once, no .open file left, every index row pointing
// at a readable record. A last SIGTERM checks the drain exits cleanly.
func TestServeSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	dsn := servePGDSN(t)
	bin := buildSharc(t)
	const pages = 150
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(pages, &hits))
	defer srv.Close()
	dir := t.TempDir()
	addr := freePort(t)
	cfgPath := filepath.Join(dir, "sharc.yaml")
	os.WriteFile(cfgPath, []byte(fmt.Sprintf("listen: %s\ntoken: tok\nstore: %q\ndata_dir: %s\nallow_addresses: [127.0.0.0/8]\n", addr, dsn, filepath.Join(dir, "data"))), 0o644)
	client := &daemon.Client{Base: "http://" + addr, Token: "tok"}
	ctx := context.Background()
	logBuf := &strings.Builder{}
	lw := &lockedWriter{b: logBuf}
	logs := logString{lw}

	start := func() (*exec.Cmd, chan error) {
		cmd := exec.Command(bin, "serve", "--config", cfgPath)
		cmd.Stdout, cmd.Stderr = io.Discard, lw
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		deadline := time.Now().Add(20 * time.Second)
		for {
			resp, err := http.Get(client.Base + "/readyz")
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode == 200 {
					return cmd, exited
				}
			}
			select {
			case err := <-exited:
				t.Fatalf("serve exited before ready: %v\n%s", err, logs)
			case <-time.After(20 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				t.Fatalf("serve not ready\n%s", logs)
			}
		}
	}
	cmd, exited := start()
	job := fmt.Sprintf(`name: crashd
seeds: [http://site.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 3
politeness: {delay: 10ms, delay_factor: 0}
resolve: {site.test: %s}
`, strings.TrimPrefix(srv.URL, "http://"))
	if _, err := client.Submit(ctx, []byte(job), "crashd.yaml"); err != nil {
		t.Fatal(err)
	}
	rng := mrand.New(mrand.NewPCG(3, 5))
	for kill := 0; kill < 3; kill++ {
		target := hits.Load() + int64(10+rng.IntN(30))
		deadline := time.Now().Add(30 * time.Second)
		for hits.Load() < target && time.Now().Before(deadline) {
			select {
			case err := <-exited:
				t.Fatalf("serve exited before it was killed: %v\n%s", err, logs)
			case <-time.After(time.Duration(1+rng.IntN(5)) * time.Millisecond):
			}
		}
		if hits.Load() < target {
			t.Fatalf("crawl stalled at %d requests", hits.Load())
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		<-exited
		cmd, exited = start()
	}
	var info daemon.JobInfo
	deadline := time.Now().Add(60 * time.Second)
	for {
		var err error
		info, err = client.Job(ctx, "crashd")
		if err == nil && info.State == "idle" && info.LastRun != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("job never finished: %+v %v\n%s", info, err, logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if info.LastRun.StopReason != "finished" {
		t.Fatalf("last run %+v", info.LastRun)
	}
	caps, err := client.Captures(ctx, "crashd")
	if err != nil || len(caps) != 1 || caps[0].Status != store.CaptureStatusFinished {
		t.Fatalf("captures %+v %v (want one capture, resumed each time)", caps, err)
	}
	checkKilledRuns(t, client, "crashd", 3)
	// SIGTERM drains and exits 0.
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("serve after SIGTERM: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not exit after SIGTERM")
	}
	if !strings.Contains(logs.String(), "resuming interrupted capture") || !strings.Contains(logs.String(), "repaired interrupted WARC") && !strings.Contains(logs.String(), "removing interrupted WARC") {
		t.Errorf("logs lack the resume and repair messages")
	}

	warcDir := info.WARCDir
	archived, files := verifiedResponses(t, warcDir)
	for k := 0; k < pages; k++ {
		if u := fmt.Sprintf("http://site.test/p/%d", k); archived[u] != 1 {
			t.Errorf("%s archived %d times, want once", u, archived[u])
		}
	}
	verifyIndex(t, dsn, caps[0].ID, warcDir)
	checkSerialsAfterResumes(t, files, "crashd")
	t.Logf("%d WARC files, %d requests for %d pages over 4 daemon runs", len(files), hits.Load(), pages)
}

// lockedWriter lets the child's stderr copier and the test share a buffer.
type lockedWriter struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// logString prints the shared buffer safely (for %s).
type logString struct{ w *lockedWriter }

func (l logString) String() string {
	l.w.mu.Lock()
	defer l.w.mu.Unlock()
	return l.w.b.String()
}
