package browserfetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/chromedp/chromedp"
	"go.uber.org/zap"
)

// DefaultExec is Debian's chromium.
const DefaultExec = "/usr/bin/chromium"

// deadProxy is where Chromium sends any request that escaped
// interception: port 1 on loopback, where nothing listens, so such a
// request fails at once instead of reaching an address the job does not
// allow.
const deadProxy = "http://127.0.0.1:1"

// ErrBrowserDied fails a Capture whose browser exited under it; the next
// Capture starts a new one.
var ErrBrowserDied = errors.New("browserfetch: the browser died")

// Request is one request a page made, paused in the browser.
type Request struct {
	URL          string
	Method       string
	Header       http.Header
	ResourceType string // Document, Script, XHR, Fetch, Image, Font, …
	// Navigation marks the page's own document: the first Document
	// request of the capture, which the caller may answer from a fetch it
	// already made.
	Navigation bool
	// InFrame marks a request made inside a frame of the page (an
	// iframe's document or one of its sub-requests), not by the top-level
	// document: frame-only block rules apply to it.
	InFrame bool
	// Budget is the request's share of the page's byte budget
	// (Options.MaxPageBytes): read the body through Budget.Reader.
	Budget *Budget
}

// Response answers a paused request. Body is the entity body without
// transfer or content coding; Header must not announce either (use
// BrowserHeader).
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// FetchFunc fetches a paused request. An error fails the request in the
// browser, as a network error does. It reads the body through
// r.Budget.Reader: many run at once, and the budget bounds what they
// hold between them while they read.
type FetchFunc func(ctx context.Context, r Request) (*Response, error)

// Options configure a Pool.
type Options struct {
	Exec string // chromium binary; DefaultExec when empty
	Tabs int    // pages loaded at once (≥ 1)
	// PageTimeout bounds one Capture, from opening the tab to the
	// screenshot.
	PageTimeout time.Duration
	// MaxPageBytes bounds the body bytes one page holds: those handed to
	// it and those being read for it (Budget), its document's included.
	// A body that would pass it fails, and so do the page's requests
	// after it; a document that would is cut (Page.BytesCut). The DOM
	// is cut at MaxPageBytes too, an allowance of its own (Page.DOMCut;
	// DefaultMaxDOMBytes when 0, which bounds no bodies).
	MaxPageBytes int64
	// Idle is how long the page must have had no request in flight, after
	// its load event, to count as settled (network idle). When 0, Wait is
	// a fixed pause after the load event instead.
	Idle time.Duration
	Wait time.Duration
	// Scroll scrolls to the bottom once settled, then waits to settle
	// again: pages that load content as it comes into view.
	Scroll     bool
	Screenshot bool
	// MaxScreenshotHeight cuts a full-page screenshot (CSS pixels): an
	// endless page must not make an endless PNG. It bounds the width
	// too, where it is larger than the viewport's.
	MaxScreenshotHeight int
	// MaxPending bounds the requests of one page being fetched at once
	// (DefaultMaxPending when 0): a page that starts thousands gets the
	// rest failed rather than a goroutine and a body each.
	MaxPending    int
	Width, Height int // viewport
	Log           *zap.Logger
	// Behaviors run once the page has settled, in AllBehaviors' order,
	// each followed by settling again (behaviors.go); Scroll adds
	// Autoscroll. BehaviorTimeout bounds each (DefaultBehaviorTimeout
	// when 0); PageTimeout bounds them all. SiteScripts are the scripts
	// the Site behaviour picks from by page URL.
	Behaviors       []Behavior
	BehaviorTimeout time.Duration
	SiteScripts     []SiteScript
	// Cookies, if set, returns the cookies a page is loaded with (the
	// capture's session, issue 30): they are set in the tab's browser
	// (CDP Network.setCookies) for the page's URL before it is loaded, so
	// its scripts see them in document.cookie. The requests themselves
	// are fetched by the FetchFunc, which sends its own.
	Cookies func(pageURL string) []*http.Cookie
}

// Page is what a Capture rendered.
type Page struct {
	DOM []byte // the rendered document, doctype and outerHTML
	// DOMCut is true when DOM was cut at MaxPageBytes (at a character
	// boundary): it is the document's head, not all of it.
	DOMCut bool
	// Text is the page's visible text (innerText of its body), cut at
	// MaxTextBytes.
	Text       string
	Screenshot []byte // full-page PNG, nil unless Options.Screenshot
	// Thumbnail is a ThumbnailWidth x ThumbnailHeight JPEG of the top of
	// the page, nil unless Options.Screenshot.
	Thumbnail []byte
	Requests  int   // requests answered
	Failed    int   // requests the FetchFunc or the limits refused
	Bytes     int64 // body bytes handed to the page
	// BytesCut is true when MaxPageBytes was reached: a request failed
	// or the document was cut for it, or the DOM was (DOMCut).
	BytesCut bool
	// Unsettled is true when the page timeout came before the page
	// settled: DOM and screenshot are what was there by then.
	Unsettled bool
	// Behaviors are the behaviour runs, in order.
	Behaviors []BehaviorRun
}

// Pool loads pages in tabs of one Chromium process.
type Pool struct {
	opts Options
	log  *zap.Logger
	tabs chan struct{}

	mu     sync.Mutex // guards the browser fields below
	bctx   context.Context
	stop   func()
	dir    string // the browser's profile, removed with it
	starts int
	closed bool
	// closing makes Close idempotent: a second Close would wait for tab
	// slots the first one holds for good.
	closing sync.Once
	// webrtcUnguarded (tests only) starts the browser without the WebRTC
	// flags, to show what they prevent.
	webrtcUnguarded bool
}

