package crawler_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
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

// forwardProxy is a loopback forward proxy: it serves absolute-form HTTP
// requests and CONNECT tunnels, reaching hosts by its own name map (as an
// institution's proxy resolves names the crawler never sees), and logs
// each request line it is asked.
type forwardProxy struct {
	srv   *httptest.Server
	hosts map[string]string // host:port → address
	mu    sync.Mutex
	log   []string // "GET http://host/path", "CONNECT host:443"
	auth  []string // the Proxy-Authorization of each request, "" if none
}

func newForwardProxy(t *testing.T, hosts map[string]string) *forwardProxy {
	t.Helper()
	p := &forwardProxy{hosts: hosts}
	dial := func(ctx context.Context, _, addr string) (net.Conn, error) {
		to, ok := p.hosts[addr]
		if !ok {
			return nil, fmt.Errorf("proxy: unknown host %s", addr)
		}
		var d net.Dialer
		return d.DialContext(ctx, "tcp", to)
	}
	tr := &http.Transport{DialContext: dial, DisableCompression: true}
	t.Cleanup(tr.CloseIdleConnections)
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.log = append(p.log, r.Method+" "+r.RequestURI)
		p.auth = append(p.auth, r.Header.Get("Proxy-Authorization"))
		p.mu.Unlock()
		r.Header.Del("Proxy-Authorization") // hop-by-hop: not for the origin
		if r.Method == http.MethodConnect {
			p.tunnel(w, r, dial)
			return
		}
		out := r.Clone(r.Context())
		out.RequestURI = ""
		resp, err := tr.RoundTrip(out)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		for k, vs := range resp.Header {
			w.Header()[k] = vs
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

func (p *forwardProxy) tunnel(w http.ResponseWriter, r *http.Request, dial func(context.Context, string, string) (net.Conn, error)) {
	up, err := dial(r.Context(), "tcp", r.Host)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	c, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		up.Close()
		return
	}
	_, _ = io.WriteString(c, "HTTP/1.1 200 Connection established\r\n\r\n")
	go func() { _, _ = io.Copy(up, c); up.Close() }()
	_, _ = io.Copy(c, up)
	c.Close()
}

func (p *forwardProxy) lines() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.log)
}

func (p *forwardProxy) auths() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.auth)
}

// TestForwardProxy: with fetch.proxy set, every request of the capture
// goes through the proxy (issue 30): the proxy's log of absolute-form
// requests is exactly crawl.log's http:// URLs (robots.txt included), and
// each https:// host was reached by a CONNECT tunnel. The WARC keeps the
// origin's view: the request record is in origin form and no
// WARC-IP-Address names the proxy. The network guard applies to the
// proxy's address: without fetch.allow_addresses the loopback proxy is
// refused (-5002). The operator's proxy (Options.Proxy: sharc crawl's
// SHARC_PROXY, the daemon's config) replaces the job's and may carry
// credentials: every request to the proxy authenticates, and neither the
// WARC nor crawl.log holds them.
func TestForwardProxy(t *testing.T) {
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			_, _ = io.WriteString(w, "User-agent: *\nDisallow: /private\n")
		case "/":
			html(w, `<a href="/a">a</a> <a href="/b?x=1">b</a> <a href="/private">p</a> <a href="https://secure.test/">s</a>`)
		default:
			html(w, "page "+r.URL.RequestURI())
		}
	}))
	defer plain.Close()
	now := time.Now()
	secure := tlsSite(t, leaf(t, nil, "secure.test", []string{"secure.test"}, now.Add(-time.Hour), now.Add(time.Hour)), 0)
	proxy := newForwardProxy(t, map[string]string{
		"site.test:80": plain.Listener.Addr().String(), "secure.test:443": secure.Listener.Addr().String(),
	})
	const user, password = "archivist", "s3cret-pw"
	operator := strings.Replace(proxy.srv.URL, "http://", "http://"+user+":"+password+"@", 1)
	for _, tc := range []struct {
		name, allow, jobProxy, operator string
	}{
		{"allowed", "allow_addresses: [127.0.0.0/8], ", proxy.srv.URL, ""},
		{"guarded", "", proxy.srv.URL, ""},
		{"operator", "allow_addresses: [127.0.0.0/8], ", "http://unused.example:1", operator},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			j := testJob(t, dir, fmt.Sprintf(`
name: proxied
seeds: [http://site.test/, https://secure.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: obey
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
fetch: {%sretries: 0, proxy: "%s"}
`, filepath.Join(dir, "warcs"), tc.allow, tc.jobProxy))
			st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
			before := len(proxy.lines())
			stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{Proxy: tc.operator}).Run(context.Background())
			if err != nil || stats.StopReason != "finished" {
				t.Fatalf("crawl: %v, %+v", err, stats)
			}
			logged := crawlLogByURI(t, stats.CrawlLog)
			if tc.allow == "" {
				if n := len(proxy.lines()) - before; n != 0 {
					t.Errorf("the guard let %d requests reach a loopback proxy", n)
				}
				if e := logged["http://site.test/robots.txt"]; e.Status != -5002 {
					t.Errorf("robots.txt through a denied proxy: %+v, want -5002", e)
				}
				return
			}
			checkProxied(t, proxy.lines()[before:], logged)
			checkOriginView(t, filepath.Join(dir, "warcs"))
			want := ""
			if tc.operator != "" {
				want = "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
				checkNoSecret(t, dir, password, want[len("Basic "):])
			}
			for i, a := range proxy.auths()[before:] {
				if a != want {
					t.Errorf("request %d to the proxy: Proxy-Authorization %q, want %q", i, a, want)
				}
			}
		})
	}
}

