package browserfetch_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
	"github.com/sharc-archive/sharc/internal/testkit"
)

// jsSite serves a page whose text JavaScript fills in from a JSON
// endpoint, and logs the paths asked.
type jsSite struct {
	mu    sync.Mutex
	paths []string
	// block, if set, holds /data.json until it is closed.
	block chan struct{}
}

const jsPage = `<!doctype html><html><head><title>js</title></head><body>
<div id="out">loading</div><a href="/static-link">static</a>
<script>
fetch("/data.json").then(r => r.json()).then(d => {
  document.getElementById("out").textContent = d.text;
  const a = document.createElement("a"); a.href = d.link; a.textContent = "built"; document.body.appendChild(a);
});
</script></body></html>`

func (s *jsSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.paths = append(s.paths, r.URL.Path)
	block := s.block
	s.mu.Unlock()
	switch r.URL.Path {
	case "/":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, jsPage)
	case "/data.json":
		if block != nil {
			<-block
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"text":"Built by JavaScript 4711","link":"/js-only-link"}`)
	default:
		http.NotFound(w, r)
	}
}

func (s *jsSite) asked() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.paths...)
}

// httpFetch is a FetchFunc that fetches with net/http, refusing any host
// but allowed, reading bodies under the page's budget.
func httpFetch(allowed string) browserfetch.FetchFunc {
	return func(ctx context.Context, r browserfetch.Request) (*browserfetch.Response, error) {
		req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, nil)
		if err != nil {
			return nil, err
		}
		if req.URL.Host != allowed {
			return nil, errors.New("not allowed")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(r.Budget.Reader(resp.Body))
		if err != nil {
			return nil, err
		}
		return &browserfetch.Response{Status: resp.StatusCode, Header: browserfetch.BrowserHeader(resp.Header), Body: body}, nil
	}
}

func newPool(t *testing.T, opts browserfetch.Options) *browserfetch.Pool {
	t.Helper()
	if _, err := os.Stat(browserfetch.DefaultExec); err != nil {
		t.Skip("needs Debian's chromium at /usr/bin/chromium (make chromium installs it)")
	}
	p, err := browserfetch.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func TestCaptureRendersJavaScript(t *testing.T) {
	site := &jsSite{}
	srv := httptest.NewServer(site)
	defer srv.Close()
	p := newPool(t, browserfetch.Options{Tabs: 1, PageTimeout: 20 * time.Second, Idle: 300 * time.Millisecond, Screenshot: true})
	pg, err := p.Capture(context.Background(), srv.URL+"/", httpFetch(srv.Listener.Addr().String()))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(pg.DOM, []byte("Built by JavaScript 4711")) || !bytes.Contains(pg.DOM, []byte("/js-only-link")) {
		t.Errorf("DOM lacks the JavaScript-built text and link:\n%s", pg.DOM)
	}
	if !bytes.HasPrefix(pg.Screenshot, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("screenshot is not a PNG (%d bytes)", len(pg.Screenshot))
	}
	if cfg, err := jpeg.DecodeConfig(bytes.NewReader(pg.Thumbnail)); err != nil || cfg.Width != browserfetch.ThumbnailWidth || cfg.Height != browserfetch.ThumbnailHeight {
		t.Errorf("thumbnail: %v, %dx%d; want a %dx%d JPEG", err, cfg.Width, cfg.Height, browserfetch.ThumbnailWidth, browserfetch.ThumbnailHeight)
	}
	if !strings.Contains(pg.Text, "Built by JavaScript 4711") || strings.Contains(pg.Text, "<") {
		t.Errorf("text lacks the JavaScript-built words or holds markup: %q", pg.Text)
	}
	if pg.Requests < 2 || pg.Unsettled || pg.DOMCut || pg.BytesCut {
		t.Errorf("page: %d requests answered, unsettled %v, cut %v/%v; want the document and the JSON, settled, whole", pg.Requests, pg.Unsettled, pg.DOMCut, pg.BytesCut)
	}
	if got := strings.Join(site.asked(), " "); !strings.Contains(got, "/data.json") {
		t.Errorf("server saw %q, want the JSON fetched", got)
	}
}

// The browser itself never reaches the network: a request the FetchFunc
// refuses fails, and nothing reaches its server.
func TestCaptureRefusedAddressNeverReached(t *testing.T) {
	var hits sync.Map
	other := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Store(r.URL.Path, true)
		io.WriteString(w, "leaked")
	})}
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no 127.0.0.2 on this machine: %v", err)
	}
	go other.Serve(ln)
	defer other.Close()
	page := `<!doctype html><body><img src="http://` + ln.Addr().String() + `/img.png">
<script>fetch("http://` + ln.Addr().String() + `/xhr").catch(() => { document.body.dataset.failed = "yes" })</script>
<iframe src="http://` + ln.Addr().String() + `/frame"></iframe></body>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, page)
	}))
	defer srv.Close()
	p := newPool(t, browserfetch.Options{PageTimeout: 20 * time.Second, Idle: 300 * time.Millisecond})
	pg, err := p.Capture(context.Background(), srv.URL+"/", httpFetch(srv.Listener.Addr().String()))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	hits.Range(func(k, _ any) bool { n++; t.Errorf("the refused server was asked for %v", k); return true })
	if pg.Failed < 3 || !bytes.Contains(pg.DOM, []byte(`data-failed="yes"`)) {
		t.Errorf("want 3 refused requests and the fetch failed in the page: failed %d\n%s", pg.Failed, pg.DOM)
	}
}

