package daemon

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
)

// logProxy is a loopback forward proxy (RFC 9112 §3.2.2 absolute-form
// requests) that logs every request and forwards it to the one site
// behind it, whatever host the request names: site.test exists only in
// the proxy's view, as an origin behind an institution's proxy would.
type logProxy struct {
	site string // host:port of the origin
	mu   sync.Mutex
	log  []string // "METHOD URL"
}

func (p *logProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	p.log = append(p.log, r.Method+" "+r.URL.String())
	p.mu.Unlock()
	if r.Method == http.MethodConnect || !r.URL.IsAbs() {
		http.Error(w, "absolute-form GET only", http.StatusMethodNotAllowed)
		return
	}
	out, err := http.NewRequestWithContext(r.Context(), r.Method, "http://"+p.site+r.URL.RequestURI(), nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	out.Host = r.URL.Host
	out.Header = r.Header.Clone()
	resp, err := (&http.Transport{}).RoundTrip(out)
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
}

func (p *logProxy) lines() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.log)
}

// TestDaemonProxy is the done-when for the daemon (issue 30): a
// daemon whose config names a forward proxy (proxy:) sends every request
// of a submitted job through it, so the proxy's log is exactly the
// capture's crawl.log, robots.txt included; the job itself names no
// proxy. The origin answers only through the proxy: the job's resolve:
// points site.test at a closed port.
func TestDaemonProxy(t *testing.T) {
	var hits atomic.Int64
	site := httptest.NewServer(treeSite(10, 0, &hits))
	defer site.Close()
	px := &logProxy{site: strings.TrimPrefix(site.URL, "http://")}
	proxy := httptest.NewServer(px)
	defer proxy.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closedAddr := strings.TrimPrefix(closed.URL, "http://")
	closed.Close()
	td := startDaemonOpts(t, storeDSN(t), Options{}, func(c *Config) { c.Proxy = proxy.URL })
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("proxied", closedAddr, ""), "proxied.yaml"); err != nil {
		t.Fatal(err)
	}
	waitState(t, td.client, "proxied", stateIdle, 60*time.Second)
	var buf bytes.Buffer
	if err := td.client.Get(ctx, "/api/v1/captures/1/logs/crawl.log", &buf); err != nil {
		t.Fatal(err)
	}
	var logged []string
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		e, err := crawllog.Parse(l)
		if err != nil {
			t.Fatalf("crawl.log line %q: %v", l, err)
		}
		if e.Status <= 0 {
			t.Errorf("crawl.log: %s failed (%d): it did not go through the proxy", e.URI, e.Status)
			continue
		}
		logged = append(logged, "GET "+e.URI)
	}
	proxied := px.lines()
	slices.Sort(logged)
	slices.Sort(proxied)
	if len(logged) != 11 || !slices.Equal(proxied, logged) {
		t.Errorf("the proxy's log\n  %q\nwant crawl.log's 11 fetches (robots.txt and /p/0…/p/9)\n  %q", proxied, logged)
	}
	if n := hits.Load(); n != int64(len(proxied)) {
		t.Errorf("the site answered %d requests, the proxy forwarded %d", n, len(proxied))
	}
}
