package crawler

import (
	"context"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// browserStage loads a page the job's capture.browser matches in
// headless Chromium (browser.go). A page the browser could not load
// (the browser died, the document never loaded in page_timeout) loses
// its response: the URL goes to the retry stage as a failed fetch.
type browserStage struct {
	log *zap.Logger
	b   pageRenderer
}

// pageRenderer is what the browser stage asks of the run: whether a
// response is rendered, the rendering itself (its sub-resources fetched
// through the crawler's own fetcher and archived, browser.go), and what
// the rendered DOM links to.
type pageRenderer interface {
	renders(t frontier.Task, f *fetched) bool
	render(ctx context.Context, it *item) (*browserfetch.Page, map[string]bool, error)
	discover(t frontier.Task, f *fetched, dom []byte) discovered
}

var _ pageRenderer = (*Crawler)(nil)

func (browserStage) name() string { return stages.Browser }

func (s browserStage) run(ctx context.Context, it *item) (bool, error) {
	if it.fetchErr != nil || !s.b.renders(it.t, it.f) {
		return false, nil
	}
	pg, embeds, err := s.b.render(ctx, it)
	if ctx.Err() != nil {
		return true, ctx.Err() // abandoned: the URL stays queued for the resumed run
	}
	it.embeds = embeds
	if err != nil {
		s.log.Info("browser capture failed", zap.String("url", it.t.URL.URL), zap.Error(err))
		it.f.Close()
		it.f, it.fetchErr = nil, &fetchError{Code: crawllog.CodeRuntimeError, Err: err}
		return false, nil
	}
	it.rendered = pg
	// What the rendered DOM links to and its text's digest: dedup
	// compares the digest with the visit's (visit-revisit), extract
	// takes the rest.
	found := s.b.discover(it.t, it.f, pg.DOM)
	it.found, it.textDigest = &found, found.textDigest
	it.ann = append(it.ann, annBrowser)
	if pg.Unsettled {
		it.ann = append(it.ann, annBrowserUnsettled)
	}
	if pg.BytesCut {
		it.ann = append(it.ann, annBrowserBytesCut)
	}
	if pg.DOMCut {
		it.ann = append(it.ann, annBrowserDOMCut) // its urn:dom: record is WARC-Truncated
	}
	for _, b := range pg.Behaviors {
		it.ann = append(it.ann, b.Annotation())
	}
	return false, nil
}
