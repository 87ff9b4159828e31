package browserfetch_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
)

// heldBytes counts the body bytes a FetchFunc holds, and their peak.
type heldBytes struct{ now, peak atomic.Int64 }

func (h *heldBytes) add(n int64) {
	v := h.now.Add(n)
	for p := h.peak.Load(); v > p && !h.peak.CompareAndSwap(p, v); p = h.peak.Load() {
	}
}

// countingReader adds what it reads to held.
type countingReader struct {
	r    io.Reader
	held *heldBytes
	n    int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.held.add(int64(n))
	return n, err
}

// imageFarm serves a page of n images on n host names (h0.test …), all
// answered by one loopback server. Each image sends its first chunk,
// then waits until every image was asked for (bounded): all n bodies are
// being read at once, as a page's sub-resources are.
func imageFarm(t *testing.T, n, size int) (srv *httptest.Server, page string, asked *atomic.Int64) {
	var b strings.Builder
	b.WriteString("<!doctype html><body>")
	for i := range n {
		fmt.Fprintf(&b, `<img src="http://h%d.test/img.png">`, i)
	}
	page = b.String()
	asked = &atomic.Int64{}
	all := make(chan struct{})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		const first = 64 << 10
		w.Write(make([]byte, first))
		w.(http.Flusher).Flush()
		if asked.Add(1) == int64(n) {
			close(all)
		}
		select {
		case <-all:
		case <-r.Context().Done():
			return
		case <-time.After(20 * time.Second): // a bound, not a measure: the rest come anyway
		}
		w.Write(make([]byte, size-first))
	}))
	t.Cleanup(srv.Close)
	return srv, page, asked
}

// farmFetch fetches every host from srv, reading each body through the
// request's share of the page budget, and counts the bytes it holds: a
// body it drops (a failed read) is no longer held; one it hands to the
// page is held till the end.
func farmFetch(srv *httptest.Server, page string, held *heldBytes) browserfetch.FetchFunc {
	addr := srv.Listener.Addr().String()
	client := &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		},
		MaxIdleConnsPerHost: 1,
	}}
	return func(ctx context.Context, r browserfetch.Request) (*browserfetch.Response, error) {
		if r.Navigation {
			held.add(int64(len(page)))
			return &browserfetch.Response{Status: 200, Header: http.Header{"Content-Type": {"text/html"}}, Body: []byte(page)}, nil
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.URL, nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		cr := &countingReader{r: r.Budget.Reader(resp.Body), held: held}
		body, err := io.ReadAll(cr)
		if err != nil {
			held.add(-cr.n)
			return nil, err
		}
		return &browserfetch.Response{Status: resp.StatusCode, Header: browserfetch.BrowserHeader(resp.Header), Body: body}, nil
	}
}

// TestCaptureByteBudgetBoundsBytesInFlight: a page whose images are all
// fetched at once, each alone under max_page_bytes and together far over
// it, never holds more than the budget, neither counted nor in flight;
// as many as fit are still handed to the page, the rest fail (BytesCut).
func TestCaptureByteBudgetBoundsBytesInFlight(t *testing.T) {
	const (
		n      = 32
		size   = 1 << 20
		budget = 4 << 20
	)
	srv, page, asked := imageFarm(t, n, size)
	var held heldBytes
	p := newPool(t, browserfetch.Options{Tabs: 1, PageTimeout: 60 * time.Second, Idle: 300 * time.Millisecond, MaxPageBytes: budget})
	pg, err := p.Capture(context.Background(), "http://site.test/", farmFetch(srv, page, &held))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("images asked %d; page: %d bytes, %d answered, %d failed, cut %v; peak held %d", asked.Load(), pg.Bytes, pg.Requests, pg.Failed, pg.BytesCut, held.peak.Load())
	if got := asked.Load(); got*size <= budget {
		t.Fatalf("only %d images were fetched at once: the page did not test the budget", got)
	}
	if pg.Bytes > budget || held.peak.Load() > budget {
		t.Errorf("page counted %d bytes and its fetches held up to %d at once; max_page_bytes is %d", pg.Bytes, held.peak.Load(), budget)
	}
	if !pg.BytesCut || pg.Failed == 0 {
		t.Errorf("the images past the budget were not refused: cut %v, failed %d", pg.BytesCut, pg.Failed)
	}
	if pg.Bytes <= budget-size {
		t.Errorf("page got %d bytes in %d requests: images that fit were refused too", pg.Bytes, pg.Requests)
	}
}

// TestCaptureDOMCutAtPageBudget: a small page whose script writes
// megabytes of text has its DOM cut at max_page_bytes, at a character
// boundary and marked (DOMCut, BytesCut), not carried whole into the
// crawler; so is its text, at MaxTextBytes. The page also breaks the
// String and Element methods the capture could use: the cut holds.
func TestCaptureDOMCutAtPageBudget(t *testing.T) {
	const budget = 1 << 20
	doc := `<!doctype html><html><body><p>start</p><script>
document.body.append("xé😀".repeat(1 << 20));
String.prototype.slice = function () { return String(this) + String(this); };
String.prototype.substring = String.prototype.slice;
Object.defineProperty(Element.prototype, "outerHTML", {get() { return "y".repeat(8 << 20); }});
</script></body></html>`
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	fetch := func(ctx context.Context, r browserfetch.Request) (*browserfetch.Response, error) {
		if !r.Navigation {
			return nil, fmt.Errorf("not the page")
		}
		return &browserfetch.Response{Status: 200, Header: http.Header{"Content-Type": {"text/html"}}, Body: []byte(doc)}, nil
	}
	p := newPool(t, browserfetch.Options{Tabs: 1, PageTimeout: 60 * time.Second, Idle: 300 * time.Millisecond, MaxPageBytes: budget})
	pg, err := p.Capture(context.Background(), srv.URL+"/", fetch)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("DOM %d bytes (cut %v), text %d bytes, bytes cut %v", len(pg.DOM), pg.DOMCut, len(pg.Text), pg.BytesCut)
	if len(pg.DOM) > budget || !pg.DOMCut || !pg.BytesCut {
		t.Errorf("DOM of %d bytes, cut %v, page cut %v; want at most %d, marked", len(pg.DOM), pg.DOMCut, pg.BytesCut, budget)
	}
	if !bytes.HasPrefix(pg.DOM, []byte("<!DOCTYPE html>\n<html><head></head><body><p>start</p>")) || !utf8.Valid(pg.DOM) {
		t.Errorf("the cut DOM is not the document's head, in whole characters: %.200q", pg.DOM)
	}
	if len(pg.Text) > browserfetch.MaxTextBytes || !strings.HasPrefix(pg.Text, "start") || !utf8.ValidString(pg.Text) {
		t.Errorf("text of %d bytes, want at most %d from the page's start: %.100q", len(pg.Text), browserfetch.MaxTextBytes, pg.Text)
	}
}
