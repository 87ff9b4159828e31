package crawler

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/warc"
)

// Pages matched by capture.browser are loaded in headless Chromium
// (package browserfetch) after their document was fetched as any page
// is. The browser never reaches the network: each request it makes is
// fetched here, through get (network guard, per-host request gate),
// archived like any response (digests, dedup, WARC, index, crawl.log with
// hop E, via the page) and handed back. The page's own document is
// answered from the response the fetch stage already has. See
// docs/browser-capture.md.

// Target URI prefixes of a browser page's resource records, named as
// Browsertrix-crawler names its own (urn:<type>:<page URL>, type fullPage,
// thumbnail, text), so ReplayWeb.page finds the thumbnail it shows in its
// page list at urn:thumbnail:. Browsertrix has no DOM record: urn:dom: is
// SHARC's. SHARC before issue 29 wrote the full-page PNG as
// urn:screenshot:, which report and wacz still read (docs/browser-capture.md).
const (
	urnFullPage  = "urn:fullPage:"
	urnThumbnail = "urn:thumbnail:"
	urnText      = "urn:text:"
	urnDOM       = "urn:dom:"
)

// crawl.log annotations of browser pages.
const (
	annBrowser          = "browser"
	annBrowserUnsettled = "browser-unsettled"
	annBrowserBytesCut  = "browser-bytes-cut"
	annBrowserDOMCut    = "browser-dom-cut"
	annBrowserFailed    = "browser-failed"
)

var (
	errMethod   = errors.New("crawler: the browser's request is not a GET; only GETs are archived")
	errNotFetch = errors.New("crawler: not an http(s) URL")
	// errBlockedRule fails a browser request matching fetch.block.
	errBlockedRule = errors.New("crawler: the URL matches a fetch.block rule")
)

// setUpBrowser makes the tab pool when the job loads pages in a browser.
// Chromium starts with the first such page.
func (c *Crawler) setUpBrowser() error {
	b := c.job.Capture.Browser
	if !b.Enabled() {
		return nil
	}
	opts := browserfetch.Options{Tabs: b.Tabs, PageTimeout: b.PageTimeout, MaxPageBytes: b.MaxPageBytes,
		Scroll: b.Scroll, Screenshot: b.Screenshot, Log: c.log.Named("browser"), BehaviorTimeout: b.BehaviorTimeout}
	if err := c.behaviorOptions(&opts); err != nil {
		return err
	}
	if c.auth != nil {
		opts.Cookies = c.auth.pageCookies // login.go
	}
	if b.Wait == 0 {
		opts.Idle = job.BrowserIdle
	} else {
		opts.Wait = b.Wait
	}
	p, err := browserfetch.New(opts)
	if err != nil {
		return fmt.Errorf("capture.browser: %w", err)
	}
	c.browser = p
	return nil
}

// errNoSiteScripts refuses a job asking for site behaviours from a
// runner that granted no directory of them.
var errNoSiteScripts = errors.New("capture.browser.behaviors: site needs a directory of site scripts, which only whoever runs the crawl can grant (sharc crawl --site-scripts DIR; the daemon's site_scripts:)")

// behaviorOptions sets the job's behaviours, and with site the scripts
// of the granted directory, read once at start (a script with no @match
// or a bad one fails the start, naming the file).
func (c *Crawler) behaviorOptions(o *browserfetch.Options) error {
	b := c.job.Capture.Browser
	for _, name := range b.Behaviors {
		o.Behaviors = append(o.Behaviors, browserfetch.Behavior(name))
	}
	if !b.HasBehavior(job.BehaviorSite) {
		return nil
	}
	if c.opts.SiteScripts == "" {
		return errNoSiteScripts
	}
	scripts, err := browserfetch.LoadSiteScripts(c.opts.SiteScripts)
	if err != nil {
		return fmt.Errorf("capture.browser.behaviors: %w", err)
	}
	o.SiteScripts = scripts
	c.log.Info("site scripts loaded", zap.String("dir", c.opts.SiteScripts), zap.Int("scripts", len(scripts)))
	return nil
}

// closeBrowser stops Chromium once the workers are done.
func (c *Crawler) closeBrowser() {
	if c.browser != nil {
		_ = c.browser.Close()
	}
}

// get fetches rawURL, a URL of host. When the job loads pages in a
// browser, every request passes the frontier's per-host request gate, so
// a browser page's requests and the HTTP tasks keep one politeness per
// host between them.
func (c *Crawler) get(ctx context.Context, host, rawURL string, extra http.Header) (*fetched, error) {
	if c.auth != nil {
		return c.getWithSession(ctx, host, rawURL, extra) // login.go
	}
	return c.getRaw(ctx, host, rawURL, extra)
}

// getRaw is get without the capture's session.
func (c *Crawler) getRaw(ctx context.Context, host, rawURL string, extra http.Header) (*fetched, error) {
	if c.browser == nil {
		return c.fetch.fetch(ctx, rawURL, extra)
	}
	done, err := c.frontier.Request(ctx, host)
	if err != nil {
		return nil, &fetchError{Code: crawllog.CodeTimeout, Err: err}
	}
	f, err := c.fetch.fetch(ctx, rawURL, extra)
	var took time.Duration
	if f != nil {
		took = f.Duration
	}
	done(took)
	return f, err
}

// renders reports whether t's page, fetched as f, is loaded in the
// browser: a page the job matches, answered with 2xx HTML.
func (c *Crawler) renders(t frontier.Task, f *fetched) bool {
	if c.browser == nil || t.Prereq || f == nil || f.Status/100 != 2 || f.Truncated {
		return false
	}
	mt := mediaType(f.Header.Get("Content-Type"))
	return (mt == "text/html" || mt == "application/xhtml+xml") && c.job.Capture.Browser.Matches(t.URL.URL)
}

