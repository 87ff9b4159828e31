package crawler_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
)

// rawSite answers request targets exactly as sent, without net/http's
// parsing (which rejects what real browsers and servers accept, such as
// "/a%zz"), and records every target it was asked for.
type rawSite struct {
	ln    net.Listener
	pages map[string]string // request target → HTML body
	mu    sync.Mutex
	asked map[string]int
}

func newRawSite(t *testing.T, pages map[string]string) *rawSite {
	t.Helper()
	s := &rawSite{pages: pages, asked: map[string]int{}}
	s.ln = listenRaw(t, s.handle)
	return s
}

func (s *rawSite) handle(c net.Conn) {
	defer c.Close()
	br := bufio.NewReader(c)
	line, err := br.ReadString('\n')
	if err != nil {
		return
	}
	for { // skip the headers
		h, err := br.ReadString('\n')
		if err != nil || h == "\r\n" || h == "\n" {
			break
		}
	}
	f := strings.Fields(line)
	if len(f) != 3 {
		return
	}
	s.mu.Lock()
	s.asked[f[1]]++
	s.mu.Unlock()
	body, ok := s.pages[f[1]]
	status := "200 OK"
	if !ok {
		status, body = "404 Not Found", "not here"
	}
	fmt.Fprintf(c, "HTTP/1.1 %s\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n%s", status, len(body), body)
}

func (s *rawSite) count(target string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.asked[target]
}

// TestMalformedEscapes reproduces issue 10's first finding: a link with a
// malformed percent-escape crashed the crawl (nil URL) when robots.txt is
// obeyed, and every resume crashed again. Such links are common. The
// canonical form escapes the stray '%' as "%25" (as Heritrix does), so the
// URL is an RFC 3986 URI that request lines, WARC-Target-URI and WARC
// validators accept.
func TestMalformedEscapes(t *testing.T) {
	site := newRawSite(t, map[string]string{
		"/":                `<a href="/a%zz">bad escape</a> <a href="/b?q=%zz&r=%">bad query</a> <a href="/ok">ok</a>`,
		"/a%25zz":          `reached`,
		"/b?q=%25zz&r=%25": `reached too`,
		"/ok":              `fine`,
	})
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: malformed
seeds: [http://bad.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: obey
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {bad.test: %s}
fetch: {retries: 0, allow_addresses: [127.0.0.0/8]}
`, filepath.Join(dir, "warcs"), site.ln.Addr()))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stop reason %q", stats.StopReason)
	}
	for _, target := range []string{"/a%25zz", "/b?q=%25zz&r=%25", "/ok"} {
		if n := site.count(target); n != 1 {
			t.Errorf("%s requested %d times, want once", target, n)
		}
	}
	responses := archivedResponses(t, filepath.Join(dir, "warcs"))
	for _, u := range []string{"http://bad.test/a%25zz", "http://bad.test/b?q=%25zz&r=%25", "http://bad.test/ok"} {
		if responses[u] != 1 {
			t.Errorf("%s archived %d times, want 1", u, responses[u])
		}
	}
	logged := crawlLogByURI(t, stats.CrawlLog)
	if e, ok := logged["http://bad.test/a%25zz"]; !ok || e.Status != 200 {
		t.Errorf("crawl.log line of /a%%25zz: %+v (present %v)", e, ok)
	}
	checkIndex(t, st, stats.CaptureID, filepath.Join(dir, "warcs"))
}

// crawlLogByURI parses a crawl.log, failing on any line that does not
// parse or names a URI twice.
func crawlLogByURI(t *testing.T, path string) map[string]crawllog.Entry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]crawllog.Entry{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		e, err := crawllog.Parse(l)
		if err != nil {
			t.Fatalf("crawl.log line %q: %v", l, err)
		}
		if _, dup := out[e.URI]; dup {
			t.Errorf("crawl.log has %s twice", e.URI)
		}
		out[e.URI] = e
	}
	return out
}
