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
	"sync"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/warc"
)

// hostileServer answers raw bytes per path, so it can misbehave in ways
// net/http would refuse to: endless headers, garbage, lies about lengths,
// silence, and a 503 that asks to retry later.
type hostileServer struct {
	ln       net.Listener
	mu       sync.Mutex
	attempts map[string]int
}

func newHostileServer(t *testing.T) *hostileServer {
	s := &hostileServer{attempts: map[string]int{}}
	s.ln = listenRaw(t, s.handle)
	return s
}

// listenRaw serves each connection to a loopback listener with handle
// (which closes it), for servers that must answer what net/http would not
// write; the listener closes when the test ends.
func listenRaw(t *testing.T, handle func(net.Conn)) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go handle(c)
		}
	}()
	return ln
}

func (s *hostileServer) handle(c net.Conn) {
	defer c.Close()
	req, err := http.ReadRequest(bufio.NewReader(c))
	if err != nil {
		return
	}
	s.mu.Lock()
	s.attempts[req.URL.Path]++
	n := s.attempts[req.URL.Path]
	s.mu.Unlock()
	page := func(body string) {
		fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	}
	switch req.URL.Path {
	case "/robots.txt":
		io.WriteString(c, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
	case "/":
		page(`<a href="/endless-headers">1</a><a href="/garbage">2</a><a href="/huge">3</a><a href="/silent">4</a>
<a href="/short">5</a><a href="/retry">6</a><a href="/reset">7</a><a href="/ok">8</a>`)
	case "/endless-headers":
		io.WriteString(c, "HTTP/1.1 200 OK\r\n")
		for i := 0; i < 200_000; i++ { // ~4 MB of headers, bounded
			if _, err := fmt.Fprintf(c, "X-Junk-%d: %s\r\n", i, strings.Repeat("a", 10)); err != nil {
				return
			}
		}
	case "/garbage":
		io.WriteString(c, "\x00\x01 this is not HTTP at all \xff\xfe\r\n\r\n")
	case "/huge": // more than max_body_bytes: archived truncated
		fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\n\r\n", 8<<20)
		chunk := make([]byte, 64<<10)
		for i := 0; i < 128; i++ {
			if _, err := c.Write(chunk); err != nil {
				return
			}
		}
	case "/silent": // never answers: the fetch timeout ends it
		time.Sleep(3 * time.Second)
	case "/short": // announces more than it sends, then hangs up
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<html>cut")
	case "/reset":
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetLinger(0)
		}
	case "/retry": // 503 with Retry-After the first time, then fine
		if n == 1 {
			io.WriteString(c, "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n")
			return
		}
		page("recovered")
	default:
		page("fine")
	}
}

// TestHostileServer crawls a server that misbehaves in every way we could
// think of: the crawl must finish, the WARC must verify, every index row
// must point at its record, and each bad URL must end with a logged
// outcome.
func TestHostileServer(t *testing.T) {
	srv := newHostileServer(t)
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: hostile
seeds: [http://evil.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 4
politeness: {delay: 0s, delay_factor: 0, per_host: 4}
fetch: {allow_addresses: [127.0.0.0/8], timeout: 1s, connect_timeout: 1s, max_body_bytes: 1MB, retries: 1, retry_backoff: 10ms}
warc: {dir: %s}
resolve: {evil.test: %s}
`, filepath.Join(dir, "warcs"), srv.ln.Addr()))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stopped: %s", stats.StopReason)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "warcs", "*.warc.gz"))
	for _, f := range files {
		if _, problems, err := warc.VerifyFile(f); err != nil || len(problems) > 0 {
			t.Fatalf("%s: %v %v", f, problems, err)
		}
	}
	checkIndex(t, st, stats.CaptureID, filepath.Join(dir, "warcs"))

	data, err := os.ReadFile(stats.CrawlLog)
	if err != nil {
		t.Fatal(err)
	}
	logged := map[string]crawllog.Entry{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		e, err := crawllog.Parse(l)
		if err != nil {
			t.Fatalf("crawl.log %q: %v", l, err)
		}
		logged[strings.TrimPrefix(e.URI, "http://evil.test")] = e
	}
	want := map[string]func(e crawllog.Entry) bool{
		"/endless-headers": func(e crawllog.Entry) bool { return e.Status < 0 },
		"/garbage":         func(e crawllog.Entry) bool { return e.Status < 0 },
		"/silent":          func(e crawllog.Entry) bool { return e.Status == -4 },
		"/reset":           func(e crawllog.Entry) bool { return e.Status < 0 },
		"/huge":            func(e crawllog.Entry) bool { return e.Status == 200 && hasAnnotation(e, "truncated") },
		"/short":           func(e crawllog.Entry) bool { return e.Status == 200 || e.Status < 0 },
		"/retry":           func(e crawllog.Entry) bool { return e.Status == 200 && hasAnnotation(e, "2t") },
		"/ok":              func(e crawllog.Entry) bool { return e.Status == 200 },
	}
	for path, ok := range want {
		e, found := logged[path]
		if !found {
			t.Errorf("%s: no crawl.log line", path)
			continue
		}
		if !ok(e) {
			t.Errorf("%s: logged %d %v", path, e.Status, e.Annotations)
		}
	}
	// The truncated body is archived, marked, and within the limit.
	recs, _ := st.Records(context.Background(), stats.CaptureID)
	for _, r := range recs {
		if strings.HasSuffix(r.URL, "/huge") && r.RecordType == "response" && r.Length > 1_000_000 {
			t.Errorf("huge body archived with %d bytes, limit 1MB", r.Length)
		}
	}
}

func hasAnnotation(e crawllog.Entry, a string) bool {
	for _, x := range e.Annotations {
		if x == a {
			return true
		}
	}
	return false
}
