package hostile

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// MaxSilence is the longest a silent URL holds its connection.
const MaxSilence = time.Minute

// Config chooses the site's size.
type Config struct {
	Normal     int   // normal pages /page/0 … /page/N-1, all linked from the seed
	BigBodies  int   // URLs /big/0 … serving BigBytes each
	BigBytes   int64 // size of each big body
	LinkBomb   int   // links on /links (0: no such page)
	RobotsPad  int   // bytes of comment padding after robots.txt's rules (a robots.txt bomb)
	RetryAfter bool  // /retry answers 503 with Retry-After: 1 the first time
}

// Site is the hostile site; see the package comment.
type Site struct {
	cfg Config
	mux *http.ServeMux

	mu    sync.Mutex
	order []string        // request targets, in arrival order
	hits  map[string]int  // request target → requests
	done  map[string]bool // /retry's first answer given

	bombOnce sync.Once
	bomb     []byte // the gzip bomb's body, compressed once
}

// New returns a Site.
func New(cfg Config) *Site {
	s := &Site{cfg: cfg, mux: http.NewServeMux(), hits: map[string]int{}, done: map[string]bool{}}
	s.routes()
	return s
}

// ServeHTTP records the request and serves it.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.order = append(s.order, r.URL.RequestURI())
	s.hits[r.URL.RequestURI()]++
	s.mu.Unlock()
	s.mux.ServeHTTP(w, r)
}

// Requests returns the request targets served so far, in order.
func (s *Site) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.order...)
}

// Hits returns how often target was requested.
func (s *Site) Hits(target string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[target]
}

// NormalPages returns the paths of the normal pages, each of which a
// correct crawl archives exactly once.
func (s *Site) NormalPages() []string {
	out := []string{"/"}
	for i := range s.cfg.Normal {
		out = append(out, fmt.Sprintf("/page/%d", i))
	}
	return out
}

func html(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "text/html")
	fmt.Fprint(w, "<html><body>"+body+"</body></html>")
}

func (s *Site) routes() {
	m := s.mux
	m.HandleFunc("/robots.txt", s.robots)
	m.HandleFunc("/sm/", sitemapBomb)
	m.HandleFunc("/smpage/", func(w http.ResponseWriter, r *http.Request) { html(w, "from a sitemap") })
	m.HandleFunc("/{$}", s.seed)
	m.HandleFunc("/page/", func(w http.ResponseWriter, r *http.Request) {
		html(w, `a normal page, `+r.URL.Path+` <a href="/">home</a>`) // distinct: none is a duplicate of another
	})
	m.HandleFunc("/loop/", func(w http.ResponseWriter, r *http.Request) {
		html(w, `<a href="a/">deeper</a> <a href="b/a/">deeper</a>`)
	})
	m.HandleFunc("/cal/{y}/{m}", calendar)
	m.HandleFunc("/search", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query().Get("q")
		html(w, fmt.Sprintf(`<a href="/search?q=%sa">a</a> <a href="/search?q=%sb">b</a>`, q, q))
	})
	m.HandleFunc("/many", func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		for i := range 5000 {
			fmt.Fprintf(&b, `<a href="/many/%d">x</a>`, i)
		}
		html(w, b.String())
	})
	m.HandleFunc("/many/", func(w http.ResponseWriter, r *http.Request) { html(w, "one of many") })
	m.HandleFunc("/r/{n}", func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscan(r.PathValue("n"), &n)
		http.Redirect(w, r, fmt.Sprintf("/r/%d", n+1), http.StatusFound)
	})
	m.HandleFunc("/cycle/a", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/cycle/b", http.StatusFound) })
	m.HandleFunc("/cycle/b", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/cycle/a", http.StatusFound) })
	m.HandleFunc("/a%zz", func(w http.ResponseWriter, r *http.Request) { html(w, "odd but real") })
	m.HandleFunc("/big/", s.big)
	m.HandleFunc("/links", s.linkBomb)
	m.HandleFunc("/gzip-bomb", s.gzipBomb)
	m.HandleFunc("/retry", s.retry)
	m.HandleFunc("/huge-header", func(w http.ResponseWriter, r *http.Request) {
		raw(w, func(c net.Conn) {
			io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Big: ")
			c.Write([]byte(strings.Repeat("h", 3<<20)))
			io.WriteString(c, "\r\nContent-Length: 2\r\n\r\nhi")
		})
	})
	m.HandleFunc("/endless-headers", func(w http.ResponseWriter, r *http.Request) {
		raw(w, func(c net.Conn) {
			io.WriteString(c, "HTTP/1.1 200 OK\r\n")
			for i := 0; i < 200_000; i++ { // ~4 MB, bounded
				if _, err := fmt.Fprintf(c, "X-Junk-%d: aaaaaaaaaa\r\n", i); err != nil {
					return
				}
			}
		})
	})
	m.HandleFunc("/garbage", func(w http.ResponseWriter, r *http.Request) {
		raw(w, func(c net.Conn) { io.WriteString(c, "\x00\x01 this is not HTTP \xff\xfe\r\n\r\n") })
	})
	m.HandleFunc("/short", func(w http.ResponseWriter, r *http.Request) {
		raw(w, func(c net.Conn) {
			io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<html>cut")
		})
	})
	m.HandleFunc("/reset", func(w http.ResponseWriter, r *http.Request) {
		raw(w, func(c net.Conn) {
			if tc, ok := c.(*net.TCPConn); ok {
				tc.SetLinger(0)
			}
		})
	})
	m.HandleFunc("/silent", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(MaxSilence):
		}
	})
}

