package browserfetch

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"go.uber.org/zap"
)

// settlePoll is how often a page is looked at while it settles.
const settlePoll = 25 * time.Millisecond

// DefaultMaxPending is Options.MaxPending's default.
const DefaultMaxPending = 256

// pageRun is one Capture's state, shared by its paused-request handlers.
type pageRun struct {
	p      *Pool
	url    string          // the page's
	ctx    context.Context // the tab's, with the page deadline
	cancel func()          // ends ctx: the handlers' fetches stop
	fetch  FetchFunc
	budget *pageBudget // Options.MaxPageBytes, drawn on as bodies are read

	mu       sync.Mutex
	closed   bool // no handler starts any more
	nav      bool // the navigation request was handed out
	pending  int  // handlers fetching (at most Options.MaxPending)
	handlers sync.WaitGroup
	pg       Page
	// mainFrame (under mu) is the frame of the navigation request;
	// requests of any other frame are InFrame.
	mainFrame cdp.FrameID

	inflight atomic.Int64
	last     atomic.Int64 // UnixNano of the last request paused or answered
}

// load runs the page in the tab tctx.
func (p *Pool) load(tctx context.Context, pageURL string, fn FetchFunc) (*Page, error) {
	ctx, cancel := context.WithTimeout(tctx, p.opts.PageTimeout)
	r := &pageRun{p: p, url: pageURL, ctx: ctx, cancel: cancel, fetch: fn, budget: newPageBudget(p.opts.MaxPageBytes, ctx.Done())}
	defer r.finish()
	r.touch()
	if err := chromedp.Listen(tctx, r.onEvent); err != nil {
		return nil, fmt.Errorf("browserfetch: open tab: %w", err)
	}
	_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{
		Patterns: []*fetch.RequestPattern{{URLPattern: "*", RequestStage: fetch.RequestStageRequest}}})
	if err != nil {
		return nil, fmt.Errorf("browserfetch: intercept: %w", err)
	}
	if err := p.setCookies(ctx, pageURL); err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: pendingJS}); err != nil {
		return nil, fmt.Errorf("browserfetch: count requests: %w", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(pageURL)); err != nil {
		if ctx.Err() == nil || !r.navigated() {
			return nil, fmt.Errorf("browserfetch: load %s: %w", pageURL, err)
		}
		// The load event did not come in time: keep what is there.
	}
	settled := r.behave(r.settle())
	out, err := r.render(tctx, settled)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// pendingJS counts, in the page, the fetch() and XMLHttpRequest calls
// not yet settled (window.__sharcPending). A request a script started
// just before the page seemed idle may not have been paused yet (the
// browser reports it across processes); the page itself knows it is
// waiting. The page gets the same promises and events as without it.
const pendingJS = `(() => {
  let n = 0;
  Object.defineProperty(window, "__sharcPending", {get: () => n});
  const f = window.fetch;
  if (f) window.fetch = function (...a) { n++; return f.apply(this, a).finally(() => { n--; }); };
  const X = window.XMLHttpRequest;
  if (X) { const send = X.prototype.send; X.prototype.send = function (...a) { n++; this.addEventListener("loadend", () => { n--; }, {once: true}); return send.apply(this, a); }; }
})()`

// pagePending asks the page how many of its fetch and XHR calls are
// unsettled; 0 if it cannot tell.
func (r *pageRun) pagePending() int {
	ctx, cancel := context.WithTimeout(r.ctx, time.Second)
	defer cancel()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int]("window.__sharcPending || 0"))
	if err != nil {
		return 0
	}
	return n
}

// navigated reports whether the document request was answered.
func (r *pageRun) navigated() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.nav
}

func (r *pageRun) touch() { r.last.Store(time.Now().UnixNano()) }

// settle waits until the page has settled (Idle with no request in flight,
// or the fixed Wait), or its deadline; it reports whether it settled.
func (r *pageRun) settle() bool {
	o := r.p.opts
	if o.Idle <= 0 {
		t := time.NewTimer(o.Wait)
		defer t.Stop()
		select {
		case <-t.C:
			return true
		case <-r.ctx.Done():
			return false
		}
	}
	// The quiet window starts now at the earliest: a request the page
	// made just before its load event may not have been reported yet.
	r.touch()
	tick := time.NewTicker(settlePoll)
	defer tick.Stop()
	for {
		quiet := time.Since(time.Unix(0, r.last.Load()))
		if r.inflight.Load() == 0 && quiet >= o.Idle {
			if r.pagePending() == 0 {
				return true
			}
			r.touch() // a request is on its way: wait for it, then a quiet window
		}
		select {
		case <-tick.C:
		case <-r.ctx.Done():
			return false
		}
	}
}

