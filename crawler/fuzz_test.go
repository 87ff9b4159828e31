package crawler

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/spool"
)

// The crawler's own parsers of what a server sends: Retry-After, the
// content coding of a body, and robots.txt (through the cache). A hostile
// server controls all three.

func FuzzRetryAfter(f *testing.F) {
	for _, s := range []string{"", "120", " 7 ", "-1", "Wed, 21 Oct 2026 07:28:00 GMT", "99999999999999999999", "1e3", "0"} {
		f.Add(s)
	}
	now := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, v string) {
		h := http.Header{}
		h.Set("Retry-After", v)
		d := retryAfter(h, now)
		if d < 0 || d > maxRetryAfter {
			t.Fatalf("Retry-After %q gave %v, outside [0, %v]", v, d, maxRetryAfter)
		}
		// Delay-seconds is that many seconds, up to the cap.
		tv := strings.TrimSpace(h.Get("Retry-After"))
		if n, err := strconv.Atoi(tv); err == nil && n >= 0 && strings.Trim(tv, "0123456789") == "" {
			if want := min(time.Duration(n)*time.Second, maxRetryAfter); n < 1<<31 && d != want {
				t.Fatalf("Retry-After %q gave %v, want %v", v, d, want)
			}
		}
	})
}

// decodeContent runs fetched.decodedBytes on a response with body and
// Content-Encoding enc, spooled as the fetcher spools it.
func decodeContent(enc string, body []byte, limit int64) []byte {
	sp := spool.New("", 64)
	defer sp.Close()
	fmt.Fprintf(sp, "HTTP/1.1 200 OK\r\nContent-Encoding: %s\r\nContent-Length: %d\r\n\r\n", enc, len(body))
	sp.Write(body)
	req, _ := http.NewRequest(http.MethodGet, "http://a.test/", nil)
	f := &fetched{Response: sp, BodyLen: int64(len(body)), Header: http.Header{"Content-Encoding": {enc}}, req: req}
	return f.decodedBytes(limit)
}

func FuzzDecodeContent(f *testing.F) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte("<a href=/x>x</a>"))
	_ = zw.Close()
	f.Add("gzip", gz.Bytes())
	f.Add("deflate", []byte{0x4b, 0x4c, 0x4a, 0x06, 0x00})
	f.Add("br", []byte("abc"))
	f.Add("gzip", []byte("not gzip"))
	const limit = 1 << 12
	f.Fuzz(func(t *testing.T, enc string, body []byte) {
		enc = strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7f || r == ':' {
				return -1
			}
			return r
		}, enc)
		out := decodeContent(enc, body, limit)
		if len(out) > max(len(body), limit) {
			t.Fatalf("%s body of %d bytes decoded to %d, over the limit %d", enc, len(body), len(out), limit)
		}
		switch strings.ToLower(strings.TrimSpace(enc)) {
		case "gzip", "x-gzip", "deflate":
		default:
			if !bytes.Equal(out, body) {
				t.Fatalf("unknown coding %q changed the body", enc)
			}
		}
		// Whatever the body, gzip of it decodes back to it (up to limit).
		var z bytes.Buffer
		w := gzip.NewWriter(&z)
		_, _ = w.Write(body)
		_ = w.Close()
		want := body[:min(len(body), limit)]
		if got := decodeContent("gzip", z.Bytes(), limit); !bytes.Equal(got, want) && len(body) > 0 {
			t.Fatalf("gzip round trip of %d bytes gave %d", len(body), len(got))
		}
	})
}

func FuzzRobots(f *testing.F) {
	f.Add(200, []byte("User-agent: *\nDisallow: /private\nCrawl-delay: 2\nSitemap: http://a.test/s.xml\n"), "/private/x")
	f.Add(200, []byte("User-agent: SHARC\nAllow: /\n\nUser-agent: *\nDisallow: /\n"), "/")
	f.Add(404, []byte(nil), "/x")
	f.Add(503, []byte("garbage\x00\xff"), "/")
	now := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, status int, body []byte, path string) {
		if status < 100 || status > 599 {
			status = 200
		}
		c := newRobotsCache("SHARC-test (+https://example.org/contact)", 0)
		delay, _ := c.set("a.test", status, body, now)
		if delay < 0 {
			t.Fatalf("negative Crawl-delay %v", delay)
		}
		v := c.verdict("a.test", "/"+path, now)
		if v == robotsUnknown {
			t.Fatal("rules just set are not known")
		}
		if c.verdict("a.test", "/"+path, now.Add(robotsTTL+time.Second)) != robotsUnknown {
			t.Fatal("rules past their TTL are still known")
		}
		// A server error means "nothing allowed for now" (RFC 9309
		// §2.3.1.3), and only a server error.
		if (status >= 500) != (v == robotsUnavailable) {
			t.Fatalf("status %d gave verdict %v for /%s", status, v, path)
		}
		if status >= 400 && status < 500 && v != robotsAllowed {
			t.Fatalf("status %d (no rules) gave verdict %v for /%s", status, v, path)
		}
	})
}

// FuzzRequestURL: any canonical URL a page can produce (after urlcanon)
// becomes a request target or an error, never a panic, and a target is a
// single token HTTP can carry.
func FuzzRequestURL(f *testing.F) {
	for _, s := range []string{"http://a.test/a%zz", "https://u:p@[::1]:8/x?y", "http://a.test?", "http://", "ftp://x/", "http://a.test/\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := requestURL(raw)
		if err != nil {
			return
		}
		if target := u.RequestURI(); target == "" || strings.ContainsFunc(target, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			t.Fatalf("requestURL(%q) gave target %q", raw, target)
		}
	})
}