// A browser killed in the middle of a page fails that page with
// ErrBrowserDied; the next Capture starts a new browser.
func TestCaptureRestartsDeadBrowser(t *testing.T) {
	site := &jsSite{block: make(chan struct{})}
	srv := httptest.NewServer(site)
	defer srv.Close()
	p := newPool(t, browserfetch.Options{PageTimeout: 20 * time.Second, Idle: 300 * time.Millisecond})
	fetch := httpFetch(srv.Listener.Addr().String())
	killed := make(chan struct{})
	var once sync.Once
	blocking := func(ctx context.Context, r browserfetch.Request) (*browserfetch.Response, error) {
		if strings.HasSuffix(r.URL, "/data.json") {
			once.Do(func() {
				p.Process().Kill()
				close(killed)
			})
			<-ctx.Done()
			return nil, ctx.Err()
		}
		return fetch(ctx, r)
	}
	_, err := p.Capture(context.Background(), srv.URL+"/", blocking)
	<-killed
	if !errors.Is(err, browserfetch.ErrBrowserDied) {
		t.Fatalf("capture with a killed browser: %v, want ErrBrowserDied", err)
	}
	close(site.block)
	pg, err := p.Capture(context.Background(), srv.URL+"/", fetch)
	if err != nil {
		t.Fatalf("capture after the kill: %v", err)
	}
	if !bytes.Contains(pg.DOM, []byte("Built by JavaScript 4711")) || p.Starts() != 2 {
		t.Errorf("after restart: starts %d, DOM:\n%s", p.Starts(), pg.DOM)
	}
}

// The byte budget fails the requests after it is spent: the document
// takes all of it, whole, and the JSON is never fetched.
func TestCaptureByteLimit(t *testing.T) {
	site := &jsSite{}
	srv := httptest.NewServer(site)
	defer srv.Close()
	p := newPool(t, browserfetch.Options{PageTimeout: 20 * time.Second, Idle: 300 * time.Millisecond, MaxPageBytes: int64(len(jsPage))})
	pg, err := p.Capture(context.Background(), srv.URL+"/", httpFetch(srv.Listener.Addr().String()))
	if err != nil {
		t.Fatal(err)
	}
	if !pg.BytesCut || bytes.Contains(pg.DOM, []byte("4711")) || !bytes.Contains(pg.DOM, []byte(`id="out">loading`)) {
		t.Errorf("want the JSON refused after the whole document spent the budget: cut %v\n%s", pg.BytesCut, pg.DOM)
	}
	if pg.Bytes != int64(len(jsPage)) {
		t.Errorf("page holds %d bytes, want the document's %d", pg.Bytes, len(jsPage))
	}
	for _, path := range site.asked() {
		if path == "/data.json" {
			t.Errorf("the JSON was fetched past the budget")
		}
	}
}

