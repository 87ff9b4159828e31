package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/daemon"
	"github.com/sharc-archive/sharc/store"
)

// TestServeDiskFull runs `sharc serve` under a file-size limit (prlimit
// --fsize: writes past it fail with EFBIG, our stand-in for a full disk,
// which a test cannot cause without root), lets a job fill its WARC up to
// the limit, and checks that the job is paused with a disk-full alert, that
// nothing written is corrupt, and that after "freeing space" (a daemon
// without the limit) resuming the job completes the capture with every page
// archived once.
func TestServeDiskFull(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the daemon")
	}
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit (util-linux) is not installed")
	}
	bin := buildSharc(t)
	const pages = 80
	// 40 KB of random bytes per page: incompressible, so the WARC grows by
	// about 40 KB a page and outgrows the 1.2 MB limit after ~30 pages.
	blob := make([]byte, 40_000)
	if _, err := rand.Read(blob); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		k, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
		if err != nil || k < 0 || k >= pages {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<html><body><h1>%d</h1>", k)
		for c := 2*k + 1; c <= 2*k+2 && c < pages; c++ {
			fmt.Fprintf(w, `<a href="/p/%d">%d</a>`, c, c)
		}
		fmt.Fprintf(w, "<pre>%x</pre></body></html>", blob[:20_000])
	}))
	defer srv.Close()

	dir := t.TempDir()
	addr := freePort(t)
	// The index lives in PostgreSQL, another process the limit does not
	// reach, so it is the WARC writes that hit the "full disk".
	dsn := servePGDSN(t)
	cfgPath := filepath.Join(dir, "sharc.yaml")
	if err := os.WriteFile(cfgPath, []byte(fmt.Sprintf("listen: %s\ntoken: tok\nstore: %q\ndata_dir: %s\nallow_addresses: [127.0.0.0/8]\n", addr, dsn, filepath.Join(dir, "data"))), 0o644); err != nil {
		t.Fatal(err)
	}
	client := &daemon.Client{Base: "http://" + addr, Token: "tok"}
	ctx := context.Background()
	logs := &lockedWriter{b: &strings.Builder{}}

	serve := func(args ...string) (*exec.Cmd, chan error) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Stdout, cmd.Stderr = io.Discard, logs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		deadline := time.Now().Add(20 * time.Second)
		for {
			if resp, err := http.Get(client.Base + "/readyz"); err == nil {
				resp.Body.Close()
				if resp.StatusCode == 200 {
					return cmd, exited
				}
			}
			select {
			case err := <-exited:
				t.Fatalf("serve exited before ready: %v\n%s", err, logString{logs})
			case <-time.After(20 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				t.Fatalf("serve not ready\n%s", logString{logs})
			}
		}
	}
	waitState := func(want string) daemon.JobInfo {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			info, err := client.Job(ctx, "full")
			if err == nil && info.State == want && (want != "idle" || info.LastRun != nil) {
				return info
			}
			if time.Now().After(deadline) {
				t.Fatalf("job never reached %q: %+v %v\n%s", want, info, err, logString{logs})
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	cmd, exited := serve(prlimit, "--fsize=1200000", bin, "serve", "--config", cfgPath)
	job := fmt.Sprintf(`name: full
seeds: [http://site.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: 0s, delay_factor: 0}
resolve: {site.test: %s}
`, strings.TrimPrefix(srv.URL, "http://"))
	if _, err := client.Submit(ctx, []byte(job), "full.yaml"); err != nil {
		t.Fatal(err)
	}
	info := waitState("paused")
	if !strings.Contains(info.Alert, "disk full") {
		t.Fatalf("paused without a disk-full alert: %+v", info)
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	<-exited

	// What was written before the limit is intact and indexed correctly.
	warcDir := filepath.Join(dir, "data", "full", "warcs")
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	if problems, err := crawler.VerifyIndex(ctx, st, 1, warcDir); err != nil || len(problems) > 0 {
		t.Fatalf("index after disk full: %v %v", problems, err)
	}
	st.Close()

	// Space freed: a daemon without the limit resumes the job to the end.
	cmd, exited = serve(bin, "serve", "--config", cfgPath)
	if _, err := client.Action(ctx, "full", "resume"); err != nil {
		t.Fatal(err)
	}
	info = waitState("idle")
	if info.LastRun.StopReason != "finished" {
		t.Fatalf("after resume: %+v", info.LastRun)
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	<-exited
	archived, _ := verifiedResponses(t, warcDir)
	for k := 0; k < pages; k++ {
		if u := fmt.Sprintf("http://site.test/p/%d", k); archived[u] != 1 {
			t.Errorf("%s archived %d times, want once", u, archived[u])
		}
	}
	st, err = store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if problems, err := crawler.VerifyIndex(ctx, st, 1, warcDir); err != nil || len(problems) > 0 {
		t.Fatalf("index after resume: %v %v", problems, err)
	}
}
