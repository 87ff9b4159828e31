package crawler_test

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
)

// rawReply is what a raw-socket server sends for one request target: the
// bytes exactly, framing and all, so that a test can send what net/http's
// server never would (interim responses, stacked codings).
type rawReply func(target string) []byte

// rawServer answers each request on its connection with reply(target)
// and counts the targets asked for.
type rawServer struct {
	ln    net.Listener
	mu    sync.Mutex
	asked map[string]int
}

func newRawServer(t *testing.T, reply rawReply) *rawServer {
	t.Helper()
	s := &rawServer{asked: map[string]int{}}
	s.ln = listenRaw(t, func(c net.Conn) {
		defer c.Close()
		br := bufio.NewReader(c)
		for {
			target, ok := readRequestHead(br)
			if !ok {
				return
			}
			s.mu.Lock()
			s.asked[target]++
			s.mu.Unlock()
			if _, err := c.Write(reply(target)); err != nil {
				return
			}
		}
	})
	return s
}

// readRequestHead reads a request's head and returns its target.
func readRequestHead(br *bufio.Reader) (string, bool) {
	line, err := br.ReadString('\n')
	if err != nil {
		return "", false
	}
	for {
		h, err := br.ReadString('\n')
		if err != nil {
			return "", false
		}
		if h == "\r\n" || h == "\n" {
			break
		}
	}
	f := strings.Fields(line)
	if len(f) != 3 {
		return "", false
	}
	return f[1], true
}

func (s *rawServer) count(target string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.asked[target]
}

// rawResponse is a framed 200 (or status) response with extra header lines.
func rawResponse(status string, header string, body []byte) []byte {
	return append([]byte(fmt.Sprintf("HTTP/1.1 %s\r\nContent-Type: text/html\r\n%sContent-Length: %d\r\n\r\n", status, header, len(body))), body...)
}

// crawlRaw crawls seeds (hosts resolved by resolve) and returns the
// crawl's stats and job folder; extra is more top-level YAML, fetch more
// fields of fetch (", key: value").
func crawlRaw(t *testing.T, seeds []string, resolve map[string]string, extra string, fetch ...string) (crawler.Stats, string) {
	t.Helper()
	dir := t.TempDir()
	var res []string
	for h, a := range resolve {
		res = append(res, fmt.Sprintf("%q: %q", h, a))
	}
	j := testJob(t, dir, fmt.Sprintf(`
name: corners
seeds: [%s]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {%s}
fetch: {retries: 0, allow_addresses: [127.0.0.0/8]%s}
%s`, strings.Join(seeds, ", "), filepath.Join(dir, "warcs"), strings.Join(res, ", "), strings.Join(fetch, ""), extra))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v, %+v", err, stats)
	}
	checkIndex(t, st, stats.CaptureID, filepath.Join(dir, "warcs"))
	recs, err := st.Records(context.Background(), stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.RecordType == "response" && r.Status/100 == 1 {
			t.Errorf("%s indexed with interim status %d", r.URL, r.Status)
		}
	}
	return stats, dir
}

// TestInterimResponses: a server sending 100 Continue and 103 Early Hints
// before its 200 (issue 30) was logged and indexed as 100 and its links
// were lost. The interim heads are skipped: crawl.log and the index say
// 200, the WARC response record begins with the final status line (what
// warcio and pywb read), and the page's link is followed.
func TestInterimResponses(t *testing.T) {
	cases := []struct {
		name, interim string
	}{
		{"continue", "HTTP/1.1 100 Continue\r\n\r\n"},
		{"early-hints", "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"},
		{"both", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := newRawServer(t, func(target string) []byte {
				if target == "/" {
					return append([]byte(tc.interim), rawResponse("200 OK", "", []byte(`<a href="/next">next</a>`))...)
				}
				return rawResponse("200 OK", "", []byte("the page after, at "+target))
			})
			stats, dir := crawlRaw(t, []string{"http://interim.test/"}, map[string]string{"interim.test": srv.ln.Addr().String()}, "")
			logged := crawlLogByURI(t, stats.CrawlLog)
			if e := logged["http://interim.test/"]; e.Status != 200 {
				t.Errorf("crawl.log status of the page: %d, want 200", e.Status)
			}
			if srv.count("/next") != 1 {
				t.Errorf("/next asked %d times: the page's link was not followed", srv.count("/next"))
			}
			for _, r := range readWARCRecords(t, filepath.Join(dir, "warcs")) {
				if r.uri == "http://interim.test/" && !r.status2xx {
					t.Errorf("WARC response record of the page does not begin with the final status line")
				}
			}
		})
	}
}

