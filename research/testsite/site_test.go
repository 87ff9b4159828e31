package testsite

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// clock is a hand-moved time source for the site under test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

var t0 = time.Date(2012, 3, 1, 12, 0, 0, 0, time.UTC)

// serve starts cfg on a real loopback HTTP server with a hand-moved clock
// starting at t0.
func serve(t testing.TB, cfg Config) (*Site, *httptest.Server, *clock) {
	t.Helper()
	clk := &clock{t: t0}
	cfg.Start = t0
	cfg.Now = clk.Now
	s, err := New(cfg, nil)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return s, srv, clk
}

// get fetches path with optional request headers (name, value pairs).
func get(t testing.TB, srv *httptest.Server, path string, hdr ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: reading body: %v", path, err)
	}
	return resp, string(body)
}

var linkRE = regexp.MustCompile(`<a href="([^"]+)">`)

func links(body string) []string {
	var out []string
	for _, m := range linkRE.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestTreeLinks(t *testing.T) {
	tests := []struct {
		name      string
		pages, d  int
		page      int
		wantLinks []int
	}{
		{"root", 10, 3, 0, []int{1, 2, 3}},
		{"inner", 10, 3, 2, []int{7, 8, 9}},
		{"cut at n", 10, 3, 3, nil},
		{"partial", 9, 4, 1, []int{5, 6, 7, 8}},
		{"partial cut", 8, 4, 1, []int{5, 6, 7}},
		{"chain", 5, 1, 3, []int{4}},
		{"single page", 1, 2, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, srv, _ := serve(t, Config{Pages: tc.pages, Outdegree: tc.d, Skew: 1, TimeUnit: time.Second, Seed: 7})
			resp, body := get(t, srv, PagePath(tc.page))
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Errorf("Content-Type %q", ct)
			}
			var want []string
			for _, c := range tc.wantLinks {
				want = append(want, srv.URL+PagePath(c))
			}
			got := links(body)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("links\n got %q\nwant %q", got, want)
			}
			if !strings.Contains(body, "<title>Page "+strconv.Itoa(tc.page)+" ") {
				t.Errorf("title missing in %q", body)
			}
		})
	}
}

func TestPaths(t *testing.T) {
	_, srv, _ := serve(t, Config{Pages: 20, Outdegree: 3, Skew: 1, TimeUnit: time.Second})
	tests := []struct {
		path     string
		status   int
		location string
	}{
		{"/", 200, ""},
		{"/p/1", 200, ""},
		{"/p/19", 200, ""},
		{"/p/20", 404, ""},
		{"/p/0", 301, "/"},
		{"/p/01", 404, ""},
		{"/p/-1", 404, ""},
		{"/p/", 404, ""},
		{"/p/1/", 404, ""},
		{"/nothing", 404, ""},
		{"/robots.txt", 200, ""},
		{"/sitemap.xml", 200, ""},
		{"/sitemap-0.xml", 404, ""}, // one file: no index, no parts
		{"/_info", 200, ""},
		{"/_changes", 200, ""},
		{"/_changes?from=yesterday", 400, ""},
		{"/private/trap", 200, ""},
		{"/static/site.css", 404, ""}, // embeds off
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			resp, _ := get(t, srv, tc.path)
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if tc.location != "" && resp.Header.Get("Location") != tc.location {
				t.Errorf("Location %q, want %q", resp.Header.Get("Location"), tc.location)
			}
		})
	}
}

func TestPageIndexRoundTrip(t *testing.T) {
	for _, k := range []int{0, 1, 9, 10, 99999, 1 << 40} {
		got, ok := PageIndex(PagePath(k))
		if !ok || got != k {
			t.Errorf("PageIndex(PagePath(%d)) = %d, %v", k, got, ok)
		}
	}
	for _, p := range []string{"", "/p", "/p/", "/p/0", "/p/00", "/p/1a", "/p/+1", "/p/ 1", "/q/1", "//", "/p/1234567890123456789"} {
		if k, ok := PageIndex(p); ok {
			t.Errorf("PageIndex(%q) = %d, want not a page", p, k)
		}
	}
}

func TestNewValidates(t *testing.T) {
	ok := Config{Pages: 10, Outdegree: 2, Skew: 1, TimeUnit: time.Second}
	tests := []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"no pages", func(c *Config) { c.Pages = 0 }, "size must be at least 1"},
		{"outdegree", func(c *Config) { c.Outdegree = 0 }, "outdegree"},
		{"skew", func(c *Config) { c.Skew = 0 }, "skew"},
		{"time unit", func(c *Config) { c.TimeUnit = 0 }, "time unit"},
		{"host with scheme", func(c *Config) { c.Host = "http://x" }, "host"},
		{"crawl delay", func(c *Config) { c.CrawlDelay = -time.Second }, "crawl delay"},
		{"chunk", func(c *Config) { c.SitemapChunk = 50001 }, "sitemap chunk"},
		{"delete root", func(c *Config) { c.DeleteAfter = map[int]time.Duration{0: time.Second} }, "root"},
		{"delete out of range", func(c *Config) { c.DeleteAfter = map[int]time.Duration{10: time.Second} }, "out of range"},
		{"appear zero", func(c *Config) { c.AppearAfter = map[int]time.Duration{3: 0} }, "positive"},
		{"deleted before appearing", func(c *Config) {
			c.AppearAfter = map[int]time.Duration{3: time.Minute}
			c.DeleteAfter = map[int]time.Duration{3: time.Second}
		}, "before it appears"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.edit(&c)
			_, err := New(c, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
	if _, err := New(ok, nil); err != nil {
		t.Fatalf("valid config rejected: %v", err)
	}
}
