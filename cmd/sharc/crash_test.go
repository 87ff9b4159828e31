package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// buildSharc compiles this command once per test binary run.
func buildSharc(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "sharc")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// treeSite serves n pages /p/0 … /p/{n-1}; page k links to pages 3k+1…3k+3.
func treeSite(n int, hits *atomic.Int64) http.Handler { return hostsTreeSite(n, 1, hits) }

// hostsTreeSite is treeSite spread over hosts h0.test … (any Host header
// gets the same pages): with hosts > 1, page c is linked as
// http://h{c mod hosts}.test/p/c.
func hostsTreeSite(n, hosts int, hits *atomic.Int64) http.Handler {
	filler := strings.Repeat("lorem ipsum dolor sit amet ", 80)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
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
		fmt.Fprintf(w, "<html><body><h1>page %d</h1><p>%s</p>", k, filler)
		for c := 3*k + 1; c <= 3*k+3 && c < n; c++ {
			if hosts > 1 {
				fmt.Fprintf(w, `<a href="http://h%d.test/p/%d">%d</a> `, c%hosts, c, c)
				continue
			}
			fmt.Fprintf(w, `<a href="/p/%d">%d</a> `, c, c)
		}
		io.WriteString(w, "</body></html>")
	})
}

// TestSIGKILLResume kills `sharc crawl` at random points, runs it again
// each time, and checks that the finished capture archived every page
// exactly once, left no .open file, that every index row points at a
// readable record, and that crawl.log has one whole line per archived
// fetch (a torn last line is cut on resume): on one host, and on five hosts of which at most two are
// held in memory (the others parked in the store, max_active_hosts).
func TestSIGKILLResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	bin := buildSharc(t)
	for _, tc := range []struct {
		name  string
		hosts int
	}{{"one host", 1}, {"five hosts two active", 5}} {
		t.Run(tc.name, func(t *testing.T) { testSIGKILLResume(t, bin, tc.hosts) })
	}
}

func testSIGKILLResume(t *testing.T, bin string, hosts int) {
	const pages = 150
	var hits atomic.Int64
	srv := httptest.NewServer(hostsTreeSite(pages, hosts, &hits))
	defer srv.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	jobPath := filepath.Join(dir, "job.yaml")
	target := strings.TrimPrefix(srv.URL, "http://")
	seed, extra := "http://site.test/p/0", "resolve: {site.test: "+target+"}\n"
	if hosts > 1 {
		seed = "http://h0.test/p/0"
		var res []string
		for h := range hosts {
			res = append(res, fmt.Sprintf("h%d.test: %s", h, target))
		}
		extra = "max_active_hosts: 2\nscope: {surt_prefixes: [\"test,h\"]}\nresolve: {" + strings.Join(res, ", ") + "}\n"
	}
	jobText := fmt.Sprintf(`name: crash
seeds: [%s]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 3
politeness: {delay: 10ms, delay_factor: 0}
warc: {dir: %s}
%s`, seed, warcDir, extra)
	if err := os.WriteFile(jobPath, []byte(jobText), 0o644); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for kill := 0; kill < 3; kill++ {
		cmd := exec.Command(bin, "crawl", jobPath)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		target := hits.Load() + int64(10+rng.IntN(30))
		deadline := time.Now().Add(30 * time.Second)
	wait:
		for hits.Load() < target && time.Now().Before(deadline) {
			select {
			case err := <-exited:
				t.Fatalf("crawl exited before it was killed: %v\n%s", err, stderr.String())
			case <-time.After(time.Duration(1+rng.IntN(5)) * time.Millisecond):
				continue wait
			}
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		<-exited
	}
	// A crash (or a full disk) mid-write leaves half a line: the resumed
	// crawl must cut it, not join its first line to it.
	logPath := captureFolder(warcDir).CrawlLog("")
	if f, err := os.OpenFile(logPath, os.O_APPEND|os.O_WRONLY, 0); err != nil {
		t.Fatal(err)
	} else {
		_, _ = f.WriteString("2026-11-24T14:00:00.000Z   200      1234 http://torn")
		f.Close()
	}
	out, err := exec.Command(bin, "crawl", jobPath).CombinedOutput()
	if err != nil {
		t.Fatalf("final run: %v\n%s", err, out)
	}
	checkCrawlLog(t, logPath, warcDir)
	checkCaptureFolder(t, warcDir)
	if !strings.Contains(string(out), "stopped:    finished") || !strings.Contains(string(out), "(resumed)") {
		t.Fatalf("final run did not resume and finish:\n%s", out)
	}
	archived, files := verifiedResponses(t, warcDir)
	for k := 0; k < pages; k++ {
		u := fmt.Sprintf("http://site.test/p/%d", k)
		if hosts > 1 {
			u = fmt.Sprintf("http://h%d.test/p/%d", k%hosts, k)
		}
		if archived[u] != 1 {
			t.Errorf("%s archived %d times, want once", u, archived[u])
		}
	}
	pagesArchived := 0
	for u := range archived {
		if strings.Contains(u, "/p/") {
			pagesArchived++
		}
	}
	if pagesArchived != pages {
		t.Errorf("%d pages archived, want %d", pagesArchived, pages)
	}
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(warcDir, "sharc.db"), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	problems, err := crawler.VerifyIndex(context.Background(), st, 1, warcDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	t.Logf("%d WARC files, server saw %d requests for %d pages over 4 runs", len(files), hits.Load(), pages)
}

// verifiedResponses checks that no .open file is left in warcDir and that
// every WARC file there verifies, and counts the response records per
// verifyIndex opens the store at dsn and checks that every index row of
// the capture points at a readable record in warcDir.
func verifyIndex(t *testing.T, dsn string, captureID int64, warcDir string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	problems, err := crawler.VerifyIndex(ctx, st, captureID, warcDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// oneFinishedCapture returns the ID of the job's only capture, failing
// unless there is exactly one and it finished (every node of a cluster
// joined the same capture).
func oneFinishedCapture(t *testing.T, dsn, jobName string) int64 {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	jr, err := st.JobByName(ctx, jobName)
	if err != nil {
		t.Fatal(err)
	}
	caps, err := st.Captures(ctx, jr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(caps) != 1 || caps[0].Status != store.CaptureStatusFinished {
		t.Fatalf("captures of %s: %+v, want one finished", jobName, caps)
	}
	return caps[0].ID
}

// target URI over all of them.
func verifiedResponses(t *testing.T, warcDir string) (map[string]int, []string) {
	t.Helper()
	if open, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "*.open")); len(open) > 0 {
		t.Fatalf(".open files left: %v", open)
	}
	archived := map[string]int{}
	files := eachResponse(t, warcDir, func(rec *warc.Record) { archived[rec.TargetURI()]++ })
	return archived, files
}

// eachResponse verifies every WARC file of warcDir (failing on any
// problem) and calls fn for each response record; it returns the files.
func eachResponse(t *testing.T, warcDir string, fn func(*warc.Record)) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "*.warc.gz"))
	for _, f := range files {
		if n, problems, err := warc.VerifyFile(f); err != nil || len(problems) > 0 || n == 0 {
			t.Fatalf("verify %s: %d records, problems %v, err %v", f, n, problems, err)
		}
		r, err := warc.OpenFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if rec.Type() == warc.Response {
				fn(rec)
			}
		}
		r.Close()
	}
	return files
}