// New checks opts and returns a Pool; the browser starts with the first
// Capture.
func New(opts Options) (*Pool, error) {
	if opts.Exec == "" {
		opts.Exec = DefaultExec
	}
	if _, err := os.Stat(opts.Exec); err != nil {
		return nil, fmt.Errorf("browserfetch: chromium not found (make chromium installs it): %w", err)
	}
	if opts.Tabs < 1 {
		opts.Tabs = 1
	}
	if opts.PageTimeout <= 0 {
		opts.PageTimeout = 30 * time.Second
	}
	if opts.Width <= 0 || opts.Height <= 0 {
		opts.Width, opts.Height = 1280, 900
	}
	if opts.MaxScreenshotHeight <= 0 {
		opts.MaxScreenshotHeight = 16384
	}
	if opts.MaxPending <= 0 {
		opts.MaxPending = DefaultMaxPending
	}
	if opts.Log == nil {
		opts.Log = zap.NewNop()
	}
	opts.Behaviors = normaliseBehaviors(opts.Behaviors, opts.Scroll)
	if opts.BehaviorTimeout <= 0 {
		opts.BehaviorTimeout = DefaultBehaviorTimeout
	}
	return &Pool{opts: opts, log: opts.Log, tabs: make(chan struct{}, opts.Tabs)}, nil
}

// browser returns the running browser's context, starting one if there
// is none or the last one died.
func (p *Pool) browser() (context.Context, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, errors.New("browserfetch: pool closed")
	}
	if p.bctx != nil && p.aliveLocked() {
		return p.bctx, nil
	}
	if p.bctx != nil {
		p.log.Warn("browser died; starting a new one", zap.Int("starts", p.starts))
		p.stopLocked()
	}
	return p.startLocked()
}

// aliveLocked reports whether the browser process still runs.
func (p *Pool) aliveLocked() bool {
	if p.bctx.Err() != nil {
		return false
	}
	c := chromedp.FromContext(p.bctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		return false
	}
	return c.Browser.Process().Signal(syscall.Signal(0)) == nil
}

// HeadlessFlags are the Chromium flags every headless start here uses: no
// sandbox (root in a container), no GPU, and none of Chromium's own
// background traffic (updates, sync, QUIC probes), which on a closed
// network only floods refused connections.
func HeadlessFlags() []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	}
}

// proxyFlags send every request that escaped interception to deadProxy;
// "<-loopback>" takes loopback out of the proxy's implicit bypass list, so
// nothing goes direct.
func proxyFlags() []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.Flag("proxy-server", deadProxy),
		chromedp.Flag("proxy-bypass-list", "<-loopback>"),
	}
}

// webrtcFlags stop WebRTC's STUN and TURN-over-UDP (and its mDNS
// announcements), which go straight out past both the proxy and
// interception: only proxied WebRTC is left, and the proxy is dead
// (TestCaptureWebRTCSendsNoUDP). --force-webrtc-ip-handling-policy did
// not stop them on Chromium 156.
func webrtcFlags() []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.Flag("webrtc-ip-handling-policy", "disable_non_proxied_udp"),
	}
}

func (p *Pool) startLocked() (context.Context, error) {
	dir, err := os.MkdirTemp("", "sharc-chromium-")
	if err != nil {
		return nil, fmt.Errorf("browserfetch: profile dir: %w", err)
	}
	flags := append(HeadlessFlags(), proxyFlags()...)
	if !p.webrtcUnguarded {
		flags = append(flags, webrtcFlags()...)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(flags,
		chromedp.ExecPath(p.opts.Exec),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(p.opts.Width, p.opts.Height),
	)...)
	bctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil { // starts the browser
		cancel()
		cancelAlloc()
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("browserfetch: starting chromium: %w", err)
	}
	p.bctx, p.dir = bctx, dir
	p.stop = func() { cancel(); cancelAlloc(); _ = os.RemoveAll(dir) }
	p.starts++
	return bctx, nil
}

func (p *Pool) stopLocked() {
	if p.stop != nil {
		p.stop()
	}
	p.bctx, p.stop = nil, nil
}

// Starts says how many browsers the pool started: more than one means it
// restarted a dead one.
func (p *Pool) Starts() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.starts
}

// Process returns the running browser's process, nil if none (tests kill
// it to check recovery; the benchmark reads its memory).
func (p *Pool) Process() *os.Process {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bctx == nil {
		return nil
	}
	if c := chromedp.FromContext(p.bctx); c != nil && c.Browser != nil {
		return c.Browser.Process()
	}
	return nil
}

// Close waits for running Captures and stops the browser. Calling it
// again does nothing.
func (p *Pool) Close() error {
	p.closing.Do(func() {
		for range cap(p.tabs) {
			p.tabs <- struct{}{}
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		p.closed = true
		p.stopLocked()
	})
	return nil
}

// Capture loads pageURL in a tab, answering its requests with fetch, and
// returns what it rendered. It fails if the page could not be loaded at
// all (its document refused, the browser died, ctx ended); a page timeout
// after the load event still returns the page (Page.Unsettled).
func (p *Pool) Capture(ctx context.Context, pageURL string, fetch FetchFunc) (*Page, error) {
	select {
	case p.tabs <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-p.tabs }()
	bctx, err := p.browser()
	if err != nil {
		return nil, err
	}
	tctx, closeTab := chromedp.NewContext(bctx)
	defer closeTab()
	stopWatch := context.AfterFunc(ctx, closeTab) // the caller gave up: close the tab
	defer stopWatch()
	pg, err := p.load(tctx, pageURL, fetch)
	if err != nil && bctx.Err() != nil || err != nil && !p.alive() {
		return nil, fmt.Errorf("%w: %v", ErrBrowserDied, err)
	}
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return pg, err
}

func (p *Pool) alive() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bctx != nil && p.aliveLocked()
}
