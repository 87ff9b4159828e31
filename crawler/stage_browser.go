package crawler

import (
	"context"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
)

// browserStage loads a page the job's capture.browser matches in
// headless Chromium (browser.go). A page the browser could not load
// (the browser died, the document never loaded in page_timeout) loses
// its response: the URL goes to the retry stage as a failed fetch.
type browserStage struct {
	c *Crawler // the browser's page fetches use most of the run (browser.go): not yet narrowed
}

func (browserStage) name() string { return stages.Browser }

func (s browserStage) run(ctx context.Context, it *item) (bool, error) {
	c := s.c
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