// A document larger than the whole budget is cut to it, not refused:
// the page loads with its head (BytesCut).
func TestCaptureDocumentCutAtBudget(t *testing.T) {
	site := &jsSite{}
	srv := httptest.NewServer(site)
	defer srv.Close()
	p := newPool(t, browserfetch.Options{PageTimeout: 20 * time.Second, Idle: 300 * time.Millisecond, MaxPageBytes: 10})
	pg, err := p.Capture(context.Background(), srv.URL+"/", httpFetch(srv.Listener.Addr().String()))
	if err != nil {
		t.Fatal(err)
	}
	if !pg.BytesCut || pg.Bytes != 10 || bytes.Contains(pg.DOM, []byte("loading")) {
		t.Errorf("want the document cut at 10 bytes: cut %v, %d bytes\n%s", pg.BytesCut, pg.Bytes, pg.DOM)
	}
}

// A page that starts many requests at once never has more than
// MaxPending of them being fetched; the others fail, and every request is
// answered or failed.
func TestCaptureBoundsPendingRequests(t *testing.T) {
	const n = 400
	page := `<!doctype html><body><script>for (let i = 0; i < ` + fmt.Sprint(n) + `; i++) fetch("/slow?" + i).catch(() => {});</script></body>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, page)
	}))
	defer srv.Close()
	var mu sync.Mutex
	cur, top := 0, 0
	slow := func(ctx context.Context, r browserfetch.Request) (*browserfetch.Response, error) {
		if r.Navigation {
			return &browserfetch.Response{Status: 200, Header: http.Header{"Content-Type": {"text/html"}}, Body: []byte(page)}, nil
		}
		mu.Lock()
		cur++
		top = max(top, cur)
		mu.Unlock()
		defer func() { mu.Lock(); cur--; mu.Unlock() }()
		select {
		case <-time.After(100 * time.Millisecond):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return &browserfetch.Response{Status: 200, Body: []byte("{}")}, nil
	}
	const bound = 16
	p := newPool(t, browserfetch.Options{PageTimeout: 30 * time.Second, Idle: 500 * time.Millisecond, MaxPending: bound})
	pg, err := p.Capture(context.Background(), srv.URL+"/", slow)
	if err != nil {
		t.Fatal(err)
	}
	if top > bound || pg.Failed == 0 {
		t.Errorf("%d requests fetched at once and %d failed, want at most %d at once and the rest failed", top, pg.Failed, bound)
	}
	// The document, the n fetches and Chromium's /favicon.ico.
	if got := pg.Requests + pg.Failed; got < n+1 || pg.Unsettled {
		t.Errorf("%d requests answered or failed (unsettled %v), want the document and %d", got, pg.Unsettled, n)
	}
	t.Logf("at most %d fetched at once; %d answered, %d failed", top, pg.Requests, pg.Failed)
}

// TestCloseTwice: a second Close returns (it waited for ever on the tab
// slots the first one holds), as a deferred Close after an explicit one
// calls it.
func TestCloseTwice(t *testing.T) {
	srv := httptest.NewServer(&jsSite{})
	defer srv.Close()
	p := newPool(t, browserfetch.Options{Tabs: 2, PageTimeout: 20 * time.Second, Idle: 100 * time.Millisecond})
	if _, err := p.Capture(context.Background(), srv.URL+"/", httpFetch(srv.Listener.Addr().String())); err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	var done atomic.Bool
	go func() {
		p.Close()
		done.Store(true)
	}()
	testkit.WaitFor(t, 30*time.Second, "the second Close to return", done.Load)
}

// TestScreenshotWidthBounded: a page with one unbroken 400 KB line is as
// wide as the line; its full-page screenshot is cut to
// MaxScreenshotHeight wide as well as high. Before, the screenshot took
// the page's whole width and outlasted the page's deadline.
func TestScreenshotWidthBounded(t *testing.T) {
	const bound = 2000
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<!doctype html><html><body><p>%s</p></body></html>", strings.Repeat("w", 400_000))
	}))
	defer srv.Close()
	p := newPool(t, browserfetch.Options{Tabs: 1, PageTimeout: 60 * time.Second, Idle: 100 * time.Millisecond, Screenshot: true, MaxScreenshotHeight: bound})
	pg, err := p.Capture(context.Background(), srv.URL+"/", httpFetch(srv.Listener.Addr().String()))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(pg.Screenshot))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if cfg.Width > bound || cfg.Height > bound {
		t.Errorf("screenshot %d x %d, want at most %d either way", cfg.Width, cfg.Height, bound)
	}
}
