package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/internal/testkit/storetest"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// TestCrawlOwnership drives `sharc crawl` through issue 10's takeover: a
// second job file with the same name is refused (naming both files and
// the differing settings) and so is --resume with it; --abandon-running
// drops the running capture; --resume then has nothing to continue; and a
// plain run starts a new capture of the second file's site.
func TestCrawlOwnership(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<html><body><a href="/next">next</a></body></html>`)
	}))
	defer srv.Close()
	dir := t.TempDir()
	write := func(name, seedHost string) string {
		p := filepath.Join(dir, name)
		body := fmt.Sprintf(`name: site
seeds: [http://%s/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
politeness: {delay: 0s, delay_factor: 0}
resolve: {%s: %s}
warc: {dir: %s}
fetch: {allow_addresses: [127.0.0.0/8]}
`, seedHost, seedHost, strings.TrimPrefix(srv.URL, "http://"), filepath.Join(dir, "warcs"))
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := write("a.yaml", "a.test"), write("b.yaml", "b.test")
	dsn := "sqlite:" + filepath.Join(dir, "warcs", "sharc.db")
	running := startedCapture(t, dsn, a)

	sharc := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"crawl"}, args...), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	errLine := func(stderr string) string {
		for _, l := range strings.Split(stderr, "\n") {
			if strings.HasPrefix(l, "sharc crawl: ") {
				return l
			}
		}
		t.Fatalf("no error line in:\n%s", stderr)
		return ""
	}
	for _, args := range [][]string{{b}, {"--resume", b}} {
		code, _, stderr := sharc(args...)
		if code == 0 {
			t.Fatalf("sharc crawl %v: exit 0", args)
		}
		msg := errLine(stderr)
		for _, w := range []string{a, b, fmt.Sprintf("capture %d", running), "seeds [http://a.test/] → [http://b.test/]", "--abandon-running"} {
			if !strings.Contains(msg, w) {
				t.Errorf("sharc crawl %v: error %q lacks %q", args, msg, w)
			}
		}
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("refused runs made %d requests", n)
	}
	// The owner's file, edited since: the way back is its old settings.
	write("a.yaml", "c.test")
	if code, _, stderr := sharc(a); code == 0 || !strings.Contains(errLine(stderr), "Restore the file's settings above to resume it") {
		t.Errorf("edited owner file: exit %d, %s", code, stderr)
	}
	code, stdout, stderr := sharc("--abandon-running", b)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("capture %d", running)) || !strings.Contains(stdout, "abandoned") {
		t.Fatalf("--abandon-running: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := sharc("--abandon-running", b); code == 0 || !strings.Contains(errLine(stderr), "no running capture") {
		t.Errorf("second --abandon-running: exit %d, %s", code, stderr)
	}
	if code, _, stderr := sharc("--resume", b); code == 0 || !strings.Contains(errLine(stderr), "no running capture to resume") {
		t.Errorf("--resume with nothing running: exit %d, %s", code, stderr)
	}
	code, stdout, stderr = sharc(b)
	if code != 0 || !strings.Contains(stdout, "(new)") || !strings.Contains(stdout, "stopped:    finished") {
		t.Fatalf("fresh run of b.yaml: exit %d\n%s%s", code, stdout, stderr)
	}
	st, err := store.Open(context.Background(), dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	old, err := st.Capture(context.Background(), running)
	if err != nil || old.Status != store.CaptureStatusAbandoned {
		t.Errorf("first capture after --abandon-running: %+v, %v", old, err)
	}
	latest, err := st.Capture(context.Background(), running+1)
	if err != nil || latest.Status != store.CaptureStatusFinished || latest.Owner.JobFile != b {
		t.Errorf("second capture: status %s owner %q, %v; want finished, owned by %s", latest.Status, latest.Owner.JobFile, err, b)
	}
}

// startedCapture leaves the job of file running in dsn as an interrupted
// `sharc crawl file` would: a capture owned by the file, its seed queued.
func startedCapture(t *testing.T, dsn, file string) int64 {
	t.Helper()
	ctx := context.Background()
	j, err := loadJob(file, scheduler.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	st, c, text := storetest.OpenJobCapture(t, dsn, j)
	defer st.Close()
	if err := st.SetCaptureOwner(ctx, c.ID, store.CaptureOwner{JobFile: file, JobYAML: string(text)}); err != nil {
		t.Fatal(err)
	}
	seed := j.Seeds[0]
	u := store.FrontierURL{CaptureID: c.ID, URL: seed, SURT: urlcanon.SURT(seed), Host: urlcanon.Host(seed), ParentSeq: -1, Rate: 0.01, State: store.StateQueued}
	if err := st.Commit(ctx, store.Batch{CaptureID: c.ID, Discovered: []store.FrontierURL{u}}); err != nil {
		t.Fatal(err)
	}
	return c.ID
}