// render takes the DOM and the screenshot. It runs on the tab's own
// context with a short deadline of its own, so a page that timed out
// still yields what it shows.
func (r *pageRun) render(tctx context.Context, settled bool) (*Page, error) {
	ctx, cancel := context.WithTimeout(tctx, max(r.p.opts.PageTimeout/4, 5*time.Second))
	defer cancel()
	dom, domCut, text, err := r.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	var shot, thumb []byte
	if r.p.opts.Screenshot {
		if shot, err = r.screenshot(ctx); err != nil {
			return nil, err
		}
		if thumb, err = r.thumbnail(ctx); err != nil {
			return nil, err
		}
	}
	r.mu.Lock()
	pg := r.pg
	r.mu.Unlock()
	pg.DOM, pg.DOMCut, pg.Text, pg.Screenshot, pg.Thumbnail, pg.Unsettled = dom, domCut, text, shot, thumb, !settled
	pg.BytesCut = domCut || r.budget.wasCut()
	return &pg, nil
}

// MaxTextBytes bounds Page.Text: the words a full-text search needs, not
// a copy of a page that writes megabytes of text.
const MaxTextBytes = 64 << 10

// CutText cuts s to at most n bytes at a rune boundary.
func CutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Thumbnail size: Browsertrix's 16:9 page thumbnail, which ReplayWeb.page
// shows in its page list (urn:thumbnail:).
const (
	ThumbnailWidth   = 640
	ThumbnailHeight  = 360
	thumbnailQuality = 80
)

// thumbnail takes a JPEG of the top of the page, ThumbnailWidth x
// ThumbnailHeight: the viewport's width and the 16:9 height below it,
// scaled by the browser.
func (r *pageRun) thumbnail(ctx context.Context) ([]byte, error) {
	w := float64(r.p.opts.Width)
	yes, q := true, int64(thumbnailQuality)
	res, err := chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format: page.CaptureScreenshotFormatJpeg, Quality: &q, CaptureBeyondViewport: &yes, FromSurface: &yes,
		Clip: &page.Viewport{X: 0, Y: 0, Width: w, Height: w * ThumbnailHeight / ThumbnailWidth, Scale: ThumbnailWidth / w},
	})
	if err != nil {
		return nil, fmt.Errorf("browserfetch: thumbnail: %w", err)
	}
	return res.Data, nil
}

// screenshot takes a PNG of the whole page, cut at MaxScreenshotHeight
// (and no wider than that or the viewport, whichever is wider).
func (r *pageRun) screenshot(ctx context.Context) ([]byte, error) {
	m, err := chromedp.Call(ctx, page.GetLayoutMetrics, cdp.Empty{})
	if err != nil {
		return nil, fmt.Errorf("browserfetch: layout: %w", err)
	}
	w, h := float64(r.p.opts.Width), float64(r.p.opts.Height)
	if cs := m.CSSContentSize; cs != nil {
		w, h = math.Max(1, math.Ceil(cs.Width)), math.Max(1, math.Ceil(cs.Height))
	}
	// Both sides are bounded: one unbroken 400 KB line made a page as wide
	// as it, and its screenshot outlasted the page's deadline.
	h = math.Min(h, float64(r.p.opts.MaxScreenshotHeight))
	w = math.Min(w, float64(max(r.p.opts.Width, r.p.opts.MaxScreenshotHeight)))
	yes := true
	res, err := chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format: page.CaptureScreenshotFormatPng, CaptureBeyondViewport: &yes, FromSurface: &yes,
		Clip: &page.Viewport{X: 0, Y: 0, Width: w, Height: h, Scale: 1},
	})
	if err != nil {
		return nil, fmt.Errorf("browserfetch: screenshot: %w", err)
	}
	return res.Data, nil
}

// onEvent runs in the tab's read loop: it must not block, so each paused
// request is answered in a goroutine of its own.
func (r *pageRun) onEvent(ev any) {
	e, ok := ev.(*fetch.EventRequestPaused)
	if !ok {
		return
	}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return // the tab is closing; its requests die with it
	}
	r.handlers.Add(1)
	if r.pending >= r.p.opts.MaxPending {
		r.pg.Failed++
		r.mu.Unlock()
		go r.refuse(e.RequestID)
		return
	}
	r.pending++
	req := Request{URL: e.Request.URL, Method: e.Request.Method, ResourceType: string(e.ResourceType), Header: http.Header{}}
	if !r.nav && e.ResourceType == network.ResourceTypeDocument {
		req.Navigation, r.nav, r.mainFrame = true, true, e.FrameID
	}
	req.InFrame = r.nav && e.FrameID != "" && e.FrameID != r.mainFrame
	r.mu.Unlock()
	for k, v := range e.Request.Headers {
		if s, ok := v.(string); ok {
			req.Header.Set(k, s)
		}
	}
	r.inflight.Add(1)
	r.touch()
	go r.answer(e.RequestID, req)
}