// checkProxied compares the proxy's log with crawl.log.
func checkProxied(t *testing.T, lines []string, logged map[string]crawllog.Entry) {
	t.Helper()
	var viaProxy, inLog, httpsHosts, tunnels []string
	for _, l := range lines {
		m, target, _ := strings.Cut(l, " ")
		if m == "CONNECT" {
			if !slices.Contains(tunnels, target) {
				tunnels = append(tunnels, target)
			}
			continue
		}
		viaProxy = append(viaProxy, target)
	}
	for u, e := range logged {
		switch {
		case e.Status <= 0:
		case strings.HasPrefix(u, "http://"):
			inLog = append(inLog, u)
		case strings.HasPrefix(u, "https://"):
			h := strings.TrimPrefix(u, "https://")
			h, _, _ = strings.Cut(h, "/")
			if !slices.Contains(httpsHosts, h+":443") {
				httpsHosts = append(httpsHosts, h+":443")
			}
		}
	}
	slices.Sort(viaProxy)
	slices.Sort(inLog)
	slices.Sort(httpsHosts)
	slices.Sort(tunnels)
	if !slices.Equal(viaProxy, inLog) {
		t.Errorf("proxy log %v\ncrawl.log    %v", viaProxy, inLog)
	}
	if len(httpsHosts) == 0 || !slices.Equal(tunnels, httpsHosts) {
		t.Errorf("CONNECT tunnels %v, crawl.log https hosts %v", tunnels, httpsHosts)
	}
	if len(inLog) < 4 { // robots.txt, /, /a, /b?x=1
		t.Errorf("crawl.log has %d http URLs: %v", len(inLog), inLog)
	}
}

// checkOriginView checks the WARC's request and response records of the
// seed: origin-form request line, no WARC-IP-Address.
func checkOriginView(t *testing.T, dir string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(latestWARCDir(t, dir), "*.warc.gz"))
	seen := 0
	for _, f := range files {
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
				t.Fatal(err)
			}
			if rec.TargetURI() != "http://site.test/" {
				continue
			}
			seen++
			if ip := rec.Header.Get("WARC-IP-Address"); ip != "" {
				t.Errorf("%s record names address %s: the proxy's, not the origin's", rec.Type(), ip)
			}
			if rec.Type() == "request" && !strings.HasPrefix(string(rec.Block), "GET / HTTP/1.1\r\n") {
				t.Errorf("request record not in origin form: %q", string(rec.Block)[:min(len(rec.Block), 60)])
			}
		}
		r.Close()
	}
	if seen < 2 {
		t.Errorf("%d records of the seed", seen)
	}
}