// encode applies codings to b in order.
func encode(t *testing.T, b []byte, codings ...string) []byte {
	t.Helper()
	for _, c := range codings {
		var buf bytes.Buffer
		switch c {
		case "gzip":
			zw := gzip.NewWriter(&buf)
			_, _ = zw.Write(b)
			_ = zw.Close()
		case "deflate":
			zw, _ := flate.NewWriter(&buf, flate.DefaultCompression)
			_, _ = zw.Write(b)
			_ = zw.Close()
		}
		b = buf.Bytes()
	}
	return b
}

// TestStackedContentCodings: a page sent with "Content-Encoding: gzip,
// gzip" (issue 30) was archived but its links were lost: only a single
// coding was decoded for extraction. Each coding is now removed, last
// applied first.
func TestStackedContentCodings(t *testing.T) {
	cases := []struct {
		name    string
		codings []string
	}{
		{"gzip-gzip", []string{"gzip", "gzip"}},
		{"deflate-gzip", []string{"deflate", "gzip"}},
		{"gzip", []string{"gzip"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			page := encode(t, []byte(`<html><a href="/linked">a link</a></html>`), tc.codings...)
			srv := newRawServer(t, func(target string) []byte {
				if target == "/" {
					return rawResponse("200 OK", "Content-Encoding: "+strings.Join(tc.codings, ", ")+"\r\n", page)
				}
				return rawResponse("200 OK", "", []byte("reached "+target))
			})
			stats, _ := crawlRaw(t, []string{"http://coded.test/"}, map[string]string{"coded.test": srv.ln.Addr().String()}, "")
			if srv.count("/linked") != 1 {
				t.Errorf("/linked asked %d times: the link inside %v was lost", srv.count("/linked"), tc.codings)
			}
			if e := crawlLogByURI(t, stats.CrawlLog)["http://coded.test/linked"]; e.Status != 200 {
				t.Errorf("crawl.log of /linked: %+v", e)
			}
		})
	}
}