// browserPage answers one page's requests.
// render loads the task's page in the browser; its sub-resources are fetched
// and archived by browserPage.fetch, and the URLs archived for it
// returned with the rendered page.
func (c *Crawler) render(ctx context.Context, it *item) (*browserfetch.Page, map[string]bool, error) {
	p := &browserPage{c: c, it: it, embeds: map[string]bool{}}
	pg, err := c.browser.Capture(ctx, it.t.URL.URL, p.fetch)
	p.mu.Lock()
	defer p.mu.Unlock()
	return pg, p.embeds, err
}

type browserPage struct {
	c  *Crawler
	it *item

	mu     sync.Mutex
	embeds map[string]bool // canonical URLs archived for the page
}

// fetch is the page's browserfetch.FetchFunc.
func (p *browserPage) fetch(ctx context.Context, r browserfetch.Request) (*browserfetch.Response, error) {
	c, it := p.c, p.it
	if r.Navigation {
		return c.browserResponse(it.f, r.Budget)
	}
	if r.Method != http.MethodGet {
		return nil, errMethod
	}
	u, err := urlcanon.Canonical(it.t.URL.URL, r.URL)
	if err != nil || !strings.HasPrefix(u, "http") {
		return nil, errNotFetch
	}
	sub := frontier.Task{URL: c.newURL(u, it.t.HopPath+"E", it.t.URL.URL, -1), Action: it.t.Action}
	if c.blockRule(u) || r.InFrame && c.frameBlockRule(u) {
		// Fails in the page, as a browser extension's block would; logged
		// through the drop log, so an embed the page's links also name
		// gets one line.
		if err := c.logDrops(it.worker, []drop{{u, sub.HopPath, sub.Via, crawllog.CodeBlockedUser, annBlockedRule}}); err != nil {
			c.log.Warn("crawl.log", zap.Error(err))
		}
		return nil, errBlockedRule
	}
	f, err := c.get(ctx, sub.Host, u, embedHeaders(r.Header))
	if err != nil {
		c.logEmbedFailure(it.worker, sub, err)
		return nil, err
	}
	defer f.Close()
	// A body past the page's budget fails in the browser only: it was
	// fetched whole under fetch.max_body_bytes, and is archived.
	resp, err := c.browserResponse(f, r.Budget)
	if err != nil && !errors.Is(err, browserfetch.ErrPageBytes) {
		return nil, err
	}
	if err := c.archiveEmbed(ctx, it.worker, sub, f); err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.embeds[u] = true
	p.mu.Unlock()
	return resp, err
}

// embedHeaders keeps of the browser's request headers those that change
// what a server answers for a sub-resource; the crawler sets its own
// User-Agent and Accept-Encoding.
func embedHeaders(h http.Header) http.Header {
	out := http.Header{}
	for _, k := range []string{"Accept", "Referer", "Accept-Language"} {
		if v := h.Get(k); v != "" {
			out.Set(k, v)
		}
	}
	return out
}

// browserResponse is f as the browser gets it: the entity body without
// transfer coding, and without the content coding the fetcher can undo.
// It is read under the page's budget: the page's bodies being read at
// once hold at most max_page_bytes between them (a body that would pass
// it fails with browserfetch.ErrPageBytes; the document is cut).
func (c *Crawler) browserResponse(f *fetched, budget *browserfetch.Budget) (*browserfetch.Response, error) {
	body, err := io.ReadAll(budget.Reader(f.decoded(c.job.Fetch.MaxBodyBytes)))
	if err != nil {
		return nil, err
	}
	h := browserfetch.BrowserHeader(f.Header)
	switch enc := strings.ToLower(strings.TrimSpace(f.Header.Get("Content-Encoding"))); enc {
	case "", "identity", "gzip", "x-gzip", "deflate":
	default:
		h.Set("Content-Encoding", enc) // left as received: the browser may know it
	}
	return &browserfetch.Response{Status: f.Status, Header: h, Body: body}, nil
}

// archiveEmbed writes one of a page's sub-resources as any response:
// deduplicated by payload digest, indexed, logged with hop E.
func (c *Crawler) archiveEmbed(ctx context.Context, worker int, t frontier.Task, f *fetched) error {
	var rev *warc.RevisitOf
	var ann []string
	newPayload := false
	if f.Status/100 == 2 && f.BodyLen > 0 {
		prev, dup, err := c.dedup.first(ctx, f.Digest)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if dup {
			rev = &warc.RevisitOf{Profile: warc.ProfileIdenticalPayload, RefersTo: prev.recordID, RefersToURI: prev.uri, RefersToDate: prev.date}
			ann = append(ann, "duplicate:digest")
		}
		newPayload = !dup
	}
	c.bytes.Add(f.Response.Size())
	if _, err := c.submit(&archived{t: t, f: f, rev: rev, newPayload: newPayload, entry: fetchEntry(worker, t, f, ann)}); err != nil {
		return err
	}
	c.fetched.Add(1)
	c.obs().Fetched(t.Host, f.Status, f.Response.Size(), f.Duration)
	return nil
}

// logEmbedFailure writes the crawl.log line of a sub-resource that was
// not fetched (refused by the network guard, failed, timed out).
func (c *Crawler) logEmbedFailure(worker int, t frontier.Task, err error) {
	e := crawllog.Entry{Time: time.Now(), Status: int(crawllog.CodeConnectFailed), Size: -1, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via, Worker: worker}
	var fe *fetchError
	if errors.As(err, &fe) {
		e.Status = int(fe.Code)
		if fe.Note != "" {
			e.Annotations = []string{fe.Note}
		}
	}
	if lerr := c.clog.Log(e); lerr != nil {
		c.log.Warn("crawl.log", zap.Error(lerr))
	}
}
