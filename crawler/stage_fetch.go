package crawler

import (
	"context"
	"net/http"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// fetchStage fetches the task's URL. Its outcome, response or error, is
// for the stages after it to judge.
type fetchStage struct {
	net fetchDoer
}

// fetchDoer is what a fetch asks of the run (the Crawler): whether the
// node still holds the host, a login first, the request's validators
// and the request itself.
type fetchDoer interface {
	leaseGone(t frontier.Task) bool
	loginFirst(ctx context.Context, worker int, t frontier.Task) error
	requestHeaders(ctx context.Context, t frontier.Task, visit *store.Record) http.Header
	get(ctx context.Context, host, rawURL string, extra http.Header) (*fetched, error)
}

func (fetchStage) name() string { return stages.FetchHTTP }

func (s fetchStage) run(ctx context.Context, it *item) (bool, error) {
	if s.net.leaseGone(it.t) {
		return true, nil // the host's next holder fetches it
	}
	if err := s.net.loginFirst(ctx, it.worker, it.t); err != nil {
		return true, err // a login exchange could not be archived
	}
	it.f, it.fetchErr = s.net.get(ctx, it.t.Host, it.t.URL.URL, s.net.requestHeaders(ctx, it.t, it.visit))
	if ctx.Err() != nil {
		return true, ctx.Err() // abandoned: the URL stays queued for the resumed run
	}
	return false, nil
}

// requestHeaders returns the conditional-GET headers of a fetch: a
// revisit's from its visit (unless capture.revisit_request is full, which
// asks unconditionally so an unchanged page is proven by its digest), a
// visit's from the URL's last capture when fetch.conditional_get is set.
func (c *Crawler) requestHeaders(ctx context.Context, t frontier.Task, visit *store.Record) http.Header {
	switch {
	case c.browser != nil && c.job.Capture.Browser.Matches(t.URL.URL):
		// A browser page is rendered again whatever its document's
		// validators say: a script may fill it from responses that changed.
		return nil
	case t.Action == scheduler.Revisit && c.job.Capture.RevisitRequest == job.RevisitFull:
		return nil
	case t.Action == scheduler.Revisit && visit != nil:
		return validatorsOf(*visit)
	case t.Action == scheduler.Revisit || c.job.Fetch.ConditionalGet || c.refreshing():
		return c.validators(ctx, t)
	}
	return nil
}

// validators returns conditional-GET headers from the last capture of the
// URL (for revisits: its visit in this capture).
func (c *Crawler) validators(ctx context.Context, t frontier.Task) http.Header {
	rec, err := c.store.LastCapture(ctx, t.URL.URL)
	if err != nil {
		return nil
	}
	return validatorsOf(rec)
}

// validatorsOf returns the conditional-GET headers rec's validators make,
// or nil when it has none.
func validatorsOf(rec store.Record) http.Header {
	h := http.Header{}
	if rec.ETag != "" {
		h.Set("If-None-Match", rec.ETag)
	}
	if rec.LastModified != "" {
		h.Set("If-Modified-Since", rec.LastModified)
	}
	if len(h) == 0 {
		return nil
	}
	return h
}