// checkNoSecret fails if any file of the job folder dir (WARCs
// decompressed, crawl.log, reports) holds one of secrets.
func checkNoSecret(t *testing.T, dir string, secrets ...string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				return err
			}
			if data, err = io.ReadAll(zr); err != nil {
				return err
			}
		}
		for _, s := range secrets {
			if bytes.Contains(data, []byte(s)) {
				t.Errorf("%s holds the proxy's credentials", path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// socks5Server is a loopback SOCKS5 proxy (RFC 1928, no authentication)
// that reaches hosts by its own name map and logs each CONNECT's
// host:port.
type socks5Server struct {
	ln    net.Listener
	hosts map[string]string
	mu    sync.Mutex
	log   []string
}

func newSOCKS5Server(t *testing.T, hosts map[string]string) *socks5Server {
	t.Helper()
	s := &socks5Server{hosts: hosts}
	s.ln = listenRaw(t, s.serve)
	return s
}

func (s *socks5Server) serve(c net.Conn) {
	defer c.Close()
	target, ok := socks5Handshake(c)
	if !ok {
		return
	}
	s.mu.Lock()
	s.log = append(s.log, target)
	to, known := s.hosts[target]
	s.mu.Unlock()
	var up net.Conn
	var err error
	if known {
		up, err = net.Dial("tcp", to)
	}
	if !known || err != nil {
		_, _ = c.Write([]byte{5, 4, 0, 1, 0, 0, 0, 0, 0, 0}) // host unreachable
		return
	}
	defer up.Close()
	_, _ = c.Write([]byte{5, 0, 0, 1, 127, 0, 0, 1, 0, 0})
	go func() { _, _ = io.Copy(up, c); up.Close() }()
	_, _ = io.Copy(c, up)
}

// socks5Handshake reads a greeting (accepting "no authentication") and a
// CONNECT request, and returns its host:port.
func socks5Handshake(c net.Conn) (string, bool) {
	var hdr [2]byte
	if _, err := io.ReadFull(c, hdr[:]); err != nil || hdr[0] != 5 {
		return "", false
	}
	if _, err := io.ReadFull(c, make([]byte, hdr[1])); err != nil {
		return "", false
	}
	_, _ = c.Write([]byte{5, 0})
	var req [4]byte
	if _, err := io.ReadFull(c, req[:]); err != nil || req[1] != 1 {
		return "", false
	}
	var host string
	switch req[3] {
	case 1: // IPv4
		ip := make([]byte, 4)
		if _, err := io.ReadFull(c, ip); err != nil {
			return "", false
		}
		host = net.IP(ip).String()
	case 3: // a name, resolved here
		var n [1]byte
		if _, err := io.ReadFull(c, n[:]); err != nil {
			return "", false
		}
		name := make([]byte, n[0])
		if _, err := io.ReadFull(c, name); err != nil {
			return "", false
		}
		host = string(name)
	default:
		return "", false
	}
	var port [2]byte
	if _, err := io.ReadFull(c, port[:]); err != nil {
		return "", false
	}
	return fmt.Sprintf("%s:%d", host, int(port[0])<<8|int(port[1])), true
}

func (s *socks5Server) targets() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.log)
}

// TestSOCKS5Proxy: with fetch.proxy: socks5://, every connection of the
// capture is a SOCKS5 tunnel whose host name the proxy resolves: each
// host of crawl.log was reached through it (http and https), and the
// request records are in origin form.
func TestSOCKS5Proxy(t *testing.T) {
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			html(w, `<a href="/a">a</a> <a href="/b">b</a>`)
			return
		}
		html(w, "page "+r.URL.Path)
	}))
	defer plain.Close()
	now := time.Now()
	secure := tlsSite(t, leaf(t, nil, "secure.test", []string{"secure.test"}, now.Add(-time.Hour), now.Add(time.Hour)), 0)
	socks := newSOCKS5Server(t, map[string]string{
		"site.test:80": plain.Listener.Addr().String(), "secure.test:443": secure.Listener.Addr().String(),
	})
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: socks
seeds: [http://site.test/, https://secure.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0, proxy: "socks5://%s"}
`, filepath.Join(dir, "warcs"), socks.ln.Addr()))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v, %+v", err, stats)
	}
	logged := crawlLogByURI(t, stats.CrawlLog)
	for _, u := range []string{"http://site.test/", "http://site.test/a", "http://site.test/b", "https://secure.test/"} {
		if logged[u].Status != 200 {
			t.Errorf("crawl.log of %s: %+v", u, logged[u])
		}
	}
	tunnels := socks.targets()
	for _, h := range []string{"site.test:80", "secure.test:443"} {
		if !slices.Contains(tunnels, h) {
			t.Errorf("no SOCKS5 tunnel to %s: %v", h, tunnels)
		}
	}
	requests := 0
	for _, e := range logged {
		if e.Status > 0 {
			requests++
		}
	}
	if len(tunnels) > requests { // at most one connection per request
		t.Errorf("%d tunnels for %d requests: %v", len(tunnels), requests, tunnels)
	}
	checkOriginView(t, filepath.Join(dir, "warcs"))
}