// raw hands the connection to f, for answers net/http would refuse to
// write, and closes it afterwards.
func raw(w http.ResponseWriter, f func(net.Conn)) {
	c, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return
	}
	defer c.Close()
	f(c)
}

func (s *Site) robots(w http.ResponseWriter, r *http.Request) {
	fmt.Fprint(w, "User-agent: *\nDisallow: /private\nSitemap: /sm/index-0.xml\n")
	pad := []byte(strings.Repeat("# padding padding padding padding padding\n", 1024))
	for n := 0; n < s.cfg.RobotsPad; n += len(pad) {
		if _, err := w.Write(pad); err != nil {
			return
		}
	}
	fmt.Fprint(w, "Disallow: /page/\n") // past 500 KiB of padding: must not apply
}

func (s *Site) seed(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	for i := range s.cfg.Normal {
		fmt.Fprintf(&b, `<a href="/page/%d">p</a>`, i)
	}
	for i := range s.cfg.BigBodies {
		fmt.Fprintf(&b, `<a href="/big/%d">big</a>`, i)
	}
	if s.cfg.LinkBomb > 0 {
		b.WriteString(`<a href="/links">links</a>`)
	}
	if s.cfg.RetryAfter {
		b.WriteString(`<a href="/retry">retry</a>`)
	}
	b.WriteString(`<a href="/loop/">loop</a> <a href="/cal/2028/6">calendar</a> <a href="/search?q=a">search</a>
<a href="/many">many</a> <a href="/long/` + strings.Repeat("x", 3000) + `">long</a> <a href="http://exa mple.test/">bad host</a>
<a href="/r/0">redirects</a> <a href="/cycle/a">cycle</a> <a href="/a%zz">escape</a> <a href="/gzip-bomb">gz</a>
<a href="/huge-header">hh</a> <a href="/endless-headers">eh</a> <a href="/garbage">g</a> <a href="/short">s</a>
<a href="/reset">r</a> <a href="/silent">quiet</a> <a href="/private/x">private</a>`)
	html(w, b.String())
}

// sitemapBomb: every index lists five more indexes and one urlset.
func sitemapBomb(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/xml")
	name := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/sm/"), ".xml")
	if strings.HasPrefix(name, "set-") {
		fmt.Fprintf(w, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/page/0</loc></url><url><loc>/smpage/%s</loc></url><url><loc>http://bad host.test/%s</loc></url></urlset>`, name, name)
		return
	}
	var b strings.Builder
	b.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for i := range 5 {
		fmt.Fprintf(&b, "<sitemap><loc>/sm/%s-%d.xml</loc></sitemap>", name, i)
	}
	fmt.Fprintf(&b, "<sitemap><loc>/sm/set-%s.xml</loc></sitemap></sitemapindex>", name)
	fmt.Fprint(w, b.String())
}

// calendar links the next and the previous month, forever.
func calendar(w http.ResponseWriter, r *http.Request) {
	var y, mo int
	fmt.Sscan(r.PathValue("y"), &y)
	fmt.Sscan(r.PathValue("m"), &mo)
	next := fmt.Sprintf("/cal/%d/%d", y+mo/12, mo%12+1)
	prev := fmt.Sprintf("/cal/%d/%d", y-(13-mo)/12, (mo+10)%12+1)
	html(w, fmt.Sprintf(`<a href="%s">next</a> <a href="%s">prev</a>`, next, prev))
}

// big streams BigBytes of compressible bytes, never holding them.
func (s *Site) big(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Length", fmt.Sprint(s.cfg.BigBytes))
	chunk := []byte(strings.Repeat(r.URL.Path+" ", 64<<10/len(r.URL.Path)))
	for n := int64(0); n < s.cfg.BigBytes; {
		k := min(int64(len(chunk)), s.cfg.BigBytes-n)
		if _, err := w.Write(chunk[:k]); err != nil {
			return
		}
		n += k
	}
}

// linkBomb streams an HTML page with LinkBomb links.
func (s *Site) linkBomb(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html")
	io.WriteString(w, "<html><body>")
	for i := range s.cfg.LinkBomb {
		if _, err := fmt.Fprintf(w, `<a href="/l/%d">%d</a>`, i, i); err != nil {
			return
		}
	}
	io.WriteString(w, "</body></html>")
}

// gzipBomb is a small gzip body that inflates to 1 GiB of zeros: 1024
// copies of one gzip member of 1 MiB of zeros (readers, Go's included,
// read concatenated members as one stream), built once per Site.
func (s *Site) gzipBomb(w http.ResponseWriter, r *http.Request) {
	s.bombOnce.Do(func() {
		var member bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&member, gzip.BestCompression)
		zw.Write(make([]byte, 1<<20))
		zw.Close()
		s.bomb = bytes.Repeat(member.Bytes(), 1024)
	})
	w.Header().Set("Content-Type", "text/html")
	w.Header().Set("Content-Encoding", "gzip")
	w.Write(s.bomb)
}

func (s *Site) retry(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	first := !s.done["/retry"]
	s.done["/retry"] = true
	s.mu.Unlock()
	if first {
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	html(w, "recovered")
}
