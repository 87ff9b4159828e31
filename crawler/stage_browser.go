package crawler

import (
	"context"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/warc"
)

// browserStage loads a page the job's capture.browser matches in
// headless Chromium (browser.go). A page the browser could not load
// (the browser died, the document never loaded in page_timeout) loses
// its response: the URL goes to the retry stage as a failed fetch.
type browserStage struct{}

func (browserStage) name() string { return stages.Browser }

func (browserStage) run(ctx context.Context, c *Crawler, it *item) (bool, error) {
	if it.fetchErr != nil || !c.renders(it.t, it.f) {
		return false, nil
	}
	p := &browserPage{c: c, it: it, embeds: map[string]bool{}}
	pg, err := c.browser.Capture(ctx, it.t.URL.URL, p.fetch)
	if ctx.Err() != nil {
		return true, ctx.Err() // abandoned: the URL stays queued for the resumed run
	}
	p.mu.Lock()
	it.embeds = p.embeds
	p.mu.Unlock()
	if err != nil {
		c.log.Info("browser capture failed", zap.String("url", it.t.URL.URL), zap.Error(err))
		it.f.Close()
		it.f, it.fetchErr = nil, &fetchError{Code: crawllog.CodeRuntimeError, Err: err}
		return false, nil
	}
	it.rendered = pg
	// What the rendered DOM links to and its text's digest: dedup
	// compares the digest with the visit's (visit-revisit), extract
	// takes the rest.
	found := c.discover(it.t, it.f, pg.DOM)
	it.found, it.textDigest = &found, found.textDigest
	it.ann = append(it.ann, annBrowser)
	if pg.Unsettled {
		it.ann = append(it.ann, annBrowserUnsettled)
	}
	if pg.BytesCut {
		it.ann = append(it.ann, annBrowserBytesCut)
	}
	for _, b := range pg.Behaviors {
		it.ann = append(it.ann, b.Annotation())
	}
	return false, nil
}

// withoutEmbeds drops from a browser page's links those it already
// archived as its sub-resources (scripts, images, the JSON it read): they
// were fetched with the page, and fetching them again as tasks would only
// write revisits.
func (it *item) withoutEmbeds(cands []frontier.URL) []frontier.URL {
	if len(it.embeds) == 0 {
		return cands
	}
	kept := cands[:0]
	for _, u := range cands {
		if !it.embeds[u.URL] {
			kept = append(kept, u)
		}
	}
	return kept
}

// resources are the records a browser page adds to its exchange: the
// rendered DOM, its visible text, the full-page screenshot and the
// thumbnail (see browser.go for the names).
func (it *item) resources() []warc.ResourceRecord {
	if it.rendered == nil {
		return nil
	}
	u, pg := it.t.URL.URL, it.rendered
	out := []warc.ResourceRecord{{TargetURI: urnDOM + u, ContentType: "text/html; charset=utf-8", Body: pg.DOM}}
	if pg.Text != "" {
		out = append(out, warc.ResourceRecord{TargetURI: urnText + u, ContentType: "text/plain; charset=utf-8", Body: []byte(pg.Text)})
	}
	if len(pg.Screenshot) > 0 {
		out = append(out, warc.ResourceRecord{TargetURI: urnFullPage + u, ContentType: "image/png", Body: pg.Screenshot})
	}
	if len(pg.Thumbnail) > 0 {
		out = append(out, warc.ResourceRecord{TargetURI: urnThumbnail + u, ContentType: "image/jpeg", Body: pg.Thumbnail})
	}
	return out
}