// refuse fails a request the page may not make now.
func (r *pageRun) refuse(id fetch.RequestID) {
	defer r.handlers.Done()
	_, _ = chromedp.Call(r.ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: id, ErrorReason: network.ErrorReasonBlockedByClient})
}

// answer fetches one paused request through the caller and answers the
// browser.
func (r *pageRun) answer(id fetch.RequestID, req Request) {
	defer r.handlers.Done()
	defer func() {
		r.mu.Lock()
		r.pending--
		r.mu.Unlock()
		r.inflight.Add(-1)
		r.touch()
	}()
	resp, err := r.safeFetch(req)
	if err != nil {
		r.p.log.Debug("request refused", zap.String("url", req.URL), zap.Error(err))
		_, _ = chromedp.Call(r.ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: id, ErrorReason: network.ErrorReasonBlockedByClient})
		return
	}
	_, err = chromedp.Call(r.ctx, fetch.FulfillRequest, fetch.FulfillRequestParams{
		RequestID: id, ResponseCode: int64(resp.Status), ResponseHeaders: headerEntries(resp.Header), Body: resp.Body})
	if err != nil {
		r.p.log.Debug("fulfil failed", zap.String("url", req.URL), zap.Error(err))
	}
}

// safeFetch is fetchWithin with a panic turned into a failed request: no
// page may end the crawler (a bug met on one request costs that request).
func (r *pageRun) safeFetch(req Request) (resp *Response, err error) {
	defer func() {
		if p := recover(); p != nil {
			r.p.log.Error("browserfetch: request handler panicked", zap.String("url", req.URL), zap.Any("panic", p), zap.Stack("stack"))
			resp, err = nil, fmt.Errorf("browserfetch: handler panicked: %v", p)
		}
	}()
	return r.fetchWithin(req)
}

// fetchWithin calls the FetchFunc under the page's byte budget: the
// request gets its share (Request.Budget), and the body it returns is
// settled against it, so that what the page holds never passes
// MaxPageBytes. A body that does not fit fails, as does every request
// after it; the page's document is cut to fit instead.
func (r *pageRun) fetchWithin(req Request) (*Response, error) {
	fail := func() {
		r.mu.Lock()
		r.pg.Failed++
		r.mu.Unlock()
	}
	if r.budget.spent() {
		fail()
		return nil, ErrPageBytes
	}
	b := &Budget{page: r.budget, cutAt: req.Navigation}
	req.Budget = b
	resp, err := r.fetch(r.ctx, req)
	if err != nil {
		b.release()
		fail()
		return nil, err
	}
	keep, ok := b.settle(int64(len(resp.Body)))
	if !ok {
		fail()
		return nil, ErrPageBytes
	}
	if keep < int64(len(resp.Body)) {
		cut := *resp
		cut.Body = cut.Body[:keep]
		resp = &cut
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pg.Requests++
	r.pg.Bytes += keep
	return resp, nil
}

// finish stops new handlers, cancels the running ones' fetches (the
// page is rendered already) and waits for them: the FetchFunc is never
// running after Capture returns.
func (r *pageRun) finish() {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	r.cancel()
	r.handlers.Wait()
}

// hopByHop reports the header fields the browser must not see on a
// body that Go already decoded and sized.
func hopByHop(key string) bool {
	switch http.CanonicalHeaderKey(key) {
	case "Content-Encoding", "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive":
		return true
	}
	return false
}

// BrowserHeader copies h without the fields that describe the wire
// encoding of the body (the browser gets it decoded).
func BrowserHeader(h http.Header) http.Header {
	out := make(http.Header, len(h))
	for k, vs := range h {
		if !hopByHop(k) {
			out[k] = append([]string(nil), vs...)
		}
	}
	return out
}

func headerEntries(h http.Header) []*fetch.HeaderEntry {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []*fetch.HeaderEntry
	for _, k := range keys {
		if hopByHop(k) {
			continue
		}
		for _, v := range h[k] {
			out = append(out, &fetch.HeaderEntry{Name: k, Value: strings.ToValidUTF8(v, "?")})
		}
	}
	return out
}

// setCookies sets the page's cookies (Options.Cookies) in the browser,
// bound to the page's URL.
func (p *Pool) setCookies(ctx context.Context, pageURL string) error {
	if p.opts.Cookies == nil {
		return nil
	}
	cs := p.opts.Cookies(pageURL)
	if len(cs) == 0 {
		return nil
	}
	params := make([]*network.CookieParam, 0, len(cs))
	for _, c := range cs {
		params = append(params, &network.CookieParam{Name: c.Name, Value: c.Value, URL: pageURL})
	}
	if _, err := chromedp.Call(ctx, network.SetCookies, network.SetCookiesParams{Cookies: params}); err != nil {
		return fmt.Errorf("browserfetch: set cookies: %w", err)
	}
	return nil
}
