package main

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/internal/testkit/hostile"
)

// TestHostileCapture is issue 10's one capture of everything hostile at
// once, run as `sharc crawl` in a child process: the traps and bombs of
// internal/testkit/hostile (a sitemap-index bomb, a 1 MiB robots.txt whose last
// rule must not apply, looping links, a calendar, a multiplying search,
// malformed and over-long links, redirect chains and cycles, a gzip bomb,
// a 3 MiB header, endless headers, garbage, silence, resets, a short body,
// a 503 with Retry-After) beside 8 bodies of 100 MB fetched by 8 workers
// at once and a page with 10⁶ links. The capture must finish by itself,
// archive every normal page once, leave WARCs that verify and match the
// index, give every dropped URL its crawl.log line, and stay under 300 MiB
// of peak RSS.
func TestHostileCapture(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads 800 MB over loopback")
	}
	site := hostile.New(hostile.Config{Normal: 50, BigBodies: 8, BigBytes: 100_000_000, LinkBomb: 1_000_000,
		RobotsPad: 1 << 20, RetryAfter: true})
	srv := httptest.NewServer(site)
	defer srv.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	jobPath := filepath.Join(dir, "hostile.yaml")
	job := fmt.Sprintf(`name: hostile
seeds: [http://evil.test/]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 8
politeness: {delay: 0s, delay_factor: 0, per_host: 8}
scope: {max_hops: 25, max_duration: 5m}
fetch: {timeout: 20s, connect_timeout: 2s, retries: 1, retry_backoff: 100ms, max_body_bytes: 200MB, allow_addresses: [127.0.0.0/8]}
warc: {dir: %s}
resolve: {evil.test: %s}
`, warcDir, strings.TrimPrefix(srv.URL, "http://"))
	if err := os.WriteFile(jobPath, []byte(job), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(buildSharc(t), "crawl", jobPath)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("sharc crawl: %v\n%s", err, tail(out.String(), 3000))
	}
	if !strings.Contains(out.String(), "stopped:    finished") {
		t.Fatalf("crawl did not finish by itself:\n%s", tail(out.String(), 3000))
	}
	rss := summaryPeakRSS(t, out.String())
	t.Logf("peak RSS %d MiB", rss>>20)
	if rss >= 300<<20 {
		t.Errorf("peak RSS %d MiB, want < 300 MiB", rss>>20)
	}

	dsn := "sqlite:" + filepath.Join(warcDir, "sharc.db")
	capture := oneFinishedCapture(t, dsn, "hostile")
	verifyIndex(t, dsn, capture, warcDir)
	archived, _ := verifiedResponses(t, warcDir)
	for _, p := range site.NormalPages() {
		if n := archived["http://evil.test"+p]; n != 1 {
			t.Errorf("%s archived %d times, want 1", p, n)
		}
	}
	for i := range 8 {
		if n := archived[fmt.Sprintf("http://evil.test/big/%d", i)]; n != 1 {
			t.Errorf("/big/%d archived %d times, want 1", i, n)
		}
	}
	for u, n := range archived {
		if n != 1 {
			t.Errorf("%s archived %d times", u, n)
		}
	}
	byURI := checkHostileLog(t, warcDir)
	for _, p := range site.NormalPages() {
		if archived["http://evil.test"+p] != 1 {
			t.Logf("%s: crawl.log %+v, requested %d times", p, byURI["http://evil.test"+p], site.Hits(p))
		}
	}
}

// checkHostileLog reads crawl.log: every line parses, no URI appears
// twice, and each defence left its line.
func checkHostileLog(t *testing.T, warcDir string) map[string]crawllog.Entry {
	t.Helper()
	logs, _ := filepath.Glob(filepath.Join(captureFolder(warcDir).Logs(), "crawl*.log"))
	if len(logs) != 1 {
		t.Fatalf("crawl logs %v, want one", logs)
	}
	data, err := os.ReadFile(logs[0])
	if err != nil {
		t.Fatal(err)
	}
	byURI := map[string]crawllog.Entry{}
	reasons := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		e, err := crawllog.Parse(l)
		if err != nil {
			t.Fatalf("crawl.log line %q: %v", l, err)
		}
		if _, dup := byURI[e.URI]; dup {
			t.Errorf("crawl.log has %s twice", e.URI)
		}
		byURI[e.URI] = e
		if e.Status < 0 && len(e.Annotations) > 0 {
			reasons[fmt.Sprint(e.Status, " ", e.Annotations[0])]++
		}
	}
	for _, want := range []string{"-4000 path-loop", "-4000 calendar", "-4000 query-variants", "-4000 url-too-long",
		"-4001 redirect-limit", "-7 malformed-url", "-5002 header-too-large", "-9998 robots"} {
		if reasons[want] == 0 {
			t.Errorf("no crawl.log line %q; lines by reason: %v", want, reasons)
		}
	}
	for path, ok := range map[string]func(crawllog.Entry) bool{
		"/silent":  func(e crawllog.Entry) bool { return e.Status == int(crawllog.CodeTimeout) },
		"/garbage": func(e crawllog.Entry) bool { return e.Status < 0 },
		"/reset":   func(e crawllog.Entry) bool { return e.Status < 0 },
		"/retry":   func(e crawllog.Entry) bool { return e.Status == 200 },
		"/links": func(e crawllog.Entry) bool {
			return e.Status == 200 && strings.Contains(strings.Join(e.Annotations, ","), "outlinks-dropped:")
		},
		"/gzip-bomb": func(e crawllog.Entry) bool { return e.Status == 200 },
	} {
		if e, found := byURI["http://evil.test"+path]; !found || !ok(e) {
			t.Errorf("%s: crawl.log %+v (found %v)", path, e, found)
		}
	}
	t.Logf("%d crawl.log lines; drops by reason: %v", len(byURI), reasons)
	return byURI
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
