package crawler_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
)

// headerServer answers raw responses with headers of chosen sizes, and one
// body larger than the in-memory spool threshold.
func headerServer(t *testing.T) net.Listener { return listenRaw(t, serveHeaders) }

// junkHeaders writes about n bytes of header fields.
func junkHeaders(w io.Writer, n int) {
	line := "X-Junk: " + strings.Repeat("a", 1000) + "\r\n"
	for written := 0; written+len(line) <= n; written += len(line) {
		if _, err := io.WriteString(w, line); err != nil {
			return
		}
	}
}

func serveHeaders(c net.Conn) {
	defer c.Close()
	req, err := http.ReadRequest(bufio.NewReader(c))
	if err != nil {
		return
	}
	w := bufio.NewWriter(c)
	defer w.Flush()
	switch req.URL.Path {
	case "/robots.txt":
		if strings.HasPrefix(req.Host, "badrobots.") { // a header no retry can cure
			io.WriteString(w, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n")
			junkHeaders(w, 3<<20)
			io.WriteString(w, "Content-Length: 0\r\n\r\n")
			return
		}
		io.WriteString(w, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
	case "/":
		body := `<a href="/big-header">1</a><a href="/header-ok">2</a><a href="/big-body">3</a>`
		fmt.Fprintf(w, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	case "/big-header": // 3 MiB of header: refused, not archived
		io.WriteString(w, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n")
		junkHeaders(w, 3<<20)
		io.WriteString(w, "Content-Length: 2\r\n\r\nok")
	case "/header-ok": // 900 KiB of header: under the 1 MiB cap
		io.WriteString(w, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n")
		junkHeaders(w, 900<<10)
		io.WriteString(w, "Content-Length: 2\r\n\r\nok")
	case "/big-body": // 5 MB, chunked: spooled to disk on its way to the WARC
		io.WriteString(w, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n")
		chunk := strings.Repeat("0123456789", 10_000)
		for range 50 {
			fmt.Fprintf(w, "%x\r\n%s\r\n", len(chunk), chunk)
		}
		io.WriteString(w, "0\r\n\r\n")
	default:
		io.WriteString(w, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
	}
}

// TestResponseHeaderCap: a response whose header passes
// fetch.max_header_bytes (default 1 MiB) fails its URL with -5002
// header-too-large and is not archived, while a 900 KiB header and a body
// past the spool threshold are archived; no spool file is left behind.
func TestResponseHeaderCap(t *testing.T) {
	ln := headerServer(t)
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	j := testJob(t, dir, fmt.Sprintf(`
name: headers
seeds: [http://hdr.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
workers: 2
politeness: {delay: 0s, delay_factor: 0, per_host: 2}
fetch: {timeout: 10s, retries: 2, retry_backoff: 10ms, allow_addresses: [127.0.0.0/8]}
warc: {dir: %s}
resolve: {hdr.test: %s}
`, warcDir, ln.Addr()))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	checkIndex(t, st, stats.CaptureID, warcDir)
	archived := archivedResponses(t, warcDir)
	if n := archived["http://hdr.test/big-header"]; n != 0 {
		t.Errorf("3 MiB header archived %d times", n)
	}
	for _, p := range []string{"/", "/header-ok", "/big-body"} {
		if n := archived["http://hdr.test"+p]; n != 1 {
			t.Errorf("%s archived %d times, want once", p, n)
		}
	}
	recs, _ := st.Records(ctx, stats.CaptureID)
	for _, r := range recs {
		if strings.HasSuffix(r.URL, "/big-body") && r.RecordType == "response" && r.Length != 5_000_000 {
			t.Errorf("big body indexed with %d bytes, want 5000000", r.Length)
		}
	}
	data, err := os.ReadFile(stats.CrawlLog)
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		e, err := crawllog.Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(e.URI, "/big-header") {
			found = true
			if e.Status != int(crawllog.CodeBlockedGuard) || !hasAnnotation(e, "header-too-large") {
				t.Errorf("big header logged %d %v, want -5002 header-too-large", e.Status, e.Annotations)
			}
		}
	}
	if !found {
		t.Error("no crawl.log line for the big header")
	}
	ents, _ := os.ReadDir(warcDir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".sharc-spool") {
			t.Errorf("spool file left behind: %s", e.Name())
		}
	}
}

// TestRobotsHeaderTooLarge: a robots.txt whose header passes the cap is not
// retried (a 1 h back-off would stall the capture): it is logged -5002
// header-too-large and the host's pages fail as for an unreachable
// robots.txt (-61).
func TestRobotsHeaderTooLarge(t *testing.T) {
	ln := headerServer(t)
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: badrobots
seeds: [http://badrobots.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: obey
politeness: {delay: 0s, delay_factor: 0}
fetch: {timeout: 10s, retries: 3, retry_backoff: 1h, allow_addresses: [127.0.0.0/8]}
warc: {dir: %s}
resolve: {badrobots.test: %s}
`, filepath.Join(dir, "warcs"), ln.Addr()))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(ctx)
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("%v, stop reason %q (retried a refusal?)", err, stats.StopReason)
	}
	logged := crawlLogByURI(t, stats.CrawlLog)
	if e := logged["http://badrobots.test/robots.txt"]; e.Status != int(crawllog.CodeBlockedGuard) || !hasAnnotation(e, "header-too-large") {
		t.Errorf("robots.txt logged %d %v, want -5002 header-too-large", e.Status, e.Annotations)
	}
	if e := logged["http://badrobots.test/"]; e.Status != int(crawllog.CodePrereqFailed) {
		t.Errorf("seed logged %d %v, want -61", e.Status, e.Annotations)
	}
}