// rawSiteOf serves pages (target → body; a target ending in .xml as XML,
// robots.txt as text) and 404 for the rest.
func rawSiteOf(t *testing.T, pages map[string]string) *rawServer {
	t.Helper()
	return newRawServer(t, func(target string) []byte {
		body, ok := pages[target]
		ctype := "text/html"
		switch {
		case !ok:
			return []byte("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
		case strings.HasSuffix(target, ".xml"):
			ctype = "application/xml"
		case target == "/robots.txt":
			ctype = "text/plain"
		}
		return []byte(fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s", ctype, len(body), body))
	})
}

func sitemapXML(locs ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for _, l := range locs {
		b.WriteString("<url><loc>" + l + "</loc></url>")
	}
	b.WriteString("</urlset>")
	return b.String()
}

// TestSitemapCrossHost: a sitemap on host A listing a URL of host B (both
// in scope, the URL linked from nowhere) got that URL fetched (issue 30).
// A sitemap speaks for its own host, and for a host whose robots.txt
// names it: c.test's robots.txt names a sitemap served by a.test, so its
// c.test entry is fetched, while b.test's entries (in both sitemaps) are
// refused with a crawl.log line each.
func TestSitemapCrossHost(t *testing.T) {
	a := rawSiteOf(t, map[string]string{
		"/":              "a",
		"/robots.txt":    "User-agent: *\nAllow: /\nSitemap: http://a.test/sitemap.xml\n",
		"/sitemap.xml":   sitemapXML("http://a.test/own", "http://b.test/hidden"),
		"/c-sitemap.xml": sitemapXML("http://c.test/named", "http://b.test/hidden2"),
		"/own":           "a's own page",
	})
	b := rawSiteOf(t, map[string]string{"/": "b", "/hidden": "never linked", "/hidden2": "never linked either"})
	c := rawSiteOf(t, map[string]string{
		"/":           "c",
		"/robots.txt": "User-agent: *\nAllow: /\nSitemap: http://a.test/c-sitemap.xml\n",
		"/named":      "c's page, listed by the sitemap its robots.txt names",
	})
	stats, _ := crawlRaw(t, []string{"http://a.test/", "http://b.test/", "http://c.test/"}, map[string]string{
		"a.test": a.ln.Addr().String(), "b.test": b.ln.Addr().String(), "c.test": c.ln.Addr().String(),
	}, "robots: obey\n")
	want := []struct {
		srv    *rawServer
		target string
		asked  int
	}{
		{a, "/own", 1}, {c, "/named", 1}, {b, "/hidden", 0}, {b, "/hidden2", 0},
	}
	for _, w := range want {
		if n := w.srv.count(w.target); n != w.asked {
			t.Errorf("%s asked %d times, want %d", w.target, n, w.asked)
		}
	}
	logged := crawlLogByURI(t, stats.CrawlLog)
	for _, u := range []string{"http://b.test/hidden", "http://b.test/hidden2"} {
		if e := logged[u]; e.Status != int(crawllog.CodeOutOfScope) || !hasAnnotation(e, "sitemap-cross-host") {
			t.Errorf("crawl.log of %s: %+v, want %d sitemap-cross-host", u, e, crawllog.CodeOutOfScope)
		}
	}
}

// TestRobotsRedirects: a robots.txt answering 301 to another host's
// robots.txt was not followed (issue 30): the site was treated as
// allow-all and a disallowed page fetched. RFC 9309 §2.3.1.2: at least
// five consecutive redirects are followed, across hosts, and the rules
// reached apply to the first host. Past five, robots.txt counts as
// unavailable (no rules).
func TestRobotsRedirects(t *testing.T) {
	cases := []struct {
		hops    int
		blocked bool
	}{
		{1, true}, {5, true}, {6, false},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%d-hops", tc.hops), func(t *testing.T) {
			other := newRawServer(t, func(target string) []byte {
				var n int
				if _, err := fmt.Sscanf(target, "/hop%d.txt", &n); err == nil && n < tc.hops {
					return []byte(fmt.Sprintf("HTTP/1.1 302 Found\r\nLocation: /hop%d.txt\r\nContent-Length: 0\r\n\r\n", n+1))
				}
				rules := "User-agent: *\nDisallow: /redir-blocked\n"
				return []byte(fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s", len(rules), rules))
			})
			site := newRawServer(t, func(target string) []byte {
				switch target {
				case "/robots.txt":
					return []byte("HTTP/1.1 301 Moved Permanently\r\nLocation: http://other.test/hop1.txt\r\nContent-Length: 0\r\n\r\n")
				case "/":
					return rawResponse("200 OK", "", []byte(`<a href="/redir-blocked">no</a> <a href="/ok">yes</a>`))
				}
				return rawResponse("200 OK", "", []byte("page "+target))
			})
			stats, dir := crawlRaw(t, []string{"http://site.test/"}, map[string]string{
				"site.test": site.ln.Addr().String(), "other.test": other.ln.Addr().String(),
			}, "robots: obey\n")
			wantAsked := map[bool]int{true: 0, false: 1}[tc.blocked]
			if n := site.count("/redir-blocked"); n != wantAsked {
				t.Errorf("/redir-blocked asked %d times, want %d", n, wantAsked)
			}
			if site.count("/ok") != 1 {
				t.Errorf("/ok asked %d times, want 1", site.count("/ok"))
			}
			logged := crawlLogByURI(t, stats.CrawlLog)
			if e := logged["http://site.test/redir-blocked"]; tc.blocked && e.Status != int(crawllog.CodeRobots) {
				t.Errorf("crawl.log of /redir-blocked: %+v, want %d", e, crawllog.CodeRobots)
			}
			// Every hop followed is archived, its line in crawl.log.
			archived := archivedResponses(t, filepath.Join(dir, "warcs"))
			for n := 1; n <= min(tc.hops, 5); n++ {
				u := fmt.Sprintf("http://other.test/hop%d.txt", n)
				if archived[u] != 1 || logged[u].Status == 0 {
					t.Errorf("%s archived %d times, crawl.log %+v", u, archived[u], logged[u])
				}
			}
		})
	}
}

// TestOldTLSVersions: a server speaking only TLS 1.0 or 1.1 was not
// crawlable at all (issue 30): Go's client offers TLS 1.2 and up unless
// told otherwise. The crawler offers 1.0 and up, as Heritrix does.
func TestOldTLSVersions(t *testing.T) {
	for _, v := range []uint16{tls.VersionTLS10, tls.VersionTLS11} {
		t.Run(tls.VersionName(v), func(t *testing.T) {
			now := time.Now()
			cert := leaf(t, nil, "old.test", []string{"old.test"}, now.Add(-time.Hour), now.Add(time.Hour))
			srv := tlsSite(t, cert, v)
			stats, _ := crawlRaw(t, []string{"https://old.test/"}, map[string]string{"old.test": srv.Listener.Addr().String()}, "")
			if e := crawlLogByURI(t, stats.CrawlLog)["https://old.test/"]; e.Status != 200 {
				t.Errorf("crawl.log of a %s-only server: %+v", tls.VersionName(v), e)
			}
		})
	}
}
